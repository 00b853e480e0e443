import Testing
@testable import KitSim
@testable import KitSimBridge
@testable import KitSimLua
@testable import KitSimRepl
import KitSimReport

/// The REPL engine, driven without a terminal. The terminal itself is tested
/// through tmux by scripts/test-repl.sh.
@Suite struct ReplTests {
    func feed(_ r: ReplSession, _ lines: [String]) -> [String?] { lines.map { r.feed($0) } }

    @Test func luaCInputRules() throws {
        let r = try ReplSession()
        #expect(r.feed("1 + 1") == "2")                 // tried as `return <line>` first
        #expect(r.feed("=2 * 3") == "6")
        #expect(r.feed("x = 5") == "")                  // a statement prints nothing
        #expect(r.feed("x, 'a', nil") == "5\ta\tnil")          // strings at the prompt print raw, as lua.c prints them
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
        #expect(LocalRewriter.scan("local s = 'local x' -- local y\nlocal z").declared.map(\.name) == ["s", "z"])
        #expect(LocalRewriter.scan("do local x = 1 end").declared.isEmpty)
        #expect(LocalRewriter.scan("local a <const>, b = 1, 2").declared.map(\.name) == ["b"])
        #expect(LocalRewriter.scan("local function f() return 1 end return f").topLevelReturn == 32)
    }

    /// The entry's locals are Lua's own: messages name them as locals, a second `local`
    /// is a new variable, closures share the variable they captured.
    @Test(arguments: [
        (["local t = nil; t.x = 1"], "stdin:1:1: attempt to index a nil value (local 't')"),
        (["local t = nil", "t.x = 1"], "stdin:2:1: attempt to index a nil value (upvalue 't')"),
        (["local x = 1", "f = function() return x end", "local x = 2", "f(), x"], "1\t2"),
        (["local x = 1", "f = function() return x end", "x = 5", "f(), x"], "5\t5"),
        (["local n = 0", "function bump() n = n + 1 end", "bump() bump()", "n"], "2"),
        (["local a = 1 local b = a + 1 return b"], "2"),
        (["local a = 1 local b = a + 1 return b", "a + b"], "3"),
        (["local x = 1", "do local x = 2 end", "x"], "1"),
        (["local q = 1", "local q = q + 1", "q"], "2"),
        (["local s <close> = nil", "s"], "nil"),
        (["local w = UIWindow()", "w:pushViewControler()"],
         "NSInvalidArgumentException: -[UIWindow pushViewControler]: unrecognized selector sent to instance #4"),
    ] as [([String], String)])
    func localsAreLuasOwn(lines: [String], last: String) throws {
        let r = try ReplSession()
        let out = lines.map { r.feed($0) }
        #expect(out.last == last)
    }

