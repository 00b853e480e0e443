import CLua
import CLuaShim
import KitSimRuntime

/// What a sandbox runs scripts against: a heap and a model built on it. The bridge maps
/// any runtime class, property and selector to Lua; a model (KitSim's own, through
/// the `KitSimLua` binding) adds its globals and its members of the `sim` table, and says
/// what the end of a run-loop turn does.
public protocol SandboxModel: AnyObject {
    /// The heap every object of the model lives in.
    var heap: Heap { get }
    /// Ends the current run-loop turn, as the end of a script does (SPEC §3.6).
    func finishTurn() throws
    /// Settles the run loop at the current moment, as `sim.run(0)` does: ends the turn,
    /// checks the properties checked after every turn, and runs what is due now, without
    /// moving the clock. `sim.growth` does this after every round.
    func settle() throws
    /// Adds the model's globals and its members of the `sim` table, which is at stack
    /// index `simTable` of `sandbox.L`. Called once, before the prelude runs.
    func install(in sandbox: LuaSandbox, simTable: Int32) throws
    /// The interfaces of the model's declared classes, superclasses first: what the Lua
    /// globals, LuaLS annotations, the API reference and the fuzzer's vocabulary list.
    var classInterfaces: [ClassInterface] { get }
    /// Adds the class-table members of `cls` (`LuaSandbox.setStatic`, `setLazyStatic`),
    /// called when a script first uses the class's table.
    func installStatics(of cls: SimClass, in sandbox: LuaSandbox)
}

extension SandboxModel {
    /// A model without timers settles by ending the turn and checking the properties.
    public func settle() throws {
        try finishTurn()
        try heap.afterTurn?(nil)
    }

    /// A model without class-table members adds none.
    public func installStatics(of cls: SimClass, in sandbox: LuaSandbox) {}
}

/// A Lua 5.4 state with the KitSim runtime exposed to it (SPEC §4, §6): class tables as
/// globals, handles for objects, the `sim` table, the assertion vocabulary, and limits.
///
/// Rule 1 (no longjmp through Swift): Lua reaches Swift only through the shim's
/// trampoline; a Swift function reports an error by pushing its value and returning
/// `KITSIM_RAISE`, and the trampoline raises after the Swift frame is gone. Swift
/// reaches Lua only through `kitsim_pcall`. Swift uses only Lua API calls that cannot
/// raise (or can raise only "not enough memory", which the shim's allocator never
/// reports while a Swift frame is active).
public final class LuaSandbox {
    /// Run limits (SPEC §5).
    public struct Limits: Sendable {
        /// Calls from Lua into KitSim the run may make (methods, property accesses, `sim.*`,
        /// `print`, `io.write`; a run-loop turn counts as one): a loop that touches the
        /// simulator stops at the same call on every run. 0 for none.
        public var work: Int64 = 10_000_000
        /// Wall-clock seconds a run (the script, a REPL entry, a call from Swift) may take,
        /// whatever it executes (`--time-limit`); 0 for none. The watchdog stops Lua code
        /// and the run loop at that time, and ends the process, with a report naming the
        /// function and the line, when the run is inside something that cannot be
        /// interrupted (a C function such as a pattern match) a second later
        /// (`kitsim_watch`). No hook on the normal path, and one clock read per run.
        public var timeLimit: Double = 10
        /// An instruction budget, counted by a count hook every 1,000 instructions; 0 (the
        /// default) for none. Deterministic for pure-Lua loops too, but any count hook makes
        /// every Lua instruction about twice as expensive (BENCHMARKS.md).
        public var instructions: Int64 = 0
        /// Bytes the Lua state may hold.
        public var memoryBytes: Int = 512 << 20
        /// Virtual seconds `sim.run` may reach.
        public var virtualSeconds: Double = 3600
        /// Simulated objects a run may allocate (the heap lives outside Lua's memory cap).
        public var objects: Int = 2_000_000
        public init() {}
    }

    /// Seconds a run may go on after the time limit's stop before the watchdog decides it
    /// cannot be stopped (inside a C function) and ends the process (`Limits.timeLimit`).
    public static var stuckGraceSeconds: Double { Double(KITSIM_STUCK_GRACE) }

