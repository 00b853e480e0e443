import Testing
@testable import KitSim
@testable import KitSimBridge
@testable import KitSimLua

/// An error raised in a callback of the classes apps leak through reaches the scenario
/// with the callback's own file:line, and the heap and the model's state stay consistent
/// (`sim.verify()` after it). Each case raises on its line 2 (`t:N:` counts the prelude).
@Suite struct ClassCallbackErrorTests {
    struct Case: Sendable, CustomStringConvertible {
        let name: String
        /// Lines 1…3: line 2 raises inside the callback; `trigger` makes the model call it.
        let callback: String
        let trigger: String
        var description: String { name }
    }

    static let prelude = """
        local window = UIWindow(UIScreen.main.bounds)
        window:makeKeyAndVisible()
        sim.hold(window)
        local T = NSObject:subclass("T", { rate = "assign" })
        local t = sim.hold(T())
        """

    static let cases: [Case] = [
        Case(name: "a notification block", callback: "local token = NotificationCenter.default:addObserver_forName('N', nil, nil, function(note)\n  error('boom')\nend)",
             trigger: "NotificationCenter.default:post('N')"),
        Case(name: "a selector observer", callback: "function T:seen(note)\n  error('boom')\nend NotificationCenter.default:addObserver(t, 'seen', 'N', nil)",
             trigger: "NotificationCenter.default:post('N')"),
        Case(name: "a KVO handler", callback: "local o = sim.hold(t:observe('rate', 'new', function(obj, change)\n  error('boom')\nend))",
             trigger: "t.rate = 2"),
        Case(name: "a control's action", callback: "local b = UIButton(CGRect(0, 0, 10, 10)) function T:go(sender)\n  error('boom')\nend b:addTarget(t, 'go', 'touchUpInside')",
             trigger: "b:sendActions('touchUpInside')"),
        Case(name: "a timer's block", callback: "Timer.scheduledTimer_withTimeInterval(1, false, function(timer)\n  error('boom')\nend)",
             trigger: "sim.run(2)"),
        Case(name: "a main-queue block", callback: "DispatchQueue.main:asyncAfter(DispatchTime.now() + 1, function()\n  error('boom')\nend)",
             trigger: "sim.run(2)"),
        Case(name: "a data source", callback: "local tv = UITableView(CGRect(0, 0, 100, 100)) function T:tableView_numberOfRowsInSection(tv, s)\n  error('boom')\nend tv.dataSource = t window:addSubview(tv)",
             trigger: "sim.run(0)"),
        Case(name: "an animation completion", callback: "local v = UIView(CGRect(0, 0, 10, 10)) window:addSubview(v) UIView.animate(1, function() v.alpha = 0 end, function(finished)\n  error('boom')\nend)",
             trigger: "sim.run(2)"),
        Case(name: "a script message handler", callback: "local wv = WKWebView(CGRect(0, 0, 10, 10)) function T:userContentController_didReceive(ucc, msg)\n  error('boom')\nend wv.configuration.userContentController:add(t, 'm')",
             trigger: "sim.postMessage(wv, 'm', 1)"),
    ]

    @Test(arguments: cases)
    func anErrorInACallbackCarriesItsLineAndLeavesTheHeapConsistent(_ c: Case) throws {
        let raiseLine = Self.prelude.split(separator: "\n").count + 2
        try RuleScript(prelude: Self.prelude).passes("""
            \(c.callback)
            local ok, e = pcall(function() \(c.trigger) end)
            assert(not ok and tostring(e):find("t:\(raiseLine): boom", 1, true), tostring(e))
            sim.verify()
            """)
    }
}
