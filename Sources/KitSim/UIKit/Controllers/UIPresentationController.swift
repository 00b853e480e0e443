/// `UIPresentationController`, as the model names it: its class and the properties the model reads and writes.
package enum UIPresentationController: ModelClass {
    package static let handle = ClassHandle("UIPresentationController", global: false)
    package static var declaration: SimulatorClassDeclaration { Presentations.presentationControllerDeclaration }
    package static let presentingViewController = handle.property("presentingViewController")
    package static let presentedViewController = handle.property("presentedViewController")
    package static let delegate = handle.property("delegate")

    // The delegate's messages (`UIAdaptivePresentationControllerDelegate`, iOS 13), each
    // optional, sent only for a dismissal the user starts (rule 83).
    static let shouldDismiss = Selector("presentationControllerShouldDismiss")
    static let willDismiss = Selector("presentationControllerWillDismiss")
    static let didDismiss = Selector("presentationControllerDidDismiss")
    static let didAttemptToDismiss = Selector("presentationControllerDidAttemptToDismiss")
}

extension Presentations {
    /// `UIPresentationController` (iOS 8+, rule 16): it keeps both sides of a
    /// presentation strongly while the presented view is up.
    static let presentationControllerDeclaration = ClassDeclaration(UIPresentationController.handle,
        summary: "Keeps both controllers of a presentation while it is up.") {
        PropertyDeclaration(UIPresentationController.presentingViewController, .strong, .object("UIViewController"), readOnly: true)
        PropertyDeclaration(UIPresentationController.presentedViewController, .strong, .object("UIViewController"), readOnly: true)
        PropertyDeclaration(UIPresentationController.delegate, .weak, .object("NSObject"),
                            summary: "Told of a swipe down on a sheet (`sim.swipeDown`): `presentationControllerShouldDismiss`, `…WillDismiss`, `…DidDismiss`, `…DidAttemptToDismiss` (rule 83).")
        Method.initializer { _, inv in .object(inv.receiver) }
    }

    /// `presentationController` (iOS 8+): made on first read and kept by the controller, so
    /// that an app can set its delegate before presenting; a presentation uses it (rule 83).
    func presentationController(of vc: ObjectID) throws -> ObjectID? {
        guard sim.configuration.ios >= 8 else { return nil }
        if let pc = try object(vc, UIViewController.presentationController) { return pc }
        let pc = heap.alloc(heap[UIPresentationController.self])
        _ = try heap.send(pc, .initialize, args: Arguments())
        try write(vc, heap[UIViewController.presentationController], pc)
        return pc
    }

    /// Rule 83: after a dismissal, the presentation controller lets go of both sides (the
    /// controller keeps it, with its delegate, for its next presentation).
    func releaseSides(of vc: ObjectID) throws {
        guard heap.isAlive(vc), let pc = try object(vc, UIViewController.presentationController), heap.isAlive(pc) else { return }
        try write(pc, heap[UIPresentationController.presentingViewController], nil)
        try write(pc, heap[UIPresentationController.presentedViewController], nil)
    }

    /// `sim.swipeDown(presented)`: the user drags a sheet down (iOS 13+, rule 83). A sheet
    /// that is modal in presentation, or whose presentation controller's delegate answers
    /// false to `presentationControllerShouldDismiss`, stays, and the delegate is told
    /// `presentationControllerDidAttemptToDismiss`; otherwise the delegate is told
    /// `presentationControllerWillDismiss`, the sheet is dismissed (animated), and then
    /// `presentationControllerDidDismiss`. Returns whether it was dismissed.
    package func swipeDown(_ presented: ObjectID) throws -> Bool {
        guard heap.isKind(presented, of: UIViewController.handle) else {
            throw SimError.badArgument(1, "swipeDown", expected: "UIViewController", got: heap.classOf(presented).name)
        }
        guard try object(presented, UIViewController.presentingViewController) != nil else {
            throw SimError.misuse(.notASheet(heap.ref(presented), reason: "it is not presented"))
        }
        let style = try presentationStyle(of: presented)
        guard sim.configuration.ios >= 13, style == "pageSheet" || style == "formSheet" else {
            throw SimError.misuse(.notASheet(heap.ref(presented), reason: sim.configuration.ios < 13
                ? "sheets are dismissed by a swipe from iOS 13; before, a page or form sheet on an iPhone is full screen"
                : "its presentation style is \(style), not a page or form sheet"))
        }
        if state.isInFlight(presented) { throw SimError.misuse(.alertInTransition(heap.ref(presented))) }
        guard let pc = try presentationController(of: presented) else { return false }
        let delegate = try object(pc, UIPresentationController.delegate)
        func tell(_ message: Selector) throws -> Value? {
            guard let d = delegate, heap.isAlive(d), heap.responds(d, to: message) else { return nil }
            return try heap.send(d, message, args: Arguments(.object(pc)))
        }
        let modal = try heap.readSlot(presented, UIViewController.isModalInPresentation) == .bool(true)
        if try modal || tell(UIPresentationController.shouldDismiss) == .bool(false) {
            _ = try tell(UIPresentationController.didAttemptToDismiss)
            return false
        }
        _ = try tell(UIPresentationController.willDismiss)
        try dismiss(from: presented, animated: true, completion: .nil, keeping: [pc] + (delegate.map { [$0] } ?? [])) {
            _ = try tell(UIPresentationController.didDismiss)
        }
        return true
    }
}
