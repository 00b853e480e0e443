import CLua
import CLuaShim
import KitSimRuntime

/// A coroutine the model runs (a Swift concurrency task's body): its Lua thread, anchored
/// in the registry for as long as the model keeps this box.
final class LuaCoroutine: ForeignBox {
    let anchor: LuaRef
    let thread: OpaquePointer

    init(anchor: LuaRef, thread: OpaquePointer) {
        self.anchor = anchor
        self.thread = thread
    }

    override var typeName: String { "thread" }
}

/// The model's coroutines (SPEC §1, DEVELOPERS.md rule 1). A task's body runs on a Lua
/// thread of its own that Swift resumes with `lua_resume` (protected: an error in the body
/// ends the resume with a status, it never unwinds a Swift frame). A body suspends only
/// where a call of its own asks to (`Task.sleep`, `for v in stream`): the model says so
/// with `suspendCaller()`, the Swift entry returns `KITSIM_YIELD`, and the C trampoline
/// yields once the Swift frame is gone. A resumption passes the call's results, or an
/// error the trampoline's continuation raises at the call (`kitsim_resume_task`).
extension LuaSandbox {
    /// The method a Lua `for` calls on an async sequence.
    static let nextSelector = Selector("next")

    public func makeCoroutine(_ function: ForeignBox) throws -> ForeignBox? {
        guard type(of: function) == LuaRef.self else { return nil }
        let ref = unsafeDowncast(function, to: LuaRef.self)
        guard ref.state === state, ref.type == LUA_TFUNCTION, !state.isClosed else { return nil }
        let L = current
        guard lua_checkstack(L, 2) != 0 else { throw SimError.limitExceeded(.luaStack) }
        // Allocations from Swift never fail (kitsim_lua.h): lua_newthread cannot raise here.
        guard let co = lua_newthread(L) else { throw SimError.limitExceeded(.luaStack) }
        let anchor = LuaRef(state, L, index: -1)
        kitsim_pop(L, 1)
        ref.push(co)
        return LuaCoroutine(anchor: anchor, thread: co)
    }

    public func resume(_ coroutine: ForeignBox, _ values: [Value], raising: SimError?) throws -> CoroutineStep {
        guard let c = coroutine as? LuaCoroutine, c.anchor.state === state, !state.isClosed else {
            return .failed(SimError(.invalidUse, "a task's coroutine from another run"), exceptionName: nil)
        }
        let co = c.thread
        let status = lua_status(co)
        // A body a script ended (coroutine.close on the task's thread) or that already
        // returned: nothing to resume.
        guard status == LUA_YIELD || (status == LUA_OK && lua_gettop(co) > 0) else {
            return .failed(SimError(.invalidUse, "cannot resume dead coroutine"), exceptionName: nil)
        }
        guard lua_checkstack(co, Int32(values.count + 6)) != 0 else { throw SimError.stackOverflow }
        var narg = Int32(values.count)
        if let raising {
            // A task's own error value (rethrown by `task:value()`) as it was thrown.
            if raising.kind == .host, let ref = raising.payload?.box as? LuaRef, ref.state === state { ref.push(co) }
            else { pushException(co, raising) }
            narg = 1
        } else {
            for v in values { push(co, v) }
        }
        let savedTask = taskThread
        taskThread = co
        awaited = false
        defer { taskThread = savedTask }
        var nres: Int32 = 0
        let result = kitsim_resume_task(current, co, narg, raising == nil ? 0 : 1, &nres)
        switch result {
        case LUA_YIELD:
            lua_settop(co, 0)
            if awaited {
                awaited = false
                return .suspended
            }
            // A coroutine.yield in the body itself: a task suspends only where it awaits.
            closeThread(co)
            return .failed(SimError(.invalidUse, "attempt to yield from a task's body: a task suspends only where it awaits "
                                    + "(Task.sleep, Task.yield, task:value(), a for over an async sequence)"), exceptionName: nil)
        case LUA_OK:
            let v = nres > 0 ? value(co, -nres) : .nil
            lua_settop(co, 0)
            return .returned(v)
        default:
            let name = exceptionName(co, -1)
            let e = hostError(co)
            lua_settop(co, 0)
            return .failed(e, exceptionName: name)
        }
    }

    public func canSuspend(_ coroutine: ForeignBox) -> Bool {
        guard let c = coroutine as? LuaCoroutine else { return false }
        return current == c.thread && lua_isyieldable(current) != 0
    }

    public func suspendCaller() { yieldRequested = true }