    /// The model the scripts drive.
    public let model: SandboxModel
    /// The model's heap (stored: the hot paths read it on every call).
    public let heap: Heap
    let state: LuaStateBox
    package var L: OpaquePointer { state.L }
    let limits: UnsafeMutablePointer<kitsim_limits>
    public let limitsConfiguration: Limits
    /// `--sandbox`: no `os`, `io`, `load*`, `dofile`, and `require` only from the
    /// scenario's folder.
    public let isSandboxed: Bool
    /// Compiled scripts shared with the sandboxes that run the same files before or after
    /// this one (`ChunkCache`); nil: each file is compiled when it is loaded.
    public var chunkCache: ChunkCache? {
        didSet { limits.pointee.chunks = chunkCache?.raw }
    }

    // Swift functions callable from Lua, by index (the trampoline's upvalue 1).
    // Each in a class box reached unretained (an array of closures costs a
    // reabstraction thunk and a retain per call); `functionBoxes` owns them.
    var functions: ContiguousArray<Unmanaged<SwiftFunction>> = []
    var functionBoxes: [SwiftFunction] = []
    // Registry references.
    var handleCache: Int32 = 0         // id → handle, weak values (rule 4; kitsim_push_handle_cache)
    /// The highest object id a handle was ever made for: the cache has no handle above it.
    var handleMark: UInt32 = 0
    var fieldsTable: Int32 = 0         // id → table of undeclared fields
    var classOfTable: Int32 = 0        // class table → class id
    var exceptionMeta: Int32 = 0
    var assertionMeta: Int32 = 0
    var leakMeta: Int32 = 0
    /// The Swift function behind the `tostring` of `sim.since` and `sim.growth` reports
    /// (its text is the closure's upvalue), registered once at install.
    var reportText: Int32 = 0
    /// `sim.mark`'s marks by name; `sim.since` and the console's `:since` read them.
    var generationMarks: [String: HeapMark] = [:]
    var rectMeta: Int32 = 0
    var pointMeta: Int32 = 0
    var sizeMeta: Int32 = 0
    var timeMeta: Int32 = 0
    var indexPathMeta: Int32 = 0
    var classTableMeta: Int32 = 0
    package var classInfo = ClassInfoTable()
    /// Method closures' slots: the class whose methods table holds the closure, the
    /// selector, and the implementation cached for instances of exactly that class.
    var methodSlots: [MethodSlot] = []
    /// Host functions (`setGlobal(_:function:)`), by slot.
    var hostFunctions: [HostFunction] = []
    /// Native method bodies cached in method slots (never released before the sandbox:
    /// a slot refilled after a swizzle may still be running the old body).
    var nativeBoxes: [NativeBox] = []
    /// How many objects ever got a table of undeclared fields (0: deallocs skip it).
    var fieldTables = 0
    // Selectors by small index, for method closures' upvalues.
    var selectors: [Selector] = []
    var selectorIndex: [UInt32: Int] = [:]
    // Implementations reachable as `original` in swizzles.
    var originals: [(Implementation, Selector)] = []
    /// Where each Lua method was defined ("file.lua:12") → its name, so that tracebacks
    /// name an override the model called (`in method 'load'`) where Lua, seeing a
    /// call from C, can only say `in function <file.lua:12>`.
    var methodPlaces: [String: String] = [:]
    // Properties added with Class:extend, stored as associated references.
    package var extensions: [UInt32: [String: Ownership]] = [:]
    /// The classes scripts declared with `subclass`, by id: a member they lack gets the
    /// advice to declare it (`declarationHint`).
    var scriptClasses: Set<UInt32> = []
    /// Whether `subclass` may define a class under the name of one a script defined
    /// before (an interactive session's redefinition): the new class takes the name, the
    /// old one keeps its instances, and a note says how many (`output`). Scripts run
    /// without it, so a second definition there is an error.
    public var redefinesClasses = false
    /// The model's class declarations by name, made the first time an error needs them
    /// (`nameResolver(for:)`).
    var interfacesByName: [String: ClassInterface]?
    /// What the heap calls to run Lua implementations. The heap holds it weakly; a
    /// separate object so that the sandbox itself has no weak references (a weakly
    /// referenced object pays a side-table lookup on every retain and release).
    let dispatcher = Dispatcher()
    /// The thread currently calling into Swift (coroutines have their own stacks).
    var current: OpaquePointer
    /// The thread of the task the model is resuming (innermost), nil outside tasks.
    var taskThread: OpaquePointer?
    /// The model asked to suspend the calling task when the call running now returns.
    var yieldRequested = false
    /// The last yield of a task's thread was an await (not a script's coroutine.yield).
    var awaited = false
    /// The methods tasks called as plain Lua calls, named `Class:method`: a registry
    /// reference to a table with weak keys, function → name (made on first use).
    var taskMethodNames: Int32 = LUA_NOREF
    var lastLocation: (source: UnsafePointer<CChar>?, line: Int32, loc: SourceLocation?) = (nil, 0, nil)
    /// Lines printed by `print` and `sim.log`, in order.
    public internal(set) var output: [String] = []
    /// The signatures of the `sim` table's Swift members, runtime's and model's, in
    /// definition order (`defineSimFunction`): what LuaLS and the API reference list.
    public internal(set) var simFunctions: [MethodSignature] = []
    /// Class members made on first access (`setLazyStatic`), by class id and name.
    var lazyStatics: [UInt32: [String: (LuaSandbox, OpaquePointer) -> Void]] = [:]
    /// Also write output to standard output as it happens.
    public var echoOutput = false
    /// The script's coverage goals (`sim.sometimes`), in the order it set them, each with
    /// whether the run reached it.
    public internal(set) var goals: [Goal] = []
    /// Whether a failed `expect` is recorded in `collectedFailures` and the script goes
    /// on, rather than ending the run: `kitsim fix` re-runs a scenario so, to say every
    /// check a fix breaks.
    public var collectsFailures = false
    /// The failed expectations while `collectsFailures` was on, in order.
    public internal(set) var collectedFailures: [CollectedFailure] = []
    /// Whether `Outcome.labelled` describes each labelled object (its `why` and history,
    /// rendered at the end of the run): an order explorer, which reads only how a run
    /// ended, turns it off.
    public var describesLabelledObjects = true
    /// Whether the host set the order chooser (`kitsim explore`, `--schedule`): a script's
    /// `sim.schedule` then changes nothing.
    public var chooserIsHosts = false
    /// Whether `Outcome.trace` holds the trace text. Rendering it costs time in proportion
    /// to the trace; `kitsim run` without `--trace` and `kitsim test` turn it off. The
    /// trace itself is recorded either way (`heap.traceText()`).
    public var capturesTrace = true
    /// The index in the trace of the scenario's first event (the ones before are the
    /// start-up's: the application, its screen and delegate); nil while no scenario chunk
    /// has started — a file with a syntax error never does. Reports show events from here.
    package var firstScriptEvent: Int?
    /// The objects whose leaks the scenario expects (`expect(obj).to.leak()`,
    /// LuaSandbox+ExpectedLeaks): ids, so that no Lua value decides what the end of the
    /// run counts as expected.
    package internal(set) var expectedLeakObjects: Set<ObjectID> = []

