/// `UIActionSheet`, as the model names it: its class and the properties the model reads and writes.
package enum UIActionSheet: ModelClass {
    package static let handle = ClassHandle("UIActionSheet")
    package static var declaration: SimulatorClassDeclaration { Presentations.actionSheetDeclaration }
    package static let title = handle.property("title")
    package static let delegate = handle.property("delegate")
    package static let buttonTitles = handle.property("buttonTitles")
    package static let cancelButtonIndex = handle.property("cancelButtonIndex")
    package static let destructiveButtonIndex = handle.property("destructiveButtonIndex")
    package static let alertWindow = handle.property("alertWindow")
    package static let alertController = handle.property("alertController")

    // The delegate's messages (`UIActionSheetDelegate`), each optional.
    static let clicked = Selector("actionSheet_clickedButtonAtIndex")
    static let willPresent = Selector("willPresentActionSheet")
    static let didPresent = Selector("didPresentActionSheet")
    static let willDismiss = Selector("actionSheet_willDismissWithButtonIndex")
    static let didDismiss = Selector("actionSheet_didDismissWithButtonIndex")

    /// What the shared legacy-alert code needs of it (LegacyAlerts.swift).
    static let kind = LegacyAlertKind(style: "actionSheet", title: title, message: nil, delegate: delegate, buttonTitles: buttonTitles,
                                      cancelButtonIndex: cancelButtonIndex, destructiveButtonIndex: destructiveButtonIndex,
                                      window: alertWindow, controller: alertController,
                                      shownHold: "shown action sheet", windowHold: "action sheet window",
                                      willPresent: willPresent, didPresent: didPresent, clicked: clicked,
                                      willDismiss: willDismiss, didDismiss: didDismiss,
                                      objC: ["willPresentActionSheet:", "didPresentActionSheet:", "actionSheet:clickedButtonAtIndex:",
                                             "actionSheet:willDismissWithButtonIndex:", "actionSheet:didDismissWithButtonIndex:"],
                                      noun: "the sheet")
}

extension Presentations {
    /// `UIActionSheet` (rules 73, 81): the legacy sheet. Shown, it is kept by UIKit and shows
    /// in a private window of its own at the `.alert` level that becomes key (from iOS 8
    /// through a `UIAlertController` that window's root presents); its delegate is weak; a
    /// tap on a button tells the delegate, then dismisses it, and the window and UIKit's
    /// hold on the sheet go.
    static let actionSheetDeclaration = ClassDeclaration(UIActionSheet.handle, superclass: "UIView",
        summary: "The legacy action sheet: shown in a private window at the alert level; a weak delegate told of taps.") {
        PropertyDeclaration(UIActionSheet.title, .copy, .string, optional: true)
        PropertyDeclaration(UIActionSheet.delegate, .weak, .object("NSObject"), earlier: .assign(before: 9),
                            summary: "Not retained (assign before iOS 9, rule 79); told `actionSheet_clickedButtonAtIndex` and the present and dismiss messages.")
        PropertyDeclaration(UIActionSheet.buttonTitles, .copy, .table, readOnly: true,
                            summary: "The buttons' titles by index (0-based): the destructive button, then the cancel button, then added ones.")
        PropertyDeclaration(UIActionSheet.cancelButtonIndex, .assign, .integer, default: .int(-1))
        PropertyDeclaration(UIActionSheet.destructiveButtonIndex, .assign, .integer, default: .int(-1))
        Presentations.legacyAlertMembers(UIActionSheet.kind)
        HoldDeclaration("shown action sheet", "an action sheet while it is shown, until it is dismissed")
        HoldDeclaration("action sheet window", "the window a shown action sheet shows in, until it is dismissed")

        Method.initializer(swift: "init(title:delegate:cancelButtonTitle:destructiveButtonTitle:)",
                           .string("title", optional: true), .object("delegate", "NSObject", optional: true),
                           .string("cancelButtonTitle", optional: true), .string("destructiveButtonTitle", optional: true)) { sim, inv in
            try sim.views.initializeView(inv.receiver, frame: .zero)
            try sim.write(inv.receiver, sim[UIActionSheet.title], inv.argument(0))
            try sim.write(inv.receiver, sim[UIActionSheet.delegate], inv.argument(1))
            var titles: [Value] = []
            if let destructive = inv.stringArgument(3) {
                try sim.write(inv.receiver, sim[UIActionSheet.destructiveButtonIndex], .int(titles.count))
                titles.append(.string(destructive))
            }
            if let cancel = inv.stringArgument(2) {
                try sim.write(inv.receiver, sim[UIActionSheet.cancelButtonIndex], .int(titles.count))
                titles.append(.string(cancel))
            }
            try sim.write(inv.receiver, sim[UIActionSheet.buttonTitles], .array(titles))
            return .object(inv.receiver)
        }
        Method("show", swift: "show(in:)", .object("view", "UIView"),
               summary: "Shows the sheet in a private window at the alert level, which becomes key; UIKit keeps the sheet until it is dismissed.") { sim, inv in
            try sim.presentations.showLegacyAlert(inv.receiver, UIActionSheet.kind, near: inv.objectArgument(0))
            return .nil
        }
    }

    /// `sim.tap(sheet, "Delete")` or `sim.tap(alertView, "OK")`: the delegate is told of the
    /// click, then the legacy alert is dismissed (rules 73, 81).
    package func tapLegacyAlert(_ item: ObjectID, _ title: String) throws {
        try tapLegacyAlert(item, heap.isKind(item, of: UIAlertView.handle) ? UIAlertView.kind : UIActionSheet.kind, title)
    }
}
