import Testing
@testable import KitSim
@testable import KitSimBridge
@testable import KitSimLua

/// SPEC §5 limits: each stops the run with a message naming the limit, `pcall` cannot
/// swallow it, and the heap stays consistent. A pure-Lua loop ("LOOP" in the table) is
/// stopped by the watchdog's time limit by default, and by the instruction budget when one
/// is asked for: every case runs with each.
@Suite struct LimitTests {
    enum LoopStopper: CaseIterable { case watchdog, instructionBudget }

    /// `timeLimit` is the watchdog's: short for the loops it is to stop, long for the other
    /// limits' cases, whose pure-Lua work (a recursion to the memory cap) takes longer than
    /// 0.2 s in a sanitizer's build.
    static func sandbox(_ stopper: LoopStopper = .watchdog, timeLimit: Double = 0.2) throws -> LuaSandbox {
        var limits = LuaSandbox.Limits()
        switch stopper {
        case .watchdog:
            limits.timeLimit = timeLimit
        case .instructionBudget:
            limits.timeLimit = 0
            limits.instructions = 2_000_000
        }
        limits.work = 1_000_000
        limits.memoryBytes = 16 << 20
        limits.virtualSeconds = 60
        limits.objects = 20_000
        return try LuaSandbox(limits: limits)
    }

