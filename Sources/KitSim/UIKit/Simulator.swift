/// The simulated app: a heap with UIKit's classes installed, the application object,
/// its windows and the main run loop on a virtual clock (SPEC §3). This is what `sim`
/// is in a scenario script and what Swift tests drive.
///
/// The UIKit classes are ordinary runtime classes with Swift implementations, so a
/// subclass (from Lua or Swift) overrides `viewDidLoad`, `loadView` or `hitTest`, and
/// UIKit calls the override (SPEC §1).
public final class Simulator {
    /// Behaviour profile and timing (`sim.configure`).
    public struct Configuration: Sendable, Equatable {
        /// The iOS version whose behaviour to reproduce (7…17). SPEC rule 16.
        public var ios: Int = 17
        /// How long an animated push, pop, present or dismiss takes, in seconds (rule 19).
        public var transitionDuration: Double = 0.35
        /// How long a controller may stay alive after leaving the UI before it is an
        /// `abandoned` leak, in seconds (MLeaksFinder's 2 s).
        public var abandonedDelay: Double = 2
        /// How long a resumed `URLSessionDataTask` takes to complete, in seconds (SPEC
        /// rules 46, 51).
        public var latency: Double = 0.5
        /// How long the rotation animation takes, in seconds (SPEC rule 54).
        public var rotationDuration: Double = 0.3
        /// Whether the app launches with a scene manifest (SPEC rule 69): one
        /// `UIWindowScene` with a `SceneDelegate`, and only windows given a scene show.
        /// iOS 13+ only (`sim.configure` refuses it below; a simulator made with it below
        /// 13 launches without scenes).
        public var scenes = false
        public init() {}
    }

    public let heap: Heap
    public internal(set) var configuration: Configuration
    /// The UIKit classes and their properties.
    public let uikit: UIKitClasses
    /// The Foundation classes and their properties.
    public let foundation: FoundationClasses
    /// The WebKit classes and their properties.
    public let webkit: WebKitClasses
    /// The Core Animation classes and their properties.
    public let quartz: QuartzCoreClasses
    /// Every declared class of this simulator: UIKit's and those it was made with (built
    /// when asked for: the heap builds a declaration only when its class is first needed).
    public var declarations: [ClassDeclaration] { Simulator.declarations + extraClasses }
    /// The declared classes this simulator was made with besides UIKit's.
    package let extraClasses: [ClassDeclaration]
    /// `UIScreen.main.bounds`: an iPhone's 390 × 844 points, 844 × 390 on iOS 8+ while the
    /// interface is landscape (SPEC rules 54–56; Application/Simulator+Rotation.swift).
    public var screenBounds: Rect { rotation.screenBounds }
    /// The device and interface orientations and the rotation in flight
    /// (Application/Simulator+Rotation.swift).
    private(set) lazy var rotation = Rotation(self)

    /// The application, the main screen, the windows, the scenes and the keyboard
    /// (Windows/Windows.swift).
    private(set) lazy var windowing = Windows(self)
    #if KITSIM_PLANTED_DEFECT
    /// The planted defect's table of spring animations and the instant it is for
    /// (Views/Simulator+PlantedDefect.swift).
    var plantedSpringSlots = 0
    var plantedSpringInstant: Int64 = -1
    #endif
    /// Whether the model's state types check their invariants after every mutation (the
    /// test suites turn it on; a failure is collected, never trapped on).
    nonisolated(unsafe) public static var checksInvariants = false

