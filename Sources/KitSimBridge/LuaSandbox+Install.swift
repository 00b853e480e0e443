import CLua
import CLuaShim
import KitSimReport
import KitSimRuntime

/// The `sim` table's runtime-level members (SPEC §4), the runtime's classes as globals, the
/// prelude, and the sandbox's restrictions; the model adds its globals and `sim` members.
extension LuaSandbox {
    func install() throws {
        let L = self.L
        installClassMachinery()
        heap.foreignDispatcher = dispatcher
        // Unretained: the sandbox owns the heap and clears these in deinit (and an unowned
        // reference would cost an atomic unowned-to-strong per event).
        let me = Unmanaged.passUnretained(self)
        heap.locationProvider = { me._withUnsafeGuaranteedRef { $0.scriptLocation() } }
        // SPEC §5: a run-loop turn is work the trampolines never see; each costs the work
        // budget one call, so the budget stops a run that turns for ever as it stops a
        // loop (the same turn on every run: deterministic), and the watchdog sees that
        // `sim.run` is busy, not in a pure-Lua loop.
        heap.onTurn = { units in try me._withUnsafeGuaranteedRef { try $0.chargeTurn(units) } }
        heap.deallocObserver = { id in
            me._withUnsafeGuaranteedRef { sb in
                // The object's undeclared fields go with it.
                guard sb.fieldTables > 0 else { return }
                sb.rawGetRef(sb.L, sb.fieldsTable)
                lua_pushnil(sb.L)
                lua_rawseti(sb.L, -2, lua_Integer(id.raw))
                kitsim_pop(sb.L, 1)
            }
        }

        // The runtime's own classes as globals; the model adds its own (SandboxModel.install).
        for cls in [heap.rootClass!, heap.blockClass] {
            pushDeclaredClassTable(L, id: cls.id)
            setGlobalRaw(L, cls.name)
        }
        // The sim table.
        lua_createtable(L, 0, 32)
        let simIndex = lua_gettop(L)
        func def(_ signature: MethodSignature, _ fn: @escaping (LuaSandbox, OpaquePointer) throws -> Int32) {
            defineSimFunction(L, simIndex, signature, fn)
        }
        installSimFunctions(def)
        installGenerationFunctions(def)
        installScheduleFunction(def)
        installBoxes(L, def)
        installGlobalFunctions()
        try model.install(in: self, simTable: simIndex)
        lua_pushvalue(L, simIndex)
        setGlobalRaw(L, "sim")

        // The prelude, with a registration callback for the metatables it defines (loaded
        // as bytecode compiled ahead of time: compiling it took a third of a start-up).
        let status = kitsim_load_prelude(L, 0, prelude, prelude.utf8.count)
        guard status == LUA_OK else { throw SimError.script(.preludeFailed(chunk: nil, error: describe(L, -1))) }
        pushFunction(L) { sb, L in
            let name = sb.string(L, 1) ?? ""
            lua_pushvalue(L, 2)
            let ref = sb.makeRef(L)
            switch name {
            case "exception": sb.exceptionMeta = ref
            case "rect": sb.rectMeta = ref
            case "point": sb.pointMeta = ref
            case "size": sb.sizeMeta = ref
            case "time": sb.timeMeta = ref
            case "indexPath": sb.indexPathMeta = ref
            case "assertion": sb.assertionMeta = ref
            case "leak": sb.leakMeta = ref
            default: break
            }
            return 0
        }
        lua_pushvalue(L, simIndex)
        // The output line of `print` (the shim's C function) and `sim.log`: its bytes go to
        // standard output exactly as Lua made them; `output` and the trace keep it as text.
        let logline = register { sb, L in
            var len = 0
            guard lua_type(L, 1) == LUA_TSTRING, let p = lua_tolstring(L, 1, &len) else { return 0 }
            let line = p.withMemoryRebound(to: UInt8.self, capacity: len) {
                String(decoding: UnsafeBufferPointer(start: $0, count: len), as: UTF8.self)
            }
            if lua_toboolean(L, 2) != 0 { sb.heap.log(line) }
            sb.output.append(line)
            if sb.echoOutput { kitsim_write_line(p, len) }
            return 0
        }
        kitsim_set_print(L, logline)
        kitsim_push_swift_function(L, logline, 0)
        pushFunction(L) { _, L in
            // The prelude's `expect` compiles the assertion vocabulary on first use.
            guard kitsim_load_prelude(L, 1, assertionVocabulary, assertionVocabulary.utf8.count) == LUA_OK else {
                return KITSIM_RAISE_RAW
            }
            return 1
        }
        // `DispatchTime.now()`: the virtual clock, in nanoseconds.
        pushFunction(L) { sb, L in lua_pushinteger(L, lua_Integer(sb.heap.now)); return 1 }
        // `sim.always` and `sim.sometimes`: the prelude's check of every turn, and its goals.
        pushFunction(L) { sb, L in sb.setTurnCheck(sb.value(L, 1)); return 0 }
        pushFunction(L) { sb, L in
            if lua_type(L, 1) == LUA_TNUMBER {
                let i = Int(lua_tointegerx(L, 1, nil)) - 1
                if sb.goals.indices.contains(i) { sb.goals[i].reached = true }
            } else {
                sb.goals.append(Goal(message: sb.string(L, 2) ?? "", reached: false))
            }
            return 0
        }
        // `expect(obj).to.leak()`: the vocabulary's way to the leak reports.
        pushLeakMatcher(L)
        // A failed expectation, while `collectsFailures` is on: recorded, and the script goes on.
        pushFunction(L) { sb, L in
            guard sb.collectsFailures else { lua_pushboolean(L, 0); return 1 }
            let subject: ObjectID? = if case .object(let id) = sb.value(L, 2) { id } else { nil }
            sb.collectedFailures.append(CollectedFailure(message: sb.string(L, 1) ?? "", subject: subject))
            lua_pushboolean(L, 1)
            return 1
        }
        guard kitsim_pcall(L, 9, 0) == LUA_OK else { throw SimError.script(.preludeFailed(chunk: nil, error: describe(L, -1))) }
        kitsim_pop(L, 1)
        if isSandboxed { applySandbox() } else { restrictDebug() }
    }

