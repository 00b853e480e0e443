import KitSimLua
import KitSimTesting
import Testing
#if canImport(XCTest)
import XCTest
import KitSimReport
#endif

/// KitSimTesting as an app's tests use it: a scenario run from Swift, its ownership outcome
/// asserted with `expectDeallocated`, `expectAlive`, `expectNoLeaks` and the exhaustive
/// `expectFates`, and the failure messages themselves.
@Suite struct OwnershipAssertionTests {
    /// A key window showing a navigation controller; `detail` pushed and popped, and a
    /// `cached` screen a singleton keeps.
    static let scenario = """
        local window = UIWindow(UIScreen.main.bounds)
        UIApplication.shared.delegate.window = window
        local nav = sim.label(UINavigationController(UIViewController()), "nav")
        window.rootViewController = nav
        window:makeKeyAndVisible()
        sim.run(0)
        local Cache = NSObject:subclass("Cache", { screen = "strong" })
        local cache = sim.hold(Cache())
        local detail = sim.label(UIViewController(), "detail")
        cache.screen = sim.label(UIViewController(), "cached")
        nav:pushViewController(detail, false)
        sim.run(1)
        nav:popViewController(false)
        sim.run(1)
        """

    func run(_ code: String = scenario) throws -> Outcome {
        try LuaSandbox().run(chunk: code, name: "=scene")
    }

    @Test func passingChecksRecordNothing() throws {
        let o = try run()
        expectPassed(o)
        expectDeallocated(o, "detail")
        expectAlive(o, "nav")
        expectAlive(o, "cached")
        expectNoLeaks(o)
        expectFates(o, ["nav": .alive, "detail": .deallocated, "cached": .alive])
    }

    @Test func aFailedCheckSaysWhyTheObjectIsAlive() throws {
        let o = try run()
        withKnownIssue { expectDeallocated(o, "cached") }
        let message = try #require(OwnershipCheck.deallocated(o, "cached"))
        #expect(message.hasPrefix("\"cached\" (UIViewController#"))
        #expect(message.contains("is alive, expected deallocated, retain count 1"))
        #expect(message.contains("Cache#"), "the why: the cache keeps it")
        #expect(message.contains(".screen"), "through its property")
        #expect(message.contains("history of UIViewController#"), "and its history")
    }

    @Test func aFailedCheckSaysHowTheObjectDied() throws {
        let message = try #require(OwnershipCheck.alive(try run(), "detail"))
        #expect(message.contains("is deallocated, expected alive"))
        #expect(message.contains("was deallocated at 1.000 s: its last owner, UINavigationController#"), "\(message)")
        #expect(message.contains(".viewControllers[2], let it go at scene:13 (removed)"), "the pop's line: \(message)")
    }

    @Test func anUnknownLabelNamesTheLabelsThereAre() throws {
        let message = try #require(OwnershipCheck.deallocated(try run(), "detial"))
        #expect(message == "no object is labelled \"detial\" (labels: cached, detail, nav); label it in the scenario with sim.label(obj, \"detial\")")
    }

    @Test func theExhaustiveFormDiffsEveryLabelledObject() throws {
        let o = try run()
        withKnownIssue { expectFates(o, ["nav": .alive, "detail": .alive]) }
        let diff = try #require(OwnershipCheck.fates(o, ["nav": .alive, "detail": .alive, "gone": .deallocated]))
        let lines = diff.split(separator: "\n").map(String.init)
        #expect(lines.first == "fates differ (expected −, actual +):")
        #expect(lines.contains("  + cached: alive (not listed)"))
        #expect(lines.contains("  − detail: alive"))
        #expect(lines.contains("  + detail: deallocated"))
        #expect(lines.contains("  − gone: deallocated"))
        #expect(lines.contains("  + gone: (no object has this label)"))
        #expect(lines.contains("    nav: alive"), "a right line is shown unmarked")
    }

    @Test func leaksAreListedWithTheirPaths() throws {
        let o = try run("""
            local Node = NSObject:subclass("Node", { next = "strong" })
            local a, b = Node(), Node()
            a.next = b
            b.next = a
            sim.run(0)
            """)
        withKnownIssue { expectNoLeaks(o) }
        let message = try #require(OwnershipCheck.noLeaks(o))
        #expect(message.hasPrefix("1 leak reported that the scenario does not expect:\n  cycle: retain cycle of 2 objects: Node#"))
        #expect(message.contains(".next (strong) → Node#"))
        // Grouped by the suspects, with the statuses and the suggested change (rule 85).
        #expect(message.contains("leak group 1 of 1: suspects: Node.next (1 retain cycle: Node#"))
        #expect(message.contains("  leaking: in a retain cycle no root reaches"))
        #expect(message.contains("suggested fix (kitsim fix verifies it): make Node.next weak (weak var next)"))
    }

    /// A leak `expect(obj).to.leak()` held for is made on purpose: `noLeaks` passes while
    /// it is the only one, and lists it marked `(expected)` beside one that is not.
    @Test func anExpectedLeakIsNoFailure() throws {
        let cycle = """
            local Node = NSObject:subclass("Node", { next = "strong" })
            local a, b = Node(), Node()
            a.next = b
            b.next = a
            sim.run(0)
            expect(a).to.leak()
            """
        let o = try run(cycle)
        #expect(o.leaks.count == 1)
        expectNoLeaks(o)
        #expect(OwnershipCheck.noLeaks(o) == nil)
        let both = try run(cycle + "\nlocal c, d = Node(), Node()\nc.next = d\nd.next = c\n")
        let message = try #require(OwnershipCheck.noLeaks(both))
        let lines = message.split(separator: "\n").map(String.init)
        #expect(lines.first == "1 leak reported that the scenario does not expect:")
        #expect(lines.filter { $0.hasSuffix(" (expected)") }.count == 1, "\(message)")
        // The groups that follow the two lines are the unexpected leak's alone.
        #expect(lines.dropFirst(3).first?.hasPrefix("leak group 1 of 1: suspects: Node.next (1 retain cycle: Node#") == true, "\(message)")
        #expect(!lines.dropFirst(3).contains { $0.contains("leak group 2") }, "\(message)")
        #expect(lines[1].contains("Node#") && lines[1].hasSuffix("(expected)"), "the first cycle, a and b, is the expected one: \(message)")
    }

    @Test func aScenarioThatFailedSaysHow() throws {
        let message = try #require(OwnershipCheck.passed(try run("expect(1).to.equal(2)")))
        #expect(message.hasPrefix("the scenario did not pass: assertion failed\nscene:1: expected 1 to equal 2"))
    }
}

#if canImport(XCTest)
/// The XCTest front end, as an XCTest-based app target uses it (macOS needs Xcode's XCTest).
final class OwnershipXCTests: XCTestCase {
    func testTheAssertionsPassOnTheOutcome() throws {
        let o = try LuaSandbox().run(chunk: OwnershipAssertionTests.scenario, name: "=scene")
        XCTAssertPassed(o)
        XCTAssertDeallocated(o, "detail")
        XCTAssertAlive(o, "nav")
        XCTAssertNoLeaks(o)
        XCTAssertFates(o, ["nav": .alive, "detail": .deallocated, "cached": .alive])
    }
}
#endif
