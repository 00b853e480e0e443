import Testing
@testable import KitSimBridge
@testable import KitSimLua
import KitSimReport

/// `expect(obj).to.leak()` and `to_not.leak()`, and the expected leaks they leave for the
/// end of the run: `Outcome.leakExpected`, `unexpectedLeaks` and `kitsim test`'s rule
/// (`Outcome.failingUnexpectedLeaks`).
@Suite struct ExpectedLeakTests {
    /// A navigation app on screen; `visit(screen)` pushes it, pops it and waits 3 s, past
    /// MLeaksFinder's 2; `Node` makes cycles through its strong `next`.
    static let prelude = RuleScript.visitingNavApp + """
        local Node = NSObject:subclass("Node", { next = "strong" })
        local function cycle()
          local a, b = Node(), Node()
          a.next = b
          b.next = a
          return a, b
        end

        """

    func run(_ code: String) throws -> Outcome {
        try LuaSandbox().run(chunk: Self.prelude + code, name: "=t")
    }

    /// The message's first line, without the traceback, why and history after it.
    func headline(_ o: Outcome) -> String {
        String((o.message ?? "").prefix { $0 != "\n" })
    }

    @Test func aLeakTheScenarioExpectsIsNoFailure() throws {
        let o = try run("""
            local a, b = cycle()
            sim.run(0)
            expect(a).to.leak()
            """)
        #expect(o.status == .passed, "\(o.message ?? "")")
        #expect(o.leaks.count == 1)
        #expect(o.leakExpected == [true])
        #expect(o.unexpectedLeaks.isEmpty)
        #expect(o.markedLeakLines.count == 1 && o.markedLeakLines[0].hasSuffix(" (expected)"))
        let checked = o.failingUnexpectedLeaks(file: "t.lua")
        #expect(checked.status == .passed)
    }

    @Test func aLeakTheScenarioDoesNotExpectFailsTheTestRule() throws {
        let o = try run("""
            local a, b = cycle()
            local c, d = cycle()
            sim.run(0)
            expect(a).to.leak()
            """)
        #expect(o.status == .passed, "\(o.message ?? "")")
        #expect(o.leakExpected == [true, false])
        #expect(o.unexpectedLeakLines == [o.leakLines[1]])
        let checked = o.failingUnexpectedLeaks(file: "t.lua")
        #expect(checked.status == .leaked)
        #expect(checked.status.exitCode == 1)
        #expect(headline(checked) == "t.lua: leaked: " + o.leakLines[1])
        #expect(checked.message?.contains("expect(obj).to.leak()") == true)
        #expect(checked.message?.contains("--allow-leaks") == true)
        #expect(checked.leakLines == o.leakLines)
    }

    @Test func theRuleNamesHowManyMoreLeaksThereAre() throws {
        let o = try run("""
            cycle()
            cycle()
            cycle()
            sim.run(0)
            """)
        let checked = o.failingUnexpectedLeaks(file: "t.lua")
        #expect(headline(checked) == "t.lua: leaked: " + o.leakLines[0] + " (and 2 more)")
    }

    /// A failure says what failed first: the rule leaves any other outcome as it is.
    @Test func theRuleLeavesAFailedRunAsItIs() throws {
        let o = try run("""
            cycle()
            sim.run(0)
            expect(1).to.equal(2)
            """)
        #expect(o.status == .assertionFailed)
        #expect(o.unexpectedLeaks.count == 1)
        #expect(o.failingUnexpectedLeaks(file: "t.lua").status == .assertionFailed)
    }

