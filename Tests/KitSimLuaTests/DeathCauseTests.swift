import Testing
@testable import KitSimBridge
@testable import KitSimLua
import KitSimPlatform
import KitSimRuntime
@testable import KitSimReport

/// How a deallocated object died (`Heap.death`, `Heap.deathSentence`): the last owner it
/// lost and why that owner let go or went, in the headline of a message sent to it, in
/// `sim.why` and in the HTML report; UIKit's temporary holds come after, as such. And the
/// history's two views for finding the reference to fix: without the temporary holds'
/// pairs (`{ uikit = false }`), and each retain with its release (`{ pairs = true }`).
@Suite struct DeathCauseTests {
    static func run(_ code: String) throws -> (LuaSandbox, Outcome) {
        let sandbox = try LuaSandbox()
        return (sandbox, sandbox.run(chunk: code, name: "@t.lua"))
    }

    /// The line after the headline of a crash.
    static func secondLine(_ o: Outcome) -> String? {
        (o.message ?? "").split(separator: "\n").dropFirst().first.map(String.init)
    }

    /// Seed 000's mechanism: the root swapped out, then a transition's hold that ends a
    /// run later. The last owner is the root property the script's line 6 set, not the
    /// hold that let go at line 7.
    static let rootSwap = """
        local window = sim.hold(UIWindow())
        window:makeKeyAndVisible()
        local nav = UINavigationController(UIViewController())
        window.rootViewController = nav
        sim.run(1)
        window.rootViewController = UIViewController()
        sim.run(1)
        """

