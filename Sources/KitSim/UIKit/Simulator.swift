/// The simulated app: a heap with UIKit's classes installed, the application object,
/// its windows and the main run loop on a virtual clock (SPEC §3). This is what `sim`
/// is in a scenario script and what Swift tests drive.
///
/// The UIKit classes are ordinary runtime classes with Swift implementations, so a
/// subclass (from Lua or Swift) overrides `viewDidLoad`, `loadView` or `hitTest`, and
/// UIKit calls the override (SPEC §1).
public final class Simulator: HeapAccessing {
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
        /// With a latency window (`sim.configure{ latency = {0.05, 2} }`), the latest a
        /// request may take, `latency` being the earliest: an explorer chooses when each
        /// response arrives (docs/explore.md). Nil: exactly `latency`.
        public var latestLatency: Double?
        /// How long the rotation animation takes, in seconds (SPEC rule 54).
        public var rotationDuration: Double = 0.3
        /// Whether the app launches with a scene manifest (SPEC rule 69): one
        /// `UIWindowScene` with a `SceneDelegate`, and only windows given a scene show.
        /// iOS 13+ only (`sim.configure` refuses it below; a simulator made with it below
        /// 13 launches without scenes).
        public var scenes = false
        /// Strong properties this run makes weak (`kitsim run --weaken`), to try a fix
        /// without editing the scenario: the heap takes them before it registers a class.
        public var weakened: [Weakening] = []
        /// Releases this run makes when a controller leaves the UI (`kitsim fix`'s trial of
        /// an `invalidate` or a `removeObserver` in `viewWillDisappear`, rule 85).
        public var releasesOnDeparture: [ReleaseOnDeparture] = []
        public init() {}
    }

    /// A reference a fix lets go with a call when a controller leaves the UI: a timer or
    /// display link invalidated, a session invalidated, an observer or script message
    /// handler removed, an animation removed from its layer. `owner`, `name` and `target`
    /// are the reference as the first run found it (ids are the same in every run of a
    /// scenario up to the change); `controller` is the one whose departure makes the call.
    public struct ReleaseOnDeparture: Sendable, Equatable {
        public let owner: ObjectID
        public let name: String
        public let target: ObjectID
        public let controller: ObjectID
        public init(owner: ObjectID, name: String, target: ObjectID, controller: ObjectID) {
            self.owner = owner
            self.name = name
            self.target = target
            self.controller = controller
        }
    }

    public let heap: Heap
    public internal(set) var configuration: Configuration
    /// Every declared class of this simulator: UIKit's and those it was made with (built
    /// when asked for: the heap builds a declaration only when its class is first needed).
    public var declarations: [SimulatorClassDeclaration] { Simulator.declarations + extraClasses }
    /// The declared classes this simulator was made with besides UIKit's.
    package let extraClasses: [SimulatorClassDeclaration]
    /// `UIScreen.main.bounds`: an iPhone's 390 × 844 points, 844 × 390 on iOS 8+ while the
    /// interface is landscape (SPEC rules 54–56; Application/Simulator+Rotation.swift).
    public var screenBounds: Rect { rotation.screenBounds }
    /// The device and interface orientations and the rotation in flight
    /// (Application/Simulator+Rotation.swift).
    let rotation: Rotation

    /// The application, the main screen, the windows, the scenes and the keyboard
    /// (Windows/Windows.swift).
    let windowing: Windows
    /// Whether the model's state types check their invariants after every mutation (the
    /// test suites turn it on; a failure is collected, never trapped on).
    nonisolated(unsafe) public static var checksInvariants = false

    // Controllers (Controllers/).
    /// Appearance, view loading, containment and `abandoned` bookkeeping
    /// (Controllers/Simulator+Appearance.swift).
    let lifecycle: ControllerLifecycle
    /// Navigation and tab bar controllers (Controllers/NavigationTransitions.swift).
    let navigation: Navigation
    /// The presentations, alerts and sheets (Controllers/Simulator+Presentation.swift, LegacyAlerts.swift).
    package let presentations: Presentations
    /// The transitions in flight: coordinators, custom transitions (Controllers/Transitions.swift).
    let transitions: Transitions

    /// The main run loop, its queues and main objects (RunLoop/Simulator+RunLoop.swift).
    let runLoop: MainRunLoop

    /// The notification centers' registrations and `NotificationCenter.default`
    /// (Foundation/NotificationCenter.swift).
    let notifications: Notifications
    /// The controls' target–action pairs and the gesture recognizers' targets (Controls/).
    let targetAction: TargetAction
    /// The table and collection views and the page view controllers' pages (Lists/,
    /// Controllers/UIPageViewController.swift).
    let lists: Lists
    /// The valid key-value observations (Foundation/NSKeyValueObservation.swift).
    let keyValueObserving: KeyValueObserving
    /// The timers and display links (Foundation/Timer.swift, CADisplayLink.swift).
    let timers: Timers
    /// Combine's publishers and live subscriptions (Combine/).
    let combine: Pipelines
    /// The pending `perform(_:with:afterDelay:)` requests (Foundation/PerformRequests.swift).
    let performRequests: PerformRequests
    /// The URL sessions and their tasks (Foundation/URLSession.swift,
    /// URLSessionConfiguration.swift, URLSessionDataTask.swift).
    let urlLoading: URLLoading
    /// The user content controllers' script message handlers
    /// (WebKit/WKUserContentController.swift).
    let scriptMessageHandlers: ScriptMessageHandlers
    /// The animations on views and layers and the property animators
    /// (UIKit/Views/Simulator+Animations.swift).
    let animations: Animations
    /// The view tree's behaviour: moves, walks up the tree, hit-testing, the first
    /// responder (UIKit/Views/Views.swift).
    let views: Views
    /// What the user sees: `sim.screen()` and its picture (UIKit/Screen/Screen.swift).
    let display: Screen
    /// Swift concurrency's tasks (Concurrency/Task.swift).
    let tasks: Tasks
    /// The async sequences tasks iterate (Concurrency/AsyncStream.swift).
    let asyncSequences: AsyncSequences

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
    public convenience init(configuration: Configuration = Configuration(), classes: [SimulatorClassDeclaration]) throws {
        if !classes.isEmpty {
            let trial = Heap()
            try trial.register((Simulator.declarations + classes).map { $0.interface })
            try trial.install((Simulator.declarations + classes).map { $0.unboundForChecking() })
        }
        self.init(configuration: configuration, registering: classes)
    }

    /// Registers and installs declarations known to register: UIKit's own, which are fixed
    /// and name only each other, and extra ones already tried on a heap of their own.
    private init(configuration: Configuration, registering classes: [SimulatorClassDeclaration]) {
        let heap = Heap()
        self.heap = heap
        var configuration = configuration
        // SPEC rule 69: scenes are iOS 13 API; below 13 the launch is rules 1-22's.
        if configuration.ios < 13 { configuration.scenes = false }
        self.configuration = configuration
        heap.platformVersion = configuration.ios
        heap.weakenings = configuration.weakened
        self.extraClasses = classes
        // Each subsystem interns its hold reasons when it is made; making them all here, in
        // one fixed order, keeps the heap's interned names independent of what a script uses first.
        transitions = Transitions(heap)
        runLoop = MainRunLoop(heap)
        notifications = Notifications(heap)
        targetAction = TargetAction(heap)
        windowing = Windows(heap)
        presentations = Presentations(heap)
        timers = Timers(heap)
        urlLoading = URLLoading(heap)
        animations = Animations(heap)
        lifecycle = ControllerLifecycle(heap)
        navigation = Navigation(heap)
        rotation = Rotation(heap)
        lists = Lists(heap)
        keyValueObserving = KeyValueObserving(heap)
        scriptMessageHandlers = ScriptMessageHandlers(heap)
        views = Views(heap)
        display = Screen(heap)
        performRequests = PerformRequests(heap)
        tasks = Tasks(heap)
        asyncSequences = AsyncSequences(heap)
        combine = Pipelines(heap)
        transitions.sim = self
        runLoop.sim = self
        notifications.sim = self
        targetAction.sim = self
        windowing.sim = self
        presentations.sim = self
        timers.sim = self
        urlLoading.sim = self
        animations.sim = self
        lifecycle.sim = self
        navigation.sim = self
        rotation.sim = self
        lists.sim = self
        keyValueObserving.sim = self
        scriptMessageHandlers.sim = self
        views.sim = self
        display.sim = self
        performRequests.sim = self
        tasks.sim = self
        asyncSequences.sim = self
        combine.sim = self
        // The calls between subsystems on the hot paths go direct (Subsystem.swift says why).
        navigation.lifecycle = lifecycle
        navigation.transitions = transitions
        navigation.views = views
        navigation.windowing = windowing
        lifecycle.navigation = navigation
        lifecycle.views = views
        lifecycle.transitions = transitions
        views.windowing = windowing
        views.animations = animations
        windowing.lifecycle = lifecycle
        windowing.views = views
        transitions.views = views
        runLoop.lifecycle = lifecycle
        runLoop.transitions = transitions
        runLoop.windowing = windowing
        // UIKit's classes are registered when first needed; extra ones (which name UIKit's
        // and were tried already) at once, after the ids UIKit's keep for themselves.
        heap.defer(Simulator.deferredClasses, binding: self)
        if !classes.isEmpty {
            do {
                try heap.register(classes.map { $0.interface })
                try heap.install(classes, binding: self)
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
            throw SimError.misuse(.badIOSVersion(c.ios))
        }
        if let problem = Simulator.scenesProblem(c) { throw SimError.misuse(problem) }
        guard c.transitionDuration >= 0, c.transitionDuration.isFinite, c.abandonedDelay >= 0, c.abandonedDelay.isFinite,
              c.latency >= 0, c.latency.isFinite, (c.latestLatency.map { $0 >= c.latency && $0.isFinite } ?? true), c.rotationDuration >= 0, c.rotationDuration.isFinite else {
            throw SimError.misuse(.badDurations)
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
        heap.onObservedSet = { [unowned self] id, p, old, isPrior in try self.keyValueObserving.deliverChange(id, p, old: old, isPrior: isPrior) }
        heap.extraRoots.append { [unowned self] _ in self.visibleWindows }
        heap.ownerAdvice = { [unowned self] id in self.windowing.ownerAdvice(for: id) }
        let inspection = LeakInspection(sim: self)
        heap.leakStatusProvider = { id in inspection.status(of: id) }
        heap.referenceRole = { r in inspection.role(of: r) }
        heap.frameLocalsProperty = Task.operation.name
        heap.invariantCheckers.append { [unowned self] heap in
            self.windowing.violations() + self.runLoop.violations()
                + self.lifecycle.violations() + self.rotation.violations()
                + self.navigation.violations() + self.presentations.violations()
                + self.transitions.violations() + self.animations.violations()
                + self.timers.violations() + self.lists.violations()
                + self.notifications.violations() + self.keyValueObserving.violations() + self.targetAction.violations()
                + self.urlLoading.violations() + self.scriptMessageHandlers.violations()
                + self.views.violations() + self.display.violations() + self.performRequests.violations()
                + self.tasks.violations() + self.asyncSequences.violations()
                + self.combine.violations()
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
            let kvo = self.keyValueObserving.observations.isEmpty && self.heap.observedObjects.isEmpty
                ? nil : self.keyValueObserving.dealloc(id)
            // SPEC rules 44, 45: a window or view that goes may take animations with it,
            // and a property animator released paused or stopped raises.
            let animation = self.animations.isEmpty ? nil : self.animations.dealloc(id)
            return kvo ?? animation
        }
    }

    /// Allocates and initialises an instance: `Class(...)` in Lua (`init` with the
    /// arguments). The object starts owned by the autorelease pool.
    public func make(_ cls: SimClass, _ arguments: [Value] = []) throws -> ObjectID {
        try make(cls, args: Arguments(arguments))
    }

    /// Allocates and initialises an instance of the class named `className` (a UIKit class
    /// or one declared on this simulator): `UIWindow()` is `make("UIWindow")`.
    public func make(_ className: String, _ arguments: [Value] = []) throws -> ObjectID {
        guard let cls = heap.classNamed(className) else { throw SimError.misuse(.unregisteredClass(className)) }
        return try make(cls, args: Arguments(arguments))
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