    // Fixed function indices.
    var fnIndexFallback: Int32 = 0, fnNewindexFallback: Int32 = 0
    var fnIsKind: Int32 = 0, fnResponds: Int32 = 0
    var fnStaticCall: Int32 = 0, fnOriginalCall: Int32 = 0, fnConstruct: Int32 = 0, fnConstructByTable: Int32 = 0

    /// A sandbox whose scripts drive `model`.
    public init(model: SandboxModel, limits: Limits = Limits(), sandboxed: Bool = false) throws {
        self.model = model
        heap = model.heap
        limitsConfiguration = limits
        isSandboxed = sandboxed
        self.limits = UnsafeMutablePointer<kitsim_limits>.allocate(capacity: 1)
        self.limits.initialize(to: kitsim_limits())
        // Outside Lua code, Swift is running: allocations never fail there (see the shim).
        self.limits.pointee.swift_depth = 1
        guard let L = kitsim_open(self.limits) else {
            self.limits.deallocate()
            throw SimError.script(.noLuaState)
        }
        state = LuaStateBox(L)
        current = L
        kitsim_set_swift_entry(kitsimSwiftEntry)
        kitsim_set_swift_entries(kitsimMethodEntry, kitsimGetEntry, kitsimSetEntry, kitsimFunctionEntry)
        self.limits.pointee.host = Unmanaged.passUnretained(self).toOpaque()
        dispatcher.sandbox = self
        try install()
        self.limits.pointee.cap = limits.memoryBytes > 0 ? limits.memoryBytes : 0
        kitsim_set_limit_messages(L, SimError.limitExceeded(.work(calls: limits.work)).message,
                                  SimError.limitExceeded(.time(seconds: limits.timeLimit)).message)
        resetBudget()
        kitsim_watch(L, limits.timeLimit)
    }

