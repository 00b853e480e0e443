/// The simulated heap and object runtime: classes, objects, retain counts, references of
/// every kind, autorelease pools, holds, deallocation and the trace (SPEC §2).
///
/// Storage is struct-of-arrays indexed by object id, so an object costs a few dozen
/// bytes and a dealloc cascade touches contiguous memory. One `Heap` is one simulated
/// app; it is not thread-safe, and several heaps may live side by side.
///
/// The aspects live in their own files: `Heap+Allocation`, `Heap+RetainRelease`,
/// `Heap+Dealloc`, `Heap+Weak`, `Heap+Properties`, `Heap+Associated`, `Heap+Pools`,
/// `Heap+Holds`, `Heap+Messaging`, `Heap+Classes`, and under Inspection/ the read-only
/// views (`Heap+Verify`, `Heap+Leaks`, `Heap+Why`, `Heap+History`, `Heap+Graph`).
public final class Heap {
    // MARK: Classes
    var classes: [SimClass] = []
    var classesByName: [String: SimClass] = [:]
    /// Declared classes not materialised yet (Heap+DeferredClasses).
    var deferred = DeferredClasses()
    /// The classes and properties the model's handles name, resolved (Handles.swift).
    @usableFromInline var handleCache = HandleCache()
    /// The root class every built-in class descends from.
    public private(set) var rootClass: SimClass! = nil

    /// Every class's `PropertyAccess` entries, flat, class after class, and where each
    /// class's entries start (by class id): the property hot path reads them without
    /// touching (retaining) the class object.
    var propertyAccess: ContiguousArray<PropertyAccess> = []
    var propertyAccessBase: ContiguousArray<UInt32> = [0]      // class 0: the sentinel
    /// Where each class's entries end: deferred classes take their entries when
    /// materialised, so a class's entries need not end where the next id's start.
    var propertyAccessEnds: ContiguousArray<UInt32> = [0]

    // MARK: Objects (index 0 is a sentinel: "no object")
    var classIndex: ContiguousArray<UInt32> = [0]
    var retainCounts: ContiguousArray<UInt32> = [0]
    var states: ContiguousArray<ObjectState> = [.deallocated]
    var slotBase: ContiguousArray<UInt32> = [0]
    var weakHead: ContiguousArray<UInt32> = [0]
    var activeCalls: ContiguousArray<UInt16> = [0]
    /// The receiver of the innermost send whose keep-alive (SPEC §2) is not counted in
    /// `activeCalls` yet, or 0. A send counts its receiver only when it has to: when
    /// another send begins inside it, or when a release inside it takes the receiver's
    /// retain count to zero (`holdsPendingReceiver`). A send whose body neither sends nor
    /// releases its receiver, the common case, counts nothing.
    var pendingReceiver: UInt32 = 0
    /// Property storage of every object, `slotCount` consecutive slots each.
    var slots: ContiguousArray<Value> = []

    // MARK: Weak references (Heap+Weak)
    var weakNodes: ContiguousArray<WeakNode> = [WeakNode()]
    var freeWeakNode: UInt32 = 0
    /// The weak node registered for each slot (0: none), indexed like `slots`. Grown
    /// lazily up to the highest slot ever linked; an array rather than a dictionary so
    /// the dealloc cascade does no hashing (BENCHMARKS.md).
    var weakNodeOfSlot: ContiguousArray<UInt32> = []

    // MARK: Associated references, holds, pools
    var associated: [UInt32: [AssociatedEntry]] = [:]
    var blockBodies: [UInt32: Implementation] = [:]
    /// Where each closure block's function was written (`file.lua:12`), by block id
    /// (Heap+Closures); kept after the block deallocates (ids are never reused), so that
    /// histories name its captures as the closure's.
    var closureSites: [UInt32: String] = [:]
    /// Where each `sim.block` was made (`file.lua:12`), for its captures' suspects and `--weaken`.
    var blockSites: [UInt32: String] = [:]
    /// The captures (by name id) a weakening made weak, by closure block (Heap+Weakening).
    var weakenedClosures: [UInt32: [UInt16]] = [:]
    var holds: [UInt32: [HoldCount]] = [:]
    var poolEntries: ContiguousArray<UInt32> = []
    var poolMarks: [Int] = []

