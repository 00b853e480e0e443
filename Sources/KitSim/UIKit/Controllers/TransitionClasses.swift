/// The transition classes' handles and the properties the model reads and writes
/// (the coordinator, custom transitions' context), looked up once per simulator as
/// `UIKitClasses` does for the rest of UIKit.
public final class TransitionClasses {
    let heap: Heap
    public private(set) lazy var coordinator: SimClass = c("_UIViewControllerTransitionCoordinator")
    lazy var coordinatorInteractive: Property = p(coordinator, "isInteractive")
    lazy var coordinatorInitiallyInteractive: Property = p(coordinator, "initiallyInteractive")
    lazy var coordinatorCancelled: Property = p(coordinator, "isCancelled")
    lazy var coordinatorDuration: Property = p(coordinator, "transitionDuration")
    lazy var coordinatorContainer: Property = p(coordinator, "containerView")
    lazy var coordinatorFrom: Property = p(coordinator, "fromViewController")
    lazy var coordinatorTo: Property = p(coordinator, "toViewController")
    lazy var coordinatorAlongside: Property = p(coordinator, "alongsideAnimations")
    lazy var coordinatorCompletions: Property = p(coordinator, "completions")
    lazy var coordinatorHandlers: Property = p(coordinator, "interactionHandlers")
    public private(set) lazy var context: SimClass = c("_UIViewControllerOneToOneTransitionContext")
    lazy var contextContainer: Property = p(context, "containerView")
    lazy var contextAnimator: Property = p(context, "animator")
    lazy var contextFrom: Property = p(context, "fromViewController")
    lazy var contextTo: Property = p(context, "toViewController")
    lazy var contextFromView: Property = p(context, "fromView")
    lazy var contextToView: Property = p(context, "toView")
    lazy var contextCancelled: Property = p(context, "transitionWasCancelled")
    public private(set) lazy var edgePanRecognizer: SimClass = c("UIScreenEdgePanGestureRecognizer")
    lazy var interactivePop: Property = p(c("UINavigationController"), "interactivePopGestureRecognizer")

    /// Keeps the heap only: each class and property is looked up (and the class
    /// materialised, `Heap.defer`) on its first use, then kept.
    init(_ heap: Heap) {
        self.heap = heap
    }

    // Declared in `Simulator.deferredClasses`: the lookups cannot fail.
    private func c(_ name: String) -> SimClass { heap.classNamed(name)! }
    private func p(_ c: SimClass, _ name: String) -> Property { heap.resolvedProperty(c, name)! }
}
