import Testing
@testable import KitSim
@testable import KitSimBridge
@testable import KitSimLua
import KitSimReport

/// SPEC §5: every crash, failed assertion and script error is reported under a headline
/// that starts with `file:line:` of the line that raised it — inside an override when that
/// is where it was — with a traceback through the override (`in method 'viewDidLoad'`);
/// and each kind of error is rendered once, with no prefix said twice. The last frame,
/// `[C]: in ?`, is the C function the script runs in, as under `lua5.4`.
@Suite struct ErrorReportTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let code: String
        let status: Outcome.Status
        let headline: String
        var traceback: [String] = []
        var testDescription: String { name }
    }

    /// A controller class `V` whose `viewDidLoad` (line 3) runs `body`, put on screen at line 7.
    static func override(_ method: String, _ body: String) -> String {
        """
        local V = UIViewController:subclass("V")
        function V:\(method)()
          \(body)
        end
        local w = UIWindow() UIApplication.shared.delegate.window = w
        w.rootViewController = V()
        w:makeKeyAndVisible()
        """
    }

    static let cases: [Case] = [
        Case(name: "a UIKit exception in viewDidLoad", code: override("viewDidLoad", "self.view:addSubview(self.view)"),
             status: .crashed, headline: "t.lua:3: NSInvalidArgumentException: Can't add self as subview",
             traceback: ["[C]: in method 'addSubview'", "t.lua:3: in method 'viewDidLoad'", "[C]: in method 'makeKeyAndVisible'", "t.lua:7: in main chunk", "[C]: in ?"]),
        Case(name: "a script error in viewDidLoad", code: override("viewDidLoad", "local x = nil; return x.y"),
             status: .scriptError, headline: "t.lua:3: attempt to index a nil value (local 'x')",
             traceback: ["t.lua:3: in method 'viewDidLoad'", "[C]: in method 'makeKeyAndVisible'", "t.lua:7: in main chunk", "[C]: in ?"]),
        Case(name: "a failed assertion in viewDidLoad", code: override("viewDidLoad", "expect(1).to.equal(2)"),
             status: .assertionFailed, headline: "t.lua:3: expected 1 to equal 2",
             traceback: ["t.lua:3: in method 'viewDidLoad'", "[C]: in method 'makeKeyAndVisible'", "t.lua:7: in main chunk", "[C]: in ?"]),
        Case(name: "a crash in a deinit at the last drain",
             code: "local V = UIView:subclass(\"V\")\nfunction V:deinit()\n  self:addSubview(self)\nend\nlocal v = V()",
             status: .crashed, headline: "t.lua:3: NSInvalidArgumentException: Can't add self as subview",
             traceback: ["[C]: in method 'addSubview'", "t.lua:3: in method 'deinit'"]),
        Case(name: "a zombie message", code: "local a = UIView()\nsim.drain()\nlocal f = a.frame",
             status: .crashed, headline: "t.lua:3: EXC_BAD_ACCESS: -[UIView frame]: message sent to deallocated instance #4"),
        Case(name: "an unowned read",
             code: "local C = UIView:subclass(\"C\", { owner = \"unowned\" })\nlocal c = C() sim.hold(c)\nc.owner = UIView() sim.drain()\nlocal o = c.owner",
             status: .crashed, headline: "t.lua:4: Fatal error: Attempted to read an unowned reference but object #5 was already deallocated"),
        Case(name: "an unowned block capture",
             code: "local v = UIView() sim.hold(v)\nlocal b = sim.block{ unowned = { v }, function() end } sim.hold(b)\nsim.release(v) sim.drain()\nb()",
             status: .crashed, headline: "t.lua:4: Fatal error: Attempted to read an unowned reference but object #4 was already deallocated"),
        Case(name: "an exception at the top level", code: "local v = UIView()\nv:addSubview(v)",
             status: .crashed, headline: "t.lua:2: NSInvalidArgumentException: Can't add self as subview",
             traceback: ["[C]: in method 'addSubview'", "t.lua:2: in main chunk", "[C]: in ?"]),
        Case(name: "a bad argument", code: "local n = UINavigationController()\nn:pushViewController(nil, true)",
             status: .scriptError, headline: "t.lua:2: bad argument #1 to 'pushViewController' (UIViewController expected, got nil)"),
        Case(name: "an error() string", code: "\nerror('boom')", status: .scriptError, headline: "t.lua:2: boom"),
        // The other kinds of error: a strong reference taken in deinit (Swift's trap), an
        // unknown name, a misuse of the API.
        Case(name: "a retain during deinit",
             code: "local V = UIView:subclass(\"V\", { me = \"strong\" })\nfunction V:deinit()\n  self.me = self\nend\nlocal v = V()",
             status: .crashed,
             headline: "t.lua:3: Fatal error: Object V#4 deallocated with non-zero retain count: its deinit, or something called from it, created a strong reference to it"),
        Case(name: "an unknown name", code: "\nsim.configure{ nope = 1 }", status: .scriptError,
             headline: "t.lua:2: bad argument #1 to 'configure' (unknown setting 'nope'; expected ios, transition, abandonedDelay, latency, rotation or scenes)"),
        Case(name: "a misuse", code: "local v = UIView()\nsim.release(v)", status: .scriptError,
             headline: "t.lua:2: UIView#4 is not held (sim.hold)"),
        // A message without a place gets the place of the line that raised it.
        Case(name: "a table raised", code: "\nerror({ code = 1 })", status: .scriptError,
             headline: "t.lua:2: (error object is a table value)", traceback: ["t.lua:2: in main chunk", "[C]: in ?"]),
        Case(name: "a level that points into UIKit", code: override("viewDidLoad", "error('lvl2', 2)"), status: .scriptError,
             headline: "t.lua:3: lvl2",
             traceback: ["t.lua:3: in method 'viewDidLoad'", "[C]: in method 'makeKeyAndVisible'", "t.lua:7: in main chunk", "[C]: in ?"]),
        // Raised inside a coroutine: the line in the coroutine, not the line resuming it.
        Case(name: "an exception in a coroutine", code: "local co = coroutine.wrap(function()\n  local v = UIView(); v:addSubview(v)\nend)\nco()",
             status: .crashed, headline: "t.lua:2: NSInvalidArgumentException: Can't add self as subview"),
    ]

    /// Where an error was raised is reported once: the same text raised again later (a
    /// string has no identity) gets its own line, not the first one's.
    @Test func theSameErrorTextRaisedAgainGetsItsOwnLine() throws {
        let sandbox = try LuaSandbox()
        let first = sandbox.step(chunk: "error('x', 0)", name: "=a")
        #expect(first.message?.hasPrefix("a:1: x") == true, "\(first.message ?? "")")
        let second = sandbox.step(chunk: "\n\n\nerror('x', 0)", name: "=a")
        #expect(second.message?.hasPrefix("a:4: x") == true, "\(second.message ?? "")")
    }

    /// Each crash is in the trace once, where it was raised, however many layers (an
    /// override, a transition that completes anyway, the bridge, the script) it crosses.
    @Test(arguments: [
        ErrorReportTests.override("viewDidLoad", "self.view:addSubview(self.view)"),
        "local v = UIView()\nv:addSubview(v)",
        "local a = UIView()\nsim.drain()\nlocal f = a.frame",
        "local V = UIView:subclass(\"V\")\nfunction V:deinit()\n  self:addSubview(self)\nend\nlocal v = V()",
        "local n = UINavigationController(UIViewController())\nlocal w = UIWindow() sim.hold(w) w.rootViewController = n w:makeKeyAndVisible()\n"
            + "local vc = UIViewController()\nn:pushViewController(vc, false)\nn:pushViewController(vc, false)",
    ]) func aCrashIsRecordedOnce(_ code: String) throws {
        let sandbox = try LuaSandbox()
        let o = sandbox.run(chunk: code, name: "@t.lua")
        #expect(o.status == .crashed, "\(o.message ?? "")")
        let exceptions = sandbox.heap.events.filter { $0.kind == .exception }
        #expect(exceptions.count == 1, "\(sandbox.heap.traceText())")
    }

    /// An error raised in an override, a completion or a timer reaches the script's `pcall`
    /// as the value it was, as in stock Lua: a number stays a number, a string gets no
    /// traceback appended.
    @Test func anErrorThroughAnOverrideReachesPcallUnchanged() throws {
        let sandbox = try LuaSandbox()
        let o = sandbox.run(chunk: """
            local VC = UIViewController:subclass("VC", {})
            function VC:viewDidLoad() error(42) end
            local vc = VC()
            local ok, e = pcall(function() local _ = vc.view end)
            assert(not ok and math.type(e) == "integer" and e == 42, tostring(e))
            sim.after(1, function() error("x") end)
            local ok2, e2 = pcall(sim.run, 2)
            assert(not ok2 and e2 == "t.lua:6: x", e2)
            local ok3, e3 = pcall(function() local v = UIView() v:addSubview(v) end)
            assert(e3.where == nil and e3.traceback == nil, "the exception carries no bookkeeping of its own")
            """, name: "@t.lua")
        #expect(o.status == .passed, "\(o.message ?? "")")
    }

    @Test(arguments: cases) func theHeadlineStartsWithTheLineThatRaisedIt(_ c: Case) throws {
        let sandbox = try LuaSandbox()
        let outcome = sandbox.run(chunk: c.code, name: "@t.lua")
        #expect(outcome.status == c.status)
        let lines = (outcome.message ?? "").split(separator: "\n").map { $0.trimmingPrefixTabs }
        #expect(lines.first == c.headline)
        if !c.traceback.isEmpty {
            let frames = lines.drop { $0 != "stack traceback:" }.dropFirst().filter { !$0.hasPrefix("prelude:") && $0 != "[C]: in function 'error'" && $0 != "(...tail calls...)" }
            #expect(Array(frames) == c.traceback)
        }
        let line = Int(c.headline.split(separator: ":")[1])
        #expect(outcome.location?.file == "t.lua" && outcome.location?.line == line)
        for doubled in ["Fatal error: Fatal error", "limit exceeded: limit exceeded", "EXC_BAD_ACCESS: EXC_BAD_ACCESS",
                        "NSInvalidArgumentException: NSInvalidArgumentException"] {
            #expect(!(outcome.message ?? "").contains(doubled))
        }
    }

    /// Every limit renders its message once.
    @Test(arguments: [
        ("while true do end", "limit exceeded: time limit of 0.2 s reached (a loop that never ends?)"),
        ("while true do sim.run(0) end", "limit exceeded: work budget of 100000 calls into KitSim used up (a loop that never ends?)"),
        ("local s = 'x' while true do s = s .. s end", "limit exceeded: memory cap of"),
        ("for i = 1, 10000000 do UIView() end", "limit exceeded: "),
        ("sim.run(1e9)", "limit exceeded: virtual time cap of 3600 s"),
    ]) func aLimitIsRenderedOnce(_ code: String, _ text: String) throws {
        var limits = LuaSandbox.Limits()
        // The wall clock only for the loop that calls nothing: each other case is stopped
        // by its own limit, however slow the build.
        limits.timeLimit = code == "while true do end" ? 0.2 : 0
        limits.work = 100_000
        limits.memoryBytes = 16 << 20
        let sandbox = try LuaSandbox(limits: limits)
        let outcome = sandbox.run(chunk: code, name: "@t.lua")
        #expect(outcome.status == .limitExceeded)
        #expect(outcome.message?.contains(text) == true, "\(outcome.message ?? "")")
        #expect(outcome.message?.contains("limit exceeded: limit exceeded") == false)
        #expect(outcome.message?.components(limitExceeded: ()) == 1, "\(outcome.message ?? "")")
    }
}

extension Substring {
    var trimmingPrefixTabs: String { String(drop { $0 == "\t" }) }
}

extension String {
    /// How many times "limit exceeded" appears.
    func components(limitExceeded: Void) -> Int { split(separator: "limit exceeded", omittingEmptySubsequences: false).count - 1 }
}
