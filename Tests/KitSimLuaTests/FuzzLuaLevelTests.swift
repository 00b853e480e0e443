import Testing
@testable import KitSim
@testable import KitSimBridge
@testable import KitSimLua
@testable import KitSimFuzz
import KitSimReport

/// The fuzzer's Lua-level calls (FuzzGenerator+Lua.swift, FuzzGenerator+Chunks.swift), and
/// the host crashes they found.
@Suite struct FuzzLuaLevelTests {
    /// The calls of seeds 1…200 (20,000), joined.
    static let text = (UInt64(1)...200).flatMap { FuzzGenerator.program(seed: $0, calls: 100).calls }.joined(separator: "\n")

    static func occurrences(of needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    /// Each kind of Lua-level call turns up in a fixed number of seeds' programs, often
    /// enough that the smoke run (1,000 seeds) meets each many times: thousands of values
    /// through print (what found the print crash), the shim's other C functions, the
    /// bridge, callbacks and overrides; loads, metatables, coroutines, patterns.
    @Test(arguments: [
        ("print(table.unpack(BIG, 1, 2000", 5), ("print(", 60), ("table.unpack(BIG, 1, 200000)", 8), ("BIGS:byte(1, ", 30),
        ("io.write(table.unpack", 5), ("sim.log(", 5), ("string.format(", 20), ("select(", 20), ("utf8.char(", 5),
        ("coroutine.resume(co, table.unpack", 3), ("HOOK[", 100), ("return table.unpack(BIG", 30), ("function FuzzVC:", 3),
        ("sim.after(", 50), ("DispatchQueue.main:async", 10), ("sim.block{ function(...) return", 2),
        ("load(", 200), ("local f = load(\"local n, T = 0, {}", 100), ("string.dump(", 5), ("nil, nil, setmetatable(", 10),
        ("setmetatable({", 200), ("__index = ", 100), ("__close = ", 30), ("__tostring", 30), ("__lt", 10), ("__call", 20),
        ("CO[", 50), ("coroutine.close(", 10), ("coroutine.wrap(nest)", 2),
        ("string.gsub(", 20), ("string.find(", 15), ("string.gmatch(", 20), ("('a*'):rep(", 5), ("('a'):rep(1000)", 5), ("(function() local p, src = 0,", 10),
        ("table.sort(", 20), ("table.move(", 20), ("table.concat(", 20), ("table.insert(", 10), ("table.remove(", 10),
        ("utf8.", 30), ("math.mininteger", 100), ("do d = { d } end", 10), ("string.pack(", 5), ("tonumber(", 5),
    ] as [(String, Int)])
    func theProgramsHoldEachKindOfLuaLevelCall(_ needle: String, _ minimum: Int) {
        let n = Self.occurrences(of: needle, in: Self.text)
        #expect(n >= minimum, "\(needle): \(n) times in 20,000 calls")
    }

    /// About a tenth of the calls are Lua-level (past the first six, which mostly create).
    @Test func aboutATenthOfTheCallsAreLuaLevel() {
        var g = FuzzGenerator(seed: 7)
        for _ in 0..<20_000 { _ = g.call() }
        #expect(g.luaLevelCalls > 1_400 && g.luaLevelCalls < 2_200, "\(g.luaLevelCalls) of 20,000")
    }

    /// Every call's choices fit one record of a libFuzzer input, loaded chunks included
    /// (the grammar stops growing a chunk when the call has used most of a record): the
    /// bytes of 300 seeds' programs hold all their calls and decode into the same programs.
    @Test func everyCallFitsALibFuzzerRecord() {
        for seed in UInt64(1)...300 {
            let bytes = FuzzInput.bytes(seed: seed, calls: 100)
            #expect(FuzzInput.records(bytes).count == 99, "seed \(seed)")
            var decoded = FuzzInput.program(bytes)
            decoded.seed = seed
            #expect(decoded == FuzzGenerator.program(seed: seed, calls: 100), "seed \(seed)")
        }
    }

    /// The counts of values come from the list, weighted towards the thousands, and a
    /// limit is kept.
    @Test func manyValueCountsComeFromTheList() {
        var g = FuzzGenerator(seed: 3)
        var seen: [Int: Int] = [:]
        for _ in 0..<5_000 { seen[g.manyCount(), default: 0] += 1 }
        #expect(Set(seen.keys) == Set(FuzzGenerator.manyCounts))
        #expect((seen[2000] ?? 0) > (seen[200000] ?? 0) * 5)
        for _ in 0..<1_000 { #expect(g.manyCount(upTo: 2000) <= 2000) }
    }

    /// Every generated line is one line of Lua that compiles both alone (as the fuzzer
    /// runs it) and inside `fuzzcall(function() … end)` (as a printed script holds it):
    /// no newline, no comment that would swallow the script's closing `end)`, no `...`
    /// outside a vararg function, no parenthesis read as a call of the line before.
    @Test func everyLineCompilesAloneAndInAPrintedScript() throws {
        let sandbox = try LuaSandbox(limits: Fuzzer.limits)
        let lines = (UInt64(1)...60).flatMap { FuzzGenerator.program(seed: $0, calls: 100).calls }
        var failures: [String] = []
        for chunk in stride(from: 0, to: lines.count, by: 500) {
            let part = lines[chunk..<min(chunk + 500, lines.count)]
            #expect(part.allSatisfy { !$0.contains("\n") })
            let quoted = part.map { FuzzGenerator.luaQuoted($0) }.joined(separator: ",\n")
            let r = sandbox.step(chunk: """
                local bad = {}
                for i, line in ipairs({ \(quoted) }) do
                  local f, e = load(line)
                  local g, e2 = load("fuzzcall(function() " .. line .. " end)")
                  if not f or not g then bad[#bad + 1] = (e or e2) .. " in: " .. line:sub(1, 200) end
                end
                if #bad > 0 then error(table.concat(bad, "\\n"), 0) end
                """, name: "=lines")
            if r.status != .passed { failures.append(r.message ?? "?") }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n").prefix(3000))")
    }

    /// The grammar's chunks compile, unless broken on purpose; broken ones mostly do not.
    @Test func generatedChunksCompileAndBrokenOnesMostlyDoNot() throws {
        let sandbox = try LuaSandbox(limits: Fuzzer.limits)
        var g = FuzzGenerator(seed: 11)
        var good: [String] = [], broken: [String] = []
        for _ in 0..<400 {
            let chunk = g.generatedChunk()
            good.append(FuzzGenerator.luaQuoted(chunk))
            broken.append(FuzzGenerator.luaQuoted(g.broken(chunk)))
        }
        let r = sandbox.step(chunk: """
            local bad = {}
            for _, c in ipairs({ \(good.joined(separator: ",\n")) }) do
              local f, e = load(c)
              if not f then bad[#bad + 1] = e .. " in: " .. c:sub(1, 300) end
            end
            if #bad > 0 then error(#bad .. " chunks did not compile:\\n" .. table.concat(bad, "\\n"), 0) end
            local failed = 0
            for _, c in ipairs({ \(broken.joined(separator: ",\n")) }) do
              if not load(c) then failed = failed + 1 end
            end
            assert(failed >= 280, failed .. " of 400 broken chunks failed to compile")
            """, name: "=chunks")
        #expect(r.status == .passed, "\(r.message?.prefix(3000) ?? "")")
    }

    /// `luaQuoted` gives a literal that reads back as the same bytes, on one line.
    @Test(arguments: ["", "a\"b", "\\", "\n", "\0\u{1}\u{7F}", "日本語", "\r\n\t", "]]", "'", "%d\\z", "1\u{0}2"])
    func quotedStringsReadBack(_ s: String) throws {
        let quoted = FuzzGenerator.luaQuoted(s)
        #expect(!quoted.contains("\n"))
        let sandbox = try LuaSandbox()
        let bytes = s.utf8.map { String($0) }.joined(separator: ", ")
        let r = sandbox.step(chunk: "local s = \(quoted) assert(s == string.char(\(bytes)), s)", name: "=quoted")
        #expect(r.status == .passed, "\(quoted): \(r.message ?? "")")
    }

    /// Programs made mostly of Lua-level calls (after six calls that populate the pools)
    /// run clean on this build, and run the same twice: no status or message depends on
    /// an address, on hash order or on a sort's random pivots.
    @Test func luaLevelProgramsRunCleanAndTheSameTwice() {
        for seed in UInt64(1)...12 {
            var g = FuzzGenerator(seed: seed)
            var calls = (0..<6).map { _ in g.call() }
            for _ in 0..<60 { calls.append(g.lua()) }
            calls.append("sim.run(3)")
            let program = FuzzProgram(seed: seed, calls: calls)
            let r = Fuzzer.runTwice(program)
            #expect(r.failure == nil, "seed \(seed): \(r.failure.map { "\($0): \(program.calls[$0.call])" } ?? "")")
            #expect(r.callsRun == calls.count)
        }
    }

    /// The smoke run's first find without the shim's print fix (`kitsim fuzz --seed 1
    /// --count 100000`: seed 3, call 45, minimised to its first two calls here): print
    /// with thousands of values overwrote the heap (glibc's malloc aborted, SIGABRT).
    /// Now every call passes.
    @Test func printWithThousandsOfValuesIsNotAHostCrash() {
        let program = FuzzProgram(seed: 3, calls: [
            "coroutine.wrap(function() V[2]:addGestureRecognizer((UIGestureRecognizer())) end)()",
            "print(nil, table.unpack(BIG, 100, 5000))",
            "print(table.unpack(BIG, 1, 200000), table.unpack(BIG, 1, 200000))",
            "local ok = pcall(print, table.unpack(BIG, -1, 2000))",
        ])
        var statuses: [Outcome.Status] = []
        let r = Fuzzer.run(program, observe: { _, step in statuses.append(step.status) })
        #expect(r.failure == nil)
        #expect(statuses == [.scriptError, .passed, .passed, .passed])
    }

    /// Found by the Lua-level calls (`kitsim fuzz --seed 1 --count 100000`, seeds 276,
    /// 352, 734, 943 and 950): coroutines closed from the `__close` of other
    /// coroutines' pending variables, nested 20,000 deep, overflowed the C stack in Lua
    /// 5.4.4's lua_resetthread (SIGSEGV). The nesting now stops at Lua's own C-call limit
    /// with "C stack overflow", the outer closes complete, and the count of closes in
    /// progress goes back to zero (a chain of 150 closes afterwards is clean).
    @Test func nestedCoroutineClosesStopAtTheCStackLimit() throws {
        let sandbox = try LuaSandbox(limits: Fuzzer.limits)
        let r = sandbox.step(chunk: """
            local function chain(n)
              local co, err = false, nil
              for i = 1, n do
                local prev = co
                co = coroutine.create(function()
                  local c <close> = setmetatable({}, { __close = function()
                    if prev then local ok, e = coroutine.close(prev) if not ok then err = err or e end end
                  end })
                  coroutine.yield()
                end)
                coroutine.resume(co)
              end
              return coroutine.close(co), err
            end
            local ok, err = chain(20000)
            assert(ok == true and tostring(err):find("C stack overflow"), tostring(err))
            ok, err = chain(150)
            assert(ok == true and err == nil, tostring(err))
            """, name: "=close")
        #expect(r.status == .passed, "\(r.message ?? "")")
        #expect(sandbox.bridgeIsAtRest)
    }
}