    // Controllers (Controllers/).
    /// Appearance, view loading, containment and `abandoned` bookkeeping
    /// (Controllers/Simulator+Appearance.swift).
    private(set) lazy var lifecycle = ControllerLifecycle(self)
    /// Animated pushes and pops in flight (Controllers/NavigationTransitions.swift).
    var navTransitions = NavigationTransitions()
    /// The transition view each presented controller's view sits in
    /// (Controllers/PresentationChain.swift).
    var presentations = PresentationChain()
    /// The transition coordinators in flight (Controllers/UIViewControllerTransitionCoordinator.swift).
    var coordination = TransitionCoordination()
    /// The custom transitions waiting for `completeTransition`
    /// (Controllers/UIViewControllerOneToOneTransitionContext.swift).
    var customTransitions = CustomTransitions()
    /// The edge swipe `sim.swipeBack` is sending `popViewController` for, by navigation
    /// controller id (Controllers/Simulator+InteractivePop.swift).
    var pendingSwipes: [UInt32: Swipe] = [:]
    /// How many non-interactive animated transitions are in flight: UIKit ignores touches
    /// meanwhile (SPEC rule 61).
    var interactionIgnoringTransitions = 0

    /// The main run loop's timers and layout queue (RunLoop/RunLoopQueues.swift).
    var runLoop = RunLoopQueues()

    let transitionHold: HoldReason
    let mainQueueHold: HoldReason
    let mainOperationQueueHold: HoldReason
    let defaultCenterHold: HoldReason
    let postingHold: HoldReason
    let recognizingHold: HoldReason
    let alertHold: HoldReason
    let runLoopHold: HoldReason
    let urlSessionHold: HoldReason
    let sharedSessionHold: HoldReason
    let sessionConfigurationHold: HoldReason
    let animationHold: HoldReason

    /// `RunLoop.main` once made (Foundation/RunLoop.swift), else id 0.
    var mainRunLoopID = ObjectID(0)
    /// `DispatchQueue.main` once made (Foundation/DispatchQueue.swift), else id 0.
    var mainQueueID = ObjectID(0)
    /// `OperationQueue.main` once made (Foundation/OperationQueue.swift), else id 0.
    var mainOperationQueueID = ObjectID(0)
    /// `NotificationCenter.default` once made (Foundation/NotificationCenter.swift), else id 0.
    var defaultCenterID = ObjectID(0)
    /// Each center's registrations in registration order, by center id, and the last
    /// registration number given (Foundation/NotificationCenter.swift).
    var notificationRegistrations: [UInt32: [NotificationRegistration]] = [:]
    var nextRegistration = 0
    /// Each control's target–action pairs and each gesture recognizer's targets, in
    /// registration order (Controls/).
    var controlActions: [UInt32: [ControlAction]] = [:]
    var recognizerTargets: [UInt32: [RecognizerTarget]] = [:]
    /// Each table and collection view's registrations, counts and visible cells, and each
    /// page view controller's pages (Lists/, Controllers/UIPageViewController.swift).
    var lists: [UInt32: ListState] = [:]
    var pages: [UInt32: [ObjectID]] = [:]
    /// The valid key-value observations by observation id, and their registration order
    /// (Foundation/NSKeyValueObservation.swift).
    var observations: [UInt32: KeyValueObservation] = [:]
    var observationOrder: [UInt32] = []
    /// The timers and display links (Foundation/Timer.swift, CADisplayLink.swift).
    private(set) lazy var timers = Timers(self)
    /// `URLSession.shared` and `URLSessionConfiguration.default` once made
    /// (Foundation/URLSession.swift, URLSessionConfiguration.swift), else id 0.
    var sharedSessionID = ObjectID(0)
    var defaultSessionConfigurationID = ObjectID(0)
    /// Each session's invalidation state, by session id (Foundation/URLSession.swift).
    var urlSessions: [UInt32: URLSessionState] = [:]
    /// The session of each task that has not completed, by task id
    /// (Foundation/URLSessionDataTask.swift).
    var taskSessions: [UInt32: ObjectID] = [:]
    /// The names of each user content controller's script message handlers, in the order
    /// they were added, by controller id (WebKit/WKUserContentController.swift).
    var scriptMessageHandlerNames: [UInt32: ScriptMessageHandlerNames] = [:]
    /// The animations on views and layers (UIKit/Views/ViewAnimations.swift) and the
    /// property animators' states by animator id (UIKit/Views/UIViewPropertyAnimator.swift).
    var viewAnimations = ViewAnimations()
    var propertyAnimators: [UInt32: PropertyAnimatorState] = [:]