    /// Outside `--sandbox`, `debug` keeps its read-only functions only: `debug.sethook`
    /// removes the instruction budget's hook, and `getregistry`, `getupvalue`,
    /// `setupvalue`, `upvaluejoin`, `getmetatable`, `setmetatable`, `setuservalue` reach
    /// the bridge's own tables and closures, where a wrong value crashes the host
    /// (DEVELOPERS.md rule 2). `require "debug"` gives the same table.
    func restrictDebug() {
        let L = self.L
        lua_rawgeti(L, kitsim_registryindex(), lua_Integer(LUA_RIDX_GLOBALS))
        let globals = lua_gettop(L)
        pushString(L, "debug")
        guard lua_rawget(L, globals) == LUA_TTABLE else { kitsim_pop(L, 2); return }
        let full = lua_gettop(L)
        lua_createtable(L, 0, 4)
        for name in ["traceback", "getinfo", "getlocal", "gethook"] {
            pushString(L, name)
            lua_rawget(L, full)
            lua_setfield(L, -2, name)
        }
        pushString(L, "debug"); lua_pushvalue(L, -2); lua_rawset(L, globals)
        setLoaded(L, globals, "debug")
        kitsim_pop(L, 3)
    }

    /// Sets `package.loaded[name]` to the value on the stack top (left there).
    func setLoaded(_ L: OpaquePointer, _ globals: Int32, _ name: String) {
        pushString(L, "package")
        guard lua_rawget(L, globals) == LUA_TTABLE else { kitsim_pop(L, 1); return }
        pushString(L, "loaded")
        if lua_rawget(L, -2) == LUA_TTABLE {
            pushString(L, name)
            lua_pushvalue(L, -4)
            lua_rawset(L, -3)
        }
        kitsim_pop(L, 2)
    }

    /// Adds `sim.<name>` and records its signature (`simFunctions`): the model's members
    /// and the runtime's are defined, documented and annotated from the same signature.
    public func defineSimFunction(_ L: OpaquePointer, _ simIndex: Int32, _ signature: MethodSignature,
                                  _ fn: @escaping (LuaSandbox, OpaquePointer) throws -> Int32) {
        pushFunction(L, fn)
        lua_setfield(L, simIndex, signature.luaName)
        simFunctions.append(signature)
    }

