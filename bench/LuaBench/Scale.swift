import BenchSupport
import KitSim
import KitSimLua

enum Scale {
    /// The push/pop scenario: a navigation controller in a key window; `pairs` times, a new
    /// controller is pushed and popped without animation, each in its own run-loop turn
    /// (`sim.run(0)`: layout pass, appearance callbacks, drain), so every popped
    /// controller deallocates. Timed: the whole script after the window is up.
    static func pushPopScript(pairs: Int) -> String {
        """
        local window = UIWindow(UIScreen.main.bounds)
        UIApplication.shared.delegate.window = window
        local nav = UINavigationController(UIViewController())
        window.rootViewController = nav
        window:makeKeyAndVisible()
        sim.run(0)
        local last
        for i = 1, \(pairs) do
          local vc = UIViewController()
          nav:pushViewController(vc, false)
          sim.run(0)
          nav:popViewController(false)
          sim.run(0)
          last = vc
        end
        assert(#nav.viewControllers == 1, "the stack is back to its root")
        assert(not sim.alive(last), "popped controllers deallocate")
        sim.verify()
        """
    }

    static func pushPop(pairs: Int, report: Report) throws -> Double {
        var limits = LuaSandbox.Limits()
        limits.work = Int64.max / 4
        limits.objects = Int.max / 2
        let sandbox = try LuaSandbox(limits: limits)
        let fn = try sandbox.compile(pushPopScript(pairs: pairs), name: "=pushpop")
        var failure: String?
        let ns = timeNanoseconds {
            do { try sandbox.call(fn) } catch { failure = "\(error)" }
        }
        report.check(failure == nil, "push/pop scenario: \(failure ?? "")")
        report.check(sandbox.heap.leaks().isEmpty, "push/pop scenario: no leaks")
        return ns / Double(pairs)
    }
}
