/// What the two legacy alerts, `UIAlertView` and `UIActionSheet`, share (rules 73, 81): how
/// they are shown, tapped and dismissed. Each class file gives its own properties, holds and
/// delegate messages.
struct LegacyAlertKind: Sendable {
    /// `UIAlertController.Style` of the alert controller UIKit shows it through (iOS 8+).
    let style: String
    let title: PropertyHandle
    let message: PropertyHandle?
    let delegate: PropertyHandle
    let buttonTitles: PropertyHandle
    let cancelButtonIndex: PropertyHandle
    let destructiveButtonIndex: PropertyHandle?
    let window: PropertyHandle
    let controller: PropertyHandle
    let shownHold: String
    let windowHold: String
    let willPresent: Selector
    let didPresent: Selector
    let clicked: Selector
    let willDismiss: Selector
    let didDismiss: Selector
    /// The delegate messages' Objective-C selectors, which a message to a delegate that went
    /// is named by (rule 79): `willPresent`, `didPresent`, `clicked`, `willDismiss`, `didDismiss`.
    let objC: [String]
    /// What the class's messages call it (`the alert`, `the sheet`).
    let noun: String
}

extension Presentations {
    /// The members both legacy alerts declare alike (rules 73, 81): their windows, the
    /// button list's reading and growing, and the dismissal without a click.
    static func legacyAlertMembers(_ kind: LegacyAlertKind) -> [Member<Simulator>] {
        ClassDeclaration<Simulator>.members {
            PropertyDeclaration(kind.window, .strong, .object("UIWindow"), readOnly: true,
                                summary: "The private window \(kind.noun) shows in while it is shown (rule 81).")
            PropertyDeclaration(kind.controller, .strong, .object("UIAlertController"), readOnly: true,
                                summary: "From iOS 8, the UIAlertController UIKit shows \(kind.noun) through while it is shown (rule 81).")
            PropertyDeclaration("numberOfButtons", .assign, .integer, readOnly: true, getter: "numberOfButtons")
            PropertyDeclaration("isVisible", .assign, .bool, readOnly: true, getter: "isVisible")
            Method("addButton", swift: "addButton(withTitle:)", .string("title"), returns: .integer,
                   summary: "Adds a button after the others and returns its index.") { sim, inv in
                var titles = try sim.presentations.legacyTitles(inv.receiver, kind)
                titles.append(inv.stringArgument(0) ?? "")
                try sim.write(inv.receiver, sim[kind.buttonTitles], .array(titles.map(Value.string)))
                return .int(titles.count - 1)
            }
            Method("buttonTitle", swift: "buttonTitle(at:)", .integer("buttonIndex"), returns: .string, optional: true,
                   summary: "The title of the button at the index, or nil.") { sim, inv in
                let titles = try sim.presentations.legacyTitles(inv.receiver, kind)
                let i = inv.integerArgument(0)
                return titles.indices.contains(i) ? .string(titles[i]) : .nil
            }
            Method.accessor("numberOfButtons", returns: .integer) { sim, inv in
                .int(try sim.presentations.legacyTitles(inv.receiver, kind).count)
            }
            Method.accessor("isVisible", returns: .bool) { sim, inv in
                .bool(try sim.object(inv.receiver, kind.window) != nil)
            }
            Method("dismiss", swift: "dismiss(withClickedButtonIndex:animated:)", .integer("buttonIndex"), .bool("animated", default: true),
                   summary: "Dismisses \(kind.noun) as if the button were chosen, without telling the delegate of a click.") { sim, inv in
                try sim.presentations.dismissLegacyAlert(inv.receiver, kind, buttonIndex: inv.integerArgument(0))
                return .nil
            }
        }
    }
}

extension Presentations {
    func legacyTitles(_ item: ObjectID, _ kind: LegacyAlertKind) throws -> [String] {
        guard case .array(let titles) = try heap.readSlot(item, kind.buttonTitles) else { return [] }
        return titles.compactMap { if case .string(let s) = $0 { return s } else { return nil } }
    }