    @Test(arguments: [
        ("an endless loop", "while true do end", "LOOP"),
        ("the loop inside pcall", "pcall(function() while true do end end) print('escaped')", "LOOP"),
        ("pcall in a loop", "while true do pcall(function() while true do end end) end", "LOOP"),
        ("xpcall with a handler", "xpcall(function() while true do end end, function(e) return e end) print('escaped')", "LOOP"),
        ("string doubling", "local s = 'x' while true do s = s .. s end", "memory cap"),
        ("string doubling inside pcall", "pcall(function() local s = 'x' while true do s = s .. s end end) print('escaped')", "memory cap"),
        ("string.rep of a huge size", "local s = string.rep('x', 1 << 30)", "memory cap"),
        ("a callback that never returns", """
            local V = UIViewController:subclass('V')
            function V:viewDidLoad() while true do end end
            pcall(function() return V().view end)
            print('escaped')
            """, "LOOP"),
        ("too many objects", "for i = 1, 10000000 do UIView() end", "simulated objects"),
        ("too many objects inside pcall", "pcall(function() for i = 1, 10000000 do UIView() end end) print('escaped')", "simulated objects"),
        ("virtual time", "sim.run(1e9)", "virtual time cap"),
        // Coroutines, handlers and callbacks: every way a script may try to run on.
        ("the loop inside a coroutine", "coroutine.wrap(function() while true do end end)()", "LOOP"),
        ("a coroutine swallowing the loop with pcall",
         "coroutine.wrap(function() while true do pcall(function() while true do end end) end end)() print('escaped')", "LOOP"),
        ("a dead coroutine resumed forever", "local co = coroutine.create(function() while true do end end) while true do coroutine.resume(co) end",
         "LOOP"),
        ("a yielding coroutine resumed forever", "local co = coroutine.wrap(function() while true do coroutine.yield() end end) while true do co() end",
         "LOOP"),
        ("coroutines made in a loop under pcall", "while true do pcall(coroutine.wrap(function() while true do end end)) end", "LOOP"),
        ("string doubling in a coroutine", "print(coroutine.resume(coroutine.create(function() local s = 'x' while true do s = s .. s end end))) print('escaped')",
         "memory cap"),
        ("a table that grows forever", "local t, i = {}, 0 while true do i = i + 1 t[i] = i end", "memory cap"),
        // With a 16 MB cap the Lua stack reaches the memory cap before its own limit.
        ("deep recursion", "local function f(n) return f(n + 1) + 1 end f(1)", "stack overflow|memory cap"),
        ("deep recursion inside pcall", "print(pcall(function() local function f() return f() + 1 end return f() end)) print('escaped')",
         "stack overflow|memory cap"),
        ("deep recursion in a coroutine", "print(coroutine.resume(coroutine.create(function() local function f() return f() + 1 end return f() end))) print('escaped')",
         "stack overflow|memory cap"),
        ("an error handler that never returns", "print(xpcall(error, function(e) while true do end end)) print('escaped')", "LOOP"),
        ("an error handler that tail-calls itself", "local function h(e) return h(e) end print(xpcall(error, h)) print('escaped')", "LOOP"),
        ("an error handler that never returns after a loop",
         "print(xpcall(function() while true do end end, function(e) while true do end end)) print('escaped')", "LOOP"),
        ("an error handler that recurses", "local function h(e) return 1 + h(e) end print(xpcall(error, h)) print('escaped')", "stack overflow|memory cap"),
        ("a loadView that never sets view", """
            local V = UIViewController:subclass('V')
            function V:loadView() end
            function V:viewDidLoad() local v = self.view end
            print(pcall(function() return V().view end))
            print('escaped')
            """, "loadView did not set self.view"),
        ("a loadView that reads its own view", """
            local V = UIViewController:subclass('V')
            function V:loadView() local v = self.view end
            print(pcall(function() return V().view end))
            print('escaped')
            """, "loadView did not set self.view"),
        ("a completion that never returns", """
            local w = UIWindow() sim.hold(w) w.rootViewController = UIViewController() w:makeKeyAndVisible()
            w.rootViewController:present(UIViewController(), false, function() while true do end end)
            print(pcall(sim.run, 1)) print('escaped')
            """, "LOOP"),
        ("a timer that never returns", "sim.after(1, function() while true do end end) print(pcall(sim.run, 2)) print('escaped')", "LOOP"),
        ("a deinit that never returns", """
            local V = UIView:subclass('V')
            function V:deinit() while true do end end
            print(pcall(function() V() sim.drain() end)) print('escaped')
            """, "LOOP"),
        ("a swizzled method that never returns", """
            UIView:swizzle('addSubview', function(self, original, v) while true do end end)
            print(pcall(function() UIView():addSubview(UIView()) end)) print('escaped')
            """, "LOOP"),
        ("10,000,000 held objects", "print(pcall(function() for i = 1, 10000000 do sim.hold(UIView()) end end)) print('escaped')",
         "simulated objects"),
    ] as [(String, String, String)], LoopStopper.allCases)
    func aLimitStopsTheRun(_ c: (name: String, code: String, limit: String), _ stopper: LoopStopper) throws {
        let sb = try Self.sandbox(stopper, timeLimit: c.limit == "LOOP" ? 0.2 : 30)
        let outcome = sb.run(chunk: c.code, name: "=limit")
        #expect(outcome.status == .limitExceeded, "\(c.name): \(outcome.status) \(outcome.message ?? "")")
        let message = outcome.message ?? ""
        let limit = c.limit != "LOOP" ? c.limit : stopper == .watchdog ? "time limit of 0.2 s" : "instruction budget"
        #expect(limit.split(separator: "|").contains { message.contains($0) }, "\(c.name): \(message)")
        #expect(message.contains("limit exceeded"), "\(message)")
        #expect(!outcome.output.contains("escaped"))
        #expect(outcome.invariantViolations.isEmpty)
        #expect(sb.bridgeIsAtRest)
        // The sandbox is usable again afterwards, with a fresh budget.
        let after = sb.run(chunk: "sim.run(0) sim.verify() for i = 1, 500000 do end "
                           + "coroutine.wrap(function() for i = 1, 500000 do end end)()", name: "=after")
        #expect(after.status == .passed, "\(after.message ?? "")")
        #expect(sb.bridgeIsAtRest)
    }