    @Test func theRootSwapIsTheLastOwnerNotTheTransitionsHold() throws {
        let (_, o) = try Self.run(Self.rootSwap + "\nprint(sim.why(nav))\nlocal t = nav.title")
        #expect(o.status == .crashed)
        let sentence = "UINavigationController#6 was deallocated at 1.000 s: its last owner, UIWindow#4.rootViewController, let it go at t.lua:6 (set to UIViewController#10)"
        #expect(Self.secondLine(o) == sentence, "\(o.message ?? "")")
        #expect(o.crash?.death == sentence)
        #expect(o.output.joined(separator: "\n") == """
            \(sentence)
              [1.000] its last owner let go: UIWindow#4.rootViewController set to UIViewController#10  @ t.lua:6
              [1.000] then a temporary hold let go: hold: transition in flight  @ t.lua:7
              [1.000] deallocated  @ t.lua:7
            """)
    }

    @Test(arguments: [
        // The issue's own case: a window nothing owned takes its root with it.
        ("""
         local window = UIWindow()
         window.rootViewController = UINavigationController(UIViewController())
         local nav = window.rootViewController
         window:makeKeyAndVisible()
         sim.run(1)
         local t = nav.title
         """,
         "UINavigationController#6 was deallocated at 0.000 s when UIWindow#4, its last owner (through rootViewController), was deallocated: nothing owned UIWindow#4 (script variables do not own objects); give it an owner (for example UIApplication.shared.delegate.window, or a property of the object that shows it)"),
        // A pop: the stack's element is the last owner, removed at the pop's line.
        ("""
         local window = sim.hold(UIWindow())
         local nav = UINavigationController(UIViewController())
         window.rootViewController = nav
         window:makeKeyAndVisible()
         local detail = UIViewController()
         nav:pushViewController(detail, false)
         sim.run(1)
         nav:popViewController(false)
         sim.run(1)
         local t = detail.title
         """,
         "UIViewController#9 was deallocated at 1.000 s: its last owner, UINavigationController#6.viewControllers[2], let it go at t.lua:8 (removed)"),
        // A closure's capture: the closure went when the property holding it was cleared.
        ("""
         local Holder = NSObject:subclass("Holder", { action = "strong" })
         local h = sim.hold(Holder())
         local vc = UIViewController()
         h.action = function() return vc end
         sim.run(0)
         h.action = nil
         local t = vc.title
         """,
         "UIViewController#5 was deallocated at 0.000 s when closure (t.lua:4), its last owner (through the closure's capture 'vc'), was deallocated: the closure (t.lua:4)'s last owner, Holder#4.action, let it go at t.lua:6 (set to nil)"),
        // The script's own hold.
        ("local v = UIView()\nsim.hold(v)\nsim.run(0)\nsim.release(v)\nlocal f = v.frame",
         "UIView#4 was deallocated at 0.000 s: the script's `sim.hold`, its last owner, was released at t.lua:4"),
        // An unowned reference read after its object went: Swift's trap, then the cause.
        ("""
         local Holder = NSObject:subclass("Holder", { screen = "strong" })
         local h = sim.hold(Holder())
         h.screen = UIViewController()
         local u = sim.unowned(h.screen)
         sim.run(0)
         h.screen = nil
         local vc = u.value
         """,
         "UIViewController#5 was deallocated at 0.000 s: its last owner, Holder#4.screen, let it go at t.lua:6 (set to nil)"),
    ]) func aMessageToADeallocatedObjectNamesItsLastOwner(_ code: String, _ sentence: String) throws {
        let (sb, o) = try Self.run(code)
        #expect(o.status == .crashed, "\(o.message ?? "")")
        #expect(Self.secondLine(o) == sentence, "\(o.message ?? "")")
        #expect(o.crash?.death == sentence)
        let dead = try #require(o.crash?.object)
        #expect(sb.heap.why(dead).hasPrefix(sentence + "\n"))
    }

    @Test func historyWithoutUIKitLeavesOutTheUndoneTemporaryPairs() throws {
        let (sb, o) = try Self.run(Self.rootSwap + "\nsim.label(nav, 'nav')")
        #expect(o.status == .passed, "\(o.message ?? "")")
        let nav = try #require(sb.heap.label(of: ObjectID(6)) == "nav" ? ObjectID(6) : nil)
        let full = sb.heap.history(nav)
        let script = sb.heap.history(nav, uikit: false)
        #expect(full.contains("(hold: transition in flight)"))
        #expect(full.contains("(autorelease pool drained)"))
        #expect(!script.contains("(hold: transition in flight)"))
        #expect(!script.contains("(autorelease pool drained)"))
        #expect(script.contains("alloc UINavigationController#6 rc=1 (autorelease pool)  @ t.lua:3"))
        #expect(script.contains("retain UINavigationController#6 rc=2 (UIWindow#4.rootViewController)  @ t.lua:4"))
        #expect(script.contains("release UINavigationController#6 rc=1 (UIWindow#4.rootViewController)  @ t.lua:6"))
        #expect(script.contains("dealloc UINavigationController#6  @ t.lua:7"))
        #expect(script.contains("retain/release pairs of temporary holds left out"))
        // The same through Lua, and the options' errors in Lua's style.
        let (_, lua) = try Self.run(Self.rootSwap + """

            assert(sim.history(nav, { uikit = false }) == sim.history(nav, { uikit = false, pairs = false }))
            assert(sim.history(nav, { uikit = true }) == sim.history(nav))
            assert(not sim.history(nav, { uikit = false }):find("transition in flight", 1, true))
            """)
        #expect(lua.status == .passed, "\(lua.message ?? "")")
    }

    @Test(arguments: [
        ("sim.history(UIView(), { uikit = 1 })", "t.lua:1: bad argument #2 to 'history' (uikit must be a boolean, got number)"),
        ("sim.history(UIView(), { pair = true })", "t.lua:1: bad argument #2 to 'history' (unknown option 'pair'; expected pairs or uikit)"),
        ("sim.history(UIView(), 5)", "t.lua:1: bad argument #2 to 'history' (table expected, got number)"),
        ("sim.history(UIView(), { [1] = true })", "t.lua:1: bad argument #2 to 'history' (unknown option with a number key; expected pairs or uikit)"),
    ]) func historyOptionsAreChecked(_ code: String, _ message: String) throws {
        let (_, o) = try Self.run(code)
        #expect(o.status == .scriptError)
        #expect(o.message?.split(separator: "\n").first.map(String.init) == message)
    }

    /// The pairing view: every retain with the release that undid it; the one nothing
    /// undid, the cycle's edge, stands out.
    @Test func pairsShowTheRetainNothingUndid() throws {
        let (sb, o) = try Self.run("""
            local Node = NSObject:subclass("Node", { other = "strong" })
            local a, b = Node(), Node()
            a.other = b
            b.other = a
            sim.run(0)
            """)
        #expect(o.status == .passed, "\(o.message ?? "")")
        let text = sb.heap.retainPairsText(ObjectID(4))
        #expect(text == """
            retain/release pairs of Node#4 (alive, retain count 1):
              [0.000] alloc Node#4 rc=1 (autorelease pool)  @ t.lua:2
                  undone by [0.000] release Node#4 rc=1 (autorelease pool drained)  @ t.lua:5
              [0.000] retain Node#4 rc=2 (Node#5.other)  @ t.lua:4
                  NOT RELEASED: it still holds the object
              1 pair balanced, 1 retain not released

            """)
        let pairs = sb.heap.retainPairs(of: ObjectID(4))
        #expect(pairs.map(\.isTemporary) == [true, false])
        #expect(pairs.last?.release == nil)
    }

    /// A deallocated object's pairs are all balanced, a teardown's release included.
    @Test func aTeardownUndoesTheOwnersRetain() throws {
        let (sb, o) = try Self.run(Self.rootSwap)
        #expect(o.status == .passed)
        let root = try #require(sb.heap.retainPairs(of: ObjectID(5)).first { !$0.isTemporary })
        // The first controller, the navigation controller's element, released at its teardown.
        let release = try #require(root.release)
        #expect(sb.heap.events[release].cause == .teardown)
        #expect(sb.heap.retainPairsText(ObjectID(5)).contains(", 0 retains not released"))
    }

    @Test func theHTMLReportSaysHowTheObjectDiedAndHidesTemporaryPairs() throws {
        let path = try #require(Platform.makeTemporaryFile("kitsim-death-", suffix: ".lua"))
        #expect(Platform.writeBytes(path, Array((Self.rootSwap + "\nlocal t = nav.title\n").utf8)))
        let sb = try LuaSandbox()
        let outcome = try sb.run(file: path)
        var r = HTMLReport(title: path, outcome: outcome, heap: sb.heap, firstScriptEvent: sb.firstScriptEvent ?? 0,
                           screen: .success(""), graph: { _ in "" })
        let html = r.render()
        #expect(html.contains("<dt>how it died</dt><dd class=\"death\">UINavigationController#6 was deallocated at 1.000 s: its last owner, UIWindow#4.rootViewController, let it go at \(path):6 (set to UIViewController#10)</dd>"))
        #expect(html.contains("<input id=\"timeline-temporary\" type=\"checkbox\"> temporary holds"))
        // The transition's hold on the navigation controller: both of its events are marked.
        let temporaryRows = html.split(separator: "\n").filter { $0.contains(" temporary\" data-objects=\" 6 ") }
        #expect(temporaryRows.count >= 2, "\(temporaryRows)")
        #expect(!html.split(separator: "\n").contains { $0.contains("temporary\"") && $0.contains("(UIWindow#4.rootViewController)") })
    }
}