    /// Completion and `:why` see the session's locals as they see globals.
    @Test func localsComplete() throws {
        let r = try ReplSession()
        _ = r.feed("local nav = UINavigationController(UIViewController())")
        #expect(r.completions(for: "nav:pushV") == ["nav:pushViewController"])
        #expect(r.completions(for: "na").contains("nav"))
        #expect(r.feed(":why nav")?.hasPrefix("UINavigationController#5 (retain count 1) is kept alive by:") == true)
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
                     "boom(", ")", "print(w.isHidden)"])          // an entry with an error is not saved
        let path = Platform.temporaryDirectory + "/kitsim-repl-save-\(getpid()).lua"
        #expect(r.feed(":save \(path)") == "saved 5 entries to \(path)")
        let outcome = try LuaSandbox().run(file: path)
        #expect(outcome.status == .passed, "\(outcome.message ?? "")")
        #expect(outcome.output == ["true"])                          // the script's own print, not the prompt's
        unlink(path)
    }

    @Test func fixReplaysTheSessionWithEachSuggestedChange() throws {
        let r = try ReplSession()
        _ = feed(r, [
            "local w = UIWindow(UIScreen.main.bounds); UIApplication.shared.delegate.window = w",
            "local nav = UINavigationController(UIViewController()); w.rootViewController = nav; w:makeKeyAndVisible()",
            "Helper = NSObject:subclass('Helper', { delegate = 'strong' })",
            "Screen = UIViewController:subclass('Screen', { helper = 'strong' })",
            "function Screen:viewDidLoad() UIViewController.viewDidLoad(self); self.helper = Helper(); self.helper.delegate = self end",
            "local s = Screen(); nav:pushViewController(s, false)", ":run 1", "nav:popViewController(false)", ":run 3",
        ])
        let leaks = try #require(r.feed(":leaks"))
        #expect(leaks.hasPrefix("leak group 1 of 2: suspects: Helper.delegate"), "\(leaks)")
        #expect(leaks.contains("~~~~~~~~ suspect"))
        let fix = try #require(r.feed(":fix"))
        #expect(fix.hasPrefix("the session: 1 leak group, 1 with a verified fix"), "\(fix)")
        #expect(fix.contains("  suggested fix: make Helper.delegate weak (weak var delegate)"))
        #expect(fix.contains("  fix verified: the leak is gone and every check still passes"))
        // `:fix` replays the session in sandboxes of its own: in this one the screen still leaks.
        #expect(r.feed("=sim.alive(s)") == "true")
        #expect(r.feed(":fix now") == ":fix takes no argument (got 'now')")
    }

    @Test func metaCommands() throws {
        let r = try ReplSession()
        _ = feed(r, ["w = UIWindow()", "UIApplication.shared.delegate.window = w"])
        #expect(r.feed(":why w")?.contains("AppDelegate#3.window (strong) → UIWindow#4") == true)
        #expect(r.feed(":history w")?.contains("retain UIWindow#4 rc=2 (AppDelegate#3.window)  @ stdin:2:1") == true)
        #expect(r.feed(":leaks") == "no leaks")
        #expect(r.feed(":graph")?.hasPrefix("digraph ownership") == true)
        #expect(r.feed(":screen")?.hasPrefix("screen: BLACK") == true)
        #expect(r.feed(":trace 1")?.contains("retain UIWindow#4") == true)
        #expect(r.feed(":why 42") == "42 is not an object (it is a number)")
        #expect(r.feed(":nope") == "unknown command :nope (try :help)")
        #expect(r.feed("help(w)")?.contains("rootViewController: UIViewController (strong)") == true)
    }

    /// `:mark NAME` marks a heap generation through Lua (so `:undo` and `:save` keep it);
    /// `:since NAME` lists what was allocated since and is alive, as `sim.since` prints it.
    @Test func markAndSinceShowAHeapGeneration() throws {
        let r = try ReplSession()
        _ = feed(r, ["Node = NSObject:subclass('Node', { next = 'strong' })", "head = sim.hold(Node())"])
        #expect(r.feed(":mark before") == "")
        #expect(r.feed(":since before") == "since mark 'before': no object allocated since then is alive")
        _ = feed(r, ["head.next = Node()", "head.next.next = Node()"])
        #expect(r.feed(":since before") == "since mark 'before': 2 objects allocated since then are alive\n  2 Node (stdin:5:1 ×1, stdin:6:1 ×1)")
        #expect(r.feed("tostring(sim.since('before'))") == r.feed(":since before"))
        #expect(r.feed(":mark before") == "")                       // marking again moves the mark
        #expect(r.feed(":since before") == "since mark 'before': no object allocated since then is alive")
        #expect(r.script().contains("sim.mark(\"before\")"))
        #expect(r.feed(":undo") == "undone: sim.mark(\"before\")")
        #expect(r.feed(":since before")?.hasPrefix("since mark 'before': 2 objects") == true)
        #expect(r.feed(":mark a\"b\\") == "")
        #expect(r.feed("sim.since('a\"b\\\\').count") == "0")
        #expect(r.completions(for: ":ma") == [":mark"])
        #expect(r.completions(for: ":s") == [":save", ":screen", ":set", ":since"])
    }

    @Test func anEndlessLoopIsStoppedByItsBudgetAndTheSessionGoesOn() throws {
        var limits = LuaSandbox.Limits()
        limits.instructions = 1_000_000
        let r = try ReplSession(limits: limits)
        #expect(r.feed("while true do end")?.contains("instruction budget") == true)
        #expect(r.feed("1 + 1") == "2")
    }
}