    // MARK: Dealloc cascade (Heap+Dealloc)
    let releaseStack = AppendBuffer<PendingRelease>()

    // MARK: Trace (Trace/)
    /// Every recorded event, in order.
    public var events: TraceLog { TraceLog(eventBuffer) }
    let eventBuffer = EventBuffer()
    /// Events not recorded because the trace's block could not grow (reported by `traceText`).
    public internal(set) var lostEvents = 0
    var names: [String] = [""]
    var nameIDs: [String: UInt16] = ["": 0]
    /// Interned `name[i]` (1-based) by the name's id and i - 1: the names of elements of
    /// UIKit's arrays, looked up without building a string per push (rule 6).
    var elementNames: [[UInt16]] = []
    var messages: [String] = []
    var locations: [SourceLocation] = [SourceLocation(file: "", line: 0)]
    /// Location ids by (file id << 32 | line).
    var locationIDs: [UInt64: UInt32] = [:]
    var locationFileIDs: [String: UInt32] = [:]
    var lastLocationFile: (name: String, id: UInt32) = ("", UInt32.max)
    /// Record alloc, retain, release, weak zeroing and dealloc events (history). On by
    /// default; `sim.history` and `sim.why` need it.
    public var recordsHistory = true
    /// Also record every message send (`--trace`).
    public var tracesCalls = false
    /// The receivers of the messages sent while this is not nil, duplicates and all: an
    /// order explorer's record of the objects a step messaged, for its reduction's
    /// footprints. Kept apart from the trace, so that a run's trace (and the report that
    /// shows its end) is the same whether or not an explorer watches it; the explorer
    /// empties it at every step.
    public var messagedObjects: [UInt32]?
    /// The source location the host is executing, stamped on every event recorded
    /// until it changes (the Lua bridge sets the script's file:line).
    public internal(set) var currentLocation: UInt32 = 0

    // MARK: Labels and clock
    var labels: [UInt32: String] = [:]
    /// Virtual time in nanoseconds since the start of the run (SPEC §3.6). Never the
    /// wall clock.
    public internal(set) var now: Int64 = 0

    /// Supplies the host's current source location lazily: called when an event is
    /// recorded after `locationIsStale` was set, so a host that marks every entry stale
    /// pays for a lookup only when something is recorded (the Lua bridge's file:line).
    public var locationProvider: (() -> SourceLocation?)?
    /// Set by the host when its position may have changed.
    public var locationIsStale = false
    /// Called after an object deallocated (the bridge drops its Lua-side fields).
    public var deallocObserver: ((ObjectID) -> Void)?