    /// A class-table member computed once (a singleton such as `Class.shared`, a table of constants).
    package func setStatic(_ cls: SimClass, _ key: String, _ push: (LuaSandbox, OpaquePointer) -> Void) {
        rawGetRef(L, staticsTable(L, cls))
        push(self, L)
        lua_setfield(L, -2, key)
        kitsim_pop(L, 1)
    }

    /// Charges a run-loop turn of `units` to the work budget; past the budget, or once the
    /// time limit has passed, stops the run as the trampolines do (pcall cannot swallow it).
    func chargeTurn(_ units: Int) throws {
        guard kitsim_charge_work(current, Int64(units)) == 0 else { return }
        if kitsim_timed_out(current) != 0 { throw SimError.limitExceeded(.time(seconds: limitsConfiguration.timeLimit)) }
        if limits.pointee.interrupted != 0 { throw SimError.script(.interrupted) }
        throw SimError.limitExceeded(.work(calls: limitsConfiguration.work))
    }

    /// A class-table member computed on first access and cached then (a singleton made
    /// when a script first names it).
    public func setLazyStatic(_ cls: SimClass, _ key: String, _ push: @escaping (LuaSandbox, OpaquePointer) -> Void) {
        // The class's statics table, where the member is cached once made.
        _ = staticsTable(L, cls)
        lazyStatics[cls.id, default: [:]][key] = push
    }

    /// The object at argument `i`, or a Lua-style error naming the function.
    package func objectArgument(_ L: OpaquePointer, _ i: Int32, _ fn: String) throws -> ObjectID {
        let id = kitsim_handle_id(L, i)
        guard id != 0 else { throw SimError.badArgument(Int(i), fn, expected: "object", got: typeName(L, i)) }
        return ObjectID(id)
    }

    package func numberArgument(_ L: OpaquePointer, _ i: Int32, _ fn: String, default d: Double? = nil) throws -> Double {
        if lua_type(L, i) == LUA_TNUMBER { return lua_tonumberx(L, i, nil) }
        if let d, lua_type(L, i) <= LUA_TNIL { return d }
        throw SimError.badArgument(Int(i), fn, expected: "number", got: typeName(L, i))
    }

    /// `sim.graph`'s formats.
    static let graphFormats = EnumType("GraphFormat", ["dot", "mermaid"])

