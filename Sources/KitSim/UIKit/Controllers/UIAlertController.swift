/// `UIAlertController`, as the model names it: its class and the properties the model reads and writes.
package enum UIAlertController: ModelClass {
    package static let handle = ClassHandle("UIAlertController")
    package static var declaration: SimulatorClassDeclaration { Presentations.alertControllerDeclaration }
    package static let message = handle.property("message")
    package static let preferredStyle = handle.property("preferredStyle")
    package static let actions = handle.property("actions")
}

extension Presentations {
    /// `UIAlertController.Style`.
    static let alertStyles = EnumType("UIAlertController.Style", ["alert", "actionSheet"])

    /// `UIAlertController` (rule 80): an ordinary presentation in the presenter's window,
    /// over the presenter's content; its actions keep their handlers. iOS 8 introduced it.
    static let alertControllerDeclaration = ClassDeclaration(UIAlertController.handle, superclass: "UIViewController", introduced: 8,
        summary: "An alert or action sheet with actions; presented like any controller, over the presenter's content in its window (rule 80).") {
        PropertyDeclaration(UIAlertController.message, .copy, .string)
        PropertyDeclaration(UIAlertController.preferredStyle, .assign, .enumeration(Presentations.alertStyles), readOnly: true)
        PropertyDeclaration(UIAlertController.actions, .strong, .array("UIAlertAction"), readOnly: true)
        Presentations.alertStyles

        Method.initializer(swift: "init(title:message:preferredStyle:)", .string("title", optional: true),
                           .string("message", optional: true), .enumeration("preferredStyle", Presentations.alertStyles, default: "alert")) { sim, inv in
            try sim.write(inv.receiver, sim[UIViewController.title], inv.argument(0))
            try sim.write(inv.receiver, sim[UIAlertController.message], inv.argument(1))
            try sim.write(inv.receiver, sim[UIAlertController.preferredStyle], .string(inv.stringArgument(2) ?? "alert"))
            // Rule 80: UIKit presents an alert with a presentation controller of its own
            // (`.custom`), which leaves the presenter's view in place.
            try sim.write(inv.receiver, sim[UIViewController.modalPresentationStyle], .string("custom"))
            return .object(inv.receiver)
        }
        Method("addAction", swift: "addAction(_:)", .object("action", "UIAlertAction"),
               summary: "Adds an action; the alert keeps it, and the action keeps its handler.") { sim, inv in
            try sim.heap.insertElement(inv.objectArgument(0), into: inv.receiver, sim[UIAlertController.actions])
            return .nil
        }
    }

    /// `sim.tap(alert, "Cancel")`: taps the action with that title. The alert is dismissed
    /// like any presented controller (rule 80), then the action's handler runs.
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
                // Rule 80: the alert's presentation is an ordinary one, animated when asked;
                // until it ends there is nothing on screen to tap.
                if state.isInFlight(alert) { throw SimError.misuse(.alertInTransition(sim.heap.ref(alert))) }
                let handler = try heap.readSlot(a, UIAlertAction.handler)
                try dismiss(from: alert, animated: false, completion: .nil, keeping: [a]) { [unowned self] in
                    try sim.callCallback(handler, [.object(a)])
                }
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