    /// A simulated app with the given behaviour profile, launched: `UIApplication.shared`
    /// exists with an app delegate whose `window` property is strong, as
    /// `UIApplicationMain` leaves it.
    public convenience init(configuration: Configuration = Configuration()) {
        self.init(configuration: configuration, registering: [])
    }

    /// A simulated app with declared classes added to UIKit's (a test's own class, say),
    /// in the order of `Simulator.declarations`: superclasses first. Declarations that do
    /// not register (an unknown superclass or class name) are refused before anything is
    /// made: they are tried on a heap of their own first.
    public convenience init(configuration: Configuration = Configuration(), classes: [ClassDeclaration]) throws {
        if !classes.isEmpty {
            let trial = Heap()
            try trial.register((Simulator.declarations + classes).map { $0.interface })
            try trial.install(Simulator.declarations + classes, model: trial)
        }
        self.init(configuration: configuration, registering: classes)
    }

    /// Registers and installs declarations known to register: UIKit's own, which are fixed
    /// and name only each other, and extra ones already tried on a heap of their own.
    private init(configuration: Configuration, registering classes: [ClassDeclaration]) {
        let heap = Heap()
        self.heap = heap
        var configuration = configuration
        // SPEC rule 69: scenes are iOS 13 API; below 13 the launch is rules 1-22's.
        if configuration.ios < 13 { configuration.scenes = false }
        self.configuration = configuration
        heap.platformVersion = configuration.ios
        self.extraClasses = classes
        self.uikit = UIKitClasses(heap)
        self.foundation = FoundationClasses(heap)
        self.webkit = WebKitClasses(heap)
        self.quartz = QuartzCoreClasses(heap)
        transitionHold = Simulator.declaredHold("transition in flight", heap)
        mainQueueHold = Simulator.declaredHold("DispatchQueue.main", heap)
        mainOperationQueueHold = Simulator.declaredHold("OperationQueue.main", heap)
        defaultCenterHold = Simulator.declaredHold("NotificationCenter.default", heap)
        postingHold = Simulator.declaredHold("posting", heap)
        recognizingHold = Simulator.declaredHold("recognizing", heap)
        alertHold = Simulator.declaredHold("alert window", heap)
        runLoopHold = Simulator.declaredHold("RunLoop.main", heap)
        urlSessionHold = Simulator.declaredHold("URLSession", heap)
        sharedSessionHold = Simulator.declaredHold("URLSession.shared", heap)
        sessionConfigurationHold = Simulator.declaredHold("URLSessionConfiguration.default", heap)
        animationHold = Simulator.declaredHold("animation in flight", heap)
        // UIKit's classes are registered when first needed; extra ones (which name UIKit's
        // and were tried already) at once, after the ids UIKit's keep for themselves.
        heap.defer(Simulator.deferredClasses, model: self)
        if !classes.isEmpty {
            do {
                try heap.register(classes.map { $0.interface })
                try heap.install(classes, model: self)
            } catch {
                assertionFailure("declarations that registered once failed to register: \(error)")
            }
        }
        launch()
    }

    /// A hold reason one of UIKit's declarations names (checked in debug builds, so a
    /// reason is never taken that the reference and `sim.why`'s documentation lack).
    static func declaredHold(_ name: String, _ heap: Heap) -> HoldReason {
        assert(declarations.contains { $0.interface.holds.contains { $0.name == name && !$0.isRoot } },
               "hold reason '\(name)' is not declared")
        return heap.holdReason(name)
    }