    /// The runtime-level members of `sim` (SPEC §4): ownership, inspection, blocks,
    /// swizzling. The model adds the rest (time, the screen, taps, its configuration).
    func installSimFunctions(_ def: (MethodSignature, @escaping (LuaSandbox, OpaquePointer) throws -> Int32) -> Void) {
        def(MethodSignature("drain", summary: "Drains the autorelease pool: objects only the pool owned are released.")) { sb, _ in try sb.heap.drain(); return 0 }
        def(MethodSignature("alive", [Parameter("object", .any)], returns: .bool, summary: "Whether the value is an object that has not deallocated.")) { sb, L in
            let id = kitsim_handle_id(L, 1)
            lua_pushboolean(L, id != 0 && sb.heap.isAlive(ObjectID(id)) ? 1 : 0)
            return 1
        }
        def(MethodSignature("isObject", [Parameter("value", .any)], returns: .bool, summary: "Whether the value is a handle of a simulated object, dead or alive.")) { _, L in lua_pushboolean(L, kitsim_handle_id(L, 1) != 0 ? 1 : 0); return 1 }
        def(MethodSignature("object", [.integer("id")], returns: .object("NSObject"), optional: true,
                            summary: "The object with that id (the 4 of `Class#4`), alive or deallocated; nil when no object has it.")) { sb, L in
            var isInteger: Int32 = 0
            let n = lua_type(L, 1) == LUA_TNUMBER ? lua_tointegerx(L, 1, &isInteger) : 0
            guard isInteger != 0 else {
                throw SimError.badArgument(1, "object", expected: "integer", got: lua_type(L, 1) == LUA_TNUMBER ? "number" : sb.typeName(L, 1))
            }
            guard n > 0, n <= lua_Integer(UInt32.max), sb.heap.isValid(ObjectID(UInt32(n))) else { lua_pushnil(L); return 1 }
            sb.pushHandle(L, ObjectID(UInt32(n)))
            return 1
        }
        def(MethodSignature("retainCount", [.object("object", "NSObject")], returns: .integer, summary: "The object's retain count.")) { sb, L in
            lua_pushinteger(L, lua_Integer(sb.heap.retainCount(try sb.objectArgument(L, 1, "retainCount"))))
            return 1
        }
        def(MethodSignature("hold", [.object("object", "NSObject")], returns: .object("NSObject"), summary: "Retains the object for the script (a root); returns it, closable with `<close>`.")) { sb, L in
            let id = try sb.objectArgument(L, 1, "hold")
            try sb.heap.hold(id)
            lua_settop(L, 1)
            return 1
        }
        def(MethodSignature("release", [.object("object", "NSObject")], summary: "Releases a hold taken with `sim.hold`.")) { sb, L in try sb.heap.unhold(try sb.objectArgument(L, 1, "release")); return 0 }
        def(MethodSignature("why", [.object("object", "NSObject")], returns: .string, summary: "Why the object is alive: each path of strong references from a root.")) { sb, L in sb.pushString(L, sb.heap.why(try sb.objectArgument(L, 1, "why"))); return 1 }
        def(MethodSignature("history", [.object("object", "NSObject"), Parameter("options", .table, optional: true)], returns: .string,
                            summary: "Every retain and release of the object, with its source line. `{ uikit = false }` leaves out the undone retain/release pairs of temporary holds (the autorelease pool's, the model's own); `{ pairs = true }` shows each retain with the release that undid it, and the retains nothing undid.")) { sb, L in
            let id = try sb.objectArgument(L, 1, "history")
            var uikit = true, pairs = false
            switch lua_type(L, 2) {
            case LUA_TNONE, LUA_TNIL: break
            case LUA_TTABLE:
                for entry in sb.sortedEntries(L, 2) {
                    guard let key = entry.key, key == "uikit" || key == "pairs" else {
                        throw SimError.badArgument(2, "history", "unknown option \(entry.key.map { "'\($0)'" } ?? "with a \(entry.keyType) key"); expected pairs or uikit", kind: .unknownName)
                    }
                    guard let b = entry.boolean else {
                        throw SimError.badArgument(2, "history", "\(key) must be a boolean, got \(entry.valueType)", kind: .typeMismatch)
                    }
                    if key == "uikit" { uikit = b } else { pairs = b }
                }
            default:
                throw SimError.badArgument(2, "history", expected: "table", got: sb.typeName(L, 2))
            }
            sb.pushString(L, pairs ? sb.heap.retainPairsText(id) : sb.heap.history(id, uikit: uikit))
            return 1
        }
        def(MethodSignature("leaks", returns: .tables("Leak"), summary: "Leaked objects: one report per retain cycle and per abandoned controller, each with `kind`, `message`, `objects`, `suspects` (the declarations of the references to fix) and `trace` (its paths with each object's leak status, the suspects underlined; [rule 85](rules.md#rule-85)); `truncated` is true when the cycle search stopped early.")) { sb, L in sb.pushLeaks(L, sb.heap.leakReports()); return 1 }
        def(MethodSignature("cycles", [.object("candidate", "NSObject", optional: true), Parameter("options", .table, optional: true)], returns: .tables("Leak"),
                            summary: "Retain cycles, one report per elementary cycle of at most 10 objects, by lowest id: without arguments those no root reaches (rule 49); `sim.cycles(obj, { maxLength = 1…100 })` those strong references from obj reach, roots or not (rule 50). `truncated` is true past 1000 reports.")) { sb, L in
            // SPEC rule 49: no arguments at all is the search among the unreachable objects.
            if lua_gettop(L) == 0 { sb.pushLeaks(L, sb.heap.cycleReports()); return 1 }
            // SPEC rule 50: a candidate, then optional settings.
            let candidate = try sb.objectArgument(L, 1, "cycles")
            var maxLength = CycleSearch.maxLength
            switch lua_type(L, 2) {
            case LUA_TNONE, LUA_TNIL: break
            case LUA_TTABLE:
                for entry in sb.sortedEntries(L, 2) {
                    guard entry.key == "maxLength" else {
                        throw SimError.badArgument(2, "cycles", "unknown option \(entry.key.map { "'\($0)'" } ?? "with a \(entry.keyType) key"); expected maxLength", kind: .unknownName)
                    }
                    // Int(n) traps on 1e300 or nan: the range is checked first.
                    guard let n = entry.number, n == n.rounded(), n >= Double(CycleSearch.lengthRange.lowerBound), n <= Double(CycleSearch.lengthRange.upperBound) else {
                        let got = entry.number.map { $0.isNaN ? "nan" : formatNumber($0) } ?? entry.valueType
                        throw SimError.badArgument(2, "cycles", "maxLength must be an integer from 1 to 100, got \(got)", kind: .invalidUse)
                    }
                    maxLength = Int(n)
                }
            default:
                throw SimError.badArgument(2, "cycles", expected: "table", got: sb.typeName(L, 2))
            }
            sb.pushLeaks(L, try sb.heap.cycles(from: candidate, maxLength: maxLength))
            return 1
        }
        def(MethodSignature("verify", summary: "Checks every invariant of the heap and the model; raises on the first broken one.")) { sb, _ in try sb.heap.verify(); return 0 }
        def(MethodSignature("label", [.object("object", "NSObject"), .string("name")], returns: .object("NSObject"), summary: "Names the object in traces, graphs and reports; returns it.")) { sb, L in
            let id = try sb.objectArgument(L, 1, "label")
            guard let name = sb.string(L, 2) else {
                throw SimError.badArgument(2, "label", expected: "string", got: sb.typeName(L, 2))
            }
            sb.heap.label(id, name)
            lua_settop(L, 1)
            return 1
        }
        def(MethodSignature("block", [Parameter("spec", .table)], returns: .object("NSBlock"), summary: "A block: `sim.block{ strong = {a}, weak = {b}, unowned = {c}, fn }` captures as listed; a call passes fn the captures (strong, weak, unowned; a dead weak one as nil), then its arguments.")) { sb, L in
            guard lua_type(L, 1) == LUA_TTABLE else {
                throw SimError.badArgument(1, "block", expected: "table", got: sb.typeName(L, 1), hint: "use sim.block{ strong = {a}, weak = {b}, fn }")
            }
            func list(_ key: String) throws -> [ObjectID] {
                sb.pushString(L, key)
                lua_rawget(L, 1)                     // raw: a script's __index never runs here
                defer { kitsim_pop(L, 1) }
                if lua_type(L, -1) <= LUA_TNIL { return [] }
                switch sb.value(L, -1) {
                case .array(let a): return a.compactMap(\.objectID)
                case .object(let o): return [o]
                default: throw SimError.badArgument(1, "block", "'\(key)' must be a list of objects", kind: .typeMismatch)
                }
            }
            let strong = try list("strong"), weak = try list("weak"), unowned = try list("unowned")
            lua_rawgeti(L, 1, 1)
            var body: Implementation?
            var site: String?
            if lua_type(L, -1) == LUA_TFUNCTION {
                // Where its function was written names the block, as a closure's does.
                var place = [CChar](repeating: 0, count: 256)
                if kitsim_function_place(L, -1, &place, place.count) != 0 { site = String(cString: place) }
                let ref = LuaRef(sb.state, L, index: -1)
                ref.passesReceiver = false
                body = .foreign(ref)
            } else if lua_type(L, -1) > LUA_TNIL {
                throw SimError.badArgument(1, "block", "its first item must be the function, got \(sb.typeName(L, -1))", kind: .typeMismatch)
            }
            kitsim_pop(L, 1)
            sb.pushHandle(L, try sb.heap.makeBlock(strong: strong, weak: weak, unowned: unowned, body: body, site: site))
            return 1
        }
        def(MethodSignature("method", [.object("object", "NSObject"), .string("name")], returns: .function,
                            summary: "Swift's method reference `self.name` as a value (`.map(makeState)`): a function that calls `object:name(...)`; where it becomes a closure it captures the object strongly, as 'self', at the line that wrote `sim.method`.")) { sb, L in
            let id = try sb.objectArgument(L, 1, "method")
            guard let name = sb.string(L, 2) else {
                throw SimError.badArgument(2, "method", expected: "string", got: sb.typeName(L, 2))
            }
            guard sb.heap.responds(id, to: Selector(name)) else {
                throw SimError.badArgument(2, "method", "\(sb.heap.describe(id)) has no method '\(name)'", kind: .unknownName)
            }
            try sb.pushMethodReference(L, object: 1, name: 2)
            return 1
        }
        def(MethodSignature("graph", [.enumeration("format", LuaSandbox.graphFormats, default: "dot"), .object("focus", "NSObject", optional: true)], returns: .string,
                            summary: "The ownership graph as DOT or Mermaid text, leaked objects in red, with a legend; with `focus`, only the paths from the roots to that object and what it owns.")) { sb, L in
            let format = sb.string(L, 1) ?? "dot"
            guard let f = Heap.GraphFormat(rawValue: format) else {
                throw SimError.badArgument(1, "graph", expected: "\"dot\" or \"mermaid\"", got: "\"\(format)\"")
            }
            if lua_type(L, 2) > LUA_TNIL {
                sb.pushString(L, try sb.heap.graph(f, focus: try sb.objectArgument(L, 2, "graph")))
            } else {
                sb.pushString(L, sb.heap.graph(f))
            }
            return 1
        }
        def(MethodSignature("trace", [.integer("last", optional: true)], returns: .string, summary: "The trace of events, or its last lines.")) { sb, L in
            let n = lua_type(L, 1) == LUA_TNUMBER ? Int(lua_tointegerx(L, 1, nil)) : nil
            sb.pushString(L, sb.heap.traceText(last: n))
            return 1
        }
        def(MethodSignature("exchange", [Parameter("class", .table), .string("a"), .string("b")], summary: "Exchanges two methods of a class (`method_exchangeImplementations`).")) { sb, L in
            guard let cls = sb.classOfTable(L, 1) else {
                throw SimError.badArgument(1, "exchange", expected: "class", got: sb.typeName(L, 1))
            }
            guard let a = sb.string(L, 2), let b = sb.string(L, 3) else {
                throw SimError.badArgument(2, "exchange", "two selector names expected", kind: .typeMismatch)
            }
            try sb.heap.exchangeMethods(Selector(a), Selector(b), on: cls)
            sb.dropStatic(cls, a)
            sb.dropStatic(cls, b)
            sb.refreshMethodsTree(cls)
            return 0
        }
    }

