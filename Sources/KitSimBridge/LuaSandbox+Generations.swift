import CLua
import CLuaShim
import KitSimReport
import KitSimRuntime

/// Heap generations: `sim.mark`, `sim.since` (Instruments' Mark Generation) and
/// `sim.growth` (BLeak's round trips). Their reports hold class names, counts, lines and
/// handles, which keep nothing alive, so a report never changes what it reports on.
extension LuaSandbox {
    /// The most rounds `sim.growth` runs: its report lists each round's count.
    static let growthRounds = 2...1000
    /// How many handles a report entry lists in `objects`; `count` is the whole number.
    static let listedObjects = 1000

    func installGenerationFunctions(_ def: (MethodSignature, @escaping (LuaSandbox, OpaquePointer) throws -> Int32) -> Void) {
        reportText = register { _, L in
            lua_pushvalue(L, kitsim_upvalueindex(2))
            return 1
        }
        def(MethodSignature("mark", [.string("name")],
                            summary: "Marks a heap generation (Instruments' Mark Generation): `sim.since(name)` lists what was allocated after this point and is still alive. Marking a name again moves its mark.")) { sb, L in
            guard lua_type(L, 1) == LUA_TSTRING, let name = sb.string(L, 1) else {
                throw SimError.badArgument(1, "mark", expected: "string", got: sb.typeName(L, 1))
            }
            sb.mark(name)
            return 0
        }
        def(MethodSignature("since", [.string("mark")], returns: .tables("GenerationClass"),
                            summary: "The objects allocated since `sim.mark(mark)` that are still alive, by class, the most numerous first: each entry has `class`, `count`, `lines` (where they were allocated) and `objects`; the report's `count` is the total, and `tostring` gives a readable report.")) { sb, L in
            guard lua_type(L, 1) == LUA_TSTRING, let name = sb.string(L, 1) else {
                throw SimError.badArgument(1, "since", expected: "string", got: sb.typeName(L, 1))
            }
            guard let generation = sb.generation(sinceMark: name) else {
                throw SimError.badArgument(1, "since", "no mark named '\(name)'", hint: sb.markHint, kind: .unknownName)
            }
            sb.pushGeneration(L, generation, mark: name)
            return 1
        }
        def(MethodSignature("growth", [.integer("rounds"), .function("fn", optional: false)], returns: .tables("GrowingClass"),
                            summary: "Calls `fn(round)` `rounds` times (2 to 1000), settling the run loop after each as `sim.run(0)` does, and reports the classes whose live count grew in every round (BLeak's round trips): each entry has `class`, `before`, `counts` (after each round), `lines` and `objects`; `tostring` gives `Class +1 each round (1, 2, 3)`. A round that animates or waits calls `sim.run(seconds)` itself.")) { sb, L in
            let rounds = try sb.roundsArgument(L)
            guard lua_type(L, 2) == LUA_TFUNCTION else {
                throw SimError.badArgument(2, "growth", expected: "function", got: sb.typeName(L, 2))
            }
            sb.pushGrowth(L, try sb.growth(L, rounds: rounds))
            return 1
        }
    }

    /// Sets (or moves) the mark `name` to now, as `sim.mark(name)` does.
    public func mark(_ name: String) {
        generationMarks[name] = heap.mark()
    }

    /// The live objects allocated since the mark `name`, or nil when there is no such mark.
    public func generation(sinceMark name: String) -> Generation? {
        generationMarks[name].map { heap.generation(since: $0) }
    }

    /// The names of the marks set so far, sorted.
    public var markNames: [String] { generationMarks.keys.sorted() }

    /// The hint of an unknown mark's error: the marks there are, or how to set one.
    var markHint: String {
        let names = markNames
        guard !names.isEmpty else { return "set one with sim.mark(name) first" }
        let shown = names.prefix(10).map { "'\($0)'" }.joined(separator: ", ")
        return "the marks are " + shown + (names.count > 10 ? ", …" : "")
    }

    /// `sim.growth`'s first argument: a whole number of rounds within `growthRounds`.
    func roundsArgument(_ L: OpaquePointer) throws -> Int {
        guard lua_type(L, 1) == LUA_TNUMBER else {
            throw SimError.badArgument(1, "growth", expected: "number", got: typeName(L, 1))
        }
        let n = lua_tonumberx(L, 1, nil)
        // Int(n) traps on 1e300 or nan: the range is checked first.
        guard n == n.rounded(), n >= Double(Self.growthRounds.lowerBound), n <= Double(Self.growthRounds.upperBound) else {
            let got = n.isNaN ? "nan" : formatNumber(n)
            throw SimError.badArgument(1, "growth", "rounds must be an integer from \(Self.growthRounds.lowerBound) to \(Self.growthRounds.upperBound), got \(got)",
                                       hint: "growth needs at least two rounds to tell growth from a first use", kind: .invalidUse)
        }
        return Int(n)
    }