/// Entry names, class redefinition, completion of class members, marks and statics,
/// `:graph FILE`, calls without results and `:save`, one test or table per behaviour.
@Suite struct ReplItemTests {
    /// A class entered again replaces the old one for new instances; the old instances keep
    /// their class, and a note says how many there are.
    @Test func aClassEnteredAgainReplacesIt() throws {
        let r = try ReplSession()
        #expect(r.feed("Profile = UIViewController:subclass('Profile', { avatar = 'strong' })") == "")
        _ = r.feed("kept = sim.hold(Profile()); local other = sim.hold(Profile())")
        #expect(r.feed("Profile = UIViewController:subclass('Profile', { avatar = 'weak', name = 'strong' })")
                == "note: Profile redefined; 2 existing instances keep the old definition")
        _ = r.feed("fresh = sim.hold(Profile())")
        #expect(r.feed("fresh:isKind(Profile), kept:isKind(Profile)") == "true\tfalse")
        #expect(r.feed("kept, fresh") == "<Profile #4 rc=2>\t<Profile #6 rc=2>")
        #expect(r.feed("help(fresh):match('avatar: [^\\n]*')") == "avatar: any (weak)")
        #expect(r.feed("help(kept):match('avatar: [^\\n]*')") == "avatar: any (strong)")
        // The old class is found under its name with a generation suffix; the name is the new one's.
        #expect(r.sandbox.heap.classNamed("Profile~1") === r.sandbox.heap.classOf(ObjectID(4)))
        #expect(r.sandbox.heap.classNamed("Profile") === r.sandbox.heap.classOf(ObjectID(6)))
        #expect(r.feed("Profile = UIViewController:subclass('Profile')") == "note: Profile redefined; 1 existing instance keeps the old definition")
        #expect(r.sandbox.heap.classNamed("Profile~2") === r.sandbox.heap.classOf(ObjectID(6)))
        // A class the model declares is not the session's to redefine.
        #expect(r.feed("UIViewController:subclass('UIWindow')") == "stdin:10:1: a class named 'UIWindow' already exists")
        // :undo replays the redefinitions: the same ids, the same classes.
        #expect(r.feed(":undo")?.hasPrefix("undone: Profile = ") == true)
        #expect(r.feed("fresh:isKind(Profile), kept:isKind(Profile)") == "true\tfalse")
    }

    /// Scripts keep the error: only the REPL's sandbox redefines.
    @Test func aScenarioCannotRedefineAClass() throws {
        let outcome = try LuaSandbox().run(chunk: "A = NSObject:subclass('A') A = NSObject:subclass('A')")
        #expect(outcome.status == .scriptError)
        #expect(outcome.message?.contains("a class named 'A' already exists") == true, "\(outcome.message ?? "")")
    }

    /// Class methods and statics complete after `Class.`; a static that is made on first
    /// access completes by its declared type without being made.
    @Test(arguments: [
        ("Timer.sc", ["Timer.scheduledTimer", "Timer.scheduledTimer_withTimeInterval"]),
        ("NotificationCenter.def", ["NotificationCenter.default"]),
        ("NotificationCenter.default:removeOb", ["NotificationCenter.default:removeObserver"]),
        ("NotificationCenter.default.removeOb", ["NotificationCenter.default.removeObserver"]),
        ("UIView.anim", ["UIView.animate", "UIView.animate_delay"]),
        ("Timer:sc", []),                                            // class methods take a dot
    ])
    func classMembersComplete(token: String, expected: [String]) throws {
        let r = try ReplSession()
        let objects = r.sandbox.heap.objectCount
        let got = r.completions(for: token)
        #expect(expected.allSatisfy(got.contains), "\(got)")
        if expected.isEmpty { #expect(got.isEmpty, "\(got)") }
        #expect(r.sandbox.heap.objectCount == objects)             // completing made nothing
    }

    /// `:graph FILE`: the extension chooses the format, as with `kitsim run --graph`; the
    /// reply names the file.
    @Test(arguments: [
        (":graph FILE.dot", "digraph ownership"), (":graph mermaid FILE.mmd", "graph TD"), (":graph FILE.svg", "<svg"),
        (":graph FILE.png", "\u{89}PNG"), (":graph w FILE.gv", "digraph ownership"), (":graph #4 FILE.svg", "UIWindow#4"),
    ])
    func graphWritesAFile(command: String, content: String) throws {
        let r = try ReplSession()
        _ = r.feed("w = sim.hold(UIWindow())")
        let ext = command[command.range(of: "FILE")!.upperBound...]
        let path = Platform.temporaryDirectory + "/kitsim-repl-graph-\(getpid())" + ext
        defer { unlink(path) }
        let reply = r.submit(command.replacingOccurrences(of: "FILE" + ext, with: path))
        #expect(reply?.error == nil, "\(reply?.error ?? "")")
        #expect(reply?.output == "wrote the graph to \(path)")
        let bytes = try #require(readTextFile(path))
        #expect(bytes.contains(content) || (content.hasPrefix("\u{89}") && bytes.contains("PNG")), "\(bytes.prefix(80))")
        if ext == ".svg" && command.contains("#4") { #expect(!bytes.contains("UIScreen#2")) }   // focused
    }

    @Test(arguments: [
        (":graph /nonexistent-folder/g.svg", ":graph /nonexistent-folder/g.svg: no such folder"),
        (":graph mermaid g.svg", ":graph mermaid g.svg: the file's extension names another format; use .mmd or .mermaid"),
    ])
    func graphRefusesAFileItCannotWrite(command: String, message: String) throws {
        #expect(try ReplSession().submit(command)?.error == message)
    }

    /// A call of a declared method that returns nothing prints nothing, as lua.c prints
    /// nothing; other values, nil ones included, still print.
    @Test(arguments: [
        ("nav:pushViewController(UIViewController(), false)", ""),
        ("nav:setViewControllers({ UIViewController() }, false)", ""),
        ("UIView.animate(0.1, function() end)", ""),
        ("nav.view:removeFromSuperview()", ""),
        ("nav:popViewController(false)", "nil"),                     // returns an optional: nil prints
        ("nav.topViewController", "nil"),
        ("nav:isKind(UIViewController)", "true"),
        ("nav:custom()", "nil"),                                     // a Lua method may return anything
        ("nav:pushViewController(UIViewController(), false) -- (", "nil"),   // a comment: not followed
        ("(nav:pushViewController(UIViewController(), false))", "nil"),   // parentheses: one value
        ("nil", "nil"),
    ])
    func aCallThatReturnsNothingPrintsNothing(line: String, printed: String) throws {
        let r = try ReplSession()
        _ = r.feed("nav = UINavigationController()")
        _ = r.feed("function UINavigationController:custom() end")
        #expect(r.feed(line) == printed)
    }

    /// Entry N's chunk is `stdin:N`: errors and traces name the entry (and the line in it).
    @Test(arguments: [
        (["x = 1", "error('boom')"], "stdin:2:1: boom"),
        ([":mark m", "local t = nil", "t.x = 1"], "stdin:3:1: attempt to index a nil value (upvalue 't')"),
        (["boom(", ")"], "stdin:1:1: attempt to call a nil value (global 'boom')"),
        (["function f()", "  error('deep')", "end", "f()"], "stdin:1:2: deep"),
    ])
    func entriesAreNumberedInMessages(lines: [String], last: String) throws {
        let r = try ReplSession()
        #expect(lines.map { r.feed($0) }.last == last)
    }

    @Test func tracesNameTheEntryAndUndoKeepsTheNumbers() throws {
        let r = try ReplSession()
        _ = r.feed(":help")
        _ = r.feed("w = sim.hold(UIWindow())")
        let history = r.feed(":history w")
        #expect(history?.contains("@ stdin:2:1") == true, "\(history ?? "")")
        _ = r.feed("v = UIView()")
        _ = r.feed(":undo")
        #expect(r.feed(":history w") == history)                   // the replay keeps entry 2's name
        #expect(r.feed("error('x')") == "stdin:7:1: x")
    }

    /// `:save` writes the entries without the prompt's printing of expressions.
    @Test func saveLeavesOutThePromptsPrinting() throws {
        let r = try ReplSession()
        _ = ["nav = UINavigationController(UIViewController())", "nav", "=nav.view", "nav:popViewController(false)",
             "1 + 1, nav.isViewLoaded"].map { r.feed($0) }
        let script = r.script()
        #expect(!script.contains("print("), "\(script)")
        #expect(script.contains("\nnav = UINavigationController(UIViewController())\ndo local _ = nav.view end\n"
                                + "nav:popViewController(false)\ndo local _ = 1 + 1, nav.isViewLoaded end\n"), "\(script)")
        let outcome = try LuaSandbox().run(chunk: script)
        #expect(outcome.status == .passed && outcome.output.isEmpty, "\(outcome.message ?? "")")
    }

    /// `:since ` and `:mark ` complete the names of the marks.
    @Test(arguments: [
        (":since ", "", ["after", "before"]), (":since ", "b", ["before"]), (":mark ", "a", ["after"]),
        (":why ", "be", []), ("", "be", []),
    ])
    func markNamesComplete(before: String, token: String, expected: [String]) throws {
        let r = try ReplSession()
        _ = [":mark before", "sim.mark('after')"].map { r.feed($0) }
        #expect(r.completions(for: token, before: before) == expected)
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
        #expect(r.load(file: path).text == "loaded")
        #expect(r.feed("window") == "<UIWindow #4 rc=2>")      // its globals stay
        #expect(r.feed("hidden") == "nil")                     // its locals end with it, as with dofile
        #expect(r.feed(":load /nonexistent.lua") == "cannot read /nonexistent.lua")
        #expect(r.submit(":load /nonexistent.lua")?.failure == .scriptError)
        #expect(r.script().contains("-- from \(path):"))
    }
}

