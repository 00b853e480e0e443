import Testing
@testable import KitSim
@testable import KitSimFuzz
@testable import KitSimLua
import KitSimReport

/// A container adopts a controller only once it has left its old parent. Leaving runs
/// scripts (`willDealloc`, `didMove(nil)`, `willMove`); one that gives the controller yet
/// another parent makes the adoption fail with UIKit's hierarchy exception, and the
/// controller stays where the script put it, listed by exactly one container.
@Suite struct ContainmentReentryTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let code: String
        var testDescription: String { name }
    }

    /// What runs while the controller leaves `OTHER`: each pushes it into `FINAL`.
    static let leaving = [
        ("willDealloc", "function VC:willDealloc() if STEP == 2 then STEP = 3 FINAL:pushViewController(self, false) end return true end"),
        ("didMove(nil)", "function VC:didMove(p) UIViewController.didMove(self, p) if p == nil and STEP == 2 then STEP = 3 FINAL:pushViewController(self, false) end end"),
    ]

    /// Each way a container adopts a controller. `CHILD` has no parent except for
    /// `addChild` of a child of `OTHER`, which leaves `OTHER` first; the others hand it
    /// to `OTHER` from its `willMove` and then take it back from there.
    static let adoptions = [
        ("addChild of a controller with a parent", "local host = UIViewController() OTHER:pushViewController(CHILD, false) STEP = 2 host:addChild(CHILD)"),
        ("addChild", "STEP = 1 UIViewController():addChild(CHILD)"),
        ("pushViewController", "local nav = UINavigationController(UIViewController()) STEP = 1 nav:pushViewController(CHILD, false)"),
        ("UINavigationController(root)", "STEP = 1 local nav = UINavigationController(CHILD)"),
        ("setViewControllers", "local nav = UINavigationController(UIViewController()) STEP = 1 nav:setViewControllers({ CHILD }, false)"),
        ("a tab bar controller's viewControllers", "local tab = UITabBarController() STEP = 1 tab.viewControllers = { CHILD }"),
    ]

    static let cases: [Case] = leaving.flatMap { callback in
        adoptions.map { adoption in
            Case(name: "\(callback.0) while leaving, during \(adoption.0)", code: """
                VC = UIViewController:subclass("VC")
                function VC:willMove(p)
                  UIViewController.willMove(self, p)
                  if p ~= nil and STEP == 1 then STEP = 2 OTHER:pushViewController(self, false) end
                end
                \(callback.1)
                OTHER, FINAL = UINavigationController(UIViewController()), UINavigationController(UIViewController())
                CHILD = VC()
                \(adoption.1)
                """)
        }
    }

    @Test(arguments: cases) func aControllerReparentedWhileLeavingIsNotAdopted(_ c: Case) throws {
        let sandbox = try LuaSandbox()
        let outcome = sandbox.run(chunk: c.code, name: "=case")
        #expect(outcome.status == .crashed, "\(outcome.message ?? "")")
        #expect(outcome.invariantViolations.isEmpty, "\(outcome.invariantViolations)")
        let first = try #require(outcome.message?.split(separator: "\n").first.map(String.init))
        let check = sandbox.run(chunk: """
            local function angle(o) return "<" .. (tostring(o):gsub("#", ": #", 1)) .. ">" end
            local expected = "case:9: UIViewControllerHierarchyInconsistency: child view controller:" .. angle(CHILD)
              .. " should have parent view controller:(null) but actual parent is:" .. angle(FINAL)
            local got = [[\(first)]]
            assert(got == expected, got .. " ~= " .. expected)
            assert(STEP == 3, "both callbacks ran")
            assert(CHILD.parent == FINAL and FINAL.topViewController == CHILD, "the child stays where the callback put it")
            assert(#OTHER.viewControllers == 1, "and left the controller it was handed to")
            sim.run(1) sim.verify()
            """, name: "=check")
        #expect(check.status == .passed, "\(check.message ?? "")")
    }

    /// The calls `kitsim fuzz` found (seed 424756, minimised): a `willDealloc` that
    /// pushes the controller into a new navigation controller each time it leaves one,
    /// then `addChild`, left it in a stack whose controller was not its parent. Now
    /// `addChild` fails with the hierarchy exception and every check passes.
    @Test func theFuzzersReparentingIsRefused() {
        let program = FuzzProgram(seed: 424756, calls: [
            "C[2] = FuzzVC() sim.hold(C[2]) local v = C[2].view",
            "coroutine.wrap(function() HOOK[C[2]] = { willDealloc = function(self) local n = (UINavigationController(FuzzVC())) if n then n:pushViewController(self, false) end end } end)()",
            "coroutine.wrap(function() (UINavigationController(FuzzVC())).viewControllers = { C[2] } end)()",
            "C[4] = FuzzVC() sim.hold(C[4]) local v = C[4].view sim.hold(C[4])",
            "C[4]:addChild(C[2])",
        ])
        var statuses: [Outcome.Status] = []
        let r = Fuzzer.run(program, observe: { _, step in statuses.append(step.status) })
        #expect(r.failure == nil, "\(r.failure.map { "\($0)" } ?? "")")
        #expect(statuses == [.passed, .passed, .passed, .passed, .crashed])
    }
}
