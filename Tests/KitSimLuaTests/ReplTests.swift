import Testing
@testable import KitSim
@testable import KitSimBridge
@testable import KitSimLua
@testable import KitSimRepl

/// The REPL engine, driven without a terminal. The terminal itself is tested
/// through tmux by scripts/test-repl.sh.
@Suite struct ReplTests {
    func feed(_ r: ReplSession, _ lines: [String]) -> [String?] { lines.map { r.feed($0) } }

    @Test func luaCInputRules() throws {
        let r = try ReplSession()
        #expect(r.feed("1 + 1") == "2")                 // tried as `return <line>` first
        #expect(r.feed("=2 * 3") == "6")
        #expect(r.feed("x = 5") == "")                  // a statement prints nothing
        #expect(r.feed("x, 'a', nil") == "5\t\"a\"\tnil")
        #expect(r.feed("function f(a)") == nil)          // <eof>: more input
        #expect(r.isContinuing && r.prompt == ">> ")
        #expect(r.feed("  return a + 1") == nil)
        #expect(r.feed("end") == "")
        #expect(!r.isContinuing && r.prompt == "> ")
        #expect(r.feed("f(1)") == "2")
        #expect(r.feed("_PROMPT = 'kit> '") == "")
        #expect(r.prompt == "kit> ")
        #expect(r.feed("1 +")?.hasPrefix("> ") == false)   // incomplete expression, then…
        #expect(r.feed(")")?.contains("unexpected symbol") == true)
    }

    @Test func localsSurviveBetweenEntries() throws {
        let r = try ReplSession()
        _ = feed(r, ["local a, b = 1, 2", "local c", "local function twice(v) return v * 2 end",
                     "local t <const> = 9"])
        #expect(r.feed("a + b") == "3")
        #expect(r.feed("c") == "nil")
        #expect(r.feed("twice(a)") == "2")
        #expect(r.feed("t")?.contains("nil") == true)    // <const> stays local to its entry
        #expect(LocalRewriter.rewrite("local s = 'local x' -- local y\nlocal z") == "s = 'local x' -- local y\nz = nil ")
        #expect(LocalRewriter.rewrite("do local x = 1 end") == "do local x = 1 end")
    }

    @Test func prettyPrinting() throws {
        let r = try ReplSession()
        _ = r.feed("nav = UINavigationController(UIViewController())")
        #expect(r.feed("nav") == "<UINavigationController #5 rc=1>")
        _ = r.feed("t = {1, 2, x = {y = {z = 1}}}; t.self = t")
        #expect(r.feed("t") == "{ 1, 2, self = <cycle>, x = { y = {…} } }")
        #expect(r.feed("print") == "<function>")
        #expect(r.feed("CGRect(1, 2, 3, 4)") == "CGRect(1, 2, 3, 4)")
        _ = r.feed("sim.run(0)")
        #expect(r.feed("nav") == "<UINavigationController #5 deallocated>")
        let big = r.feed("local l = {} for i = 1, 30 do l[i] = i end return l")
        #expect(big?.hasSuffix("… (10 more) }") == true)
    }

    @Test func completionUsesMetadataOnly() throws {
        let r = try ReplSession()
        _ = feed(r, ["nav = UINavigationController(UIViewController())", "w = UIWindow()",
                     "tbl = { alpha = 1, beta = function() end }"])
        #expect(r.completions(for: "UIWindow.Le") == ["UIWindow.Level"])
        #expect(r.completions(for: "UIWindow.Level.al") == ["UIWindow.Level.alert"])
        #expect(r.completions(for: "nav:pushV") == ["nav:pushViewController"])
        #expect(r.completions(for: "nav:isViewLoa").isEmpty)     // properties are not methods
        #expect(r.completions(for: "nav.topV") == ["nav.topViewController"])
        #expect(r.completions(for: "w.rootViewController.vi").contains("w.rootViewController.view"))
        #expect(r.completions(for: "tbl.") == ["tbl.alpha", "tbl.beta"])
        #expect(r.completions(for: "tbl:") == ["tbl:beta"])
        #expect(r.completions(for: "sim.hi") == ["sim.history", "sim.hitTest"])
        #expect(r.completions(for: "UINav") == ["UINavigationBar", "UINavigationController"])
        // Completing never loads a view (no getter runs).
        #expect(r.feed("nav.isViewLoaded") == "false")
    }

