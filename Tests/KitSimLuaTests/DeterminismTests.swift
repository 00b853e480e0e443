import Testing
@testable import KitSim
@testable import KitSimBridge
@testable import KitSimLua

/// DEVELOPERS.md rule 3: same script, same trace, byte for byte.
@Suite struct DeterminismTests {
    static let script = """
        local Welcome = UIViewController:subclass("Welcome", { tmpRootVc = "weak", b = "strong", a = "strong" })
        local window = UIWindow()
        UIApplication.shared.delegate.window = window
        local nav = UINavigationController(UIViewController())
        window.rootViewController = nav
        window:makeKeyAndVisible()
        sim.run(1)
        local w = Welcome()
        w.a = UIView(); w.b = UIView()
        local old = window.rootViewController
        window.rootViewController = w
        w.tmpRootVc = old
        for i = 1, 20 do nav:pushViewController(UIViewController(), false) end
        sim.after(0.3, function() sim.log("timer at %.1f", sim.now) end)
        sim.run(3)
        window.rootViewController = nil
        sim.run(3)
        print(sim.screen().text)
        """

    @Test func theSameScriptGivesTheSameTraceTwice() throws {
        func run() throws -> (String, [String]) {
            let sb = try LuaSandbox()
            sb.heap.tracesCalls = true
            let o = sb.run(chunk: Self.script, name: "=det")
            #expect(o.status == .passed, "\(o.message ?? "")")
            return (o.trace, o.output)
        }
        let (a, outA) = try run()
        let (b, outB) = try run()
        #expect(a == b)
        #expect(outA == outB)
        #expect(a.contains("weak Welcome#"))
        #expect(a.contains("call -[Welcome#"))
        #expect(a.contains("log: timer at 1.3"))
    }

    /// Lua's string hash is seeded per state from the time and addresses, so `next` order
    /// differs between two states; `pairs` must not (objects made in a `pairs` loop would
    /// get different ids). Two sandboxes in one process, fresh seeds each.
    @Test func pairsOrderIsTheSameInEveryState() throws {
        let script = """
            local screens = {}
            for i = 1, 40 do screens["screen" .. i] = i end
            local order = {}
            for name in pairs(screens) do
                local vc = UIViewController()
                order[#order + 1] = name .. "=" .. tostring(vc)
            end
            print(table.concat(order, ","))
            """
        var outputs: Set<String> = []
        for _ in 0..<4 {
            let sb = try LuaSandbox()
            let o = sb.run(chunk: script, name: "=pairs")
            #expect(o.status == .passed, "\(o.message ?? "")")
            outputs.insert(o.output.joined(separator: "\n"))
        }
        #expect(outputs.count == 1)
        #expect(outputs.first?.hasPrefix("screen1=UIViewController#") == true)
        #expect(outputs.first?.contains(",screen10=UIViewController#") == true)    // bytewise: screen1, screen10, …
    }

    @Test func propertiesAreLaidOutInNameOrder() throws {
        let sb = try LuaSandbox()
        _ = sb.run(chunk: Self.script, name: "=det")
        let cls = try #require(sb.heap.classNamed("Welcome"))
        #expect(cls.properties.suffix(3).map(\.name) == ["a", "b", "tmpRootVc"])
    }
}