    /// The runtime's global functions (`APIReference.globalFunctions`): `autoreleasepool`
    /// (rule 76) and `NSClassFromString` (rule 77).
    func installGlobalFunctions() {
        setGlobalFunction("autoreleasepool") { sb, L in
            let isBlock = kitsim_handle_id(L, 1) != 0 && sb.heap.isKind(ObjectID(kitsim_handle_id(L, 1)), of: sb.heap.blockClass)
            guard lua_type(L, 1) == LUA_TFUNCTION || isBlock else {
                throw SimError.badArgument(1, "autoreleasepool", expected: "function", got: sb.typeName(L, 1))
            }
            return try sb.autoreleasepool(L)
        }
        setGlobalFunction("NSClassFromString") { sb, L in
            guard lua_type(L, 1) == LUA_TSTRING, let name = sb.string(L, 1) else {
                throw SimError.badArgument(1, "NSClassFromString", expected: "string", got: sb.typeName(L, 1))
            }
            // Looking a deferred class up by name materialises it.
            guard let cls = sb.heap.classNamed(name), sb.isAvailable(cls) else {
                lua_pushnil(L)
                return 1
            }
            sb.pushClassTable(L, cls)
            return 1
        }
    }

    /// `autoreleasepool(fn)` (rule 76): calls the function at index 1 with no arguments inside
    /// a nested autorelease pool and returns its results. The pool is drained and closed
    /// when the function returns and when it raises; its error then travels on unchanged
    /// (a failure of the drain itself is reported only when the function succeeded). The
    /// call is protected (`kitsim_pcall_handler`), so the error never unwinds this frame.
    func autoreleasepool(_ L: OpaquePointer) throws -> Int32 {
        lua_settop(L, 1)
        guard lua_checkstack(L, 3) != 0 else { throw SimError.stackOverflow }
        kitsim_push_traceback(L)
        lua_pushvalue(L, 1)
        heap.pushPool()
        guard kitsim_pcall_handler(L, 0, LUA_MULTRET) == LUA_OK else {
            let error = hostError(L)
            try? heap.popPool()
            throw error
        }
        try heap.popPool()
        // The results sit above the function and the message handler.
        return lua_gettop(L) - 2
    }

