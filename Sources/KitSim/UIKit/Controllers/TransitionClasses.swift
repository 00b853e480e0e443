/// The transition classes' handles and the properties the model reads and writes
/// (the coordinator, custom transitions' context), looked up once per simulator as
/// `UIKitClasses` does for the rest of UIKit.
public final class TransitionClasses {
    let heap: Heap
    public private(set) lazy var coordinator: SimClass = c("_UIViewControllerTransitionCoordinator")
    var coordinatorInteractive: Property { @inline(__always) get { coordinatorProperties.coordinatorInteractive } }
    var coordinatorInitiallyInteractive: Property { @inline(__always) get { coordinatorProperties.coordinatorInitiallyInteractive } }
    var coordinatorCancelled: Property { @inline(__always) get { coordinatorProperties.coordinatorCancelled } }
    var coordinatorDuration: Property { @inline(__always) get { coordinatorProperties.coordinatorDuration } }
    var coordinatorContainer: Property { @inline(__always) get { coordinatorProperties.coordinatorContainer } }
    var coordinatorFrom: Property { @inline(__always) get { coordinatorProperties.coordinatorFrom } }
    var coordinatorTo: Property { @inline(__always) get { coordinatorProperties.coordinatorTo } }
    var coordinatorAlongside: Property { @inline(__always) get { coordinatorProperties.coordinatorAlongside } }
    var coordinatorCompletions: Property { @inline(__always) get { coordinatorProperties.coordinatorCompletions } }
    var coordinatorHandlers: Property { @inline(__always) get { coordinatorProperties.coordinatorHandlers } }
    public private(set) lazy var context: SimClass = c("_UIViewControllerOneToOneTransitionContext")
    var contextContainer: Property { @inline(__always) get { contextProperties.contextContainer } }
    var contextAnimator: Property { @inline(__always) get { contextProperties.contextAnimator } }
    var contextFrom: Property { @inline(__always) get { contextProperties.contextFrom } }
    var contextTo: Property { @inline(__always) get { contextProperties.contextTo } }
    var contextFromView: Property { @inline(__always) get { contextProperties.contextFromView } }
    var contextToView: Property { @inline(__always) get { contextProperties.contextToView } }
    var contextCancelled: Property { @inline(__always) get { contextProperties.contextCancelled } }
    public private(set) lazy var edgePanRecognizer: SimClass = c("UIScreenEdgePanGestureRecognizer")
    var interactivePop: Property { @inline(__always) get { navigationControllerProperties.interactivePop } }

    /// Keeps the heap only: each class and property is looked up (and the class
    /// materialised, `Heap.defer`) on its first use, then kept.
    init(_ heap: Heap) {
        self.heap = heap
    }

    // The properties as `let`s of one object per class, made when the model first reads one
    // of them (which registers the class): a read borrows the property, where a `lazy var`
    // would copy it out of its optional storage (UIKitClasses does the same).
    final class CoordinatorProperties {
        let coordinatorInteractive: Property
        let coordinatorInitiallyInteractive: Property
        let coordinatorCancelled: Property
        let coordinatorDuration: Property
        let coordinatorContainer: Property
        let coordinatorFrom: Property
        let coordinatorTo: Property
        let coordinatorAlongside: Property
        let coordinatorCompletions: Property
        let coordinatorHandlers: Property
        init(_ k: TransitionClasses) {
            let c = k.coordinator
            coordinatorInteractive = k.p(c, "isInteractive")
            coordinatorInitiallyInteractive = k.p(c, "initiallyInteractive")
            coordinatorCancelled = k.p(c, "isCancelled")
            coordinatorDuration = k.p(c, "transitionDuration")
            coordinatorContainer = k.p(c, "containerView")
            coordinatorFrom = k.p(c, "fromViewController")
            coordinatorTo = k.p(c, "toViewController")
            coordinatorAlongside = k.p(c, "alongsideAnimations")
            coordinatorCompletions = k.p(c, "completions")
            coordinatorHandlers = k.p(c, "interactionHandlers")
        }
    }
    private(set) lazy var coordinatorProperties = CoordinatorProperties(self)
    final class ContextProperties {
        let contextContainer: Property
        let contextAnimator: Property
        let contextFrom: Property
        let contextTo: Property
        let contextFromView: Property
        let contextToView: Property
        let contextCancelled: Property
        init(_ k: TransitionClasses) {
            let c = k.context
            contextContainer = k.p(c, "containerView")
            contextAnimator = k.p(c, "animator")
            contextFrom = k.p(c, "fromViewController")
            contextTo = k.p(c, "toViewController")
            contextFromView = k.p(c, "fromView")
            contextToView = k.p(c, "toView")
            contextCancelled = k.p(c, "transitionWasCancelled")
        }
    }
    private(set) lazy var contextProperties = ContextProperties(self)
    final class NavigationControllerProperties {
        let interactivePop: Property
        init(_ k: TransitionClasses) {
            let c = k.c("UINavigationController")
            interactivePop = k.p(c, "interactivePopGestureRecognizer")
        }
    }
    private(set) lazy var navigationControllerProperties = NavigationControllerProperties(self)

    // Declared in `Simulator.deferredClasses`: the lookups cannot fail.
    fileprivate func c(_ name: String) -> SimClass { heap.classNamed(name)! }
    fileprivate func p(_ c: SimClass, _ name: String) -> Property { heap.resolvedProperty(c, name)! }
}