    /// A fresh work budget (and instruction budget, when there is one): at start-up, and
    /// after a limit or an error ended a run.
    package func resetBudget() {
        kitsim_set_budget(L, limitsConfiguration.instructions, 1000, limitsConfiguration.work)
    }

    deinit {
        close()
        limits.deallocate()
    }

    /// Ends the sandbox as releasing it does, but keeps its memory: the heap's hooks into
    /// Lua are cleared and the Lua state is closed, so pending finalizers run and open
    /// files are closed as `lua_close` does. The sandbox runs nothing afterwards. For a
    /// process that exits next (`kitsim run`): releasing the simulator and its classes
    /// object by object would cost more than a short run.
    public func close() {
        kitsim_unwatch(limits)
        heap.foreignDispatcher = nil
        heap.locationProvider = nil
        heap.deallocObserver = nil
        heap.onTurn = nil
        state.close()
    }

    /// Registers a Swift function and returns its index.
    @discardableResult
    func register(_ fn: @escaping (LuaSandbox, OpaquePointer) throws -> Int32) -> Int32 {
        let box = SwiftFunction(fn)
        functionBoxes.append(box)
        functions.append(Unmanaged.passUnretained(box))
        return Int32(functions.count - 1)
    }

    /// Pushes a Lua function that calls `fn`.
    package func pushFunction(_ L: OpaquePointer, _ fn: @escaping (LuaSandbox, OpaquePointer) throws -> Int32) {
        kitsim_push_swift_function(L, register(fn), 0)
    }

    /// Sets global `name` to a Lua function calling `fn`.
    func setGlobalFunction(_ name: String, _ fn: @escaping (LuaSandbox, OpaquePointer) throws -> Int32) {
        pushFunction(L, fn)
        setGlobalRaw(L, name)
    }

    /// Pops the stack top into global `name` without metamethods: a script may have given
    /// the globals table a `__newindex` that raises, and `lua_setglobal` would run it with a
    /// Swift frame below (rule 1). Hosts call `setGlobal` at any time.
    package func setGlobalRaw(_ L: OpaquePointer, _ name: String) {
        lua_rawgeti(L, kitsim_registryindex(), lua_Integer(LUA_RIDX_GLOBALS))
        pushString(L, name)
        lua_rotate(L, -3, -1)                  // [globals, name, value]
        lua_rawset(L, -3)
        kitsim_pop(L, 1)
    }

    /// Memory in use by the Lua state, in bytes.
    public var luaMemoryInUse: Int { limits.pointee.used }
}

/// The C entry of every Swift function Lua calls through the generic trampoline. It
/// runs the function, converts a thrown error to a Lua error value, and tells the
/// trampoline to raise it.
private func kitsimSwiftEntry(_ L: OpaquePointer?, _ index: Int32) -> Int32 {
    guard let L, let host = kitsim_limits_of(L).pointee.host else { return 0 }
    return Unmanaged<LuaSandbox>.fromOpaque(host)._withUnsafeGuaranteedRef { sb in
        sb.functions[Int(index)]._withUnsafeGuaranteedRef { f in sb.entering(L) { try f.body(sb, L) } }
    }
}

