import Testing
@testable import KitSim
@testable import KitSimFuzz
@testable import KitSimLua
import KitSimReport

/// A controller never becomes a child of its own descendant, by any of the four ways a
/// container adopts one: the parent chain stays acyclic, and what was already in place
/// stays as it was.
@Suite struct ContainmentCycleTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let code: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "a tab bar controller lists the navigation controller it is pushed in",
             code: "local tab = UITabBarController() local nav = UINavigationController(UIViewController()) nav:setViewControllers({ tab }, false) CHILD, PARENT = nav, tab tab.viewControllers = { nav }"),
        Case(name: "addChild of the parent",
             code: "local a, b = UIViewController(), UIViewController() a:addChild(b) CHILD, PARENT = a, b b:addChild(a)"),
        Case(name: "addChild of a grandparent",
             code: "local a, b, c = UIViewController(), UIViewController(), UIViewController() a:addChild(b) b:addChild(c) CHILD, PARENT = a, c c:addChild(a)"),
        Case(name: "push of the controller the navigation controller is a child of",
             code: "local host = UIViewController() local nav = UINavigationController(UIViewController()) host:addChild(nav) CHILD, PARENT = host, nav nav:pushViewController(host, false)"),
        Case(name: "setViewControllers with the tab bar controller the navigation controller is in",
             code: "local tab = UITabBarController() local nav = UINavigationController(UIViewController()) tab.viewControllers = { nav } CHILD, PARENT = tab, nav nav:setViewControllers({ tab }, false)"),
    ]

    @Test(arguments: cases) func anAncestorIsRefused(_ c: Case) throws {
        let sandbox = try LuaSandbox()
        let outcome = sandbox.run(chunk: c.code, name: "=case")
        #expect(outcome.status == .crashed, "\(outcome.message ?? "")")
        let first = try #require(outcome.message?.split(separator: "\n").first.map(String.init))
        // UIKit's angle-bracket form of each controller, from its handle ("UIView#4").
        let check = sandbox.run(chunk: """
            local function angle(o) return "<" .. (tostring(o):gsub("#", ": #", 1)) .. ">" end
            local expected = "case:1: NSInvalidArgumentException: child view controller:" .. angle(CHILD)
              .. " is an ancestor of its requested parent " .. angle(PARENT)
            local got = [[\(first)]]
            assert(got == expected, got .. " ~= " .. expected)
            """, name: "=check")
        #expect(check.status == .passed, "\(check.message ?? "")")
        #expect(outcome.invariantViolations.isEmpty)
        let after = sandbox.run(chunk: "sim.run(1) sim.verify()", name: "=after")
        #expect(after.status == .passed, "\(after.message ?? "")")
    }

    /// The calls `kitsim fuzz` found making the cycle (seed 218757, minimised): the
    /// dismissal that then walked the parent chain failed as an invariant and left its
    /// coordinator held. Now the tab bar controller refuses the navigation controller and
    /// every check passes.
    @Test func theFuzzersCycleIsRefused() {
        let program = FuzzProgram(seed: 218757, calls: [
            "N[1] = UINavigationController(N[1]) sim.hold(N[1])",
            "coroutine.wrap(function() C[1] = FuzzVC() sim.hold(C[1]) end)()",
            "T[1] = UITabBarController()",
            "N[2] = UINavigationController(A[1])",
            "W[2] = UIWindow() UIApplication.shared.delegate.window = W[2] W[2].rootViewController = C[1] W[2]:makeKeyAndVisible()",
            "N[1]:setViewControllers({ T[1], C[1] }, false)",
            "C[1]:present(N[2], nil, nil)",
            "C[2] = FuzzVC() sim.hold(C[2]) local v = C[2].view",
            "T[1].viewControllers = { C[2], N[1], N[2] }",
            "N[2]:dismiss(true, nil)",
            "sim.run(3)",
        ])
        var statuses: [Outcome.Status] = []
        let r = Fuzzer.run(program, observe: { _, step in statuses.append(step.status) })
        #expect(r.failure == nil, "\(r.failure.map { "\($0)" } ?? "")")
        #expect(statuses.count == 11 && statuses[8] == .crashed && statuses[9] == .passed)
    }
}