    @Test func undoReplaysTheSessionWithoutTheLastEntry() throws {
        let r = try ReplSession()
        _ = feed(r, ["w = UIWindow()", "UIApplication.shared.delegate.window = w", "w:makeKeyAndVisible()"])
        #expect(r.feed("UIApplication.shared.keyWindow == w") == "true")
        _ = r.feed("w.isHidden = true")
        #expect(r.feed("UIApplication.shared.keyWindow") == "nil")
        #expect(r.feed(":undo")?.hasPrefix("undone: UIApplication.shared.keyWindow") == true)
        #expect(r.feed(":undo") == "undone: w.isHidden = true")
        #expect(r.feed("UIApplication.shared.keyWindow == w") == "true")
        #expect(r.feed("w") == "<UIWindow #4 rc=2>")              // same ids: a deterministic replay
    }

    @Test func savedSessionRunsAsAScenario() throws {
        let r = try ReplSession()
        _ = feed(r, ["local w = UIWindow()", "UIApplication.shared.delegate.window = w", "=w", ":run 1",
                     "boom(", ")"])                                // an entry with an error is not saved
        let path = Platform.temporaryDirectory + "/kitsim-repl-save-\(getpid()).lua"
        #expect(r.feed(":save \(path)") == "saved 4 entries to \(path)")
        let outcome = try LuaSandbox().run(file: path)
        #expect(outcome.status == .passed, "\(outcome.message ?? "")")
        #expect(outcome.output == ["UIWindow#4"])
        unlink(path)
    }

    @Test func metaCommands() throws {
        let r = try ReplSession()
        _ = feed(r, ["w = UIWindow()", "UIApplication.shared.delegate.window = w"])
        #expect(r.feed(":why w")?.contains("AppDelegate#3.window (strong) → UIWindow#4") == true)
        #expect(r.feed(":history w")?.contains("retain UIWindow#4 rc=2 (AppDelegate#3.window)  @ stdin:1") == true)
        #expect(r.feed(":leaks") == "no leaks")
        #expect(r.feed(":graph")?.hasPrefix("digraph ownership") == true)
        #expect(r.feed(":screen")?.hasPrefix("screen: BLACK") == true)
        #expect(r.feed(":trace 1")?.contains("retain UIWindow#4") == true)
        #expect(r.feed(":why 42") == "42 is not an object (it is a number)")
        #expect(r.feed(":nope") == "unknown command :nope (try :help)")
        #expect(r.feed("help(w)")?.contains("rootViewController: UIViewController (strong)") == true)
    }

    @Test func anEndlessLoopIsStoppedByItsBudgetAndTheSessionGoesOn() throws {
        var limits = LuaSandbox.Limits()
        limits.instructions = 1_000_000
        let r = try ReplSession(limits: limits)
        #expect(r.feed("while true do end")?.contains("instruction budget") == true)
        #expect(r.feed("1 + 1") == "2")
    }
}

import KitSimPlatform

/// `kitsim repl -i FILE` and `:load FILE`: the scenario runs, then the prompt is in its state.
@Suite struct ReplLoadTests {
    @Test func aScenarioLoadsIntoTheSession() throws {
        let path = Platform.temporaryDirectory + "/kitsim-repl-load-\(getpid()).lua"
        let f = fopen(path, "w")
        fputs("window = UIWindow()\nUIApplication.shared.delegate.window = window\nlocal hidden = 1\nprint('loaded')\n", f)
        fclose(f)
        defer { unlink(path) }
        let r = try ReplSession()
        #expect(r.load(file: path) == "loaded")
        #expect(r.feed("window") == "<UIWindow #4 rc=2>")      // its globals stay
        #expect(r.feed("hidden") == "nil")                     // its locals end with it, as with dofile
        #expect(r.feed(":load /nonexistent.lua") == "cannot read /nonexistent.lua")
        #expect(r.script().contains("-- from \(path):"))
    }
}
