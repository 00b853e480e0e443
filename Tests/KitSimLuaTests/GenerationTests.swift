import Foundation
import Testing
@testable import KitSim
@testable import KitSimBridge
@testable import KitSimLua
import KitSimReport
@testable import KitSimRuntime

/// Heap generations: `sim.mark` and `sim.since` (Instruments' Mark Generation) and
/// `sim.growth` (BLeak's round trips), on a navigation app whose profile screen leaks once
/// per visit unless its refresh closure captures it weakly.
@Suite struct GenerationTests {
    /// The app and `visit(weakly)`: a new profile screen pushed, shown for a second, popped,
    /// and given a second to go. Line 13 makes the screen, line 25 a node.
    static let app = """
        local window = UIWindow(UIScreen.main.bounds)
        UIApplication.shared.delegate.window = window
        local nav = UINavigationController(UIViewController())
        window.rootViewController = nav
        window:makeKeyAndVisible()
        sim.run(1)
        local Profile = UIViewController:subclass("ProfileViewController", { onRefresh = "strong" })
        function Profile:viewDidLoad()
          UIViewController.viewDidLoad(self)
          self.onRefresh = sim.block(self.weakly and { weak = { self }, function() end } or { strong = { self }, function() end })
        end
        local function visit(weakly)
          local screen = Profile()
          screen.weakly = weakly
          nav:pushViewController(screen, false)
          sim.run(1)
          nav:popViewController(false)
          sim.run(1)
        end
        local Node = NSObject:subclass("Node", { next = "strong" })
        local head = sim.hold(Node())
        -- Adds n nodes to the held list.
        local function grow(n)
          for _ = 1, n do
            local node = Node()
            node.next = head.next
            head.next = node
          end
        end
        """

    func run(_ code: String) throws -> (sandbox: LuaSandbox, outcome: Outcome) {
        let sandbox = try LuaSandbox()
        return (sandbox, sandbox.run(chunk: Self.app + "\n" + code + "\nsim.verify()", name: "=t"))
    }