    /// A coroutine made before a limit stopped the run keeps working afterwards, within
    /// the fresh budget (hooks are per thread; the stop re-arms them).
    @Test(arguments: LoopStopper.allCases) func coroutinesOutliveALimit(_ stopper: LoopStopper) throws {
        let sb = try Self.sandbox(stopper)
        #expect(sb.run(chunk: "co = coroutine.wrap(function() while true do for i = 1, 1000 do end coroutine.yield() end end) co()",
                       name: "=a").status == .passed)
        #expect(sb.run(chunk: "co() while true do end", name: "=b").status == .limitExceeded)
        let after = sb.run(chunk: "for i = 1, 1000 do co() end", name: "=c")
        #expect(after.status == .passed, "\(after.message ?? "")")
    }

    /// A finalizer would run with hooks off (outside every stop) and, when a
    /// collection step runs inside a Swift call, outside the memory cap: refused.
    @Test func finalizersAreRefused() throws {
        let sb = try Self.sandbox()
        let outcome = sb.run(chunk: "setmetatable({}, { __gc = function() while true do end end }) collectgarbage()", name: "=gc")
        #expect(outcome.status == .scriptError)
        #expect(outcome.message?.hasPrefix("gc:1: bad argument #2 to 'setmetatable' (__gc finalizers are not supported") == true,
                "\(outcome.message ?? "")")
        // Nor through the metatables Swift applies to the values it makes.
        let protected = sb.run(chunk: """
            assert(getmetatable(CGRect(1, 2, 3, 4)) == "CGRect" and getmetatable(CGPoint(1, 2)) == "CGPoint")
            local ok, e = pcall(function() UIView():addSubview(nil) end)
            local _, e2 = pcall(function() local v = UIView() v:addSubview(v) end)
            assert(getmetatable(e2) == "NSException", tostring(getmetatable(e2)))
            assert(not pcall(setmetatable, CGRect(), {}))
            """, name: "=mt")
        #expect(protected.status == .passed, "\(protected.message ?? "")")
    }

    /// Under the default memory cap a recursion reaches Lua's own stack limits, whose
    /// errors are ordinary Lua errors: pcall, xpcall and coroutine.resume return them, with
    /// stock lua5.4's messages and at stock's depths (the C stack's 200 levels), and the
    /// run goes on. Only KitSim's own limits are uncatchable.
    @Test(arguments: [
        ("print(pcall(function() local function f() return f() + 1 end return f() end)) print('escaped')",
         ["false\tdeep:1: stack overflow", "escaped"]),
        ("print(coroutine.resume(coroutine.create(function() local function f() return f() + 1 end return f() end))) print('escaped')",
         ["false\tdeep:1: stack overflow", "escaped"]),
        ("local n = 0 local function f() n = n + 1 pcall(f) end f() print('escaped', n)", ["escaped\t198"]),
        ("print(xpcall(error, function(e) error('again') end)) print('escaped')", ["false\terror in error handling", "escaped"]),
        ("local function h(e) return 1 + h(e) end print(xpcall(error, h)) print('escaped')", ["false\terror in error handling", "escaped"]),
        ("""
         local depth = 0
         local function nest()
           depth = depth + 1
           local ok, e = coroutine.resume(coroutine.create(nest))
           if not ok then error(e, 0) end
         end
         print(pcall(nest)) print(depth)
         """, ["false\tC stack overflow", "197"]),
    ] as [(String, [String])])
    func aCaughtRecursionIsAnOrdinaryError(_ c: (code: String, output: [String])) throws {
        let sb = try LuaSandbox()
        let outcome = sb.run(chunk: c.code, name: "=deep")
        #expect(outcome.status == .passed, "\(outcome.message ?? "")")
        #expect(outcome.output == c.output)
        #expect(outcome.invariantViolations.isEmpty)
        #expect(sb.bridgeIsAtRest)
    }

    /// An uncaught recursion is a script error with stock's message, not a limit.
    @Test func anUncaughtRecursionIsAScriptError() throws {
        let sb = try LuaSandbox()
        let outcome = sb.run(chunk: "local function f() return f() + 1 end f()", name: "=deep")
        #expect(outcome.status == .scriptError)
        #expect(outcome.message?.hasPrefix("deep:1: stack overflow") == true, "\(outcome.message ?? "")")
        #expect(sb.run(chunk: "local function f(n) if n > 0 then return f(n - 1) + 1 end return 0 end assert(f(1000) == 1000)",
                       name: "=after").status == .passed)
    }

    /// A message that merely mentions a stack overflow is an ordinary error too: the
    /// limits are recognised by the sandbox's stop flag, not by their text.
    @Test func aMessageSayingStackOverflowIsCatchable() throws {
        let sb = try LuaSandbox()
        let outcome = sb.run(chunk: """
            print(pcall(error, "stack overflow", 0))
            print(pcall(error, "limit exceeded: instruction budget used up", 0))
            print(coroutine.resume(coroutine.create(function() error("C stack overflow", 0) end)))
            """, name: "=text")
        #expect(outcome.status == .passed, "\(outcome.message ?? "")")
        #expect(outcome.output == ["false\tstack overflow", "false\tlimit exceeded: instruction budget used up",
                                   "false\tC stack overflow"])
    }

    /// While a limit stops the run, an xpcall handler is not run with hooks off: a
    /// handler that loops is replaced, so the stop still ends the run; and a handler that
    /// runs normally sees stock's stack (no extra frame of KitSim's).
    @Test func xpcallHandlersSeeStocksStack() throws {
        let sb = try LuaSandbox()
        let outcome = sb.run(chunk: """
            print(xpcall(function() error("e") end, debug.traceback))
            print(xpcall(function() error("e") end, function(m) return debug.getinfo(2, "n").name end))
            """, name: "=xp")
        #expect(outcome.status == .passed, "\(outcome.message ?? "")")
        #expect(outcome.output == ["false\txp:1: e\nstack traceback:\n\t[C]: in function 'error'\n\txp:1: in function <xp:1>"
                                   + "\n\t[C]: in function 'xpcall'\n\txp:1: in main chunk\n\t[C]: in ?", "false\terror"])
    }

    @Test func recursionThroughSwiftIsStopped() throws {
        let sb = try Self.sandbox()
        let outcome = sb.run(chunk: """
            local V = UIView:subclass('V')
            function V:hitTest(p) return self:hitTest(p) end
            V(CGRect(0, 0, 10, 10)):hitTest(CGPoint(1, 1))
            """, name: "=swiftdeep")
        #expect(outcome.status != .passed)
        #expect(outcome.message?.contains("stack overflow") == true, "\(outcome.message ?? "")")
        #expect(outcome.invariantViolations.isEmpty)
    }
}