    /// Runs host implementations (Lua functions); set by the bridge. Held strongly: it is
    /// called on every message a host implements, and a weak reference costs a weak load
    /// and side-table reference counting per call. A host that owns the heap
    /// registers a small forwarding object that does not own the host (the Lua bridge
    /// does), so there is no cycle.
    public var foreignDispatcher: ForeignDispatcher?
    /// Detectors of `abandoned` leaks; the UIKit model registers one (SPEC §2).
    public var leakDetectors: [(Heap) -> [Leak]] = []
    /// Providers of roots that hold no reference (SPEC §2: windows on screen are roots
    /// for leak reports, yet UIApplication does not own them).
    public var extraRoots: [(Heap) -> [ObjectID]] = []
    /// Where an object of a model's class is usually owned, for the advice on an object
    /// nothing owned (`for example UIApplication.shared.delegate.window`); the UIKit
    /// model sets it. Nil, or nil for an object, gives the generic advice.
    public var ownerAdvice: ((ObjectID) -> String?)?
    /// What the model knows of whether an object leaks (on screen, popped, invalidated),
    /// for the statuses of leak traces (`leakTrace`); nil or `unknown` when it knows nothing.
    public var leakStatusProvider: ((ObjectID) -> LeakStatus)?
    /// What the model knows of a reference (its framework's own, a timer's target), for
    /// suspects and suggested fixes; nil for a reference it knows nothing of.
    public var referenceRole: ((Reference) -> ReferenceRole?)?
    /// The property of an object whose body a suspended coroutine runs (the model's
    /// `Task.operation`): what the coroutine's frames hold (`frameLocalPrefix`) goes with
    /// that body, so a fix counts them as one declaration with it (ending the body lets go
    /// of both). Nil: each frame local is a declaration of its own.
    public var frameLocalsProperty: String?
    /// Told of each leak as a leak detector would show it during the run (MLeaksFinder's
    /// alert 2 s after a controller left), with the heap as it is then: `kitsim fix` sets
    /// it, to hear of leaks a scenario's end no longer has. Nil costs nothing.
    public var onLeakSighted: (([Leak]) -> Void)?
    /// Checks of the state a model keeps beside the heap, run by `invariantViolations`
    /// (so `sim.verify()` and the fuzzer's check after every call cover them).
    public var invariantCheckers: [(Heap) -> [String]] = []
    /// Called once per run-loop turn the model runs (a timer's firing, a display link's
    /// frame) with the turn's cost in work units: the host charges its work budget and may
    /// stop the run, so a timer that fires every 0.1 ms for an hour of virtual time cannot
    /// keep Swift busy beyond every limit. The cost grows with what the turn's layout pass
    /// walks, so neither can one that fills the app with windows.
    public var onTurn: ((Int) throws -> Void)?
    /// Decides which event runs where more than one may run next (`kitsim explore`, a
    /// replayed schedule); nil runs the default order. The run loop asks it only at such a
    /// choice, and tells it each event it ran.
    public var orderChooser: OrderChooser?
    /// Called after every run-loop turn with the label of the event the turn ran (nil for
    /// the turn of the script itself): the host checks `sim.always` and `sim.sometimes`
    /// there. An error it throws ends the run as the turn's own would.
    public var afterTurn: ((String?) throws -> Void)?
    /// How many times the model changed state that it keeps outside objects and that any
    /// event may read (whether touches are ignored, the windows' order and key window, the
    /// interface orientation). An order explorer treats an event that changed it as touching
    /// everything: the trace, which names the objects an event touched, cannot show it.
    public private(set) var sharedStateWrites = 0

    /// Notes a change of state kept outside objects that any event may read
    /// (`sharedStateWrites`).
    @inline(__always) public func noteSharedStateWrite() { sharedStateWrites &+= 1 }
    /// Key-value observing (SPEC rule 35): a set of a property of an object in
    /// `observedObjects` calls this before the store (`isPrior` true) and after it, with
    /// the old value. The count of observed objects keeps the check to one comparison on
    /// the property hot paths while nothing is observed.
    public var onObservedSet: ((ObjectID, Property, _ old: Value, _ isPrior: Bool) throws -> Void)?
    /// Objects whose property sets call `onObservedSet`, with how many observations each has.
    public internal(set) var observedObjects: [UInt32: Int] = [:]
    @usableFromInline var observedCount = 0
    /// Called as an object deallocates, after its `deinit` and before its references are
    /// released; an error it returns is raised as a `deinit` error is (SPEC rule 35's
    /// iOS ≤ 10 exception).
    public var onDealloc: ((ObjectID) -> Error?)?
    /// The platform version the model reproduces (`sim.configure{ ios = 9 }`) and its name:
    /// declarations introduced later are refused (SPEC rule 51), and a property whose
    /// ownership the platform changed has the ownership of this version (rule 78).
    public var platformVersion = Int.max {
        didSet { if platformVersion != oldValue { applyPlatformVersion() } }
    }
    /// The properties, of every registered class, whose ownership depends on the platform
    /// version (Heap+PlatformOwnership).
    var versionedProperties: [VersionedProperty] = []
    public var platformName = "iOS"
    /// Properties this run makes weak where their class declares them strong
    /// (Heap+Weakening): set before the classes they name are registered.
    public var weakenings: [Weakening] = []

    /// The name id of the autorelease pool in events.
    let poolReason: UInt16 = 1
    /// The hold reason of `sim.hold`.
    public let scriptHold = HoldReason(id: 2, name: "sim.hold")

    /// Creates an empty heap with the root class `NSObject`.
    public init() {
        names.reserveCapacity(64)
        names += ["autorelease pool", "sim.hold"]
        nameIDs["autorelease pool"] = 1
        nameIDs["sim.hold"] = 2
        classes.append(SimClass(id: 0, name: "<none>", superclass: nil, properties: []))
        rootClass = registerClass("NSObject", superclass: nil, properties: [])
    }

