import CLua
import CLuaShim
import KitSimRuntime

/// A Lua function compiled once by `LuaSandbox.compile` and kept in the sandbox's
/// registry, so a host can run the same code many times without recompiling it.
public final class LuaFunction {
    let ref: LuaRef
    init(_ ref: LuaRef) { self.ref = ref }
}

/// The arguments of a Swift function called from Lua (`LuaSandbox.setGlobal(_:function:)`),
/// read from the Lua stack when asked for: no array is built per call.
public struct LuaArguments {
    @usableFromInline unowned(unsafe) let sandbox: LuaSandbox
    @usableFromInline let L: OpaquePointer
    /// How many arguments the call passed.
    public let count: Int

    /// The argument at `index` (0-based) as a `Value`; `.nil` when absent. Inlinable, so a
    /// host function reading a number calls Lua directly.
    @inlinable public subscript(index: Int) -> Value {
        guard index >= 0 && index < count else { return .nil }
        let i = Int32(index + 1)
        if lua_type(L, i) == LUA_TNUMBER {
            var isInteger: Int32 = 0
            let n = lua_tointegerx(L, i, &isInteger)
            return isInteger != 0 ? .int(Int(n)) : .double(lua_tonumberx(L, i, nil))
        }
        return other(i)
    }

    @usableFromInline func other(_ i: Int32) -> Value {
        Unmanaged.passUnretained(sandbox)._withUnsafeGuaranteedRef { $0.value(L, i) }
    }
}

/// Host-side extensions of a sandbox: classes and functions defined in Swift made
/// visible to scripts, and compiled chunks a host calls repeatedly.
extension LuaSandbox {
    /// Makes `cls` (a class defined with `Heap.defineClass`, its methods set with
    /// `Heap.setMethod`) a global of the scripts, as the model's classes are: `Name(...)`
    /// constructs, `obj:method(...)` sends, properties are fields, and Lua may subclass it.
    public func setGlobal(_ name: String, class cls: SimClass) {
        pushClassTable(L, cls)
        setGlobalRaw(L, name)
    }

    /// Makes `body` a global function of the scripts. Its result is the Lua result; a
    /// thrown `SimError` becomes a Lua error at the calling line (as the model's errors do).
    public func setGlobal(_ name: String, function body: @escaping (LuaArguments) throws -> Value) {
        let box = HostFunction(body)
        hostFunctions.append(box)          // alive as long as the sandbox (the C closure's upvalue is unretained)
        kitsim_push_host_function(L, Unmanaged.passUnretained(box).toOpaque())
        setGlobalRaw(L, name)
    }

    /// Compiles Lua source to a function without running it. Throws a script error with
    /// Lua's message when the source does not compile.
    public func compile(_ source: String, name: String = "=chunk") throws -> LuaFunction {
        let L = self.L
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        guard kitsim_load(L, source, source.utf8.count, name) == LUA_OK else {
            throw SimError.script(.syntax(error: describe(L, -1)))
        }
        return LuaFunction(LuaRef(state, L, index: -1))
    }

    /// Calls a compiled function under protection, within the sandbox's limits. A Lua
    /// error (a crash, a failed expectation, a limit) is thrown as a `SimError`.
    @discardableResult
    public func call(_ function: LuaFunction, _ arguments: [Value] = []) throws -> Value {
        let L = current
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        guard lua_checkstack(L, Int32(arguments.count + 4)) != 0 else {
            throw SimError.limitExceeded(.luaStack)
        }
        function.ref.push(L)
        for a in arguments { push(L, a) }
        guard kitsim_pcall(L, Int32(arguments.count), 1) == LUA_OK else {
            let e = hostError(L)
            kitsim_clear_stop(L)
            resetBudget()
            throw e
        }
        return value(L, -1)
    }
}