/// What the prompt shows and what meta-commands accept.
@Suite struct ReplPromptTests {
    @Test func stringsPrintRawAtThePromptAndQuotedInsideTables() throws {
        let r = try ReplSession()
        #expect(r.feed("'a\\nb'") == "a\nb")
        #expect(r.feed("{ 'x' }") == "{ \"x\" }")
        #expect(r.feed("help(UIWindow)")?.hasPrefix("UIWindow : UIView : UIResponder : NSObject\nproperties:") == true)
        #expect(r.feed("sim.why(UIApplication.shared)") == "UIApplication#1 (retain count 1) is kept alive by:\n  1. [UIApplication.shared] UIApplication#1")
    }

    @Test func objectsAreReachableByID() throws {
        let r = try ReplSession()
        _ = r.feed("w = UIWindow(); UIApplication.shared.delegate.window = w")
        #expect(r.feed(":why #4")?.contains("AppDelegate#3.window (strong) → UIWindow#4") == true)
        #expect(r.feed(":history #4")?.hasPrefix("history of UIWindow#4 (alive, retain count 2):") == true)
        #expect(r.feed("sim.object(4) == w") == "true")
        #expect(r.feed("sim.object(999)") == "nil")
        #expect(r.feed(":why #999") == "no object #999 exists")
        #expect(r.feed(":why #x") == "#x is not an object id (#6 is one)")
        #expect(r.feed("sim.object('4')") == "stdin:8:1: bad argument #1 to 'object' (integer expected, got string)")
    }

