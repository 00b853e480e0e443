/// `UIAlertView`, as the model names it: its class and the properties the model reads and writes.
package enum UIAlertView: ModelClass {
    package static let handle = ClassHandle("UIAlertView")
    package static var declaration: SimulatorClassDeclaration { Presentations.alertViewDeclaration }
    package static let title = handle.property("title")
    package static let message = handle.property("message")
    package static let delegate = handle.property("delegate")
    package static let buttonTitles = handle.property("buttonTitles")
    package static let cancelButtonIndex = handle.property("cancelButtonIndex")
    package static let alertWindow = handle.property("alertWindow")
    package static let alertController = handle.property("alertController")

    // The delegate's messages (`UIAlertViewDelegate`), each optional: the Swift names with
    // their first label, as for every delegate (Swift's `willPresent(_:)` is written with
    // its Objective-C noun, which tells the alert's from the action sheet's).
    static let clicked = Selector("alertView_clickedButtonAt")
    static let willPresent = Selector("willPresentAlertView")
    static let didPresent = Selector("didPresentAlertView")
    static let willDismiss = Selector("alertView_willDismissWithButtonIndex")
    static let didDismiss = Selector("alertView_didDismissWithButtonIndex")

    /// What the shared legacy-alert code needs of it (LegacyAlerts.swift).
    static let kind = LegacyAlertKind(style: "alert", title: title, message: message, delegate: delegate, buttonTitles: buttonTitles,
                                      cancelButtonIndex: cancelButtonIndex, destructiveButtonIndex: nil,
                                      window: alertWindow, controller: alertController,
                                      shownHold: "shown alert view", windowHold: "alert view window",
                                      willPresent: willPresent, didPresent: didPresent, clicked: clicked,
                                      willDismiss: willDismiss, didDismiss: didDismiss,
                                      objC: ["willPresentAlertView:", "didPresentAlertView:", "alertView:clickedButtonAtIndex:",
                                             "alertView:willDismissWithButtonIndex:", "alertView:didDismissWithButtonIndex:"],
                                      noun: "the alert")
}

extension Presentations {
    /// `UIAlertView` (rule 81): the legacy alert, deprecated in iOS 9. Shown, UIKit keeps it
    /// in a private window at the `.alert` level that becomes key (from iOS 8 through a
    /// `UIAlertController` that window's root presents); a tap on a button tells the delegate,
    /// then dismisses it, and the window and UIKit's hold on the alert go.
    static let alertViewDeclaration = ClassDeclaration(UIAlertView.handle, superclass: "UIView",
        summary: "The legacy alert: shown in a private window at the alert level, kept by UIKit while shown; its delegate is told of taps (rule 81).") {
        PropertyDeclaration(UIAlertView.title, .copy, .string, optional: true)
        PropertyDeclaration(UIAlertView.message, .copy, .string, optional: true)
        PropertyDeclaration(UIAlertView.delegate, .weak, .object("NSObject"), earlier: .assign(before: 9),
                            summary: "Not retained (assign before iOS 9, rule 79); told `alertView_clickedButtonAt` and the present and dismiss messages.")
        PropertyDeclaration(UIAlertView.buttonTitles, .copy, .table, readOnly: true,
                            summary: "The buttons' titles by index (0-based): the cancel button, then the others.")
        PropertyDeclaration(UIAlertView.cancelButtonIndex, .assign, .integer, default: .int(-1))
        Presentations.legacyAlertMembers(UIAlertView.kind)
        HoldDeclaration("shown alert view", "an alert view while it is shown, until it is dismissed")
        HoldDeclaration("alert view window", "the window a shown alert view shows in, until it is dismissed")

        Method.initializer(swift: "init(title:message:delegate:cancelButtonTitle:otherButtonTitles:)",
                           .string("title", optional: true), .string("message", optional: true),
                           .object("delegate", "NSObject", optional: true), .string("cancelButtonTitle", optional: true),
                           .string("otherButtonTitle", optional: true)) { sim, inv in
            try sim.views.initializeView(inv.receiver, frame: .zero)
            try sim.write(inv.receiver, sim[UIAlertView.title], inv.argument(0))
            try sim.write(inv.receiver, sim[UIAlertView.message], inv.argument(1))
            try sim.write(inv.receiver, sim[UIAlertView.delegate], inv.argument(2))
            var titles: [Value] = []
            if let cancel = inv.stringArgument(3) {
                try sim.write(inv.receiver, sim[UIAlertView.cancelButtonIndex], .int(titles.count))
                titles.append(.string(cancel))
            }
            if let other = inv.stringArgument(4) { titles.append(.string(other)) }
            try sim.write(inv.receiver, sim[UIAlertView.buttonTitles], .array(titles))
            return .object(inv.receiver)
        }
        Method("show", swift: "show()",
               summary: "Shows the alert in a private window at the alert level, which becomes key; UIKit keeps the alert until it is dismissed (rule 81).") { sim, inv in
            try sim.presentations.showLegacyAlert(inv.receiver, UIAlertView.kind, near: nil)
            return .nil
        }
    }
}
