/// `UIScreenEdgePanGestureRecognizer`, as the model names it: its class and the properties the model reads and writes.
package enum UIScreenEdgePanGestureRecognizer: ModelClass {
    package static let handle = ClassHandle("UIScreenEdgePanGestureRecognizer")
    package static var declaration: SimulatorClassDeclaration { Navigation.edgePanRecognizerDeclaration }
}

/// An edge swipe on its way to a navigation controller's pop (SPEC rule 66): how long
/// the finger drags and whether it lets go past the point of no return.
struct Swipe {
    var drag: Double
    var completes: Bool
}

extension Navigation {
    /// `UIScreenEdgePanGestureRecognizer`: the recognizer of a navigation controller's
    /// edge swipe (SPEC rule 66).
    static let edgePanRecognizerDeclaration = ClassDeclaration(UIScreenEdgePanGestureRecognizer.handle,
        superclass: "UIPanGestureRecognizer", summary: "A pan from the screen's edge: a navigation controller's `interactivePopGestureRecognizer`.") {}

    /// `nav.interactivePopGestureRecognizer`, made on first use: the navigation controller
    /// owns it (SPEC rule 66).
    func interactivePopRecognizer(of nav: ObjectID) throws -> ObjectID {
        if let r = try object(nav, UINavigationController.interactivePopGestureRecognizer) { return r }
        let r = heap.alloc(heap[UIScreenEdgePanGestureRecognizer.self])
        try write(nav, heap[UINavigationController.interactivePopGestureRecognizer], r)
        return r
    }

    /// `sim.swipeBack(nav, { complete, drag })` (SPEC rule 66): the edge swipe. It does
    /// nothing and returns false when the recognizer is disabled or its delegate's
    /// `gestureRecognizerShouldBegin` says no, the stack has one controller, a transition
    /// is in flight, touches are ignored or the navigation controller is not on screen;
    /// otherwise it sends `popViewController(true)` through the method table (a swizzle
    /// sees it), and returns whether a pop began, which is interactive.
    func swipeBack(_ nav: ObjectID, completes: Bool, drag: Double) throws -> Bool {
        guard !sim.isIgnoringInteractionEvents, navTransitions[nav] == nil, try isOnScreen(nav),
              try objects(nav, UINavigationController.viewControllers).count > 1 else { return false }
        let recognizer = try interactivePopRecognizer(of: nav)
        guard try bool(recognizer, UIGestureRecognizer.isEnabled, default: true) else { return false }
        if let d = try object(recognizer, UIGestureRecognizer.delegate), heap.responds(d, to: .gestureRecognizerShouldBegin) {
            // Lua's truthiness, as the bridge reads a returned flag: nil and false are false.
            switch try heap.send(d, .gestureRecognizerShouldBegin, args: Arguments(.object(recognizer))) {
            case .nil, .bool(false): return false
            default: break
            }
        }
        pendingSwipes[nav.raw] = Swipe(drag: drag, completes: completes)
        // Whatever the pop does (a swizzle may refuse it), the swipe is spent.
        defer { pendingSwipes.removeValue(forKey: nav.raw) }
        _ = try heap.send(nav, .popViewController, args: Arguments(.bool(true)))
        return navTransitions[nav] != nil && transitions.coordination.coordinator(of: nav).map(isInteractiveCoordinator) == true
    }

    /// Whether the coordinator's transition is driven by a finger (it began interactive).
    func isInteractiveCoordinator(_ c: ObjectID) -> Bool {
        (try? bool(c, _UIViewControllerTransitionCoordinator.initiallyInteractive, default: false)) ?? false
    }
}

extension Simulator {
    /// `sim.swipeBack(nav, { complete, drag })`: the edge swipe that pops interactively;
    /// whether a pop began (SPEC rule 66).
    public func swipeBack(_ nav: ObjectID, completes: Bool, drag: Double) throws -> Bool {
        try navigation.swipeBack(nav, completes: completes, drag: drag)
    }
}