    /// Whether a class exists on the profile: one introduced after the heap's platform version
    /// is missing, as it is from an older device's runtime (rule 51).
    func isAvailable(_ cls: SimClass) -> Bool {
        guard let introduced = model.classInterfaces.first(where: { $0.name == cls.name })?.introduced else { return true }
        return heap.platformVersion >= introduced
    }

    /// Leaks as an array of `{ kind =, message =, objects =, references =, retained = }`
    /// with a readable tostring, and `truncated = true` on the array when the cycle search
    /// stopped early (SPEC rule 49).
    func pushLeaks(_ L: OpaquePointer, _ leaks: LeakReports) {
        lua_createtable(L, Int32(leaks.count), 1)
        for (i, leak) in leaks.enumerated() {
            lua_createtable(L, 0, 6)
            pushString(L, leak.kind.rawValue); lua_setfield(L, -2, "kind")
            pushString(L, LeakText.message(leak, in: heap)); lua_setfield(L, -2, "message")
            // A million-object ring is listed by its first 1000 objects and references;
            // the message gives its length.
            push(L, .array(leak.objects.prefix(1000).map(Value.object))); lua_setfield(L, -2, "objects")
            if leak.kind == .cycle {
                // SPEC rule 49: the references in cycle order, the lowest member's first.
                lua_createtable(L, Int32(min(leak.references.count, 1000)), 0)
                for (k, r) in leak.references.prefix(1000).enumerated() {
                    lua_createtable(L, 0, 4)
                    pushHandle(L, r.owner); lua_setfield(L, -2, "owner")
                    pushString(L, r.name); lua_setfield(L, -2, "name")
                    pushString(L, r.ownership.description); lua_setfield(L, -2, "ownership")
                    pushHandle(L, r.target); lua_setfield(L, -2, "target")
                    lua_rawseti(L, -2, lua_Integer(k + 1))
                }
                lua_setfield(L, -2, "references")
                push(L, .array(leak.retained.prefix(1000).map(Value.object))); lua_setfield(L, -2, "retained")
            }
            // The cycles of one strongly connected component share its number (SPEC §2).
            if let c = leak.component { lua_pushinteger(L, lua_Integer(c)); lua_setfield(L, -2, "component") }
            // LeakCanary's labels (rule 85): the suspects' declarations, and the traces.
            let traces = heap.leakTraces(leak)
            push(L, .array(heap.signature(of: traces).map { .string($0.description) })); lua_setfield(L, -2, "suspects")
            pushString(L, traces.map { LeakTraceText.trace($0, in: heap) }.joined(separator: "\n\n")); lua_setfield(L, -2, "trace")
            rawGetRef(L, leakMeta)
            lua_setmetatable(L, -2)
            lua_rawseti(L, -2, lua_Integer(i + 1))
        }
        if leaks.truncated { lua_pushboolean(L, 1); lua_setfield(L, -2, "truncated") }
    }

