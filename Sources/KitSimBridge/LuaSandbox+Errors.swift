import CLua
import CLuaShim
import KitSimReport
import KitSimRuntime

/// Script-facing errors are rendered here and only here (house style): the runtime's
/// exceptions and crashes become exception values with `name`, `reason`, `object` and a
/// `__tostring` of `name: reason` (SPEC §4); misuse becomes a string error positioned at
/// the calling line, in Lua's own style; errors raised by Lua code inside a callback
/// travel through Swift unchanged.
extension LuaSandbox {
    /// Pushes the Lua value for `e` and returns the trampoline code that raises it.
    func pushError(_ L: OpaquePointer, _ e: SimError) -> Int32 {
        if e.kind == .host, let ref = e.payload?.box as? LuaRef, ref.state === state {
            ref.push(L)
            return KITSIM_RAISE_RAW
        }
        if e.kind == .limit {
            // A limit Swift enforces (nested view loads, a layout pass that never settles,
            // the Lua stack) stops the run as the shim's limits do: pcall cannot swallow it.
            // The trampoline raises the stop message.
            kitsim_stop(L, e.message.hasPrefix("limit exceeded") ? e.message : "limit exceeded: " + e.message)
        }
        if case .thrown = e.kind {
            // A Swift error a script may catch (CancellationError): a value like an
            // exception's, never recorded as a crash.
            pushException(L, e)
            return KITSIM_RAISE_RAW
        }
        if e.isCrash {
            // Every crash is in the trace once: the model recorded its exceptions where it
            // raised them; the runtime's own crashes (a zombie message, an unowned read)
            // are recorded here, when they reach the script.
            pushException(L, heap.recordException(e))
            return KITSIM_RAISE_RAW
        }
        pushString(L, e.message)
        return KITSIM_RAISE
    }

    /// An exception value: `{ name =, reason =, object = }` with the exception metatable.
    func pushException(_ L: OpaquePointer, _ e: SimError) {
        lua_createtable(L, 0, 4)
        pushString(L, e.crashName ?? "Fatal error"); lua_setfield(L, -2, "name")
        pushString(L, e.message); lua_setfield(L, -2, "reason")
        if let o = e.object { pushHandle(L, o); lua_setfield(L, -2, "object") }
        if let r = e.reference { pushString(L, r); lua_setfield(L, -2, "reference") }
        if let h = hint(for: e) { pushString(L, h); lua_setfield(L, -2, "hint") }
        rawGetRef(L, exceptionMeta)
        lua_setmetatable(L, -2)
        // Where it is raised: the Lua line calling into Swift, on the thread that did (a
        // coroutine's own stack included), for the headline and the traceback (SPEC §5).
        kitsim_note_raise(L, -1, 0)
    }

    /// The hint shown after an error's exact text, with its separator: the error's own
    /// (a misspelled selector's nearest name), or for a message to a deallocated object or
    /// a read of an unowned reference to one, how it died: the last owner it lost and why
    /// (on a line of its own; `Heap.deathSentence`).
    func hint(for e: SimError) -> String? {
        if let h = e.hint { return h }
        if e.kind == .zombie || e.kind == .unownedRead, let o = e.object, let sentence = heap.deathSentence(o) {
            return "\n" + sentence
        }
        return nil
    }

    /// The advice after a failed lookup of `key` on an object of `cls` (or, with
    /// `classMember`, on its class table), with its separator: the member meant when `key`
    /// is an Objective-C selector or a Swift signature (`NameResolver`: `; did you mean
    /// 'popViewController'?`), else the nearest spelling of a member. `statics` are the
    /// class table's members besides methods. Error path only.
    func nameHint(_ key: String, of cls: SimClass, classMember: Bool = false, statics: [String] = []) -> String? {
        if let answer = nameResolver(for: cls, classMember: classMember, statics: statics).resolve(key) {
            return "; " + answer.advice
        }
        return spellingHint(key, of: cls, extra: statics)
    }

    /// The resolver of names written as Objective-C selectors or Swift signatures for the
    /// members of `cls`: the declarations of its class and superclasses, the methods a
    /// script defined on them, its properties (those added with `extend` included, unless
    /// `properties` is false) and `isKind`/`responds`, which the bridge adds to every object.
    func nameResolver(for cls: SimClass, classMember: Bool, statics: [String] = [], properties: Bool = true) -> NameResolver {
        let interfaces = classInterfaces
        var names: [String] = []
        if properties {
            names = cls.properties.map(\.name)
            for k in cls.lineage { names += extensions[k.id].map { $0.keys.sorted() } ?? [] }
        }
        return NameResolver(className: cls.name, chain: cls.lineage.compactMap { interfaces[$0.name] },
                            selectors: cls.allSelectors.map(\.name), properties: names, statics: statics,
                            extraMethods: Self.bridgeMethods, classMember: classMember)
    }