    @Test func printDepthIsSettable() throws {
        let r = try ReplSession()
        _ = r.feed("t = { a = { b = { c = { d = 1 } } } }")
        #expect(r.feed("t") == "{ a = { b = {…} } }")
        #expect(r.feed(":set depth 4") == "depth 4")
        #expect(r.feed("t") == "{ a = { b = { c = { d = 1 } } } }")
        #expect(r.feed(":set items 1") == "items 1")
        #expect(r.feed("{1, 2, 3}") == "{ 1, … (2 more) }")
        #expect(r.feed(":set") == "depth 4\nitems 1")
    }

    /// A meta-command refuses what it does not take; the refusal is an error (a piped
    /// session stops there).
    @Test(arguments: [
        (":help me", ":help takes no argument (got 'me')"),
        (":screen 2", ":screen takes no argument (got '2')"),
        (":leaks all", ":leaks takes no argument (got 'all')"),
        (":undo 2", ":undo takes no argument (got '2')"),
        (":trace many", ":trace takes a number of events (got 'many')"),
        (":trace -1", ":trace takes a number of events (got '-1')"),
        (":run soon", ":run takes a number of seconds (got 'soon')"),
        (":run -1", ":run takes a number of seconds (got '-1')"),
        (":set colour 2", ":set: unknown setting 'colour' (depth or items)"),
        (":set depth", ":set depth takes a whole number from 1 to 100, e.g. :set depth 4"),
        (":set depth 0", ":set depth takes a whole number from 1 to 100, e.g. :set depth 4"),
        (":set depth 2 3", ":set depth takes a whole number from 1 to 100, e.g. :set depth 4"),
        (":why", ":why needs an expression or #id, e.g. :why nav or :why #6"),
        (":mark", ":mark needs one name without spaces, e.g. :mark before"),
        (":mark two words", ":mark needs one name without spaces, e.g. :mark before"),
        (":since", ":since needs a mark's name, e.g. :since before"),
        (":since nope", "no mark named 'nope' (set one with :mark nope)"),
        (":save", ":save needs a file name"),
        (":nope", "unknown command :nope (try :help)"),
    ])
    func metaCommandsRefuseWhatTheyDoNotTake(line: String, message: String) throws {
        let r = try ReplSession()
        let reply = r.submit(line)
        #expect(reply?.error == message)
        #expect(reply?.failure == .scriptError)
        #expect(reply?.output == "")
    }