    /// Where the script is now (the innermost Lua function running), for history.
    func scriptLocation() -> SourceLocation? {
        var line: Int32 = 0
        guard let src = kitsim_current_location(current, &line) else { return nil }
        if let last = lastLocation.source, last == src {
            if lastLocation.line == line { return lastLocation.loc }
            // Same chunk, another line: reuse the file name (no string built per line).
            let loc = SourceLocation(file: lastLocation.loc?.file ?? "", line: Int(line))
            lastLocation = (src, line, loc)
            return loc
        }
        var file = String(cString: src)
        if file.hasPrefix("@") || file.hasPrefix("=") { file.removeFirst() }
        let loc = SourceLocation(file: file, line: Int(line))
        lastLocation = (src, line, loc)
        return loc
    }

    /// `--sandbox` (SPEC §5): no `os`, `io`, `load`, `loadfile`, `dofile`, `debug`;
    /// `require` finds modules only in the scenario's folder.
    func applySandbox() {
        for name in ["os", "io", "load", "loadfile", "dofile", "debug", "collectgarbage"] {
            lua_pushnil(L)
            setGlobalRaw(L, name)
        }
        // `require "io"` found the removed libraries in package.loaded, and
        // package.loadlib links any shared library: both gone (a sandbox escape).
        lua_rawgeti(L, kitsim_registryindex(), lua_Integer(LUA_RIDX_GLOBALS))
        let globals = lua_gettop(L)
        for name in ["os", "io", "debug"] {
            lua_pushnil(L)
            setLoaded(L, globals, name)
            kitsim_pop(L, 1)
        }
        pushString(L, "package")
        if lua_rawget(L, globals) == LUA_TTABLE {
            pushString(L, "loadlib"); lua_pushnil(L); lua_rawset(L, -3)
        }
        kitsim_pop(L, 2)
    }
}
