import Testing
@testable import KitSim
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

    @Test func propertiesAreLaidOutInNameOrder() throws {
        let sb = try LuaSandbox()
        _ = sb.run(chunk: Self.script, name: "=det")
        let cls = try #require(sb.heap.classNamed("Welcome"))
        #expect(cls.properties.suffix(3).map(\.name) == ["a", "b", "tmpRootVc"])
    }
}
