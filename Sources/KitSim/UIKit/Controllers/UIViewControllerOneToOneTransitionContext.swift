/// `_UIViewControllerOneToOneTransitionContext`, as the model names it: its class and the properties the model reads and writes.
package enum _UIViewControllerOneToOneTransitionContext: ModelClass {
    package static let handle = ClassHandle("_UIViewControllerOneToOneTransitionContext", global: false)
    package static var declaration: SimulatorClassDeclaration { Transitions.transitionContextDeclaration }
    package static let containerView = handle.property("containerView")
    package static let animator = handle.property("animator")
    package static let fromViewController = handle.property("fromViewController")
    package static let toViewController = handle.property("toViewController")
    package static let fromView = handle.property("fromView")
    package static let toView = handle.property("toView")
    package static let transitionWasCancelled = handle.property("transitionWasCancelled")
}

extension Transitions {
    /// UIKit's transition context (`id<UIViewControllerContextTransitioning>`; SPEC rules
    /// 58–61): what a custom animator's `animateTransition(ctx)` receives. UIKit keeps it,
    /// and through it the animator, both controllers and the container, until the animator
    /// calls `completeTransition`, which — not `transitionDuration` — ends the transition.
    static let transitionContextDeclaration = ClassDeclaration(_UIViewControllerOneToOneTransitionContext.handle,
        summary: "The context of a custom transition: its container, controllers and views; `completeTransition` ends it.") {
        PropertyDeclaration(_UIViewControllerOneToOneTransitionContext.containerView, .strong, .object("UIView"), readOnly: true,
                            summary: "Where the animation happens: a `UITransitionView` on top of the window for a presentation, the navigation controller's view for a push or pop.")
        PropertyDeclaration(_UIViewControllerOneToOneTransitionContext.animator, .strong, .object("NSObject"), readOnly: true,
                            summary: "The animator the delegate returned, kept until `completeTransition`.")
        PropertyDeclaration(_UIViewControllerOneToOneTransitionContext.fromViewController, .strong, .object("UIViewController"), readOnly: true)
        PropertyDeclaration(_UIViewControllerOneToOneTransitionContext.toViewController, .strong, .object("UIViewController"), readOnly: true)
        PropertyDeclaration(_UIViewControllerOneToOneTransitionContext.fromView, .strong, .object("UIView"), readOnly: true, summary: "`view(\"from\")`.")
        PropertyDeclaration(_UIViewControllerOneToOneTransitionContext.toView, .strong, .object("UIView"), readOnly: true, summary: "`view(\"to\")`.")
        PropertyDeclaration("isAnimated", .assign, .bool, readOnly: true, default: .bool(true))
        PropertyDeclaration("isInteractive", .assign, .bool, readOnly: true, default: .bool(false))
        PropertyDeclaration(_UIViewControllerOneToOneTransitionContext.transitionWasCancelled, .assign, .bool, readOnly: true, default: .bool(false))

        Method("viewController", swift: "viewController(forKey:)", .enumeration("key", Transitions.transitionContextKeys),
               returns: .object("UIViewController"), optional: true,
               summary: "The controller leaving (`\"from\"`) or coming (`\"to\"`).") { sim, inv in
            return try sim.heap.readSlot(inv.receiver, inv.stringArgument(0) == "to" ? sim[_UIViewControllerOneToOneTransitionContext.toViewController] : sim[_UIViewControllerOneToOneTransitionContext.fromViewController])
        }
        Method("view", swift: "view(forKey:)", .enumeration("key", Transitions.transitionContextKeys),
               returns: .object("UIView"), optional: true, introduced: 8,
               summary: "The view leaving or coming; nil for the presenter's view when it stays (`custom`, `overFullScreen`; rules 59, 60).") { sim, inv in
            return try sim.heap.readSlot(inv.receiver, inv.stringArgument(0) == "to" ? sim[_UIViewControllerOneToOneTransitionContext.toView] : sim[_UIViewControllerOneToOneTransitionContext.fromView])
        }
        Method("finalFrame", swift: "finalFrame(for:)", .object("viewController", "UIViewController"), returns: .rect,
               summary: "The incoming controller's frame at the end: the container's bounds; zero for any other.") { sim, inv in
            .rect(try sim.transitions.contextFrame(inv.receiver, of: inv.objectArgument(0), incoming: true))
        }
        Method("initialFrame", swift: "initialFrame(for:)", .object("viewController", "UIViewController"), returns: .rect,
               summary: "The outgoing controller's frame at the start: the container's bounds; zero for any other.") { sim, inv in
            .rect(try sim.transitions.contextFrame(inv.receiver, of: inv.objectArgument(0), incoming: false))
        }
        Method("completeTransition", swift: "completeTransition(_:)", .bool("didComplete"),
               summary: "Ends the transition: true finishes it (the did callbacks, `animationEnded(true)`, the completion), false cancels it (the controllers stay as they were). A second call does nothing.") { sim, inv in
            try sim.transitions.completeTransition(inv.receiver, didComplete: inv.bool(0))
            return .nil
        }
    }

    /// The custom animator a transition's delegate offers, if any (SPEC rule 57): the
    /// delegate is weak, so one that is gone means the default transition.
    func customAnimator(from delegate: ObjectID?, _ selector: Selector, _ arguments: Arguments) throws -> ObjectID? {
        guard let d = delegate, heap.isAlive(d), heap.responds(d, to: selector) else { return nil }
        guard case .object(let a) = try heap.send(d, selector, args: arguments), heap.isAlive(a) else { return nil }
        return a
    }