// The direct entries of the hot paths (see kitsim_lua.h).
private func kitsimMethodEntry(_ L: OpaquePointer?, _ host: UnsafeMutableRawPointer?, _ slot: Int32, _ id: UInt32) -> Int32 {
    guard let L, let host else { return 0 }
    return Unmanaged<LuaSandbox>.fromOpaque(host)._withUnsafeGuaranteedRef { sb in
        sb.entering(L) {
            if _slowPath(L == sb.taskThread), let n = sb.callMethodInTask(L, slot: Int(slot), id: id) { return n }
            return try sb.callMethod(L, slot: Int(slot), id: id)
        }
    }
}

private func kitsimGetEntry(_ L: OpaquePointer?, _ host: UnsafeMutableRawPointer?, _ id: UInt32, _ property: Int32) -> Int32 {
    guard let L, let host else { return 0 }
    return Unmanaged<LuaSandbox>.fromOpaque(host)._withUnsafeGuaranteedRef { sb in
        // A plain read records and runs nothing: no need to prepare for callbacks.
        if let v = sb.heap.plainValue(ObjectID(id), propertyAt: Int(property)) {
            sb.push(L, v)
            return 1
        }
        return sb.entering(L) {
            guard id != 0 else { throw SimError.script(.notKitSimValue) }
            sb.push(L, try sb.heap.get(ObjectID(id), propertyAt: Int(property)))
            return 1
        }
    }
}

private func kitsimSetEntry(_ L: OpaquePointer?, _ host: UnsafeMutableRawPointer?, _ id: UInt32, _ property: Int32) -> Int32 {
    guard let L, let host else { return 0 }
    return Unmanaged<LuaSandbox>.fromOpaque(host)._withUnsafeGuaranteedRef { sb in
        let type = lua_type(L, 3)
        if type == LUA_TTABLE || type == LUA_TSTRING {
            // SPEC rule 26: a table becomes a collection snapshot the heap can own; a
            // string keeps its bytes where the property takes any value.
            return sb.entering(L) {
                guard id != 0 else { throw SimError.script(.notKitSimValue) }
                let declared = sb.heap.declaredProperty(of: ObjectID(id), at: Int(property))
                let value = try sb.propertyValue(L, 3, property: declared?.name ?? "?", of: ObjectID(id),
                                                 type: declared?.type ?? .any)
                try sb.heap.set(ObjectID(id), propertyAt: Int(property), value)
                return 0
            }
        }
        let value = sb.value(L, 3, knownType: type)
        // Storing a number in a plain slot records and runs nothing (see Heap.storePlain).
        if sb.heap.storePlain(ObjectID(id), propertyAt: Int(property), value) { return 0 }
        return sb.entering(L) {
            guard id != 0 else { throw SimError.script(.notKitSimValue) }
            try sb.heap.set(ObjectID(id), propertyAt: Int(property), value)
            return 0
        }
    }
}

private func kitsimFunctionEntry(_ L: OpaquePointer?, _ host: UnsafeMutableRawPointer?, _ fn: UnsafeMutableRawPointer?) -> Int32 {
    guard let L, let host, let fn else { return 0 }
    return Unmanaged<LuaSandbox>.fromOpaque(host)._withUnsafeGuaranteedRef { sb in
        Unmanaged<HostFunction>.fromOpaque(fn)._withUnsafeGuaranteedRef { f in
            sb.entering(L) {
                sb.push(L, try f.body(LuaArguments(sandbox: sb, L: L, count: Int(lua_gettop(L)))))
                return 1
            }
        }
    }
}

/// A Swift function Lua calls through the generic trampoline (see `register`).
final class SwiftFunction {
    let body: (LuaSandbox, OpaquePointer) throws -> Int32
    init(_ body: @escaping (LuaSandbox, OpaquePointer) throws -> Int32) { self.body = body }
}

/// A native method body cached by a method slot (see `MethodSlot.native`), and for a
/// declared method with parameters, the method: its arguments are then decoded by their
/// declared types (`LuaSandbox.sendTyped`).
final class NativeBox {
    let body: NativeMethod
    let declared: DeclaredMethod?
    init(_ body: @escaping NativeMethod, declared: DeclaredMethod? = nil) {
        self.body = body
        self.declared = declared
    }
}

