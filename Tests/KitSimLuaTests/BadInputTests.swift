import Testing
@testable import KitSim
@testable import KitSimBridge
@testable import KitSimLua

/// The bridge's bad-input table: each gives a clear Lua error naming the function and the
/// argument, `sim.verify()` holds afterwards, and the process never dies.
@Suite struct BridgeBadInputTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let code: String
        let message: String
        var testDescription: String { name }
    }

    static let setup = """
        local nav = UINavigationController(UIViewController())
        local vc = UIViewController()
        local view = UIView()
        """

    static let cases: [Case] = [
        Case(name: "nil where a controller is required", code: "nav:pushViewController(nil, true)",
             message: "case:4: bad argument #1 to 'pushViewController' (UIViewController expected, got nil)"),
        Case(name: "a number for an object", code: "nav:pushViewController(42, true)",
             message: "case:4: bad argument #1 to 'pushViewController' (UIViewController expected, got number)"),
        Case(name: "an object of the wrong class", code: "nav:pushViewController(view, true)",
             message: "case:4: bad argument #1 to 'pushViewController' (UIViewController expected, got UIView)"),
        Case(name: "a string for a view", code: "view:addSubview('x')",
             message: "case:4: bad argument #1 to 'addSubview' (UIView expected, got string)"),
        Case(name: "a call with . instead of :", code: "nav.pushViewController(vc, true)",
             message: "case:4: bad self to 'pushViewController' (UINavigationController expected, got UIViewController); call methods with ':' as in obj:pushViewController(...)"),
        Case(name: "a method called on nothing", code: "local f = nav.pushViewController; f()",
             message: "case:4: bad self to 'pushViewController' (UINavigationController expected, got no value); call methods with ':' as in obj:pushViewController(...)"),
        Case(name: "an object in an undeclared field", code: "vc.other = view",
             message: "case:4: cannot store UIView in undeclared field 'other' of UIViewController#7: objects need an ownership attribute; declare it, e.g. UIViewController:subclass(\"…\", { other = \"strong\" }) or UIViewController:extend{ other = \"weak\" }"),
        Case(name: "an unknown ownership attribute", code: "UIViewController:subclass('X', { a = 'wek' })",
             message: "case:4: bad argument #3 to 'subclass' (unknown ownership attribute 'wek' for property 'a'; did you mean 'weak'? a string default that reads like an ownership attribute must be set in init)"),
        Case(name: "a duplicate class name", code: "UIViewController:subclass('Y'); UIViewController:subclass('Y')",
             message: "case:4: a class named 'Y' already exists"),
        Case(name: "a super call on the wrong class", code: "UINavigationController.viewDidLoad(vc)",
             message: "case:4: bad argument #1 to 'viewDidLoad' (UINavigationController expected, got UIViewController)"),
        Case(name: "subclass called with .", code: "UIViewController.subclass('Z')",
             message: "case:4: bad argument #1 to 'subclass' (class expected, got string); call it as Base:subclass(\"Name\", {...})"),
        Case(name: "a swizzle of a missing method", code: "UIView:swizzle('nothing', function() end)",
             message: "case:4: bad argument #2 to 'swizzle' (UIView has no method 'nothing')"),
        Case(name: "assigning a non-function to a class", code: "UIView.x = 3",
             message: "case:4: cannot set 'x' of class UIView to a number: only methods (functions) can be defined on a class"),
        Case(name: "a read-only property", code: "vc.isViewLoaded = true",
             message: "case:4: property 'isViewLoaded' of UIViewController is read-only"),
        Case(name: "a wrong value type for a property", code: "view.frame = 12",
             message: "case:4: bad value for property 'frame' of UIView (CGRect expected, got number)"),
        Case(name: "releasing what is not held", code: "sim.release(view)",
             message: "case:4: UIView#8 is not held (sim.hold)"),
        Case(name: "sim.hold of a non-object", code: "sim.hold({})",
             message: "case:4: bad argument #1 to 'hold' (object expected, got table)"),
        Case(name: "a negative run", code: "sim.run(-1)",
             message: "case:4: bad argument #1 to 'run' (a finite number of seconds >= 0 expected, got -1)"),
        Case(name: "sim.after without a function", code: "sim.after(1, 2)",
             message: "case:4: bad argument #2 to 'after' (function expected, got number)"),
        Case(name: "a metatable stolen onto a table", code: "setmetatable({}, getmetatable(view))",
             message: "case:4: bad argument #2 to 'setmetatable' (nil or table expected, got string)"),
        Case(name: "an unknown class member", code: "return UIView.nothing",
             message: "case:4: class UIView has no method or class member 'nothing'"),
        // Other userdata are never taken for handles (the handle check reads a 64-bit tag).
        Case(name: "a file handle as self", code: "view.addSubview(io.stdout, view)",
             message: "case:4: bad self to 'addSubview' (UIView expected, got userdata); call methods with ':' as in obj:addSubview(...)"),
        Case(name: "a file handle as an argument", code: "view:addSubview(io.stderr)",
             message: "case:4: bad argument #1 to 'addSubview' (UIView expected, got userdata)"),
        Case(name: "a file handle for a property", code: "vc.view = io.stdout",
             message: "case:4: bad argument #1 to 'view' (UIView expected, got userdata)"),
        Case(name: "an unrecognized selector", code: "vc:goToPage()",
             message: "case:4: NSInvalidArgumentException: -[UIViewController goToPage]: unrecognized selector sent to instance #7"),
    ]

    @Test(arguments: cases) func badInputGivesAClearError(_ c: Case) throws {
        let sandbox = try LuaSandbox()
        let outcome = sandbox.run(chunk: Self.setup + "\n" + c.code, name: "=case")
        #expect(outcome.status == .scriptError || outcome.status == .crashed)
        let first = outcome.message?.split(separator: "\n").first.map(String.init)
        #expect(first == c.message)
        #expect(outcome.invariantViolations.isEmpty)
        // The sandbox stays usable.
        let after = sandbox.run(chunk: "sim.run(0); sim.verify()", name: "=after")
        #expect(after.status == .passed, "\(after.message ?? "")")
    }

    @Test func errorsInsideCallbacksCarryTheCallbacksLine() throws {
        let sandbox = try LuaSandbox()
        let outcome = sandbox.run(chunk: """
            local Bad = UIViewController:subclass("Bad")
            function Bad:viewDidLoad()
              error("boom in viewDidLoad")
            end
            local ok, err = pcall(function() return Bad().view end)
            assert(not ok and err:find("cb:3: boom in viewDidLoad", 1, true), tostring(err))
            local w = UIWindow()
            UIApplication.shared.delegate.window = w
            w:makeKeyAndVisible()
            w.rootViewController = Bad()
            """, name: "=cb")
        #expect(outcome.status == .scriptError)
        #expect(outcome.message?.hasPrefix("cb:3: boom in viewDidLoad") == true)
        #expect(outcome.invariantViolations.isEmpty)
    }
}
