import Testing
@testable import KitSimRuntime
@testable import KitSim
@testable import KitSimBridge
@testable import KitSimLua

/// A run that makes a strong property weak (`kitsim run --weaken Class.property`,
/// `Simulator.Configuration.weakened`): the fix a retain cycle most often needs, tried
/// without editing the scenario.
@Suite struct WeakenTests {
    static func sandbox(_ specs: String...) throws -> LuaSandbox { try sandbox(specs) }

    static func sandbox(_ specs: [String]) throws -> LuaSandbox {
        var configuration = Simulator.Configuration()
        for s in specs { configuration.weakened.append(try #require(Weakening(parsing: s))) }
        return try LuaSandbox(configuration: configuration)
    }

    /// The strong delegate of the pattern script: a screen kept by its picker's delegate.
    static let delegateCycle = """
        local nav = require("lib.nav_app").launch()
        local Picker = UIView:subclass("Picker", { delegate = "strong" })
        local Screen = UIViewController:subclass("Screen", { picker = "weak" })
        function Screen:viewDidLoad()
          UIViewController.viewDidLoad(self)
          local picker = Picker(CGRect(0, 100, 390, 200))
          picker.delegate = self
          self.view:addSubview(picker)
          self.picker = picker
        end
        local screen = Screen()
        nav:pushViewController(screen, false)
        sim.run(1)
        nav:popViewController(false)
        sim.run(3)
        print(sim.alive(screen), #sim.leaks())
        """

    static func runDelegateCycle(_ sandbox: LuaSandbox) -> Outcome {
        sandbox.useScriptFolder(of: "Scenarios/patterns/x.lua")
        return sandbox.run(chunk: delegateCycle, name: "@cycle.lua")
    }

    @Test func theStrongDelegateLeaksAndItsWeakeningFreesTheScreen() throws {
        let leaking = Self.runDelegateCycle(try Self.sandbox())
        #expect(leaking.output == ["true\t2"], "\(leaking.message ?? "")")
        let weakened = try Self.sandbox("Picker.delegate")
        let fixed = Self.runDelegateCycle(weakened)
        #expect(fixed.status == .passed, "\(fixed.message ?? "")")
        #expect(fixed.output == ["false\t0"])
        #expect(weakened.heap.weakenings.map(\.outcome) == [.weakened])
        #expect(weakened.heap.weakeningProblems().isEmpty)
    }

    /// A subclass inherits the weak property; a class that declares it on a superclass
    /// is named by the subclass as well (`Screen.view`-style names of inherited properties).
    @Test func subclassesInheritItAndAnInheritedPropertyCanBeNamed() throws {
        let sandbox = try Self.sandbox("Holder.target", "Sub2.other")
        let outcome = sandbox.run(chunk: """
            local Holder = NSObject:subclass("Holder", { target = "strong", other = "strong" })
            local Sub = Holder:subclass("Sub")
            local Sub2 = Sub:subclass("Sub2")
            local h = sim.hold(Sub2())
            h.target = UIView()
            h.other = UIView()
            sim.run(0.1)
            print(h.target, h.other ~= nil)
            local p = Holder()
            sim.hold(p)
            p.other = UIView()
            sim.run(0.1)
            print(p.other ~= nil)
            """, name: "=subclass")
        #expect(outcome.status == .passed, "\(outcome.message ?? "")")
        // Sub2 inherits Holder's weak `target` and makes `other` weak for itself alone.
        #expect(outcome.output == ["nil\tfalse", "true"])
    }

    /// UIKit's own properties too: a window whose root controller is weak keeps nothing
    /// alive through it, so a controller only the window held goes at the end of the turn —
    /// the obvious weakening can be the bug.
    @Test(arguments: [([String](), "true\ttrue"), (["UIWindow.rootViewController"], "false\tfalse")])
    func aUIKitPropertyMadeWeakKeepsNothingAlive(_ specs: [String], _ shown: String) throws {
        let outcome = try Self.sandbox(specs).run(chunk: """
            local w = UIWindow(UIScreen.main.bounds)
            UIApplication.shared.delegate.window = w
            local root = UIViewController()
            w.rootViewController = root
            w:makeKeyAndVisible()
            sim.run(1)
            print(w.rootViewController == root, sim.alive(root))
            """, name: "=window")
        #expect(outcome.status == .passed, "\(outcome.message ?? "")")
        #expect(outcome.output == [shown])
    }

    /// What did not apply says why, in words a command line can print.
    @Test(arguments: [
        ("Pickr.delegate", "Pickr.delegate matched nothing: the run made no class named 'Pickr' (did you mean 'Picker'?)"),
        ("Picker.delegat", "Picker.delegat matched nothing: Picker has no property 'delegat' (did you mean 'delegate'?)"),
        ("Picker.weakOne", "Picker.weakOne is weak already: it retains nothing, so weakening it changes nothing"),
        ("UINavigationController.viewControllers",
         "UINavigationController.viewControllers cannot be weak: it holds an array, whose elements an array keeps strongly"),
        ("Picker.onPick", "Picker.onPick cannot be weak: it is a copy property, which holds a copy (a closure keeps what it captures: weaken the capture instead)"),
    ])
    func aWeakeningThatChangesNothingSaysWhy(_ spec: String, _ problem: String) throws {
        let sandbox = try Self.sandbox(spec)
        let outcome = sandbox.run(chunk: """
            local Picker = UIView:subclass("Picker", { delegate = "strong", weakOne = "weak", onPick = "copy" })
            local p = Picker()
            local nav = UINavigationController()
            """, name: "=problems")
        #expect(outcome.status == .passed, "\(outcome.message ?? "")")
        #expect(sandbox.heap.weakeningProblems() == [problem])
    }

    @Test(arguments: ["Picker", "Picker.", ".delegate", "Picker.delegate.x", "1Picker.delegate", "Picker.dele gate", "",
                      "x.lua:", "x.lua:1a", ".lua:3", "x.lua:3:", "x.lua:3:self:x", "x.lua:3:1self"])
    func aSpecIsClassDotPropertyOrAClosuresLine(_ text: String) {
        #expect(Weakening(parsing: text) == nil)
    }

    @Test(arguments: [
        ("Picker.delegate", Weakening.Target.property(className: "Picker", name: "delegate")),
        ("profile.lua:14", .capture(site: "profile.lua:14", name: nil)),
        ("lib/profile.lua:14:self", .capture(site: "lib/profile.lua:14", name: "self")),
    ])
    func whatASpecNames(_ text: String, _ target: Weakening.Target) throws {
        let w = try #require(Weakening(parsing: text))
        #expect(w.target == target)
        #expect(w.description == text)
    }

    /// A closure stored on the object it captures: `loader.onFinish = { self.render() }`.
    /// Its capture made weak (`--weaken closure.lua:6:self`) is `[weak self]` with `guard
    /// let self else { return }`: the cycle is gone, and once self has gone the closure does
    /// nothing where it would have messaged a dead object.
    static let closureCycle = """
        local Loader = NSObject:subclass("Loader", { onFinish = "copy" })
        local Profile = UIViewController:subclass("Profile", { loader = "strong" })
        local renders = 0
        function Profile:viewDidLoad()
          self.loader = Loader()
          self.loader.onFinish = function() self.title = "rendered"; renders = renders + 1 end
        end
        local p = Profile()
        local _ = p.view
        local loader = sim.hold(p.loader)
        loader.onFinish()
        print(renders, sim.alive(p))
        sim.run(1)
        loader.onFinish()
        print(renders, sim.alive(p))
        """

    @Test func aClosuresCaptureMadeWeakBreaksTheCycleAndGuardsTheBody() throws {
        let leaking = try Self.sandbox().run(chunk: Self.closureCycle, name: "@closure.lua")
        #expect(leaking.status == .passed, "\(leaking.message ?? "")")
        #expect(leaking.output == ["1\ttrue", "2\ttrue"], "the closure keeps its screen")
        for spec in ["closure.lua:6:self", "closure.lua:6"] {
            let sandbox = try Self.sandbox(spec)
            let fixed = sandbox.run(chunk: Self.closureCycle, name: "@closure.lua")
            #expect(fixed.status == .passed, "\(spec): \(fixed.message ?? "")")
            #expect(fixed.output == ["1\ttrue", "1\tfalse"], "\(spec): the screen goes, and the closure does nothing after")
            #expect(sandbox.heap.weakeningProblems().isEmpty, "\(spec)")
        }
    }

    @Test(arguments: [
        ("closure.lua:7", "closure.lua:7 matched nothing: no closure written at closure.lua:7 captured an object in this run"),
        ("closure.lua:6:slf", "closure.lua:6:slf matched nothing: the closure at closure.lua:6 captures no 'slf' (did you mean 'self'?); it captures 'self'"),
    ])
    func aCaptureWeakeningThatChangesNothingSaysWhy(_ spec: String, _ problem: String) throws {
        let sandbox = try Self.sandbox(spec)
        let outcome = sandbox.run(chunk: Self.closureCycle, name: "@closure.lua")
        #expect(outcome.status == .passed, "\(outcome.message ?? "")")
        #expect(sandbox.heap.weakeningProblems() == [problem])
    }
}
