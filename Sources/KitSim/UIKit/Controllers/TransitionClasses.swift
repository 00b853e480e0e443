/// The transition classes' handles and the properties the model reads and writes
/// (the coordinator, custom transitions' context), looked up once per simulator as
/// `UIKitClasses` does for the rest of UIKit.
public final class TransitionClasses {
    public let coordinator: SimClass
    let coordinatorInteractive, coordinatorInitiallyInteractive, coordinatorCancelled: Property
    let coordinatorDuration, coordinatorContainer, coordinatorFrom, coordinatorTo: Property
    let coordinatorAlongside, coordinatorCompletions, coordinatorHandlers: Property
    public let context: SimClass
    let contextContainer, contextAnimator, contextFrom, contextTo, contextFromView, contextToView, contextCancelled: Property
    public let edgePanRecognizer: SimClass
    let interactivePop: Property

    init(_ heap: Heap) {
        // Declared in `Simulator.declarations`, which is registered before this runs.
        func c(_ name: String) -> SimClass { heap.classNamed(name)! }
        func p(_ c: SimClass, _ name: String) -> Property { c.property(named: name)! }
        coordinator = c("_UIViewControllerTransitionCoordinator")
        coordinatorInteractive = p(coordinator, "isInteractive")
        coordinatorInitiallyInteractive = p(coordinator, "initiallyInteractive")
        coordinatorCancelled = p(coordinator, "isCancelled"); coordinatorDuration = p(coordinator, "transitionDuration")
        coordinatorContainer = p(coordinator, "containerView"); coordinatorFrom = p(coordinator, "fromViewController")
        coordinatorTo = p(coordinator, "toViewController"); coordinatorAlongside = p(coordinator, "alongsideAnimations")
        coordinatorCompletions = p(coordinator, "completions"); coordinatorHandlers = p(coordinator, "interactionHandlers")
        context = c("_UIViewControllerOneToOneTransitionContext")
        contextContainer = p(context, "containerView"); contextAnimator = p(context, "animator")
        contextFrom = p(context, "fromViewController"); contextTo = p(context, "toViewController")
        contextFromView = p(context, "fromView"); contextToView = p(context, "toView")
        contextCancelled = p(context, "transitionWasCancelled")
        edgePanRecognizer = c("UIScreenEdgePanGestureRecognizer")
        interactivePop = p(c("UINavigationController"), "interactivePopGestureRecognizer")
    }
}
