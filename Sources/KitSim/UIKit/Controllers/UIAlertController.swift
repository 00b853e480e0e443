/// `UIAlertController`, as the model names it: its class and the properties the model reads and writes.
package enum UIAlertController: ModelClass {
    package static let handle = ClassHandle("UIAlertController")
    package static var declaration: SimulatorClassDeclaration { Presentations.alertControllerDeclaration }
    package static let message = handle.property("message")
    package static let preferredStyle = handle.property("preferredStyle")
    package static let actions = handle.property("actions")
    package static let alertWindow = handle.property("alertWindow")
}

extension Presentations {
    /// `UIAlertController.Style`.
    static let alertStyles = EnumType("UIAlertController.Style", ["alert", "actionSheet"])

    /// `UIAlertController` (SPEC §3.5): presented, it shows in a window of its own at the
    /// alert level, which UIKit keeps while the alert is up; its actions keep their handlers.
    static let alertControllerDeclaration = ClassDeclaration(UIAlertController.handle, superclass: "UIViewController",
        summary: "An alert or action sheet with actions; shown in its own window.") {
        PropertyDeclaration(UIAlertController.message, .copy, .string)
        PropertyDeclaration(UIAlertController.preferredStyle, .assign, .enumeration(Presentations.alertStyles), readOnly: true)
        PropertyDeclaration(UIAlertController.actions, .strong, .array("UIAlertAction"), readOnly: true)
        PropertyDeclaration(UIAlertController.alertWindow, .strong, .object("UIWindow"), readOnly: true,
                            summary: "The window the alert shows in while it is presented.")
        HoldDeclaration("alert window", "the window a presented alert shows in, until the alert is dismissed")
        Presentations.alertStyles

        Method.initializer(swift: "init(title:message:preferredStyle:)", .string("title", optional: true),
                           .string("message", optional: true), .enumeration("preferredStyle", Presentations.alertStyles, default: "alert")) { sim, inv in
            try sim.write(inv.receiver, sim[UIViewController.title], inv.argument(0))
            try sim.write(inv.receiver, sim[UIAlertController.message], inv.argument(1))
            try sim.write(inv.receiver, sim[UIAlertController.preferredStyle], .string(inv.stringArgument(2) ?? "alert"))
            return .object(inv.receiver)
        }
        Method("addAction", swift: "addAction(_:)", .object("action", "UIAlertAction"),
               summary: "Adds an action; the alert keeps it, and the action keeps its handler.") { sim, inv in
            try sim.heap.insertElement(inv.objectArgument(0), into: inv.receiver, sim[UIAlertController.actions])
            return .nil
        }
    }

    /// SPEC rule 21 (seed 002): an alert or action sheet shows in a window of its own at
    /// the `.alert` level, which becomes key while it is shown.
    func presentAlert(_ alert: ObjectID, from presenter: ObjectID, completion: Value) throws {
        let w = heap.alloc(heap[_UIAlertControllerShimPresenterWindow.self])
        _ = try heap.send(w, .initialize, args: Arguments(.rect(sim.screenBounds)))
        try write(w, heap[UIWindow.windowLevel], .double(2000))
        // With scenes the alert's window belongs to the presenter's scene.
        try sim.windowing.attach(w, toSceneOf: try object(presenter, UIViewController.view).flatMap { try sim.views.windowOf($0) })
        sim.windowing.stack.orderChanged()
        try heap.hold(w, alertHold)
        try write(alert, heap[UIAlertController.alertWindow], w)
        try write(presenter, heap[UIViewController.presentedViewController], alert)
        try write(alert, heap[UIViewController.presentingViewController], presenter)
        try write(w, heap[UIWindow.rootViewController], alert)
        _ = try heap.send(w, .makeKeyAndVisible)
        try sim.transitions.finishTransition(animated: false, keeping: [alert], completion: completion) {}
    }

    /// Dismisses an alert: its window goes away (key status passes on by rule 4, to the
    /// frontmost visible window), then the tapped action's handler and the completion run.
    func dismissAlert(_ alert: ObjectID, handler: Value, action: ObjectID?, completion: Value) throws {
        guard let presenter = try object(alert, UIViewController.presentingViewController) else { return }
        try sim.lifecycle.beginAppearance(alert, appearing: false, animated: false)
        var keep = [alert, presenter]
        if let action { keep.append(action) }
        try sim.transitions.finishTransition(animated: false, keeping: keep, completion: completion) { [unowned self] in
            try sim.lifecycle.endAppearance(alert, animated: false)
            if let w = try object(alert, UIAlertController.alertWindow), heap.isAlive(w) {
                try sim.windowing.setWindowHidden(w, true)
                try write(w, heap[UIWindow.rootViewController], nil)
                try write(alert, heap[UIAlertController.alertWindow], nil)
                try heap.unhold(w, alertHold)
            }
            try write(alert, heap[UIViewController.presentingViewController], nil)
            if try object(presenter, UIViewController.presentedViewController) == alert { try write(presenter, heap[UIViewController.presentedViewController], nil) }
            sim.lifecycle.noteLeftUI(alert, .dismissed)
            // SPEC rule 47: asked once the alert is out; the action's handler runs
            // whatever it answers.
            var firstError: Error?
            attempt(&firstError) { try sim.lifecycle.askWillDealloc() }
            if let action { try sim.callCallback(handler, [.object(action)]) }
            if let firstError { throw firstError }
        }
    }

    /// `sim.tap(alert, "Cancel")`: taps the action with that title.
    func tapAlert(_ alert: ObjectID, _ title: String) throws {
        let actions = try objects(alert, UIAlertController.actions)
        var titles: [String] = []
        for a in actions {
            let t = try heap.readSlot(a, UIAlertAction.title)
            if case .string(let s) = t { titles.append(s) }
            if t == .string(title) {
                guard try object(alert, UIViewController.presentingViewController) != nil else {
                    throw SimError.misuse(.alertNotPresented(sim.heap.ref(alert)))
                }
                try dismissAlert(alert, handler: try heap.readSlot(a, UIAlertAction.handler), action: a, completion: .nil)
                return
            }
        }
        throw SimError.badArgument(2, "tap", "\(sim.angle(alert)) has no action titled \"\(title)\"; its actions: \(titles.map { "\"\($0)\"" }.joined(separator: ", "))")
    }
}

extension Simulator {
    /// `sim.tapAlert(alert, title)`: a tap on the alert's action with that title.
    public func tapAlert(_ alert: ObjectID, _ title: String) throws { try presentations.tapAlert(alert, title) }
}