    @Test func toLeakFailsForAnObjectThatDoesNotLeak() throws {
        let o = try run("""
            local held = sim.hold(Node())
            expect(held).to.leak()
            """)
        #expect(o.status == .assertionFailed)
        #expect(headline(o) == "t:21: expected Node#10 to leak (no report of sim.leaks() names it: it is not an abandoned controller, "
            + "nor on a retain cycle or kept alive by one)", "\(o.message ?? "")")
        // The object's why follows, as for the other expectations.
        #expect(o.message?.contains("[sim.hold, autorelease pool] Node#10") == true, "\(o.message ?? "")")
    }

    @Test func toLeakFailsForADeallocatedObject() throws {
        let o = try run("""
            local gone = Node()
            sim.run(0)
            expect(gone).to.leak()
            """)
        #expect(o.status == .assertionFailed)
        #expect(headline(o) == "t:22: expected Node#10 to leak (it is deallocated)", "\(o.message ?? "")")
    }

    @Test func toNotLeakFailsWithTheReportsThatNameTheObject() throws {
        let o = try run("""
            local a, b = cycle()
            sim.run(0)
            expect(b).to_not.leak()
            """)
        #expect(o.status == .assertionFailed)
        let lines = (o.message ?? "").split(separator: "\n").map(String.init)
        #expect(lines.first == "t:22: expected Node#11 not to leak:", "\(o.message ?? "")")
        #expect(lines.count > 1 && lines[1] == "  " + (o.leakLines.first ?? "?"), "\(o.message ?? "")")
        // A negated expectation marks nothing expected.
        #expect(o.leakExpected == [false])
    }

    @Test func toNotLeakPassesForObjectsThatDoNotLeak() throws {
        let o = try run("""
            local held = sim.hold(Node())
            expect(held).to_not.leak()
            local screen = UIViewController()
            visit(screen)
            expect(screen).to_not.leak()
            expect(sim.object(1)).to_not.leak()
            """)
        #expect(o.status == .passed, "\(o.message ?? "")")
        #expect(o.leaks.isEmpty)
    }

    @Test func anAbandonedControllerIsExpected() throws {
        let o = try run("""
            local Cache = NSObject:subclass("Cache", { screens = "strong" })
            local cache = sim.hold(Cache())
            local screen = UIViewController()
            cache.screens = { screen }
            visit(screen)
            expect(screen).to.leak()
            """)
        #expect(o.status == .passed, "\(o.message ?? "")")
        #expect(o.leaks.map(\.kind) == [.abandoned])
        #expect(o.leakExpected == [true])
    }

    /// An object a cycle keeps alive leaks with it: `to.leak()` holds for it and marks the
    /// cycle expected.
    @Test func anObjectACycleKeepsAliveLeaksWithIt() throws {
        let o = try run("""
            local Holder = NSObject:subclass("Holder", { next = "strong", kept = "strong" })
            local a, b = Holder(), Holder()
            a.next = b
            b.next = a
            local kept = NSObject()
            a.kept = kept
            sim.run(0)
            expect(kept).to.leak()
            """)
        #expect(o.status == .passed, "\(o.message ?? "")")
        #expect(o.leaks.count == 1 && o.leaks[0].retained.count == 1)
        #expect(o.unexpectedLeaks.isEmpty)
    }

    /// A controller expected while only its cycle was reported stays expected when
    /// MLeaksFinder reports it `abandoned` 2 s after it left.
    @Test func anExpectationCoversTheReportsTheObjectGetsLater() throws {
        let o = try run("""
            local Screen = UIViewController:subclass("Screen", { me = "strong" })
            local screen = Screen()
            screen.me = screen
            nav:pushViewController(screen, false)
            sim.run(1)
            nav:popViewController(false)
            sim.run(0.5)
            local kinds = {}
            for _, l in ipairs(sim.leaks()) do kinds[#kinds + 1] = l.kind end
            expect(kinds).to.equal({ "cycle" })
            expect(screen).to.leak()
            sim.run(3)
            """)
        #expect(o.status == .passed, "\(o.message ?? "")")
        #expect(o.leaks.map(\.kind) == [.cycle, .abandoned])
        #expect(o.leakExpected == [true, true])
    }

    /// `sim.ignoreAbandoned` (MLeaksFinder's whitelist) takes the controller off the
    /// `abandoned` reports, so there is nothing for `to.leak()` to hold for; a cycle
    /// through it is still reported and still unexpected.
    @Test func anIgnoredControllersCycleIsStillUnexpected() throws {
        let o = try run("""
            local Screen = UIViewController:subclass("Screen", { me = "strong" })
            local screen = Screen()
            screen.me = screen
            sim.ignoreAbandoned(screen)
            visit(screen)
            """)
        #expect(o.status == .passed, "\(o.message ?? "")")
        #expect(o.leaks.map(\.kind) == [.cycle])
        #expect(o.failingUnexpectedLeaks(file: "t.lua").status == .leaked)
        let held = try run("""
            local screen = sim.hold(UIViewController())
            sim.ignoreAbandoned(screen)
            visit(screen)
            expect(screen).to.leak()
            """)
        #expect(held.status == .assertionFailed)
        #expect(headline(held).hasSuffix("to leak (no report of sim.leaks() names it: it is not an abandoned controller, nor on a retain cycle or kept alive by one)"))
    }

    @Test func aValueThatIsNoObjectIsABadArgument() throws {
        for (value, type) in [("42", "number"), ("nil", "nil"), ("{}", "table")] {
            let o = try run("expect(\(value)).to.leak()")
            #expect(o.status == .scriptError)
            #expect(headline(o) == "t:20: bad argument #1 to 'leak' (object expected, got \(type))", "\(o.message ?? "")")
        }
    }

    @Test func aMisspeltLeakNamesTheMatcher() throws {
        let o = try run("expect(sim.object(1)).to.leek()")
        #expect(o.status == .scriptError)
        #expect(headline(o) == "t:20: unknown matcher 'leek' in expect(…); did you mean 'leak'?", "\(o.message ?? "")")
    }
}