    public func suspendedFrames(_ coroutine: ForeignBox) -> SuspendedFrames {
        guard let c = coroutine as? LuaCoroutine, !state.isClosed else { return SuspendedFrames(site: "?", locals: []) }
        let co = c.thread
        var site: String?
        var locals: [ClosureCaptures.Capture] = []
        var ar = lua_Debug()
        var level: Int32 = 0
        while lua_getstack(co, level, &ar) != 0, level < 200 {
            level += 1
            guard lua_getinfo(co, "Sln", &ar) != 0, ar.currentline > 0 else { continue }
            let source = withUnsafePointer(to: &ar.short_src) {
                $0.withMemoryRebound(to: CChar.self, capacity: Int(LUA_IDSIZE)) { String(cString: $0) }
            }
            if site == nil { site = "\(source):\(ar.currentline)" }
            let function = ar.name.map { String(cString: $0) } ?? methodName(co, &ar) ?? "function"
            var n: Int32 = 1
            while lua_checkstack(co, 2) != 0, let cname = lua_getlocal(co, &ar, n) {
                n += 1
                defer { kitsim_pop(co, 1) }
                let name = String(cString: cname)
                // `(for state)` and the like are the VM's own temporaries.
                guard !name.hasPrefix("(") else { continue }
                let id = kitsim_handle_id(co, -1)
                guard id != 0, heap.isAlive(ObjectID(id)) else { continue }
                let capture = ClosureCaptures.Capture(name: "'\(name)' in \(function) (\(source):\(ar.linedefined))",
                                                      object: ObjectID(id), ownership: .strong)
                if !locals.contains(where: { $0.object == capture.object }) { locals.append(capture) }
            }
        }
        return SuspendedFrames(site: site ?? "?", locals: locals)
    }

    /// The name of the function of the frame `lua_getinfo` just described, when it is a
    /// method a task called (`Feed:loop`): those are called from C, so Lua has no name.
    private func methodName(_ co: OpaquePointer, _ ar: inout lua_Debug) -> String? {
        guard taskMethodNames != LUA_NOREF, lua_checkstack(co, 2) != 0, lua_getinfo(co, "f", &ar) != 0 else { return nil }
        rawGetRef(co, taskMethodNames)
        lua_rotate(co, -2, 1)
        lua_rawget(co, -2)
        defer { kitsim_pop(co, 2) }
        return string(co, -1)
    }

    /// Names the method function on the stack top (`Class:method`) for `methodName`, in a
    /// table whose keys are weak: a name goes with its function, never with an address
    /// another function may take later (DEVELOPERS.md rule 3).
    private func nameTaskMethod(_ L: OpaquePointer, _ name: @autoclosure () -> String) {
        guard lua_checkstack(L, 4) != 0 else { return }
        if taskMethodNames == LUA_NOREF {
            lua_createtable(L, 0, 4)
            lua_createtable(L, 0, 1)
            pushString(L, "k")
            lua_setfield(L, -2, "__mode")
            lua_setmetatable(L, -2)
            taskMethodNames = makeRef(L)
        }
        rawGetRef(L, taskMethodNames)
        lua_pushvalue(L, -2)
        if lua_rawget(L, -2) == LUA_TNIL {
            lua_pushvalue(L, -3)
            pushString(L, name())
            lua_rawset(L, -4)
        }
        kitsim_pop(L, 2)
    }

    /// The `name` of a KitSim exception value at `index`, nil for any other value.
    func exceptionName(_ L: OpaquePointer, _ index: Int32) -> String? {
        guard lua_type(L, index) == LUA_TTABLE, hasMetatable(L, index, exceptionMeta), lua_checkstack(L, 2) != 0 else { return nil }
        lua_getfield(L, index, "name")
        defer { kitsim_pop(L, 1) }
        return string(L, -1)
    }

    /// Ends a thread the model will not resume again (its to-be-closed variables close).
    func closeThread(_ co: OpaquePointer) {
        kitsim_close_thread(co, current)
    }

    /// Inside a task's body a method written in Lua runs as a plain Lua call
    /// (`KITSIM_CALL`), so that it may await: a call through the host puts a Swift frame
    /// under it, and nothing can suspend across one. Its receiver is kept, while the task
    /// is suspended, by the frame that holds it (`suspendedFrames`). Nil when the method is
    /// not such a method, for the ordinary send.
    func callMethodInTask(_ L: OpaquePointer, slot: Int, id: UInt32) -> Int32? {
        let object = ObjectID(id)
        guard id != 0, heap.isAlive(object), lua_isyieldable(L) != 0 else { return nil }
        let cls = heap.classOf(object)
        guard cls.isSubclass(of: methodSlots[slot].cls),
              case .foreign(let box) = cls.implementation(for: methodSlots[slot].selector),
              type(of: box) == LuaRef.self else { return nil }
        let ref = unsafeDowncast(box, to: LuaRef.self)
        guard ref.state === state, ref.type == LUA_TFUNCTION, ref.passesReceiver, ref.originalRef == LUA_NOREF,
              lua_checkstack(L, 2) != 0 else { return nil }
        ref.push(L)
        nameTaskMethod(L, cls.name + ":" + methodSlots[slot].selector.name)
        lua_rotate(L, 1, 1)
        return KITSIM_CALL
    }
}