    /// Runs the function at index 2 `rounds` times and compares the live counts by class.
    ///
    /// The run loop settles before the first count and after every round as `sim.run(0)`
    /// settles it: the turn ends (the layout pass, then the autorelease drain) and what is
    /// due now runs. Draining alone would count objects a pending layout pass is about to
    /// release (a pop's "did" callbacks), and settling before the first count keeps the
    /// script's own new objects, which only the pool owns, out of the baseline. Growth does
    /// not move the clock: a leaked timer fires for ever, so running until the run loop is
    /// idle would never end, and a count taken after a time of growth's choosing would
    /// depend on that time. A round that animates or waits runs `sim.run(seconds)` itself.
    func growth(_ L: OpaquePointer, rounds: Int) throws -> Growth {
        guard lua_checkstack(L, 4) != 0 else { throw SimError.stackOverflow }
        try model.settle()
        let before = heap.liveCountsByClass()
        let start = heap.mark()
        var after: [[Int]] = []
        after.reserveCapacity(rounds)
        let base = lua_gettop(L)
        for round in 1...rounds {
            kitsim_push_traceback(L)
            lua_pushvalue(L, 2)
            lua_pushinteger(L, lua_Integer(round))
            guard kitsim_pcall_handler(L, 1, 0) == LUA_OK else { throw hostError(L) }
            lua_settop(L, base)
            try model.settle()
            after.append(heap.liveCountsByClass())
        }
        return heap.growth(before: before, after: after, since: start)
    }

    /// A `sim.since` report: an array of `{ class =, count =, lines =, objects = }`, with the
    /// total as `count`, the mark's name as `mark`, and a readable `tostring`.
    func pushGeneration(_ L: OpaquePointer, _ generation: Generation, mark: String) {
        lua_createtable(L, Int32(generation.classes.count), 2)
        for (i, c) in generation.classes.enumerated() {
            lua_createtable(L, 0, 4)
            pushClassEntry(L, c)
            lua_rawseti(L, -2, lua_Integer(i + 1))
        }
        lua_pushinteger(L, lua_Integer(generation.count)); lua_setfield(L, -2, "count")
        pushString(L, mark); lua_setfield(L, -2, "mark")
        setReportMetatable(L, name: "HeapGeneration", text: GenerationText.text(generation, mark: mark))
    }

    /// A `sim.growth` report: an array of `{ class =, before =, counts =, lines =, objects = }`
    /// with the number of rounds as `rounds` and a readable `tostring`.
    func pushGrowth(_ L: OpaquePointer, _ growth: Growth) {
        lua_createtable(L, Int32(growth.classes.count), 1)
        for (i, c) in growth.classes.enumerated() {
            lua_createtable(L, 0, 5)
            pushString(L, c.className); lua_setfield(L, -2, "class")
            lua_pushinteger(L, lua_Integer(c.before)); lua_setfield(L, -2, "before")
            lua_createtable(L, Int32(c.counts.count), 0)
            for (k, n) in c.counts.enumerated() {
                lua_pushinteger(L, lua_Integer(n))
                lua_rawseti(L, -2, lua_Integer(k + 1))
            }
            lua_setfield(L, -2, "counts")
            pushLines(L, c.allocated?.sites ?? [])
            lua_setfield(L, -2, "lines")
            push(L, .array((c.allocated?.objects ?? []).prefix(Self.listedObjects).map(Value.object)))
            lua_setfield(L, -2, "objects")
            lua_rawseti(L, -2, lua_Integer(i + 1))
        }
        lua_pushinteger(L, lua_Integer(growth.rounds)); lua_setfield(L, -2, "rounds")
        setReportMetatable(L, name: "HeapGrowth", text: GenerationText.text(growth))
    }

    /// The fields of a generation's class entry, into the table on the stack top.
    private func pushClassEntry(_ L: OpaquePointer, _ c: GenerationClass) {
        pushString(L, c.className); lua_setfield(L, -2, "class")
        lua_pushinteger(L, lua_Integer(c.count)); lua_setfield(L, -2, "count")
        pushLines(L, c.sites)
        lua_setfield(L, -2, "lines")
        push(L, .array(c.objects.prefix(Self.listedObjects).map(Value.object)))
        lua_setfield(L, -2, "objects")
    }

    /// The allocation lines (`"gen.lua:7"`) of the sites made by the script, in the sites' order.
    private func pushLines(_ L: OpaquePointer, _ sites: [AllocationSite]) {
        let lines = sites.compactMap { $0.location?.description }
        lua_createtable(L, Int32(lines.count), 0)
        for (k, line) in lines.enumerated() {
            pushString(L, line)
            lua_rawseti(L, -2, lua_Integer(k + 1))
        }
    }

    /// Gives the report on the stack top a protected metatable whose `tostring` is `text`.
    private func setReportMetatable(_ L: OpaquePointer, name: String, text: String) {
        lua_createtable(L, 0, 3)
        pushString(L, name); lua_setfield(L, -2, "__name")
        pushString(L, name); lua_setfield(L, -2, "__metatable")
        pushString(L, text)
        kitsim_push_swift_function(L, reportText, 1)
        lua_setfield(L, -2, "__tostring")
        lua_setmetatable(L, -2)
    }
}
