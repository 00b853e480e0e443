import Testing
@testable import KitSim
@testable import KitSimBridge
@testable import KitSimLua
import KitSimReport

/// The shape of every rule test: a Lua chunk run in a fresh sandbox on a profile, after a
/// prelude the suite shares, ending with `sim.verify()`, so that a test passes only when
/// the heap and the model's state are consistent at the end.
struct RuleScript {
    var prelude = ""
    var ios = 17
    /// Launch with a scene manifest (SPEC rule 69; iOS 13+).
    var scenes = false

    /// The app most suites start from: a key window (`window`) showing a plain controller
    /// (`screen`), laid out.
    static let keyWindowApp = """
        local window = UIWindow(UIScreen.main.bounds)
        UIApplication.shared.delegate.window = window
        local screen = UIViewController()
        window.rootViewController = screen
        window:makeKeyAndVisible()
        sim.run(0)
        """

    /// A navigation app on screen (`window`, `nav`) and `visit(screen)`: pushed, shown 1 s,
    /// popped, and 3 s later, past MLeaksFinder's 2 (rule 47). Ends with a newline.
    static let visitingNavApp = """
        local window = UIWindow(UIScreen.main.bounds)
        UIApplication.shared.delegate.window = window
        local nav = UINavigationController(UIViewController())
        window.rootViewController = nav
        window:makeKeyAndVisible()
        sim.run(1)
        local function visit(screen)
          nav:pushViewController(screen, false)
          sim.run(1)
          nav:popViewController(false)
          sim.run(3)
        end

        """

    /// A navigation controller that pushed a screen with a strong delegate cycle and popped
    /// it (a `cycle` and an `abandoned` controller 3 s later), and a second, held controller:
    /// what the picture and report tests draw.
    static let leakyNavApp = """
        local Picker = NSObject:subclass("Picker", { delegate = "strong" })
        local Screen = UIViewController:subclass("Screen", { picker = "strong" })
        local w = sim.hold(UIWindow())
        local nav = sim.label(UINavigationController(UIViewController()), "nav")
        w.rootViewController = nav
        w:makeKeyAndVisible()
        local s = sim.label(Screen(), "screen")
        s.picker = Picker()
        s.picker.delegate = s
        nav:pushViewController(s, false)
        sim.run(1)
        nav:popViewController(false)
        sim.run(3)
        sim.label(sim.hold(UIViewController()), "held")
        """

    /// Runs the chunk; the outcome whatever it is.
    func run(_ code: String) throws -> (sandbox: LuaSandbox, outcome: Outcome) {
        var c = Simulator.Configuration()
        c.ios = ios
        c.scenes = scenes
        let sandbox = try LuaSandbox(configuration: c)
        let chunk = (prelude.isEmpty ? "" : prelude + "\n") + code + "\nsim.verify()"
        return (sandbox, sandbox.run(chunk: chunk, name: "=t"))
    }

    /// Runs the chunk and expects it to pass; the sandbox, for checks from Swift.
    @discardableResult
    func passes(_ code: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> LuaSandbox {
        let (sandbox, outcome) = try run(code)
        #expect(outcome.status == .passed, "\(outcome.message ?? "")", sourceLocation: sourceLocation)
        return sandbox
    }
}