    deinit {
        // Classes refer to each other (superclass ↔ subclasses, and property types:
        // `UIView.window` is a `UIWindow`, which has that property too), and the model's
        // method closures capture what they use: break those cycles, or every heap's
        // classes and methods leak (~340 KB a simulator, and a long `kitsim fuzz` run
        // makes 100,000 heaps).
        for c in classes {
            c.subclasses.removeAll()
            c.properties.removeAll()
            c.classMethods.removeAll()
            c.ownMethods.removeAll()
            c.methods.removeAll()
            c.deinitImplementation = nil
            c.hostData = nil
        }
    }

    /// Number of objects ever allocated.
    public var objectCount: Int { classIndex.count - 1 }

    /// Whether `id` names an object this heap allocated (alive or not).
    public func isValid(_ id: ObjectID) -> Bool {
        id.raw != 0 && Int(id.raw) < classIndex.count
    }

    /// Whether the object is alive (deallocating counts as not alive: weak references
    /// already read nil). Never throws, whatever the id (`sim.alive`).
    public func isAlive(_ id: ObjectID) -> Bool {
        isValid(id) && states[Int(id.raw)] == .alive
    }

    /// The object's state; `.deallocated` for ids this heap never handed out.
    public func state(of id: ObjectID) -> ObjectState {
        isValid(id) ? states[Int(id.raw)] : .deallocated
    }

    /// The current retain count (0 once deallocated).
    public func retainCount(_ id: ObjectID) -> Int {
        isValid(id) ? Int(retainCounts[Int(id.raw)]) : 0
    }

    /// `Class#12`, the way every message names an object.
    public func describe(_ id: ObjectID) -> String {
        guard isValid(id) else { return "\(id)" }
        return classOf(id).name + "#" + String(id.raw)
    }

    /// Gives an object a name for reports and for `Outcome.object(labeled:)`.
    public func label(_ id: ObjectID, _ name: String) { labels[id.raw] = name }

    /// The label given with `label(_:_:)`.
    public func label(of id: ObjectID) -> String? { labels[id.raw] }

    /// Every labelled object, sorted by label.
    public var labelledObjects: [(label: String, id: ObjectID)] {
        labels.map { ($0.value, ObjectID($0.key)) }.sorted { $0.label < $1.label || ($0.label == $1.label && $0.id < $1.id) }
    }

    /// Every live object, in id order.
    public var liveObjects: [ObjectID] {
        var out: [ObjectID] = []
        for i in 1..<states.count where states[i] != .deallocated { out.append(ObjectID(UInt32(i))) }
        return out
    }

    /// Fails with a zombie error when `id` is dead, naming the message as UIKit does:
    /// `-[UINavigationController topViewController]: message sent to deallocated instance #12`.
    public func checkUsable(_ id: ObjectID, _ selector: @autoclosure () -> String) throws {
        if isUsable(id) { return }
        try failUnusable(id, selector())
    }

    /// Whether messages may be sent to `id` (valid and not deallocated): the check of
    /// `checkUsable` without building its message, for the hot paths.
    @inline(__always)
    public func isUsable(_ id: ObjectID) -> Bool {
        id.raw != 0 && Int(id.raw) < states.count && states[Int(id.raw)] != .deallocated
    }

    /// The index of the object's class (`classOf(id).id`) without touching the class.
    public func classID(of id: ObjectID) -> UInt32 {
        Int(id.raw) < classIndex.count ? classIndex[Int(id.raw)] : 0
    }

    @inline(never)
    func failUnusable(_ id: ObjectID, _ selector: String) throws {
        guard isValid(id) else {
            throw SimError.misuse(.noObject(id), object: id)
        }
        if states[Int(id.raw)] == .deallocated {
            throw zombieError(id, selector)
        }
    }

    func zombieError(_ id: ObjectID, _ selector: String) -> SimError {
        SimError.crash(.zombie(ObjectRef(classOf(id).name, id), selector: selector), object: id)
    }
}

/// The life stage of an object.
public enum ObjectState: UInt8, Sendable {
    case alive
    /// Its `deinit` is running: weak references already read nil.
    case deallocating
    case deallocated
}
