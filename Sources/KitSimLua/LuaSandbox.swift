import CLua
import CLuaShim
import KitSim

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
        /// Lua instructions the whole run may execute; 0 for no budget (no count hook).
        public var instructions: Int64 = 500_000_000
        /// Bytes the Lua state may hold.
        public var memoryBytes: Int = 512 << 20
        /// Virtual seconds `sim.run` may reach.
        public var virtualSeconds: Double = 3600
        /// Simulated objects a run may allocate (the heap lives outside Lua's memory cap).
        public var objects: Int = 2_000_000
        public init() {}
    }

    public let sim: Simulator
    public var heap: Heap { sim.heap }
    let state: LuaStateBox
    var L: OpaquePointer { state.L }
    let limits: UnsafeMutablePointer<kitsim_limits>
    public let limitsConfiguration: Limits
    /// `--sandbox`: no `os`, `io`, `load*`, `dofile`, and `require` only from the
    /// scenario's folder.
    public let isSandboxed: Bool

    // Swift functions callable from Lua, by index (the trampoline's upvalue 1).
    var functions: [(LuaSandbox, OpaquePointer) throws -> Int32] = []
    // Registry references.
    var handleCache: Int32 = 0         // id → handle, weak values (rule 4)
    var fieldsTable: Int32 = 0         // id → table of undeclared fields
    var classOfTable: Int32 = 0        // class table → class id
    var exceptionMeta: Int32 = 0
    var assertionMeta: Int32 = 0
    var leakMeta: Int32 = 0
    var rectMeta: Int32 = 0
    var pointMeta: Int32 = 0
    var classTableMeta: Int32 = 0
    var classInfo: [UInt32: ClassInfo] = [:]
    // Selectors by small index, for method closures' upvalues.
    var selectors: [Selector] = []
    var selectorIndex: [UInt32: Int] = [:]
    // Implementations reachable as `original` in swizzles.
    var originals: [(Implementation, Selector)] = []
    // Properties added with Class:extend, stored as associated references.
    var extensions: [UInt32: [String: Ownership]] = [:]
    /// The thread currently calling into Swift (coroutines have their own stacks).
    var current: OpaquePointer
    var lastLocation: (source: UnsafePointer<CChar>?, line: Int32, loc: SourceLocation?) = (nil, 0, nil)
    /// Lines printed by `print` and `sim.log`, in order.
    public internal(set) var output: [String] = []
    /// Also write output to standard output as it happens.
    public var echoOutput = false
    var scriptDirectory = "."

    // Fixed function indices.
    var fnPropertyGet: Int32 = 0, fnPropertySet: Int32 = 0, fnIndexFallback: Int32 = 0, fnNewindexFallback: Int32 = 0
    var fnIsKind: Int32 = 0, fnResponds: Int32 = 0
    var fnMethodCall: Int32 = 0, fnStaticCall: Int32 = 0, fnOriginalCall: Int32 = 0, fnConstruct: Int32 = 0

    /// A sandbox running a fresh simulated app with the given behaviour profile.
    public init(configuration: Simulator.Configuration = Simulator.Configuration(), limits: Limits = Limits(),
                sandboxed: Bool = false) throws {
        sim = Simulator(configuration: configuration)
        limitsConfiguration = limits
        isSandboxed = sandboxed
        self.limits = UnsafeMutablePointer<kitsim_limits>.allocate(capacity: 1)
        self.limits.initialize(to: kitsim_limits())
        // Outside Lua code, Swift is running: allocations never fail there (see the shim).
        self.limits.pointee.swift_depth = 1
        guard let L = kitsim_open(self.limits) else {
            self.limits.deallocate()
            throw SimError(.limit, "cannot create a Lua state (out of memory)")
        }
        state = LuaStateBox(L)
        current = L
        kitsim_set_swift_entry(kitsimSwiftEntry)
        self.limits.pointee.host = Unmanaged.passUnretained(self).toOpaque()
        try install()
        self.limits.pointee.cap = limits.memoryBytes > 0 ? limits.memoryBytes : 0
        kitsim_set_budget(L, limits.instructions, 1000)
    }

    deinit {
        heap.foreignDispatcher = nil
        heap.locationProvider = nil
        heap.deallocObserver = nil
        state.close()
        limits.deallocate()
    }

    /// Registers a Swift function and returns its index.
    @discardableResult
    func register(_ fn: @escaping (LuaSandbox, OpaquePointer) throws -> Int32) -> Int32 {
        functions.append(fn)
        return Int32(functions.count - 1)
    }

    /// Pushes a Lua function that calls `fn`.
    func pushFunction(_ L: OpaquePointer, _ fn: @escaping (LuaSandbox, OpaquePointer) throws -> Int32) {
        kitsim_push_swift_function(L, register(fn), 0)
    }

    /// Sets global `name` to a Lua function calling `fn`.
    func setGlobalFunction(_ name: String, _ fn: @escaping (LuaSandbox, OpaquePointer) throws -> Int32) {
        pushFunction(L, fn)
        lua_setglobal(L, name)
    }

    /// Memory in use by the Lua state, in bytes.
    public var luaMemoryInUse: Int { limits.pointee.used }
}

/// The C entry of every Swift function Lua calls. It runs the function, converts a
/// thrown error to a Lua error value, and tells the trampoline to raise it.
private func kitsimSwiftEntry(_ L: OpaquePointer?, _ index: Int32) -> Int32 {
    guard let L, let host = kitsim_limits_of(L).pointee.host else { return 0 }
    let sandbox = Unmanaged<LuaSandbox>.fromOpaque(host).takeUnretainedValue()
    let saved = sandbox.current
    sandbox.current = L
    sandbox.heap.locationIsStale = true
    defer { sandbox.current = saved }
    do {
        return try sandbox.functions[Int(index)](sandbox, L)
    } catch let e as SimError {
        return sandbox.pushError(L, e)
    } catch {
        lua_pushstring(L, "\(error)")
        return KITSIM_RAISE
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
        lua_close(L)
    }
}

/// A Lua value kept alive in the registry for as long as Swift holds it (a method
/// implementation, a completion, a table stored in a property).
final class LuaRef: ForeignBox {
    let state: LuaStateBox
    let ref: Int32
    let type: Int32
    /// For swizzles: the `original` function passed to the replacement.
    var originalRef: Int32 = LUA_NOREF
    /// Method implementations get the receiver as `self`; block bodies do not.
    var passesReceiver = true

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

    override var typeName: String { type == LUA_TFUNCTION ? "function" : String(cString: lua_typename(state.L, type)) }
}

/// Per-class Lua data: the metatable of its handles, and the tables its `__index` uses.
struct ClassInfo {
    var metatable: Int32
    var properties: Int32
    var methods: Int32
    var classTable: Int32 = LUA_NOREF
    var statics: Int32 = LUA_NOREF
    var methodsVersion: UInt64
}
