import Testing
@testable import KitSim
@testable import KitSimBridge
@testable import KitSimLua
@testable import KitSimRuntime
import KitSimReport

/// What a script is told when it goes wrong: the nearest name for a misspelled selector,
/// property, class member or matcher (after UIKit's exact words, never in them); deep
/// equality of tables with the first difference; why a message reached an object nothing
/// ever owned; and reports without the noise of the prelude's frames, a second
/// traceback, the start-up's events or sections after a syntax error.
@Suite struct MessageRulesTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let code: String
        let message: String
        var testDescription: String { name }
    }

    static func run(_ code: String) throws -> (LuaSandbox, Outcome) {
        let sandbox = try LuaSandbox()
        return (sandbox, sandbox.run(chunk: code, name: "@t.lua"))
    }

    /// The first line of the failure's message.
    static func headline(_ code: String) throws -> String {
        let (_, o) = try run(code)
        return String((o.message ?? "").prefix { $0 != "\n" })
    }

    static let spelling: [Case] = [
        Case(name: "method", code: "local n = UINavigationController()\nn:pushViewControler(UIViewController(), true)",
             message: "t.lua:2: NSInvalidArgumentException: -[UINavigationController pushViewControler]: unrecognized selector sent to instance #4; did you mean 'pushViewController'?"),
        Case(name: "property read", code: "local n = UINavigationController()\nlocal _ = n.topViewControler",
             message: "t.lua:2: NSInvalidArgumentException: -[UINavigationController topViewControler]: unrecognized selector sent to instance #4; did you mean 'topViewController'?"),
        Case(name: "case", code: "local w = UIWindow()\nw:makekeyandvisible()",
             message: "t.lua:2: NSInvalidArgumentException: -[UIWindow makekeyandvisible]: unrecognized selector sent to instance #4; did you mean 'makeKeyAndVisible'?"),
        Case(name: "nothing near", code: "local w = UIWindow()\nw:launchRockets()",
             message: "t.lua:2: NSInvalidArgumentException: -[UIWindow launchRockets]: unrecognized selector sent to instance #4"),
        Case(name: "class member", code: "local l = UIWindow.Levl",
             message: "t.lua:1: class UIWindow has no method or class member 'Levl'; did you mean 'Level'?"),
        Case(name: "property written", code: "local w = UIWindow()\nw.rootViewControler = UIViewController()",
             message: "t.lua:2: cannot store UIViewController in undeclared field 'rootViewControler' of UIWindow#4: did you mean 'rootViewController'? otherwise objects need an ownership attribute; declare it, e.g. UIWindow:subclass(\"…\", { rootViewControler = \"strong\" }) or UIWindow:extend{ rootViewControler = \"weak\" }"),
        Case(name: "matcher", code: "local v = UIViewController()\nexpect(v).to.be.dealocated()",
             message: "t.lua:2: unknown matcher 'dealocated' in expect(…); did you mean 'deallocated'?"),
        Case(name: "negated matcher", code: "expect(1).to_not.equl(2)",
             message: "t.lua:1: unknown matcher 'equl' in expect(…); did you mean 'equal'?"),
        Case(name: "chain word", code: "expect(1).too.equal(1)",
             message: "t.lua:1: unknown word 'too' in expect(…); did you mean 'to'?"),
        Case(name: "unknown matcher", code: "expect(1).to.be.purple()",
             message: "t.lua:1: unknown matcher 'purple' in expect(…) (expected one of alive, deallocated, empty, equal, fail_with, falsy, kind_of, leak, retain_count, same, truthy)"),
    ]

    @Test(arguments: spelling) func aMisspelledNameSuggestsTheNearest(_ c: Case) throws {
        #expect(try Self.headline(c.code) == c.message)
    }

    /// The hint is the script's message only: the exception's reason, the outcome's crash
    /// and the trace keep UIKit's exact words; `pcall` sees the hint as a field.
    @Test func theExceptionTextStaysExact() throws {
        let (sandbox, o) = try Self.run("""
            local n = UINavigationController()
            local ok, e = pcall(function() n:popViewControler(true) end)
            assert(e.reason == "-[UINavigationController popViewControler]: unrecognized selector sent to instance #4", e.reason)
            assert(tostring(e) == "NSInvalidArgumentException: " .. e.reason)
            assert(e.hint == "; did you mean 'popViewController'?", e.hint)
            n:popViewControler(true)
            """)
        #expect(o.crash?.reason == "-[UINavigationController popViewControler]: unrecognized selector sent to instance #4")
        #expect(sandbox.heap.traceText().contains("did you mean") == false)
    }

    @Test(arguments: [
        ("pushViewControler", ["pushViewController", "popViewController"], "pushViewController"),
        ("dealocated", ["alive", "deallocated"], "deallocated"),
        ("tilte", ["title", "tag"], "title"),              // a swap of neighbours is one edit
        ("tga", ["tag", "tab"], "tag"),
        ("frobnicate", ["frame", "bounds"], nil),
        ("frame", ["frame"], nil),                         // the name itself is no suggestion
        ("vew", ["view", "new"], "new"),                   // ties: the smaller exact distance, then sorted order
    ] as [(String, [String], String?)])
    func theNearestNameIsDeterministic(name: String, candidates: [String], expected: String?) {
        #expect(Spelling.nearest(to: name, among: candidates) == expected)
    }

    @Test(arguments: [
        Case(name: "nested", code: "expect({1, {a = 2}}).to.equal({1, {a = 3}})",
             message: "t.lua:1: expected {1; {a = 2}} to equal {1; {a = 3}}; first difference at [2].a: 2 instead of 3"),
        Case(name: "missing key", code: "expect({x = 1}).to.be.same({x = 1, y = 'b'})",
             message: "t.lua:1: expected {x = 1} to be the same as {x = 1; y = \"b\"}; first difference at .y: nil instead of \"b\""),
        Case(name: "objects are identity", code: "expect({UIView()}).to.equal({UIView()})",
             message: "t.lua:1: expected {UIView#4} to equal {UIView#5}; first difference at [1]: UIView#4 instead of UIView#5"),
        Case(name: "negated", code: "expect({1}).to_not.equal({1})",
             message: "t.lua:1: expected {1} not to equal {1}"),
        Case(name: "not tables", code: "expect(1).to.be.same(2)",
             message: "t.lua:1: expected 1 to be the same as 2; first difference at the value: 1 instead of 2"),
    ])
    func tablesCompareDeeply(_ c: Case) throws {
        #expect(try Self.headline(c.code) == c.message)
    }

    @Test func equalTablesPass() throws {
        let (_, o) = try Self.run("""
            expect({1, {a = 2}, b = {c = "d"}}).to.equal({1, {a = 2}, b = {c = "d"}})
            expect({1}).to.be.same({1})
            local t = {} t.self = t
            local u = {} u.self = u
            expect(t).to.equal(u)                       -- cycles end
            local v = UIView()
            expect({v}).to.equal({v})
            expect(v).to_not.equal(UIView())            -- objects: identity
            expect(CGRect(1, 2, 3, 4)).to.equal(CGRect(1, 2, 3, 4))
            expect({CGRect(1, 2, 3, 4)}).to.be.same({CGRect(1, 2, 3, 4)})
            """)
        #expect(o.status == .passed, "\(o.message ?? "")")
    }

    /// SPEC rule 3: an object nothing ever owned dies at the drain that ends its turn; a
    /// message to it says so after the zombie's exact words, with the owner an app gives
    /// an object of its class.
    @Test func aMessageToAnObjectNothingOwnedSaysWhy() throws {
        let (_, o) = try Self.run("local vc = UIViewController()\nsim.run(0.25)\nlocal t = vc.title")
        #expect(o.status == .crashed)
        #expect(o.crash?.reason == "-[UIViewController title]: message sent to deallocated instance #4")
        let lines = (o.message ?? "").split(separator: "\n").map(String.init)
        #expect(lines.first == "t.lua:3: EXC_BAD_ACCESS: -[UIViewController title]: message sent to deallocated instance #4")
        let sentence = "UIViewController#4 was deallocated at the end of the turn at 0.000 s: nothing owned it (script variables do not own objects); give it an owner (for example a window's rootViewController, a navigation stack, a presentation or a parent's children) or `sim.hold` it"
        #expect(lines.dropFirst().first == sentence)
        #expect(o.crash?.death == sentence)
    }

    /// A message to an object something owned names the last owner it lost, how that owner
    /// let go (the script's line) or why it went, after the zombie's exact words.
    @Test(arguments: [
        ("local vc = UIViewController()\nsim.hold(vc)\nsim.release(vc)\nsim.run(0)\nlocal t = vc.title",
         "UIViewController#4 was deallocated at 0.000 s: the script's `sim.hold`, its last owner, was released at t.lua:3"),
        ("local vc = UIViewController()\nlocal n = UINavigationController(vc)\nsim.run(0)\nlocal t = vc.title",
         "UIViewController#4 was deallocated at 0.000 s when UINavigationController#5, its last owner (through viewControllers[1]), was deallocated: nothing owned UINavigationController#5 (script variables do not own objects); give it an owner (for example a window's rootViewController, a navigation stack, a presentation or a parent's children)"),
    ]) func aMessageToAnObjectThatWasOwnedNamesItsLastOwner(_ code: String, _ sentence: String) throws {
        let (_, o) = try Self.run(code)
        #expect(o.status == .crashed)
        let lines = (o.message ?? "").split(separator: "\n").map(String.init)
        #expect(lines.dropFirst().first == sentence)
        #expect(o.message?.contains("nothing owned it") == false, "\(o.message ?? "")")
    }

    /// The report: no prelude frames, one traceback, no start-up events, nothing after
    /// the message of a syntax error.
    @Test func reportsDropNoise() throws {
        let (s1, assertion) = try Self.run("local function f()\n  expect(1).to.equal(2)\nend\nf()")
        let r1 = s1.failureReport(assertion)
        #expect(r1 == """

            == ASSERTION FAILED ==
            t.lua:2: expected 1 to equal 2
            stack traceback:
            \tt.lua:2: in local 'f'
            \tt.lua:4: in main chunk
            \t[C]: in ?

            leaks: none
            """)
        let (s2, syntax) = try Self.run("local x = = 1")
        #expect(s2.failureReport(syntax) == "\n== SCRIPT ERROR ==\nt.lua:1: unexpected symbol near '='")
        let (s3, crash) = try Self.run("local v = UIView()\nv:addSubview(v)")
        let r3 = s3.failureReport(crash)
        #expect(!r3.contains("UIApplication#1"), "\(r3)")          // the start-up's events are not the scenario's
        #expect(r3.contains("last events:\n  [0.000] alloc UIView#4 rc=1 (autorelease pool)  @ t.lua:1"), "\(r3)")
        let (s4, rethrown) = try Self.run("local ok, e = xpcall(function() local t; t.x = 1 end, debug.traceback)\nerror(e, 0)")
        let r4 = s4.failureReport(rethrown)
        #expect(r4.ranges(of: "stack traceback:").count == 1, "\(r4)")
    }
}
