import Foundation
import Testing
@testable import KitSimExplore
@testable import KitSimLua
import KitSimPlatform
import KitSimReport

/// `kitsim explore` (docs/explore.md): the search and its bound, exhaustiveness, the
/// reduction, minimising, replaying and its divergence, shards, `sim.always` and
/// `sim.sometimes`, the failures it counts, and its reports.
@Suite struct ExploreTests {
    /// Writes `source` as a scenario file of its own and returns its path.
    static func scenario(_ source: String, name: String = #function) throws -> String {
        let dir = NSTemporaryDirectory() + "kitsim-explore-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let safe = name.filter { $0.isLetter || $0.isNumber }
        let path = dir + "/\(safe).lua"
        try source.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static func explore(_ path: String, _ configure: (inout Explorer.Options) -> Void = { _ in }) throws -> ExploreResult {
        var options = Explorer.Options(file: path)
        configure(&options)
        return try Explorer(options).explore()
    }

    /// Three callbacks at uncertain moments that append to one list: every interleaving is
    /// a different outcome, so nothing is equivalent (they all run script code).
    static let threeEvents = """
        local order = {}
        for _, name in ipairs({ "a", "b", "c" }) do
          sim.after({ 0, 1 }, function() order[#order + 1] = name end, { label = name })
        end
        sim.run(2)
        print(table.concat(order))
        sim.verify()
        expect(sim.leaks()).to.be.empty()
        """

    /// Every order of the search with its delays, from a search without a bound.
    static func allOrders(_ path: String) throws -> [(indices: [Int], delays: Int)] {
        var options = Explorer.Options(file: path)
        options.delays = 20
        let explorer = Explorer(options)
        var out: [(indices: [Int], delays: Int)] = []
        var prefix: [OrderRecorder.Node] = []
        var saved = 0
        while true {
            let recorder = OrderRecorder(prefix: prefix, reduces: false)
            _ = try explorer.runOrder(ios: 17, recorder: recorder)
            out.append((recorder.indices, recorder.delays))
            guard let next = Explorer.next(after: recorder, floor: 0, bound: 20, saved: &saved) else { return out }
            prefix = next
        }
    }

    @Test func theBoundKeepsExactlyTheOrdersWithThatManyDelays() throws {
        let path = try Self.scenario(Self.threeEvents)
        let all = try Self.allOrders(path)
        // Three events in a window each: 3! orders, and no two the same.
        #expect(all.count == 6)
        #expect(Set(all.map(\.indices)).count == 6)
        for bound in 0...3 {
            let r = try Self.explore(path) { $0.delays = bound; $0.reduction = false }
            #expect(r.profiles[0].orders == all.filter { $0.delays <= bound }.count, "bound \(bound)")
            #expect(r.profiles[0].exhaustive)
        }
    }

    @Test func aBudgetThatRunsOutIsNotExhaustive() throws {
        let path = try Self.scenario(Self.threeEvents)
        let r = try Self.explore(path) { $0.budget = 2 }
        #expect(r.profiles[0].orders == 2)
        #expect(r.profiles[0].exhaustive == false)
        #expect(ExploreText.render(r).contains("not exhaustive: the budget of 2 orders ran out"))
    }

    @Test func theDefaultOrderIsKitsimRunsOrder() throws {
        let path = try Self.scenario(Self.threeEvents)
        let sandbox = try LuaSandbox()
        let outcome = try sandbox.run(file: path)
        #expect(outcome.output == ["abc"])
        let r = try Self.explore(path)
        #expect(r.passed)
    }

    /// Two navigation stacks side by side, each swiped back at an uncertain moment: the
    /// swipes touch disjoint objects and run no script code.
    static let twoSwipes = """
        local root = UIViewController()
        local navs = {}
        for i = 1, 2 do
          local nav = UINavigationController(UIViewController())
          nav:pushViewController(UIViewController(), false)
          root:addChild(nav)
          root.view:addSubview(nav.view)
          nav.view.frame = CGRect((i - 1) * 195, 0, 195, 844)
          nav:didMove(root)
          navs[i] = nav
        end
        local window = UIWindow(UIScreen.main.bounds)
        UIApplication.shared.delegate.window = window
        window.rootViewController = root
        window:makeKeyAndVisible()
        sim.run(1)
        sim.swipeBack(navs[1], { complete = true, within = { 0, 1 }, label = "swipe left" })
        sim.swipeBack(navs[2], { complete = true, within = { 0, 1 }, label = "swipe right" })
        sim.run(3)
        expect(#navs[1].viewControllers).to.equal(1)
        expect(#navs[2].viewControllers).to.equal(LIMIT)
        sim.verify()
        expect(sim.leaks()).to.be.empty()
        """

    @Test func theReductionSkipsOrdersOfStepsThatCommuteAndKeepsTheOutcomes() throws {
        for (limit, passes) in [("1", true), ("2", false)] {
            let path = try Self.scenario(Self.twoSwipes.replacingOccurrences(of: "LIMIT", with: limit), name: "swipes\(limit)")
            let reduced = try Self.explore(path) { $0.delays = 3 }
            let full = try Self.explore(path) { $0.delays = 3; $0.reduction = false }
            #expect(reduced.profiles[0].orders < full.profiles[0].orders)
            #expect(reduced.profiles[0].savedByReduction > 0)
            #expect(full.profiles[0].savedByReduction == 0)
            #expect(reduced.passed == passes && full.passed == passes)
            #expect(reduced.profiles[0].failures.map(\.headline) == full.profiles[0].failures.map(\.headline))
        }
        // Steps that run script code never commute: nothing is skipped.
        let path = try Self.scenario(Self.threeEvents)
        let r = try Self.explore(path) { $0.delays = 3 }
        #expect(r.profiles[0].orders == 6 && r.profiles[0].savedByReduction == 0)
    }

    @Test func footprintsCommuteOnlyWhenNothingIsShared() {
        let a = Footprint(objects: [1, 2]), b = Footprint(objects: [3])
        #expect(a.commutes(with: b))
        #expect(!a.commutes(with: Footprint(objects: [2])))
        #expect(!Footprint(objects: [1], ranScript: true).commutes(with: Footprint(objects: [3], ranScript: true)))
        #expect(Footprint(objects: [1], ranScript: true).commutes(with: Footprint(objects: [3])))
        #expect(!a.commutes(with: Footprint(objects: [], shared: true)))
        #expect(!Footprint.everything.commutes(with: Footprint()))
    }

    /// The failure needs "b" to run after "a" has: one delay.
    static let needsOneDelay = """
        local log = {}
        sim.after({ 0, 1 }, function() log[#log + 1] = "b" end, { label = "b" })
        sim.after({ 0, 1 }, function() log[#log + 1] = "a" end, { label = "a" })
        sim.after({ 0, 1 }, function() log[#log + 1] = "c" end, { label = "c" })
        sim.always(function() return log[1] ~= "a" or log[2] ~= "b" end, "b never right after a first")
        sim.run(2)
        sim.verify()
        expect(sim.leaks()).to.be.empty()
        """

    @Test func aFailureIsMinimisedAndItsScheduleReplaysIt() throws {
        let path = try Self.scenario(Self.needsOneDelay)
        // Sampled orders may find it with more delays than it needs; minimising brings it to one.
        let sampled = try Self.explore(path) { $0.strategy = .random; $0.budget = 40; $0.seed = 7 }
        let f = try #require(sampled.profiles[0].failures.first)
        #expect(f.kind == .assertion)
        #expect(f.headline.hasSuffix("sim.always failed after 'b': b never right after a first"))
        #expect(f.order.delays == 1)
        #expect(f.order.schedule == Schedule(steps: ["a"]))
        #expect(f.order.events.map(\.label) == ["a", "b"])
        #expect(f.order.events[0].ranAhead == ["b"])
        // The schedule replays it: the same failure as kitsim run --schedule reports it.
        let sandbox = try LuaSandbox()
        sandbox.replay(f.order.schedule)
        let outcome = try sandbox.run(file: path)
        #expect(outcome.status == .assertionFailed)
        #expect(outcome.message?.hasPrefix(f.headline) == true)
        #expect(f.report.contains(f.headline))
        // A dfs finds the same order first: the default runs b, a, c.
        let dfs = try Self.explore(path)
        #expect(dfs.profiles[0].failures.first?.order.schedule == Schedule(steps: ["a"]))
    }

    @Test func aScheduleThatNoLongerFitsStopsWithTheLabel() throws {
        let path = try Self.scenario(Self.needsOneDelay)
        let sandbox = try LuaSandbox()
        sandbox.replay(Schedule(steps: ["a", "zz"]))
        let outcome = try sandbox.run(file: path)
        #expect(outcome.status == .scriptError)
        #expect(outcome.message?.contains("the schedule no longer fits the script: at choice 2 no event is 'zz'; the events that could run: b (0–1 s), c (0–1 s)") == true, "\(outcome.message ?? "")")
        // In the script: sim.schedule pins the order, and a later call is refused.
        let pinned = try Self.scenario("sim.schedule\"a\"\n" + Self.needsOneDelay, name: "pinned")
        let run = try LuaSandbox().run(file: pinned)
        #expect(run.status == .assertionFailed)
        let twice = try LuaSandbox().run(chunk: "sim.schedule\"a\" sim.schedule\"b\"")
        #expect(twice.message?.contains("bad argument #1 to 'schedule' (the order is already pinned") == true)
        let bad = try LuaSandbox().run(chunk: "sim.schedule\"a;;b\"")
        #expect(bad.message?.contains("bad schedule 'a;;b': a step is empty") == true)
    }

    @Test func shardsTogetherRunTheWholeSearchOnce() throws {
        let path = try Self.scenario(Self.threeEvents)
        let whole = try Self.explore(path) { $0.delays = 3; $0.reduction = false }
        var sum = 0
        for i in 1...4 {
            let part = try Self.explore(path) { $0.delays = 3; $0.reduction = false; $0.shard = (i, 4) }
            sum += part.profiles[0].orders
            #expect(part.profiles[0].exhaustive)
        }
        #expect(sum == whole.profiles[0].orders)
        // The parts are disjoint and cover the search: the same orders, as sets.
        let explorer = Explorer({ var o = Explorer.Options(file: path); o.delays = 3; return o }())
        let units = try explorer.shardUnits(ios: 17, count: 4)
        let all = try Self.allOrders(path).map(\.indices)
        for order in all {
            #expect(units.filter { order.starts(with: $0) }.count == 1, "\(order) in \(units)")
        }
    }

    @Test func alwaysAndSometimesAreCheckedInEveryOrder() throws {
        let never = try Self.scenario("""
            local n = 0
            sim.after({ 0, 1 }, function() n = n + 1 end, { label = "tick" })
            sim.sometimes(function() return n == 5 end, "five ticks")
            sim.sometimes(function() return n == 1 end, "one tick")
            sim.run(2)
            """, name: "never")
        let r = try Self.explore(never)
        #expect(r.profiles[0].unreachedGoals == ["five ticks"])
        #expect(!r.passed)
        #expect(ExploreText.render(r).contains("GOAL NEVER REACHED in 1 order: five ticks (sim.sometimes)"))
        let bad = try LuaSandbox().run(chunk: "sim.always(1, 'x')")
        #expect(bad.message?.contains("bad argument #1 to 'always' (function expected, got number)") == true)
    }

    @Test func leaksAndABlackScreenAtTheEndAreFailures() throws {
        let leak = try Self.scenario("""
            local C = NSObject:subclass("C", { other = "strong" })
            local a, b = C(), C()
            a.other = b; b.other = a
            """, name: "leak")
        let r = try Self.explore(leak)
        #expect(r.profiles[0].failures.first?.kind == .leak)
        // A leak the script expects (`expect(obj).to.leak()`) is no failure.
        let expected = try Self.scenario("""
            local C = NSObject:subclass("C", { other = "strong" })
            local a, b = C(), C()
            a.other = b; b.other = a
            sim.run(0)
            expect(a).to.leak()
            """, name: "expectedLeak")
        #expect(try Self.explore(expected).profiles[0].failures.isEmpty)
        let black = try Self.scenario("local w = UIWindow(UIScreen.main.bounds) w:makeKeyAndVisible() sim.run(0)", name: "black")
        #expect(try Self.explore(black).profiles[0].failures.first?.kind == .blackScreen)
    }

    @Test func aScriptThatIsNotDeterministicIsCaught() throws {
        // Each run reads and bumps a counter in a file: a second run meets other events.
        let counter = NSTemporaryDirectory() + "kitsim-explore-counter-\(getpid())"
        try "0".write(toFile: counter, atomically: true, encoding: .utf8)
        let path = try Self.scenario("""
            local f = io.open("\(counter)") local n = tonumber(f:read("a")) f:close()
            f = io.open("\(counter)", "w") f:write(tostring(n + 1)) f:close()
            for i = 1, 1 + n % 2 do sim.after({ 0, 1 }, function() end, { label = "e" .. i }) end
            sim.after({ 0, 1 }, function() end, { label = "last" })
            sim.run(2)
            """)
        let r = try Self.explore(path)
        #expect(r.profiles[0].nondeterministic)
        #expect(!r.passed)
        #expect(ExploreText.render(r).contains("NOT DETERMINISTIC"))
    }

    @Test func theTextAndJSONReportsSayWhatWasSearched() throws {
        let path = try Self.scenario(Self.needsOneDelay, name: "report")
        let r = try Self.explore(path)
        let text = ExploreText.render(r)
        #expect(text.contains("FAILED in 1 of 5 orders:"))
        #expect(text.contains("  the order (1 delay, 1 event moved):"))
        #expect(text.contains("    > 0 s  a   ran ahead of: b"))
        #expect(text.contains("    kitsim run \(path) --schedule a"))
        #expect(text.contains("    sim.schedule\"a\""))
        #expect(text.hasSuffix("failed on iOS 17\n"))
        let json = ExploreJSON.render(r)
        let parsed = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        #expect(parsed?["passed"] as? Bool == false)
        #expect(ExploreText.scheduleLine(Schedule(steps: ["say \"hi\"", "a\\b"])) == #"sim.schedule"say \"hi\"; a\\b""#)
        #expect(ExploreText.shellQuoted("it's") == #"'it'\''s'"#)
    }
}