    @discardableResult
    func passes(_ code: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> LuaSandbox {
        let (sandbox, outcome) = try run(code)
        #expect(outcome.status == .passed, "\(outcome.message ?? "")", sourceLocation: sourceLocation)
        return sandbox
    }

    /// Three visits of the leaking screen: `since` lists the three screens, their views and
    /// their closures, each class with the line that made it, the most numerous first and
    /// then by name; the report's text says the same.
    @Test func sinceListsWhatTheVisitsLeftAlive() throws {
        let sandbox = try passes("""
            sim.mark("visits")
            for _ = 1, 3 do visit(false) end
            local left = sim.since("visits")
            local profile
            for _, e in ipairs(left) do if e.class == "ProfileViewController" then profile = e end end
            expect(profile.count).to.equal(3)
            expect(profile.lines).to.equal({ "t:13" })
            expect(#profile.objects).to.equal(3)
            for _, o in ipairs(profile.objects) do expect(o).to.be.alive() end
            local total = 0
            for i, e in ipairs(left) do
              total = total + e.count
              if i > 1 then
                local p = left[i - 1]
                expect(p.count > e.count or (p.count == e.count and p.class < e.class)).to.be.truthy()
              end
            end
            expect(left.count).to.equal(total)
            expect(left.mark).to.equal("visits")
            expect(getmetatable(left)).to.equal("HeapGeneration")
            print(left)
            """)
        let generation = try #require(sandbox.generation(sinceMark: "visits"))
        let profile = try #require(generation.classes.first { $0.className == "ProfileViewController" })
        #expect(profile.count == 3)
        #expect(profile.sites == [AllocationSite(location: SourceLocation(file: "t", line: 13), count: 3)])
        let text = sandbox.output.joined(separator: "\n")
        #expect(text.hasPrefix("since mark 'visits': \(generation.count) objects allocated since then are alive\n"))
        #expect(text.contains("  3 ProfileViewController (t:13)"))
        #expect(text == GenerationText.text(generation, mark: "visits"))
    }

    /// The fixed screen leaves nothing behind; marking a name again moves its mark.
    @Test func theFixedScreenLeavesNothingAndAMarkMoves() throws {
        try passes("""
            sim.mark("visits")
            for _ = 1, 2 do visit(true) end
            local left = sim.since("visits")
            expect(left.count).to.equal(0)
            expect(#left).to.equal(0)
            expect(tostring(left)).to.equal("since mark 'visits': no object allocated since then is alive")
            visit(false)
            expect(sim.since("visits").count > 0).to.be.truthy()
            sim.mark("visits")
            expect(sim.since("visits").count).to.equal(0)
            grow(2)
            expect(tostring(sim.since("visits"))).to.equal("since mark 'visits': 2 objects allocated since then are alive\\n  2 Node (t:25)")
            """)
    }

    /// A report names the objects by handle and keeps none of them: released, they go, and
    /// the report still reads as it did. Objects only the autorelease pool owns are alive
    /// until the turn ends, as everywhere.
    @Test func aReportKeepsNothingAlive() throws {
        try passes("""
            sim.mark("m")
            local node = sim.hold(Node())
            local left = sim.since("m")
            expect(left[1].objects[1]).to.equal(node)
            sim.release(node)
            sim.run(0)
            expect(node).to.be.deallocated()
            expect(left[1].count).to.equal(1)
            expect(sim.since("m").count).to.equal(0)
            """)
    }

    /// `growth` names the classes whose live count rose in every round, with the counts after
    /// each round; one that grew unevenly shows each round's gain.
    @Test(arguments: [
        ("function() visit(false) end", 3,
         "growth over 3 rounds: 3 classes grow in every round\n  NSBlock +1 each round (1, 2, 3), made at t:10\n  ProfileViewController +1 each round (1, 2, 3), made at t:13\n  UIView +1 each round (3, 4, 5), made at t:15"),
        ("function() visit(true) end", 3, "growth over 3 rounds: nothing grows in every round"),
        ("function(round) grow(round) end", 3, "growth over 3 rounds: 1 class grows in every round\n  Node +1, +2, +3 (2, 4, 7), made at t:25"),
        ("function(round) grow(round == 2 and 0 or 1) end", 3, "growth over 3 rounds: nothing grows in every round"),
        ("function() Node() end", 4, "growth over 4 rounds: nothing grows in every round"),
        ("function() grow(1) end", 2, "growth over 2 rounds: 1 class grows in every round\n  Node +1 each round (2, 3), made at t:25"),
    ] as [(String, Int, String)])
    func growthNamesWhatGrowsInEveryRound(fn: String, rounds: Int, text: String) throws {
        try passes("""
            local report = sim.growth(\(rounds), \(fn))
            expect(report.rounds).to.equal(\(rounds))
            expect(getmetatable(report)).to.equal("HeapGrowth")
            expect(tostring(report)).to.equal(\(luaLiteral(text)))
            for _, e in ipairs(report) do
              expect(#e.counts).to.equal(\(rounds))
              expect(e.counts[\(rounds)] - e.before > 0).to.be.truthy()
            end
            """)
    }

    /// The counts of a growing class, read from Lua, and the round's number passed to fn.
    @Test func growthCountsEachRound() throws {
        try passes("""
            local report = sim.growth(3, function(round) visit(false) end)
            local profile = report[2]
            expect(profile.class).to.equal("ProfileViewController")
            expect(profile.before).to.equal(0)
            expect(profile.counts).to.equal({ 1, 2, 3 })
            expect(profile.lines).to.equal({ "t:13" })
            expect(#profile.objects).to.equal(3)
            local rounds = {}
            expect(#sim.growth(2, function(round) rounds[#rounds + 1] = round end)).to.equal(0)
            expect(rounds).to.equal({ 1, 2 })
            """)
    }

    /// Growth settles the run loop before its first count: a new object only the
    /// autorelease pool owns is not in the baseline, so it cannot hide a round's growth
    /// when the drain takes it. Inside an `autoreleasepool` block it settles as `sim.run(0)`
    /// does there, leaving the block's pool alone.
    @Test func growthSettlesBeforeTheFirstCount() throws {
        try passes("""
            local unowned = Node()
            local report = sim.growth(2, function() grow(1) end)
            expect(tostring(report)).to.equal("growth over 2 rounds: 1 class grows in every round\\n  Node +1 each round (2, 3), made at t:25")
            expect(unowned).to.be.deallocated()
            autoreleasepool(function()
              local kept = Node()
              local inside = sim.growth(2, function() grow(1) end)
              expect(inside[1].counts).to.equal({ 5, 6 })
              expect(kept).to.be.alive()
            end)
            """)
    }

    /// Bad input is a Lua error in Lua's words; an error in a round ends the growth with it.
    @Test(arguments: [
        ("sim.mark()", "bad argument #1 to 'mark' (string expected, got no value)"),
        ("sim.mark(3)", "bad argument #1 to 'mark' (string expected, got number)"),
        ("sim.since()", "bad argument #1 to 'since' (string expected, got no value)"),
        ("sim.since('x')", "bad argument #1 to 'since' (no mark named 'x'); set one with sim.mark(name) first"),
        ("sim.mark('b') sim.mark('a') sim.since('x')", "bad argument #1 to 'since' (no mark named 'x'); the marks are 'a', 'b'"),
        ("sim.growth(1, function() end)", "bad argument #1 to 'growth' (rounds must be an integer from 2 to 1000, got 1); growth needs at least two rounds to tell growth from a first use"),
        ("sim.growth(2.5, function() end)", "bad argument #1 to 'growth' (rounds must be an integer from 2 to 1000, got 2.5); growth needs at least two rounds to tell growth from a first use"),
        ("sim.growth(1001, function() end)", "bad argument #1 to 'growth' (rounds must be an integer from 2 to 1000, got 1001); growth needs at least two rounds to tell growth from a first use"),
        ("sim.growth(0/0, function() end)", "bad argument #1 to 'growth' (rounds must be an integer from 2 to 1000, got nan); growth needs at least two rounds to tell growth from a first use"),
        ("sim.growth('3', function() end)", "bad argument #1 to 'growth' (number expected, got string)"),
        ("sim.growth(3)", "bad argument #2 to 'growth' (function expected, got no value)"),
        ("sim.growth(3, Node())", "bad argument #2 to 'growth' (function expected, got Node)"),
        ("sim.growth(3, function(round) if round == 2 then error('boom') end end)", "boom"),
    ])
    func badInputIsALuaError(code: String, message: String) throws {
        let (_, outcome) = try run("local ok, err = pcall(function() \(code) end)\nassert(not ok)\nprint(tostring(err))")
        #expect(outcome.status == .passed, "\(outcome.message ?? "")")
        #expect(outcome.output.last?.hasSuffix(message) == true, "\(outcome.output)")
    }

    /// The text of a class made on several lines counts each line.
    @Test func aClassMadeOnSeveralLinesCountsEachLine() throws {
        try passes("""
            sim.mark("m")
            local a = sim.hold(Node())
            local b = sim.hold(Node())
            local c = sim.hold(Node())
            grow(1)
            local left = sim.since("m")
            expect(left[1].lines).to.equal({ "t:25", "t:31", "t:32", "t:33" })
            expect(tostring(left)).to.equal("since mark 'm': 4 objects allocated since then are alive\\n  4 Node (t:25 ×1, t:31 ×1, t:32 ×1, t:33 ×1)")
            """)
    }

    func luaLiteral(_ s: String) -> String {
        "\"" + s.replacingOccurrences(of: "\n", with: "\\n") + "\""
    }
}