    /// Errors are classified as `kitsim run` classifies a run, for a piped session's exit code.
    @Test(arguments: [
        ("error('x')", Outcome.Status.scriptError),
        ("expect(1).to.equal(2)", .assertionFailed),
        ("UIViewController():nope()", .crashed),
        ("while true do end", .limitExceeded),
    ])
    func failuresAreClassified(line: String, status: Outcome.Status) throws {
        var limits = LuaSandbox.Limits()
        limits.instructions = 1_000_000
        let r = try ReplSession(limits: limits)
        #expect(r.submit(line)?.failure == status)
        #expect(r.submit("1")?.failure == nil)
    }

    @Test func anIncompleteEntryAtTheEndOfInputIsLuasSyntaxError() throws {
        let r = try ReplSession()
        #expect(r.feed("function f()") == nil)
        #expect(r.finishInput()?.error == "stdin:1:1: 'end' expected near <eof>")
        #expect(r.finishInput() == nil)
    }

    /// `kitsim repl -i FILE` / `:load FILE`: `require` finds modules next to the file, as
    /// with `kitsim run` (the example of docs/repl.md).
    @Test func aLoadedScenarioRequiresItsLibraries() throws {
        let r = try ReplSession()
        let file = SeedScriptOutcomeTests.path("seed000_splash_ad_weak_root.lua")
        let reply = r.load(file: file)
        #expect(reply.error == nil, "\(reply.error ?? "")")
        // The file's folder, then the one above it (where lib/ is).
        let scenarios = SeedScriptOutcomeTests.scenarios
        #expect(r.feed("package.path:match('^[^;]*;[^;]*')") == scenarios + "/seeds/?.lua;" + scenarios + "/?.lua")
        _ = r.load(file: file)
        #expect(r.feed("select(2, package.path:gsub('/seeds/%?%.lua', ''))") == "1")   // a folder is added once
    }
}

/// The REPL page's example (docs/repl.md), as written there: each `> ` line fed, and what
/// follows it up to the next prompt is what the session prints.
@Suite struct ReplReadmeTests {
    @Test func theReadmeSessionPrintsWhatTheReadmeShows() throws {
        let page = try #require(readTextFile(SeedScriptOutcomeTests.scenarios + "/../docs/repl.md"))
        // The first fenced block that starts with the command.
        let block = try #require(page.split(separator: "```", omittingEmptySubsequences: false).enumerated()
            .first { $0.offset % 2 == 1 && $0.element.hasPrefix("\n$ kitsim repl") }?.element)
        let r = try ReplSession()
        var expected: [String] = [], printed: [String] = []
        for line in block.split(separator: "\n").map(String.init) {
            if line.hasPrefix("$ ") { continue }
            if line.hasPrefix("> ") {
                if let out = r.feed(String(line.dropFirst(2))), !out.isEmpty { printed += out.split(separator: "\n").map(String.init) }
            } else {
                expected.append(line)
            }
        }
        #expect(!expected.isEmpty)
        #expect(printed == expected)
    }

    /// The page's `:mark` and `:since` example, fed the same way (its lines are indented
    /// by two spaces, inside a list item).
    @Test func theMarkExamplePrintsWhatThePageShows() throws {
        let page = try #require(readTextFile(SeedScriptOutcomeTests.scenarios + "/../docs/repl.md"))
        let start = try #require(page.range(of: "  ```\n  > :mark visit\n"))
        let end = try #require(page[start.upperBound...].range(of: "  ```\n"))
        let block = "  > :mark visit\n" + page[start.upperBound..<end.lowerBound]
        let r = try ReplSession()
        var expected: [String] = [], printed: [String] = []
        for line in block.split(separator: "\n").map({ String($0.dropFirst(2)) }) {
            if line.hasPrefix("> ") {
                if let out = r.feed(String(line.dropFirst(2))), !out.isEmpty { printed += out.split(separator: "\n").map(String.init) }
            } else {
                expected.append(line)
            }
        }
        #expect(expected.count == 4)
        #expect(printed == expected)
    }
}