    /// Changes the profile (`sim.configure{ ios = 7 }`).
    public func configure(_ change: (inout Configuration) -> Void) throws {
        var c = configuration
        change(&c)
        guard (7...17).contains(c.ios) else {
            throw SimError(.invalidUse, "ios must be between 7 and 17 (got \(c.ios))")
        }
        if let problem = Simulator.scenesProblem(c) { throw SimError(.invalidUse, problem) }
        guard c.transitionDuration >= 0, c.transitionDuration.isFinite, c.abandonedDelay >= 0, c.abandonedDelay.isFinite,
              c.latency >= 0, c.latency.isFinite, c.rotationDuration >= 0, c.rotationDuration.isFinite else {
            throw SimError(.invalidUse, "durations must be finite and not negative")
        }
        // SPEC rule 52: every profile starts in portrait.
        try rotation.resetOrientation()
        let oldScenes = sceneMode
        configuration = c
        heap.platformVersion = c.ios
        // SPEC rule 63: a new profile makes its own keyboard windows.
        if !windowing.keyboard.windows.isEmpty { try windowing.discardKeyboardWindows() }
        // SPEC rule 69: a profile that connects scenes differently connects its own.
        if sceneMode != oldScenes { try windowing.rebuildScenes() }
    }

    private func launch() {
        // Internal invariant: fresh objects of a fresh heap accept these writes.
        do {
            try windowing.launch()
            try heap.drain()
        } catch {
            assertionFailure("launch failed: \(error)")
        }
        heap.leakDetectors.append { [unowned self] _ in self.lifecycle.abandonedLeaks() }
        heap.onObservedSet = { [unowned self] id, p, old, isPrior in try self.deliverChange(id, p, old: old, isPrior: isPrior) }
        heap.extraRoots.append { [unowned self] _ in self.visibleWindows }
        heap.invariantCheckers.append { [unowned self] heap in
            self.windowing.violations() + self.runLoop.violations()
                + self.navTransitions.violations(isAlive: heap.isAlive) + self.presentations.violations(linkErrors: self.controllerLinkViolations())
                + self.viewAnimations.violations() + self.coordination.violations(isAlive: heap.isAlive)
                + self.customTransitions.violations(isAlive: heap.isAlive)
                + self.timers.violations() + self.lifecycle.violations() + self.rotation.violations()
        }
    }

    /// Installs the heap's dealloc hook the first time the model has state a dealloc must
    /// update (a key-value observation, an animation, a property animator), so that a heap
    /// without any pays nothing per dealloc.
    func watchDeallocs() {
        guard heap.onDealloc == nil else { return }
        // Unowned and unchecked: the simulator owns the heap, and a checked capture would
        // cost a retain and a release on every dealloc.
        heap.onDealloc = { [unowned(unsafe) self] id in
            let kvo = self.observations.isEmpty && self.heap.observedObjects.isEmpty ? nil : self.observationDealloc(id)
            // SPEC rules 44, 45: a window or view that goes may take animations with it,
            // and a property animator released paused or stopped raises.
            let animation = self.viewAnimations.isEmpty && self.propertyAnimators.isEmpty ? nil : self.animationDealloc(id)
            return kvo ?? animation
        }
    }

    /// Allocates and initialises an instance: `Class(...)` in Lua (`init` with the
    /// arguments). The object starts owned by the autorelease pool.
    public func make(_ cls: SimClass, _ arguments: [Value] = []) throws -> ObjectID {
        try make(cls, args: Arguments(arguments))
    }

    /// `make` with arguments stored inline.
    public func make(_ cls: SimClass, args: consuming Arguments) throws -> ObjectID {
        try heap.make(cls, args: args)
    }

    /// `<UIViewController: #7>`, the way UIKit's messages print an object.
    public func angle(_ id: ObjectID?) -> String {
        guard let id, heap.isValid(id) else { return "(null)" }
        return "<\(heap.classOf(id).name): \(id)>"
    }

    /// Virtual time in seconds (`sim.now`).
    public var now: Double { Double(heap.now) / 1e9 }
}


