import Testing
@testable import KitSim
@testable import KitSimBridge
@testable import KitSimLua

/// The Swift host API of the bridge (SPEC §6), which the binding benchmark uses:
/// Swift functions and Swift-defined classes as globals, compiled chunks called many times.
@Suite struct HostAPITests {
    /// A sandbox with a Swift class `Counter` (`value`: an assign number; `bump(n)` adds n
    /// and returns the new value) and a global `Counter`.
    func counterSandbox() throws -> (LuaSandbox, SimClass) {
        let sb = try LuaSandbox()
        let heap = sb.heap
        let counter = try heap.defineClass("Counter", superclass: heap.rootClass,
                                           properties: [Property("value", .assign, type: .number)])
        let value = try #require(counter.property(named: "value"))
        heap.setMethod("bump", on: counter) { inv in
            guard case .int(let old) = try inv.heap.readSlot(inv.receiver, value),
                  case .int(let n) = inv.argument(0) else {
                throw SimError(.typeMismatch, "bad argument #1 to 'bump' (integer expected, got \(inv.argument(0).typeName))")
            }
            try inv.heap.writeSlot(inv.receiver, value, .int(old + n))
            return .int(old + n)
        }
        sb.setGlobal("Counter", class: counter)
        return (sb, counter)
    }

    @Test func aSwiftClassIsConstructedCalledSubclassedAndItsPropertiesAreFields() throws {
        let (sb, _) = try counterSandbox()
        let outcome = sb.run(chunk: """
            local c = Counter()
            c.value = 40
            assert(c:bump(2) == 42 and c.value == 42)
            local Loud = Counter:subclass("Loud")
            function Loud:bump(n) return Counter.bump(self, n * 10) end
            local l = Loud()
            l.value = 0
            assert(l:bump(1) == 10 and l:isKind(Counter))
            sim.verify()
            """, name: "=host")
        #expect(outcome.status == .passed, "\(outcome.message ?? "")")
    }

    @Test func aSwiftMethodsErrorIsALuaErrorAtTheCallingLine() throws {
        let (sb, _) = try counterSandbox()
        let outcome = sb.run(chunk: """
            local c = Counter()
            c.value = 1
            local ok, err = pcall(function() return c:bump("x") end)
            assert(not ok)
            print(err)
            """, name: "=host")
        #expect(outcome.status == .passed, "\(outcome.message ?? "")")
        #expect(outcome.output == ["host:3: bad argument #1 to 'bump' (integer expected, got string)"])
    }

    @Test func aSwiftFunctionGetsItsArgumentsAndReturnsItsResult() throws {
        let sb = try LuaSandbox()
        var seen: [String] = []
        sb.setGlobal("describe", function: { args in
            seen.append((0..<args.count).map { "\(args[$0])" }.joined(separator: " "))
            return .int(args.count)
        })
        let outcome = sb.run(chunk: """
            assert(describe(1, 2.5, 3.0, "s", nil, true) == 6)
            assert(describe() == 0)
            local v = UIView()
            describe(v)
            """, name: "=host")
        #expect(outcome.status == .passed, "\(outcome.message ?? "")")
        // An integral float reads as an integer (as it would print); a missing argument is nil.
        #expect(seen.count == 3)
        #expect(seen[0] == "1 2.5 3 \"s\" nil true")
        #expect(seen[1] == "")
        #expect(seen[2].hasPrefix("#"))
    }

    @Test func aSwiftFunctionsThrownErrorIsALuaErrorAtTheCallingLine() throws {
        let sb = try LuaSandbox()
        sb.setGlobal("refuse", function: { _ in throw SimError(.invalidUse, "refused") })
        let outcome = sb.run(chunk: "local x = 1\nrefuse()", name: "=host")
        #expect(outcome.status == .scriptError)
        #expect(outcome.message?.hasPrefix("host:2: refused") == true)
    }