/// SPEC §5 `--sandbox`.
@Suite struct SandboxModeTests {
    /// Escapes found while testing the limits: `require` handed back the
    /// libraries `--sandbox` removes, `package.loadlib` linked any shared library.
    @Test func requireDoesNotGiveBackTheRemovedLibraries() throws {
        let sb = try LuaSandbox(sandboxed: true)
        let outcome = sb.run(chunk: """
            for _, name in ipairs{ "io", "os", "debug" } do
              assert(package.loaded[name] == nil, name)
              assert(not pcall(require, name), name)
            end
            assert(package.loadlib == nil and io == nil and os == nil and debug == nil and load == nil)
            """, name: "=escape")
        #expect(outcome.status == .passed, "\(outcome.message ?? "")")
    }

    /// Outside `--sandbox` too, the limits hold and the bridge cannot be broken:
    /// `debug` keeps its read-only functions, and precompiled chunks are refused (Lua
    /// does not verify them; a malformed one crashes the host).
    @Test func theLimitsHoldOutsideTheSandbox() throws {
        let sb = try LuaSandbox()
        let outcome = sb.run(chunk: """
            assert(debug.sethook == nil and debug.getregistry == nil and debug.setupvalue == nil)
            assert(debug.getupvalue == nil and debug.upvaluejoin == nil and debug.getmetatable == nil)
            assert(debug.setmetatable == nil and debug.setuservalue == nil)
            assert(require("debug") == debug and package.loaded.debug == debug)
            assert(debug.traceback("x"):find("stack traceback", 1, true) and debug.getinfo(1, "l").currentline == 5)
            local f, e = load(string.dump(function() return 1 end))
            assert(f == nil and e:find("binary chunk", 1, true), e)
            assert(load("return 7")() == 7)
            """, name: "=plain")
        #expect(outcome.status == .passed, "\(outcome.message ?? "")")
    }

    @Test func sandboxRemovesTheEscapesAndKeepsRequireInTheScenarioFolder() throws {
        let dir = ScriptTests.directory
        let sb = try LuaSandbox(sandboxed: true)
        let outcome = try sb.run(file: dir + "/sandboxed/main.lua")
        #expect(outcome.status == .passed, "\(outcome.message ?? "")")
        #expect(outcome.output == ["sandboxed ok"])
    }

    @Test func withoutSandboxTheStandardLibraryIsThere() throws {
        let sb = try LuaSandbox()
        let outcome = sb.run(chunk: "assert(os and io and load)", name: "=plain")
        #expect(outcome.status == .passed)
    }
}