    /// The model's class declarations by name, made the first time they are needed.
    var classInterfaces: [String: ClassInterface] {
        if let known = interfacesByName { return known }
        let interfaces = Dictionary(model.classInterfaces.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        interfacesByName = interfaces
        return interfaces
    }

    /// The members the bridge gives every object, with the Swift names they stand for.
    static let bridgeMethods = [
        MethodSignature("isKind", swift: "isKind(of:)", [Parameter("class", .metaclass)], returns: .bool),
        MethodSignature("responds", swift: "responds(to:)", [Parameter("selector", .string)], returns: .bool),
    ]

    /// For an object of a class a script declared with `subclass`, how to declare the
    /// member `key` it lacks, with its separator: a property with its first value, or a
    /// method. Nil for the model's classes, whose members are fixed.
    func declarationHint(_ key: String, of cls: SimClass) -> String? {
        guard scriptClasses.contains(cls.id), let base = cls.superclass else { return nil }
        let path = Value.pathComponent(.string(key))
        let isName = path.hasPrefix(".")
        var hint = "; \(cls.name) has no property or method '\(key)'; declare it: "
            + "\(base.name):subclass(\(cls.name.luaQuoted), { \(isName ? key : path) = 0 })"
        let classIsName = Value.pathComponent(.string(cls.name)).hasPrefix(".")
        if isName && classIsName { hint += ", or define function \(cls.name):\(key)() … end" }
        return hint
    }

    /// "; did you mean 'name'?" for a misspelled `key` of an object of `cls`: the nearest
    /// of its methods, properties and the fields added with `extend`. Error path only.
    func spellingHint(_ key: String, of cls: SimClass, extra: [String] = []) -> String? {
        var names = cls.allSelectors.map(\.name).filter { $0 != "deinit" && $0 != ".cxx_destruct" }
        names += cls.properties.map(\.name) + ["isKind", "responds"] + extra
        var c: SimClass? = cls
        while let k = c {
            names += extensions[k.id].map { Array($0.keys) } ?? []
            c = k.superclass
        }
        return Spelling.nearest(to: key, among: names).map { "; did you mean '\($0)'?" }
    }

    /// The error at the stack top (from a failed `kitsim_pcall`) as a `SimError` that
    /// carries the Lua value back to the trampoline.
    func hostError(_ L: OpaquePointer) -> SimError {
        let message = describe(L, -1)
        let payload = ForeignValue(LuaRef(state, L, index: -1))
        if limits.pointee.stopping != 0 { return SimError(.limit, message, payload: payload) }
        return SimError(.host, message, payload: payload)
    }
}

/// Lua functions run by the model: method overrides, swizzles, deinit,
/// completions and timers. Always under `kitsim_pcall`.
extension LuaSandbox: ForeignDispatcher {
    public func invoke(_ function: ForeignBox, _ invocation: Invocation) throws -> Value {
        // An exact class check and an unchecked downcast instead of `as?` (this
        // runs for every callback of the model into Lua); LuaRef is final.
        guard type(of: function) == LuaRef.self else {
            throw SimError.script(.foreignImplementation(selector: invocation.selector.name))
        }
        let ref = unsafeDowncast(function, to: LuaRef.self)
        guard ref.state === state else {
            throw SimError.script(.otherSandbox(selector: invocation.selector.name))
        }
        if !ref.passesReceiver { return try call(ref, invocation.args) }
        let L = current
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        let count = invocation.args.count
        // More arguments than Lua's stack holds (a million, from table.unpack): the error
        // stock Lua raises for such a call, which a pcall catches.
        guard lua_checkstack(L, Int32(count + 5)) != 0 else { throw SimError.stackOverflow }
        kitsim_push_traceback(L)
        ref.push(L)
        pushHandle(L, invocation.receiver)
        var n: Int32 = 1
        if ref.originalRef != LUA_NOREF { rawGetRef(L, ref.originalRef); n += 1 }
        for i in 0..<count { push(L, invocation.args[i]); n += 1 }
        guard kitsim_pcall_handler(L, n, 1) == LUA_OK else { throw hostError(L) }
        return value(L, -1)
    }

    public func call(_ function: ForeignBox, _ arguments: [Value]) throws -> Value {
        guard let ref = function as? LuaRef, ref.state === state else { return .nil }
        return try call(ref, Arguments(arguments))
    }

    func call(_ ref: LuaRef, _ args: Arguments) throws -> Value {
        let L = current
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        guard lua_checkstack(L, Int32(args.count + 5)) != 0 else { throw SimError.stackOverflow }
        kitsim_push_traceback(L)
        ref.push(L)
        for i in 0..<args.count { push(L, args[i]) }
        guard kitsim_pcall_handler(L, Int32(args.count), 1) == LUA_OK else { throw hostError(L) }
        return value(L, -1)
    }
}

extension LuaSandbox {
    /// The failure report of `kitsim run`: what happened, where, the last events of the
    /// scenario (not the start-up's: the application, its screen and delegate) and the
    /// leaks. A file that never started (a syntax error) has only its message: no event
    /// and no leak can be its own.
    package func failureReport(_ o: Outcome) -> String {
        // SPEC §5: the message's first line is the headline, `file:line: name: reason`.
        var lines = ["", "== \(o.status.rawValue.uppercased()) =="]
        if let m = o.message { lines.append(m) }
        guard let first = firstScriptEvent else { return lines.joined(separator: "\n") }
        let events = heap.traceText(last: 15, from: first).split(separator: "\n")
        if !events.isEmpty {
            lines.append("")
            lines.append("last events:")
            lines.append(contentsOf: events.map { "  " + $0 })
        }
        lines.append("")
        lines.append(o.leaks.isEmpty ? "leaks: none" : "leaks:")
        for l in o.markedLeakLines { lines.append("  " + l) }
        if !o.leakGroups.isEmpty {
            // The same leaks by their suspects, with the paths' statuses (rule 85).
            lines.append("")
            lines.append("leak traces:")
            lines.append(contentsOf: o.leakGroups.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 })
        }
        return lines.joined(separator: "\n")
    }
}