/// A host function (`setGlobal(_:function:)`) in a class box: its closure is stored at
/// its own type (no reabstraction thunk per call, as an array of closures needs), and
/// the C closure reaches it through a light userdata, without an array lookup.
final class HostFunction {
    let body: (LuaArguments) throws -> Value
    init(_ body: @escaping (LuaArguments) throws -> Value) { self.body = body }
}

extension LuaSandbox {
    /// Runs the Swift side of a call from Lua on thread `L`: callbacks into Lua use that
    /// thread, events get the script's current line, and a thrown error becomes the
    /// value the C side raises.
    @inline(__always)
    func entering(_ L: OpaquePointer, _ body: () throws -> Int32) -> Int32 {
        let saved = current
        current = L
        heap.locationIsStale = true
        defer { current = saved }
        do {
            let n = try body()
            if _slowPath(yieldRequested) {
                yieldRequested = false
                awaited = true
                return KITSIM_YIELD
            }
            return n
        } catch let e as SimError {
            // A call that asked to suspend and then failed raises instead: nothing awaits.
            yieldRequested = false
            return pushError(L, e)
        } catch {
            yieldRequested = false
            lua_pushstring(L, "\(error)")
            return KITSIM_RAISE
        }
    }
}

/// Forwards the heap's foreign calls to the sandbox, which owns it (unowned: no cycle).
final class Dispatcher: ForeignDispatcher {
    unowned(unsafe) var sandbox: LuaSandbox! = nil
    /// How many times the model called into Lua (`LuaSandbox.luaEntries`).
    var entries = 0
    func invoke(_ function: ForeignBox, _ invocation: Invocation) throws -> Value {
        entries &+= 1
        return try sandbox.invoke(function, invocation)
    }
    func call(_ function: ForeignBox, _ arguments: [Value]) throws -> Value {
        entries &+= 1
        return try sandbox.call(function, arguments)
    }
    func snapshot(_ value: ForeignBox, path: String, owner: ObjectID) throws -> Value? {
        try sandbox.snapshot(value, path: path, owner: owner)
    }
    func makeCoroutine(_ function: ForeignBox) throws -> ForeignBox? { try sandbox.makeCoroutine(function) }
    func resume(_ coroutine: ForeignBox, _ values: [Value], raising: SimError?) throws -> CoroutineStep {
        entries &+= 1
        return try sandbox.resume(coroutine, values, raising: raising)
    }
    func canSuspend(_ coroutine: ForeignBox) -> Bool { sandbox.canSuspend(coroutine) }
    func suspendCaller() { sandbox.suspendCaller() }
    func suspendedFrames(_ coroutine: ForeignBox) -> SuspendedFrames { sandbox.suspendedFrames(coroutine) }
    func closureCaptures(_ function: ForeignBox) throws -> ClosureCaptures? {
        try sandbox.closureCaptures(function)
    }
}

/// The Lua state, closed once; boxes holding registry references check `isClosed`.
final class LuaStateBox {
    let L: OpaquePointer
    private(set) var isClosed = false
    init(_ L: OpaquePointer) { self.L = L }
    func close() {
        guard !isClosed else { return }
        isClosed = true
        kitsim_close(L)
    }
}

