import Testing
@testable import KitSim
@testable import KitSimLua

/// SPEC §5 limits: each stops the run with a message naming the limit, `pcall` cannot
/// swallow it, and the heap stays consistent.
@Suite struct LimitTests {
    static func sandbox() throws -> LuaSandbox {
        var limits = LuaSandbox.Limits()
        limits.instructions = 2_000_000
        limits.memoryBytes = 16 << 20
        limits.virtualSeconds = 60
        limits.objects = 20_000
        return try LuaSandbox(limits: limits)
    }

    @Test(arguments: [
        ("an endless loop", "while true do end", "instruction budget"),
        ("the loop inside pcall", "pcall(function() while true do end end) print('escaped')", "instruction budget"),
        ("pcall in a loop", "while true do pcall(function() while true do end end) end", "instruction budget"),
        ("xpcall with a handler", "xpcall(function() while true do end end, function(e) return e end) print('escaped')", "instruction budget"),
        ("string doubling", "local s = 'x' while true do s = s .. s end", "memory cap"),
        ("string doubling inside pcall", "pcall(function() local s = 'x' while true do s = s .. s end end) print('escaped')", "memory cap"),
        ("string.rep of a huge size", "local s = string.rep('x', 1 << 30)", "memory cap"),
        ("a callback that never returns", """
            local V = UIViewController:subclass('V')
            function V:viewDidLoad() while true do end end
            pcall(function() return V().view end)
            print('escaped')
            """, "instruction budget"),
        ("too many objects", "for i = 1, 10000000 do UIView() end", "simulated objects"),
        ("too many objects inside pcall", "pcall(function() for i = 1, 10000000 do UIView() end end) print('escaped')", "simulated objects"),
        ("virtual time", "sim.run(1e9)", "virtual time cap"),
    ] as [(String, String, String)])
    func aLimitStopsTheRun(_ c: (name: String, code: String, limit: String)) throws {
        let sb = try Self.sandbox()
        let outcome = sb.run(chunk: c.code, name: "=limit")
        #expect(outcome.status == .limitExceeded, "\(c.name): \(outcome.status) \(outcome.message ?? "")")
        #expect(outcome.message?.contains(c.limit) == true, "\(outcome.message ?? "")")
        #expect(!outcome.output.contains("escaped"))
        #expect(outcome.invariantViolations.isEmpty)
        // The sandbox is usable again afterwards, with a fresh budget.
        let after = sb.run(chunk: "sim.run(0) sim.verify()", name: "=after")
        #expect(after.status == .passed, "\(after.message ?? "")")
    }

    @Test func deepRecursionIsAnOrdinaryError() throws {
        let sb = try Self.sandbox()
        let outcome = sb.run(chunk: "local function f(n) return f(n + 1) + 1 end f(1)", name: "=deep")
        #expect(outcome.status == .scriptError || outcome.status == .limitExceeded)
        #expect(outcome.message?.contains("stack overflow") == true || outcome.message?.contains("limit exceeded") == true)
        #expect(outcome.invariantViolations.isEmpty)
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