    /// Rules 73 and 81: the alert shows in a private window at the `.alert` level, which
    /// becomes key while it is shown; UIKit keeps the alert meanwhile. From iOS 8 the window
    /// is `_UIAlertControllerShimPresenterWindow`, whose root presents a `UIAlertController`
    /// with one action per button; on iOS 7 it is `_UIModalItemHostingWindow`. Showing a
    /// shown alert does nothing.
    func showLegacyAlert(_ item: ObjectID, _ kind: LegacyAlertKind, near view: ObjectID?) throws {
        guard try object(item, kind.window) == nil else { return }
        try tellLegacyDelegate(item, kind, kind.willPresent, nil)
        let modern = sim.configuration.ios >= 8
        let w = heap.alloc(modern ? heap[_UIAlertControllerShimPresenterWindow.self] : heap[_UIModalItemHostingWindow.self])
        _ = try heap.send(w, .initialize, args: Arguments(.rect(sim.screenBounds)))
        try write(w, heap[UIWindow.windowLevel], .double(2000))
        // With scenes the window belongs to the scene of the view it is shown from, else
        // of the key window's.
        let near = try view.flatMap { try sim.views.windowOf($0) } ?? sim.windowing.keyWindow
        try sim.windowing.attach(w, toSceneOf: near)
        sim.windowing.orderChanged()
        try heap.hold(w, Simulator.declaredHold(kind.windowHold, heap))
        try heap.hold(item, Simulator.declaredHold(kind.shownHold, heap))
        try write(item, heap[kind.window], w)
        var root: ObjectID?
        if modern {
            let r = heap.alloc(heap[_UIAlertShimPresentingViewController.self])
            _ = try heap.send(r, .initialize, args: Arguments())
            try write(w, heap[UIWindow.rootViewController], r)
            root = r
        }
        _ = try heap.send(w, .makeKeyAndVisible)
        if let root {
            let ac = heap.alloc(heap[UIAlertController.self])
            _ = try heap.send(ac, .initialize, args: Arguments(try heap.readSlot(item, kind.title),
                                                               kind.message.map { try heap.readSlot(item, $0) } ?? .nil,
                                                               .string(kind.style)))
            let titles = try legacyTitles(item, kind)
            let cancel = try heap.readSlot(item, kind.cancelButtonIndex)
            let destructive = try kind.destructiveButtonIndex.map { try heap.readSlot(item, $0) } ?? .int(-1)
            for (i, t) in titles.enumerated() {
                let style = cancel == .int(i) ? "cancel" : destructive == .int(i) ? "destructive" : "default"
                let action = heap.alloc(heap[UIAlertAction.self])
                _ = try heap.send(action, .initialize, args: Arguments(.string(t), .string(style), .nil))
                try heap.insertElement(action, into: ac, heap[UIAlertController.actions])
            }
            try write(item, heap[kind.controller], ac)
            try present(ac, from: root, animated: false, completion: .nil)
        }
        try tellLegacyDelegate(item, kind, kind.didPresent, nil)
    }

    /// `sim.tap(alert, "OK")`: the delegate is told of the click, then the alert is
    /// dismissed with that button (Apple: "The action sheet is automatically dismissed
    /// after the actionSheet(_:clickedButtonAt:) delegate method is invoked"; the same for
    /// an alert view).
    func tapLegacyAlert(_ item: ObjectID, _ kind: LegacyAlertKind, _ title: String) throws {
        let titles = try legacyTitles(item, kind)
        guard let i = titles.firstIndex(of: title) else {
            throw SimError.badArgument(2, "tap", "\(sim.angle(item)) has no button titled \"\(title)\"; its buttons: \(titles.map { "\"\($0)\"" }.joined(separator: ", "))")
        }
        guard try object(item, kind.window) != nil else {
            throw SimError.misuse(.alertNotPresented(heap.ref(item)))
        }
        try tellLegacyDelegate(item, kind, kind.clicked, i)
        try dismissLegacyAlert(item, kind, buttonIndex: i)
    }

    /// The alert goes: `willDismiss`, its alert controller is dismissed, its window hidden
    /// and let go (rule 4 passes key status on), `didDismiss`, then UIKit lets go of it.
    func dismissLegacyAlert(_ item: ObjectID, _ kind: LegacyAlertKind, buttonIndex: Int) throws {
        guard let w = try object(item, kind.window) else { return }
        try tellLegacyDelegate(item, kind, kind.willDismiss, buttonIndex)
        if let ac = try object(item, kind.controller) {
            if heap.isAlive(ac), try object(ac, UIViewController.presentingViewController) != nil {
                try dismiss(from: ac, animated: false, completion: .nil)
            }
            try write(item, heap[kind.controller], nil)
        }
        if heap.isAlive(w) {
            try sim.windowing.setWindowHidden(w, true)
            try write(w, heap[UIWindow.rootViewController], nil)
            try heap.unhold(w, Simulator.declaredHold(kind.windowHold, heap))
        }
        try write(item, heap[kind.window], nil)
        try tellLegacyDelegate(item, kind, kind.didDismiss, buttonIndex)
        try heap.unhold(item, Simulator.declaredHold(kind.shownHold, heap))
    }

    /// Tells the delegate, when it implements the message. Before iOS 9 the delegate is
    /// `assign` (rule 79): one that went is still the delegate, and the message to it is the
    /// zombie's crash, named by its Objective-C selector.
    private func tellLegacyDelegate(_ item: ObjectID, _ kind: LegacyAlertKind, _ message: Selector, _ index: Int?) throws {
        guard let d = try object(item, kind.delegate), heap.responds(d, to: message) else { return }
        if !heap.isUsable(d) {
            let messages = [kind.willPresent, kind.didPresent, kind.clicked, kind.willDismiss, kind.didDismiss]
            let objC = messages.firstIndex(of: message).map { kind.objC[$0] } ?? message.name
            try heap.checkUsable(d, objC)
            return
        }
        if let index {
            _ = try heap.send(d, message, args: Arguments(.object(item), .int(index)))
        } else {
            _ = try heap.send(d, message, args: Arguments(.object(item)))
        }
    }
}
