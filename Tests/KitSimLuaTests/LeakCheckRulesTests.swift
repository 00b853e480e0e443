import Testing
@testable import KitSim
@testable import KitSimBridge
@testable import KitSimLua
@testable import KitSimRuntime

/// SPEC rules 47–50: MLeaksFinder's opt-out, the roots `sim.why` names, one report per
/// elementary cycle, and cycles from a candidate (FBRetainCycleDetector).
@Suite struct LeakCheckRulesTests {
    func run(_ code: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> LuaSandbox {
        let sandbox = try LuaSandbox()
        let outcome = sandbox.run(chunk: LeakCheckRulesTests.prelude + code + "\nsim.verify()", name: "=t")
        #expect(outcome.status == .passed, "\(outcome.message ?? "")", sourceLocation: sourceLocation)
        if outcome.status != .passed { print(outcome.message ?? "") }
        return sandbox
    }

    /// A navigation app on screen, a long-lived cache (a singleton that keeps screens for
    /// reuse), and `graph(edges)`: objects #1… of class N whose strong `out` arrays make
    /// the edges, held or not as the test asks.
    static let prelude = """
        local window = UIWindow(UIScreen.main.bounds)
        UIApplication.shared.delegate.window = window
        local nav = UINavigationController(UIViewController())
        window.rootViewController = nav
        window:makeKeyAndVisible()
        sim.run(1)
        local Cache = NSObject:subclass("Cache", { screens = "strong" })
        local cache = sim.hold(Cache())
        local function visit(screen)
          nav:pushViewController(screen, false)
          sim.run(1)
          nav:popViewController(false)
          sim.run(3)
        end
        local N = NSObject:subclass("N", { out = "strong" })
        local function graph(count, edges)
          local nodes = {}
          for i = 1, count do nodes[i] = N() end
          local outs = {}
          for _, e in ipairs(edges) do
            outs[e[1]] = outs[e[1]] or {}
            table.insert(outs[e[1]], nodes[e[2]])
          end
          for i = 1, count do if outs[i] then nodes[i].out = outs[i] end end
          return nodes
        end
        -- A report as the node numbers of its objects: "1 2 3".
        local function numbers(report, nodes)
          local index = {}
          for i, n in ipairs(nodes) do index[n] = i end
          local out = {}
          for _, o in ipairs(report.objects) do out[#out + 1] = tostring(index[o] or "?") end
          return table.concat(out, " ")
        end
        -- An error's text without the position Lua adds to a string error.
        local function text(e) local t = tostring(e) return t:match("^t:%d+: (.*)$") or t end
        -- Cuts every edge, so the nodes go once nothing else owns them.
        local function clear(nodes)
          for _, n in ipairs(nodes) do if sim.alive(n) then n.out = {} end end
        end
        local function listing(reports, nodes)
          local out = {}
          for _, r in ipairs(reports) do out[#out + 1] = numbers(r, nodes) end
          return table.concat(out, " | ")
        end

        """

    // MARK: rule 47

    @Test func rule47_willDeallocFalseMutesTheAbandonedCheckTrueKeepsIt() throws {
        _ = try run("""
            assert(not UIViewController():responds("willDealloc"), "UIKit has no willDealloc of its own")
            local asked = {}
            local Muted = UIViewController:subclass("Muted")
            function Muted:willDealloc() asked[#asked + 1] = sim.now return false end
            local Checked = UIViewController:subclass("Checked")
            function Checked:willDealloc() asked[#asked + 1] = sim.now return true end
            local Plain = UIViewController:subclass("Plain")
            local muted, checked, plain = Muted(), Checked(), Plain()
            cache.screens = { muted, checked, plain }
            visit(muted)
            assert(#asked == 1 and asked[1] == 2, "asked once, as it left at 2 s: " .. table.concat(asked, ","))
            assert(#sim.leaks() == 0, tostring(sim.leaks()[1]))
            visit(checked)
            visit(plain)
            local leaks = sim.leaks()
            assert(#leaks == 2 and leaks[1].kind == "abandoned" and leaks[1].objects[1] == checked
                   and leaks[2].objects[1] == plain, tostring(leaks[1]))
            assert(#asked == 2 and asked[2] == 6)
            -- Each departure asks again: the same controller answering true is checked.
            local again = {}
            function Muted:willDealloc() again[#again + 1] = self return true end
            visit(muted)
            assert(#again == 1 and #sim.leaks() == 3)
            cache.screens = {}
            """)
    }

    @Test func rule47_whatMLeaksFinderWalksIsExemptToo() throws {
        _ = try run("""
            -- A presents B presents C; dismissing A takes all three out of the UI.
            local asked = 0
            local Muted = UIViewController:subclass("Muted")
            function Muted:willDealloc() return false end
            local Counting = UIViewController:subclass("Counting")
            function Counting:willDealloc() asked = asked + 1 return true end
            local root = nav.topViewController
            local a, b, c = Muted(), Counting(), UIViewController()
            cache.screens = { a, b, c }
            root:present(a, false) sim.run(1)
            a:present(b, false) sim.run(1)
            b:present(c, false) sim.run(1)
            root:dismiss(false) sim.run(3)
            assert(sim.alive(a) and sim.alive(b) and sim.alive(c))
            assert(#sim.leaks() == 0, tostring(sim.leaks()[1]))
            assert(asked == 0, "MLeaksFinder never reaches what an exempt controller presents")
            -- The same chain under a controller that answers true: every one is checked.
            local top = Counting()
            local b2, c2 = UIViewController(), UIViewController()
            cache.screens = { top, b2, c2 }
            root:present(top, false) sim.run(1)
            top:present(b2, false) sim.run(1)
            b2:present(c2, false) sim.run(1)
            root:dismiss(false) sim.run(3)
            local leaks = sim.leaks()
            assert(#leaks == 3 and leaks[1].objects[1] == top and leaks[2].objects[1] == b2 and leaks[3].objects[1] == c2,
                   #leaks .. " " .. tostring(leaks[1]))
            assert(asked == 1)
            cache.screens = {}
            """)
    }

    /// Anything but a boolean is an error naming Lua's type of the answer; the pop still
    /// completes, and the controller stays checked.
    @Test(arguments: [
        ("return nil", "nil"), ("return 0", "number"), ("return 'NO'", "string"), ("return {}", "table"),
        ("return function() end", "function"), ("return self", "userdata"), ("", "nil"),
    ])
    func rule47_anythingButABooleanIsAnError(_ body: String, _ type: String) throws {
        _ = try run("""
            local Odd = UIViewController:subclass("Odd")
            function Odd:willDealloc() \(body) end
            local odd = Odd()
            cache.screens = { odd }
            nav:pushViewController(odd, false)
            sim.run(1)
            local ok, e = pcall(nav.popViewController, nav, false)
            assert(not ok and tostring(e) == "willDealloc must return a boolean (MLeaksFinder's BOOL), got \(type)", tostring(e))
            assert(#nav.viewControllers == 1 and nav.topViewController ~= odd, "the pop completed")
            sim.run(3)
            local leaks = sim.leaks()
            assert(#leaks == 1 and leaks[1].objects[1] == odd, tostring(leaks[1]))
            cache.screens = {}
            """)
    }

    @Test func rule47_ignoreAbandonedForAnObjectOrExactlyAClass() throws {
        _ = try run("""
            local Cached = UIViewController:subclass("Cached")
            local Sub = Cached:subclass("CachedSub")
            local one, two, sub, other = Cached(), Cached(), Sub(), UIViewController()
            cache.screens = { one, two, sub, other }
            visit(other)
            assert(#sim.leaks() == 1)
            sim.ignoreAbandoned(other)                   -- after it left: it counts still
            assert(#sim.leaks() == 0)
            sim.ignoreAbandoned(Cached)                  -- addClassNamesToWhitelist
            visit(one) visit(two) visit(sub)
            local leaks = sim.leaks()
            assert(#leaks == 1 and leaks[1].objects[1] == sub, "a subclass is still checked: " .. tostring(leaks[1]))
            for _, case in ipairs({
              { function() sim.ignoreAbandoned(3) end, "bad argument #1 to 'ignoreAbandoned' (object or class expected, got number)" },
              { function() sim.ignoreAbandoned() end, "bad argument #1 to 'ignoreAbandoned' (object or class expected, got no value)" },
              { function() sim.ignoreAbandoned({}) end, "bad argument #1 to 'ignoreAbandoned' (object or class expected, got table)" },
            }) do
              local ok, e = pcall(case[1])
              assert(not ok and text(e) == case[2], tostring(e))
            end
            local dead = UIViewController()
            local id = tostring(dead):match("#%d+")
            sim.drain()
            local ok, e = pcall(sim.ignoreAbandoned, dead)
            assert(not ok and tostring(e) == "EXC_BAD_ACCESS: -[UIViewController ignoreAbandoned]: message sent to deallocated instance " .. id, tostring(e))
            cache.screens = {}
            """)
    }

    @Test func rule47_cyclesAreStillReported() throws {
        _ = try run("""
            local Screen = UIViewController:subclass("Screen", { onDone = "strong" })
            function Screen:willDealloc() return false end
            local screen = Screen()
            screen.onDone = sim.block{ strong = { screen }, function() end }
            visit(screen)
            local leaks = sim.leaks()
            assert(#leaks == 1 and leaks[1].kind == "cycle", tostring(leaks[1]))
            assert(leaks[1].message:find("^retain cycle of 2 objects: Screen#%d+%.onDone %(strong%) → NSBlock#%d+ capture 1 %(strong%) → Screen#%d+"), leaks[1].message)
            sim.ignoreAbandoned(Screen)
            assert(#sim.leaks() == 1 and sim.leaks()[1].kind == "cycle")
            screen.onDone = nil
            """)
    }

    // MARK: rule 48

    @Test func rule48_eachRootIsNamedInWhy() throws {
        _ = try run("""
            local T = NSObject:subclass("T")
            function T:tick() end
            function T:step() end
            local function names(obj, root, path)
              sim.drain()
              local why = sim.why(obj)
              assert(why:find("\\n  1. [" .. root .. "] " .. path, 1, true), root .. ": " .. why)
            end
            local timed = T()
            Timer.scheduledTimer(1, timed, "tick", nil, true)
            names(timed, "RunLoop.main", "RunLoop#")
            assert(sim.why(timed):find(".timers[1] (strong) → Timer#", 1, true))
            local linked = T()
            CADisplayLink(linked, "step"):add(RunLoop.main, "common")
            names(linked, "RunLoop.main", "RunLoop#")
            assert(sim.why(linked):find(".displayLinks[1] (strong) → CADisplayLink#", 1, true))
            local queued = T()
            DispatchQueue.main:asyncAfter(DispatchTime.now() + 10, sim.block{ strong = { queued }, function() end })
            names(queued, "DispatchQueue.main", "NSBlock#")
            local observing = T()
            NotificationCenter.default:addObserver_forName("x", nil, nil, sim.block{ strong = { observing }, function() end })
            names(observing, "NotificationCenter.default", "NotificationCenter#")
            local delegate = T()
            URLSession(URLSessionConfiguration.default, delegate, nil)
            names(delegate, "URLSession", "URLSession#")
            local leaving = UIViewController()
            nav:pushViewController(leaving, false)
            sim.run(1)
            nav:popViewController(true)
            names(leaving, "transition in flight", "UIViewController#")
            sim.run(1)
            assert(not sim.alive(leaving), "released when the transition ends")
            """)
    }

    // MARK: rule 49

    /// Reports start at their lowest id and are ordered by it, then by the ids that follow,
    /// components interleaving; every elementary cycle of up to 10 objects is one.
    @Test(arguments: [
        // (node count, edges, expected reports as node numbers)
        (3, [(1, 2), (2, 1), (1, 3), (3, 1)], "1 2 | 1 3"),
        // The complete digraph on three: old reports listed the 2-cycles first.
        (3, [(1, 2), (2, 1), (2, 3), (3, 1), (1, 3), (3, 2)], "1 2 | 1 2 3 | 1 3 | 1 3 2 | 2 3"),
        // Two components, {1, 4, 5} and {2, 3}: old reports kept each component together.
        (5, [(1, 4), (4, 1), (4, 5), (5, 4), (2, 3), (3, 2)], "1 4 | 2 3 | 4 5"),
        // A cycle written from its highest member still starts at its lowest.
        (3, [(3, 1), (1, 2), (2, 3)], "1 2 3"),
        // Node 1 is only on a 12-object cycle: reported is the 2-cycle its component has.
        (12, [(1, 2), (2, 3), (3, 4), (4, 5), (5, 6), (6, 7), (7, 8), (8, 9), (9, 10), (10, 11), (11, 12), (12, 1), (5, 6), (6, 5)], "5 6"),
        // A self-reference is a cycle of one.
        (2, [(2, 2), (1, 2)], "2"),
    ] as [(Int, [(Int, Int)], String)])
    func rule49_oneReportPerElementaryCycleInIdOrder(_ count: Int, _ edges: [(Int, Int)], _ expected: String) throws {
        let list = edges.map { "{\($0.0), \($0.1)}" }.joined(separator: ", ")
        _ = try run("""
            local nodes = graph(\(count), { \(list) })
            sim.drain()
            local reports = sim.cycles()
            assert(listing(reports, nodes) == "\(expected)", listing(reports, nodes))
            assert(reports.truncated == nil)
            for _, r in ipairs(reports) do
              assert(#r.references == #r.objects)
              for i, ref in ipairs(r.references) do
                assert(ref.owner == r.objects[i] and ref.target == r.objects[i % #r.objects + 1] and ref.ownership == "strong")
              end
            end
            local leaks = sim.leaks()
            assert(listing(leaks, nodes) == "\(expected)")
            clear(nodes)
            """)
    }

    @Test func rule49_aComponentWithoutAShortCycleIsReportedOnceByItsShortest() throws {
        _ = try run("""
            -- 1 → … → 13 → 1, and 1 → 14 → … → 24 → 1: cycles of 13 and 12 objects only.
            local edges = {}
            for i = 1, 12 do edges[#edges + 1] = { i, i + 1 } end
            edges[#edges + 1] = { 13, 1 }
            edges[#edges + 1] = { 1, 14 }
            for i = 14, 23 do edges[#edges + 1] = { i, i + 1 } end
            edges[#edges + 1] = { 24, 1 }
            local nodes = graph(24, edges)
            sim.drain()
            local reports = sim.cycles()
            assert(#reports == 1 and #reports[1].objects == 12 and reports[1].objects[1] == nodes[1]
                   and reports[1].objects[2] == nodes[14], listing(reports, nodes))
            local m = reports[1].message
            assert(m:find("^retain cycle of 12 objects: N#%d+%.out%[2%] %(strong%) → N#%d+%.out%[1%] %(strong%) → ")
                   and m:find(" → N#%d+ %(the shortest cycle of a component of 24 objects that has none of at most 10%); it also keeps alive 12 objects: ")
                   and not m:find("more)", 1, true), m)
            assert(#reports[1].retained == 12 and reports[1].retained[1] == nodes[2])
            -- The same ring alone is its own component: the message needs no more.
            nodes[1].out = { nodes[2] }
            reports = sim.cycles()
            assert(#reports == 1 and #reports[1].objects == 13 and not reports[1].message:find("shortest", 1, true), reports[1].message)
            nodes[1].out = {}
            """)
    }

    @Test func rule49_objectsOnlyCyclesKeepAliveGoUnderTheFirstReportReachingThem() throws {
        _ = try run("""
            -- Cycles 1 ⇄ 2 and 3 ⇄ 4; 2 → 5 → 6, 4 → 6 → 7, and 3 → 8; the 11-ring 9…19
            -- shares 9 ⇄ 10 with a 2-cycle, so its other members are kept by that report.
            local edges = { {1, 2}, {2, 1}, {3, 4}, {4, 3}, {2, 5}, {5, 6}, {4, 6}, {6, 7}, {3, 8},
                            {9, 10}, {10, 9} }
            for i = 10, 18 do edges[#edges + 1] = { i, i + 1 } end
            edges[#edges + 1] = { 19, 9 }
            local nodes = graph(19, edges)
            sim.drain()
            local reports = sim.cycles()
            assert(listing(reports, nodes) == "1 2 | 3 4 | 9 10", listing(reports, nodes))
            local function kept(r) local t = {} for _, o in ipairs(r.retained) do t[#t + 1] = numbers({ objects = { o } }, nodes) end return table.concat(t, " ") end
            assert(kept(reports[1]) == "5 6 7", kept(reports[1]))
            assert(kept(reports[2]) == "8", kept(reports[2]))
            assert(kept(reports[3]) == "11 12 13 14 15 16 17 18 19", kept(reports[3]))
            local function names(...) local t = {} for _, i in ipairs({ ... }) do t[#t + 1] = tostring(nodes[i]) end return table.concat(t, ", ") end
            assert(reports[1].message:find("; it also keeps alive 3 objects: " .. names(5, 6, 7), 1, true), reports[1].message)
            assert(reports[3].message:find(" (cycle 1 of 1 in one component of 11 objects); it also keeps alive 9 objects: "
                   .. names(11, 12, 13, 14, 15) .. ", …", 1, true), reports[3].message)
            clear(nodes)
            """)
    }

    @Test func rule49_atMost1000ReportsThenTruncated() throws {
        _ = try run("""
            -- The complete digraph on 8 objects has 16064 elementary cycles.
            local edges = {}
            for i = 1, 8 do for j = 1, 8 do if i ~= j then edges[#edges + 1] = { i, j } end end end
            local nodes = graph(8, edges)
            sim.drain()
            local reports = sim.cycles()
            assert(#reports == 1000 and reports.truncated == true, #reports)
            assert(numbers(reports[1], nodes) == "1 2" and numbers(reports[2], nodes) == "1 2 3"
                   and numbers(reports[7], nodes) == "1 2 3 4 5 6 7 8" and numbers(reports[8], nodes) == "1 2 3 4 5 6 8", numbers(reports[8], nodes))
            assert(reports[1000].message:find("; the search stopped at 1000 reports: there are more cycles$"), reports[1000].message)
            assert(reports[1].message:find(" (cycle 1 of 1000+ in one component of 8 objects)", 1, true), reports[1].message)
            local leaks = sim.leaks()
            assert(#leaks == 1000 and leaks.truncated == true)
            clear(nodes)
            assert(sim.cycles().truncated == nil and #sim.cycles() == 0)
            """)
    }

    // MARK: rule 50

    @Test func rule50_cyclesFromACandidateRootedOrNot() throws {
        _ = try run("""
            -- A screen on screen keeps a closure that captures it: rooted, so no leak, but
            -- FBRetainCycleDetector finds the cycle from the screen.
            local Screen = UIViewController:subclass("Screen", { onDone = "strong", timer = "strong" })
            function Screen:tick() end
            local screen = Screen()
            nav:pushViewController(screen, false)
            sim.run(1)
            screen.onDone = sim.block{ strong = { screen }, function() end }
            assert(#sim.cycles() == 0 and #sim.leaks() == 0)
            local found = sim.cycles(screen)
            assert(#found == 1 and found[1].kind == "cycle" and found[1].objects[1] == screen, tostring(found[1]))
            assert(found[1].message:find("^retain cycle of 2 objects: Screen#%d+%.onDone %(strong%) → NSBlock#%d+ capture 1 %(strong%) → Screen#%d+$"), found[1].message)
            assert(#found[1].retained == 0, "rooted objects are not kept by the cycle")
            -- A timer's target is an edge; RunLoop.main's hold on the timer is not one.
            screen.timer = Timer.scheduledTimer(1, screen, "tick", nil, true)
            found = sim.cycles(screen)
            assert(#found == 2 and found[2].objects[2] == screen.timer, tostring(found[2]))
            assert(found[2].message:find("→ Timer#%d+%.target %(strong%) → Screen#%d+ %(cycle 2 of 2 in one component of 3 objects%)$"), found[2].message)
            assert(#sim.cycles(RunLoop.main) == 2)
            screen.timer:invalidate()
            screen.timer = nil
            screen.onDone = nil
            assert(#sim.cycles(screen) == 0)
            -- The candidate need not be on the cycle: an object reaching an unreachable ring.
            local nodes = graph(4, { {1, 2}, {2, 3}, {3, 2}, {3, 4}, {4, 3} })
            sim.hold(nodes[1])
            sim.drain()
            assert(listing(sim.cycles(nodes[1]), nodes) == "2 3 | 3 4", listing(sim.cycles(nodes[1]), nodes))
            assert(listing(sim.cycles(nodes[4]), nodes) == "2 3 | 3 4")
            assert(listing(sim.cycles(), nodes) == "", "a root reaches them")
            clear(nodes)
            sim.release(nodes[1])
            """)
    }

    @Test(arguments: [
        // (ring length, options, reports expected)
        (4, "", 1), (4, ", { maxLength = 3 }", 0), (4, ", { maxLength = 4 }", 1), (11, "", 0),
        (11, ", { maxLength = 11 }", 1), (1, ", { maxLength = 1 }", 1), (100, ", { maxLength = 100 }", 1),
        (101, ", { maxLength = 100 }", 0), (4, ", nil", 1), (4, ", {}", 1),
    ])
    func rule50_maxLengthBoundsTheCycles(_ length: Int, _ options: String, _ expected: Int) throws {
        _ = try run("""
            local edges = {}
            for i = 1, \(length) do edges[#edges + 1] = { i, i % \(length) + 1 } end
            local nodes = graph(\(length), edges)
            local found = sim.cycles(nodes[\(length)]\(options))
            assert(#found == \(expected), #found)
            if #found == 1 then assert(found[1].objects[1] == nodes[1] and #found[1].objects == \(length)) end
            clear(nodes)
            """)
    }

    @Test func rule50_badArgumentsAndDeadCandidates() throws {
        _ = try run("""
            local n = sim.hold(N())
            for _, case in ipairs({
              { function() sim.cycles(3) end, "bad argument #1 to 'cycles' (object expected, got number)" },
              { function() sim.cycles(nil, {}) end, "bad argument #1 to 'cycles' (object expected, got nil)" },
              { function() sim.cycles(N) end, "bad argument #1 to 'cycles' (object expected, got table)" },
              { function() sim.cycles(n, 3) end, "bad argument #2 to 'cycles' (table expected, got number)" },
              { function() sim.cycles(n, { maxLength = 0 }) end, "bad argument #2 to 'cycles' (maxLength must be an integer from 1 to 100, got 0)" },
              { function() sim.cycles(n, { maxLength = 101 }) end, "bad argument #2 to 'cycles' (maxLength must be an integer from 1 to 100, got 101)" },
              { function() sim.cycles(n, { maxLength = 2.5 }) end, "bad argument #2 to 'cycles' (maxLength must be an integer from 1 to 100, got 2.5)" },
              { function() sim.cycles(n, { maxLength = 0/0 }) end, "bad argument #2 to 'cycles' (maxLength must be an integer from 1 to 100, got nan)" },
              { function() sim.cycles(n, { maxLength = 1e300 }) end, "bad argument #2 to 'cycles' (maxLength must be an integer from 1 to 100, got 1e+300)" },
              { function() sim.cycles(n, { maxLength = "5" }) end, "bad argument #2 to 'cycles' (maxLength must be an integer from 1 to 100, got string)" },
              { function() sim.cycles(n, { maxlength = 5 }) end, "bad argument #2 to 'cycles' (unknown option 'maxlength'; expected maxLength)" },
              { function() sim.cycles(n, { 5 }) end, "bad argument #2 to 'cycles' (unknown option with a number key; expected maxLength)" },
            }) do
              local ok, e = pcall(case[1])
              assert(not ok and text(e) == case[2], tostring(e))
            end
            local dead = N()
            local id = tostring(dead):match("#%d+")
            sim.drain()
            local ok, e = pcall(sim.cycles, dead)
            assert(not ok and tostring(e) == "EXC_BAD_ACCESS: -[N cycles]: message sent to deallocated instance " .. id, tostring(e))
            sim.release(n)
            """)
    }

    /// `heap.cycles(from:maxLength:)`: rule 49's order and limit from a candidate.
    @Test func rule50_theSwiftAPI() throws {
        let sandbox = try run("""
            local edges = {}
            for i = 1, 8 do for j = 1, 8 do if i ~= j then edges[#edges + 1] = { i, j } end end end
            hub = sim.hold(graph(8, edges)[1])
            """)
        let hub = try #require(sandbox.heap.roots.first { sandbox.heap.classOf($0).name == "N" })
        let all = try sandbox.heap.cycles(from: hub)
        #expect(all.count == 1000 && all.truncated)
        #expect(zip(all.dropLast(), all.dropFirst()).allSatisfy { $0.objects.lexicographicallyPrecedes($1.objects) })
        let pairs = try sandbox.heap.cycles(from: hub, maxLength: 2)
        #expect(pairs.count == 28 && !pairs.truncated && pairs.allSatisfy { $0.objects.count == 2 && $0.objects[0] < $0.objects[1] })
        #expect(throws: SimError.self) { try sandbox.heap.cycles(from: hub, maxLength: 0) }
        #expect(sandbox.heap.cycles().isEmpty)
    }
}