/// A Lua value kept alive in the registry for as long as Swift holds it (a method
/// implementation, a completion, a table stored in a property).
package final class LuaRef: ForeignBox {
    let state: LuaStateBox
    let ref: Int32
    let type: Int32
    /// For swizzles: the `original` function passed to the replacement.
    var originalRef: Int32 = LUA_NOREF
    /// Method implementations get the receiver as `self`; block bodies do not.
    package var passesReceiver = true
    /// The class a class table stands for, nil for any other value.
    var simClass: SimClass?

    package override var classValue: SimClass? { simClass }

    init(_ state: LuaStateBox, _ L: OpaquePointer, index: Int32) {
        self.state = state
        self.type = lua_type(L, index)
        lua_pushvalue(L, index)
        self.ref = luaL_ref(L, kitsim_registryindex())
    }

    deinit {
        guard !state.isClosed else { return }
        luaL_unref(state.L, kitsim_registryindex(), ref)
        if originalRef != LUA_NOREF { luaL_unref(state.L, kitsim_registryindex(), originalRef) }
    }

    func push(_ L: OpaquePointer) { lua_rawgeti(L, kitsim_registryindex(), lua_Integer(ref)) }

    package override var typeName: String { type == LUA_TFUNCTION ? "function" : String(cString: lua_typename(state.L, type)) }

    package override var isFunction: Bool { type == LUA_TFUNCTION }

    /// A table's items 1…n (raw reads: no metamethod runs), for an argument check's message.
    package override func sequenceItems() -> [(object: ObjectID?, typeName: String)]? {
        guard type == LUA_TTABLE, !state.isClosed, lua_checkstack(state.L, 2) != 0 else { return nil }
        let L = state.L
        push(L)
        defer { kitsim_pop(L, 1) }
        let n = min(lua_rawlen(L, -1), 1_000_000)
        guard n > 0 else { return nil }
        var out: [(object: ObjectID?, typeName: String)] = []
        for k in 1...n {
            lua_rawgeti(L, -1, lua_Integer(k))
            let id = kitsim_handle_id(L, -1)
            out.append(id != 0 ? (ObjectID(id), "") : (nil, String(cString: lua_typename(L, lua_type(L, -1)))))
            kitsim_pop(L, 1)
            if id == 0 { break }        // the first item that is not an object is the one to name
        }
        return out
    }
}

/// A method closure's slot (`kitsim_push_method`): the class whose methods table holds
/// it, the selector, and the implementation cached for receivers of exactly that class
/// while the class's `methodsVersion` is unchanged.
struct MethodSlot {
    unowned(unsafe) let cls: SimClass
    let classID: UInt32
    let selector: Selector
    var version: UInt64 = .max
    var imp: Implementation? = nil
    /// `imp`'s body when it is native (Swift), boxed; the box is owned by the sandbox's
    /// `nativeBoxes`, so the slot holds it unretained and a call retains nothing.
    var native: Unmanaged<NativeBox>? = nil

    init(cls: SimClass, selector: Selector) {
        self.cls = cls
        self.classID = cls.id
        self.selector = selector
    }
}

/// `ClassInfo` by class id (dense small integers: an array, no hashing).
package struct ClassInfoTable {
    private var items: [ClassInfo?] = []
    package subscript(id: UInt32) -> ClassInfo? {
        get { Int(id) < items.count ? items[Int(id)] : nil }
        set {
            if Int(id) >= items.count { items.append(contentsOf: repeatElement(nil, count: Int(id) + 1 - items.count)) }
            items[Int(id)] = newValue
        }
    }
}

/// Per-class Lua data: the metatable of its handles, and the tables its `__index` uses.
package struct ClassInfo {
    // The handles' metatable and its tables, built with the first handle of the class.
    var metatable: Int32 = LUA_NOREF
    /// Property name → index, method name → function: `__index`'s one lookup.
    var members: Int32 = LUA_NOREF
    // The class table (a global for the built-in classes) and its cached members.
    var classTable: Int32 = LUA_NOREF
    package var statics: Int32 = LUA_NOREF
    var methodsVersion: UInt64 = .max
    /// The method slot caching the class's `init` for `Class(...)` (-1: none yet).
    var initializerSlot: Int = -1
}

/// Compiled scripts kept for the sandboxes a host makes one after another for the same
/// files: `run(file:)` and `require` load a file's compiled function when the file's bytes
/// are those it was compiled from, and compile it (and keep it) otherwise. `kitsim explore`
/// runs a scenario once per order, and compiling the scenario and its modules was an
/// eighth of each run. The sandboxes sharing a cache run on one thread, one at a time.
public final class ChunkCache {
    let raw: OpaquePointer

    /// Nil when the memory for the cache's table cannot be had.
    public init?() {
        guard let raw = kitsim_chunk_cache_new() else { return nil }
        self.raw = raw
    }

    deinit { kitsim_chunk_cache_free(raw) }

    /// How many loads the compiled functions answered.
    public var hits: Int { Int(kitsim_chunk_cache_hits(raw)) }
}