    /// Makes the context of a custom transition and asks the animator its duration; UIKit
    /// keeps the context (`transition in flight`) until `completeTransition`.
    func makeTransitionContext(animator: ObjectID, container: ObjectID, from: ObjectID?, to: ObjectID,
                               fromView: ObjectID?, toView: ObjectID?, coordinator: ObjectID?) throws -> ObjectID {
        let ctx = heap.alloc(heap[_UIViewControllerOneToOneTransitionContext.self])
        try heap.hold(ctx, transitionHold)
        do {
            for (p, v) in [(heap[_UIViewControllerOneToOneTransitionContext.animator], animator), (heap[_UIViewControllerOneToOneTransitionContext.containerView], container), (heap[_UIViewControllerOneToOneTransitionContext.fromViewController], from), (heap[_UIViewControllerOneToOneTransitionContext.toViewController], to),
                           (heap[_UIViewControllerOneToOneTransitionContext.fromView], fromView), (heap[_UIViewControllerOneToOneTransitionContext.toView], toView)] {
                if let v, heap.isAlive(v) { try write(ctx, p, v) }
            }
            let duration = try heap.send(animator, .transitionDuration, args: Arguments(.object(ctx)))
            if let coordinator, heap.isAlive(coordinator), let seconds = duration.number, seconds.isFinite {
                try write(coordinator, heap[_UIViewControllerTransitionCoordinator.transitionDuration], .double(Swift.max(0, seconds)))
            }
        } catch {
            // An animator that cannot say its duration (no `transitionDuration`, or one that
            // fails) gets no context: the caller runs the default transition, and nothing
            // will ever call `completeTransition` on this one, so it is not kept.
            if heap.isAlive(ctx) { try? heap.unhold(ctx, transitionHold) }
            throw error
        }
        return ctx
    }

    /// `completeTransition(_:)`: ends the custom transition the context belongs to.
    func completeTransition(_ ctx: ObjectID, didComplete: Bool) throws {
        guard let end = customTransitions.take(ctx) else { return }
        defer { if heap.isAlive(ctx) { try? heap.unhold(ctx, transitionHold) } }
        try write(ctx, heap[_UIViewControllerOneToOneTransitionContext.transitionWasCancelled], .bool(!didComplete))
        try end(didComplete)
    }

    /// `animationEnded(_:)`, when the animator has one (SPEC rule 58: after the did
    /// callbacks, before the completion).
    func animationEnded(_ ctx: ObjectID, completed: Bool) throws {
        guard heap.isAlive(ctx), let a = try object(ctx, _UIViewControllerOneToOneTransitionContext.animator), heap.responds(a, to: .animationEnded)
        else { return }
        _ = try heap.send(a, .animationEnded, args: Arguments(.bool(completed)))
    }

    /// `finalFrame(for:)` / `initialFrame(for:)`: the container's bounds for the controller
    /// coming (final) or going (initial), zero for any other.
    func contextFrame(_ ctx: ObjectID, of vc: ObjectID, incoming: Bool) throws -> Rect {
        guard try object(ctx, incoming ? heap[_UIViewControllerOneToOneTransitionContext.toViewController] : heap[_UIViewControllerOneToOneTransitionContext.fromViewController]) == vc,
              let container = try object(ctx, _UIViewControllerOneToOneTransitionContext.containerView) else { return Rect(x: 0, y: 0, width: 0, height: 0) }
        return try views.boundsOf(container)
    }

    /// The view the presenter shows in its window: that of its topmost ancestor (a child
    /// presents in its container's context).
    func presentationContextView(of presenter: ObjectID) throws -> ObjectID? {
        var top = presenter
        try sim.walkChain(from: try object(presenter, UIViewController.parent), along: heap[UIViewController.parent]) { top = $0; return true }
        return try object(top, UIViewController.view)
    }

    /// Puts `view` back in the container's superview, just under the container.
    func restore(_ view: ObjectID, under container: ObjectID) throws {
        guard heap.isAlive(view), let sv = try object(container, UIView.superview),
              let i = try objects(sv, UIView.subviews).firstIndex(of: container) else { return }
        try views.addSubview(view, to: sv, at: i)
    }
}

/// The custom transitions waiting for their animator's `completeTransition` (SPEC rule 58),
/// by context id: how each ends, completed or cancelled.
///
/// The type owns this state; `violations` checks it on every `sim.verify()`.
struct CustomTransitions {
    private var pending: [UInt32: (Bool) throws -> Void] = [:]

    mutating func register(_ ctx: ObjectID, _ end: @escaping (Bool) throws -> Void) { pending[ctx.raw] = end }

    /// Whether no custom transition waits for its animator's `completeTransition`.
    var isEmpty: Bool { pending.isEmpty }

    /// Takes the end of the context's transition: nil when it ended already.
    mutating func take(_ ctx: ObjectID) -> ((Bool) throws -> Void)? { pending.removeValue(forKey: ctx.raw) }

    /// Every context waiting is alive: UIKit keeps it until the transition ends.
    func violations(isAlive: (ObjectID) -> Bool) -> [String] {
        pending.keys.sorted().filter { !isAlive(ObjectID($0)) }.map { "the context \(ObjectID($0)) of a custom transition in flight deallocated" }
    }
}