    @Test func aCompiledChunkRunsManyTimesAndReturnsItsValue() throws {
        let sb = try LuaSandbox()
        let f = try sb.compile("n = (n or 0) + 1; return n * 10", name: "=twice")
        #expect(try sb.call(f) == .int(10))
        #expect(try sb.call(f) == .int(20))
        let g = try sb.compile("local a, b = ...; return a + b")
        #expect(try sb.call(g, [.int(2), .int(3)]) == .int(5))
    }

    @Test func compileAndCallErrorsAreThrownWithLuasMessage() throws {
        let sb = try LuaSandbox()
        #expect(throws: SimError.self) { try sb.compile("return +", name: "=bad") }
        do {
            _ = try sb.compile("return +", name: "=bad")
        } catch let e as SimError {
            #expect(e.message.hasPrefix("bad:1:"))
        }
        let f = try sb.compile("error('boom')", name: "=boom")
        do {
            _ = try sb.call(f)
            Issue.record("no error")
        } catch let e as SimError {
            #expect(e.message.hasPrefix("boom:1: boom"))
        }
        // The sandbox is still usable.
        #expect(try sb.call(try sb.compile("return 7")) == .int(7))
    }

    /// Rule 1: a script may give the globals table a `__newindex` that raises; a host
    /// setting a global afterwards must not run it (it would unwind the Swift frame).
    @Test func settingAGlobalAfterAScriptGuardedTheGlobalsRunsNoMetamethod() throws {
        let sb = try LuaSandbox()
        let guardGlobals = sb.run(chunk: """
            setmetatable(_G, { __newindex = function(_, k) error("no new globals: " .. k) end })
            """, name: "=guard")
        #expect(guardGlobals.status == .passed, "\(guardGlobals.message ?? "")")
        sb.setGlobal("late", function: { _ in .string("here") })
        let outcome = sb.run(chunk: "assert(late() == 'here'); print(pcall(function() newglobal = 1 end))", name: "=after")
        #expect(outcome.status == .passed, "\(outcome.message ?? "")")
        #expect(outcome.output.first?.hasPrefix("false") == true)
    }

    /// The host example of docs/swift-api.md, as written there.
    @Test func theReadmeHostExampleWorks() throws {
        let sandbox = try LuaSandbox()
        let heap = sandbox.heap
        let counter = try heap.defineClass("Counter", superclass: heap.rootClass,
                                           properties: [Property("value", .assign, type: .number)])
        heap.setMethod("reset", on: counter) { inv in
            try inv.heap.writeSlot(inv.receiver, counter.property(named: "value")!, .int(0)); return .nil
        }
        sandbox.setGlobal("Counter", class: counter)
        sandbox.setGlobal("twice", function: { args in
            if case .int(let n) = args[0] { return .int(2 * n) }
            throw SimError.badArgument(1, "twice", expected: "number", got: args[0].typeName)
        })
        let step = try sandbox.compile("local c = Counter(); c.value = twice(21); return c.value")
        #expect(try sandbox.call(step) == .int(42))
        let bad = sandbox.run(chunk: "twice('x')", name: "=bad")
        #expect(bad.message?.hasPrefix("bad:1: bad argument #1 to 'twice' (number expected, got string)") == true)
        let reset = try sandbox.compile("local c = Counter(); c.value = 5; c:reset(); return c.value")
        #expect(try sandbox.call(reset) == .int(0))
    }

    /// A method slot re-caches its Swift body after every change to the class's methods;
    /// the bodies it retires are dropped again, so a script that defines methods and calls
    /// in a loop does not grow the sandbox without bound.
    @Test func retiredNativeBodiesAreDropped() throws {
        let (sb, _) = try counterSandbox()
        let outcome = sb.run(chunk: """
            local c = Counter()
            c.value = 0
            for i = 1, 2000 do
              Counter.extra = function() return i end   -- Counter's methods change (same names)
              c:bump(1)                                 -- the bump slot caches the Swift body again
            end
            assert(c.value == 2000)
            """, name: "=loop")
        #expect(outcome.status == .passed, "\(outcome.message ?? "")")
        #expect(sb.methodSlots.count < 100)
        #expect(sb.nativeBoxes.count <= 64 + 2 * sb.methodSlots.count, "\(sb.nativeBoxes.count) boxes")
    }
}
