import Testing
@testable import KitSim
@testable import KitSimBridge
@testable import KitSimLua

/// A Lua function where UIKit or Foundation takes a block is a Swift closure: it captures,
/// strongly, every simulated object its upvalues hold (nested functions' too, each once),
/// weakly or unowned through `sim.weak` / `sim.unowned`, and nothing through a table;
/// the captures are real edges, named `closure (file:line) captures 'name'` in reports.
@Suite struct ClosureCaptureTests {
    /// A screen pushed on a navigation controller and popped again, with `setUp` run in its
    /// `viewDidLoad`: what each block API is given there decides whether it outlives the pop.
    static let app = RuleScript.keyWindowApp + "\n" + """
        local nav = UINavigationController(UIViewController())
        window.rootViewController = nav
        sim.run(0)
        local calls = 0
        local Screen = UIViewController:subclass("Screen", { timer = "strong", token = "strong", observation = "strong", onDone = "strong" })
        function Screen:work() calls = calls + 1 end
        local function visit(setUp)
          Screen.viewDidLoad = function(self) UIViewController.viewDidLoad(self); setUp(self) end
          local s = Screen()
          nav:pushViewController(s, false)
          sim.run(1)
          nav:popViewController(false)
          sim.run(1)
          return s
        end
        """

    /// Each block API, given a closure that uses `self`: the closure keeps the screen after
    /// the pop, and `why` names the capture; the same with `sim.weak(self)` lets it go.
    static let apis: [(name: String, strong: String, weak: String)] = [
        ("timer block",
         "self.timer = Timer.scheduledTimer_withTimeInterval(1, true, function(t) self:work() end)",
         "local w = sim.weak(self); self.timer = Timer.scheduledTimer_withTimeInterval(1, true, function(t) local s = w.value; if s then s:work() end end)"),
        ("notification block",
         "self.token = NotificationCenter.default:addObserver_forName('x', nil, nil, function(n) self:work() end)",
         "local w = sim.weak(self); self.token = NotificationCenter.default:addObserver_forName('x', nil, nil, function(n) local s = w.value; if s then s:work() end end)"),
        ("dispatch after",
         "DispatchQueue.main:asyncAfter(DispatchTime.now() + 5, function() self:work() end)",
         "local w = sim.weak(self); DispatchQueue.main:asyncAfter(DispatchTime.now() + 5, function() local s = w.value; if s then s:work() end end)"),
        ("closure property",
         "self.onDone = function() self:work() end",
         "local w = sim.weak(self); self.onDone = function() local s = w.value; if s then s:work() end end"),
    ]

    @Test(arguments: apis)
    func aClosureThatUsesSelfKeepsIt(_ api: (name: String, strong: String, weak: String)) throws {
        try RuleScript(prelude: Self.app).passes("""
            local kept = sim.label(visit(function(self) \(api.strong) end), "kept")
            assert(sim.alive(kept), "\(api.name): the closure keeps the screen")
            local why = sim.why(kept)
            assert(why:find("captures 'self' (strong) → Screen#", 1, true), why)
            assert(why:find("closure (t:", 1, true), why)
            local freed = sim.label(visit(function(self) \(api.weak) end), "freed")
            assert(not sim.alive(freed), "\(api.name): [weak self] lets it go: " .. sim.why(freed))
            if kept.timer then kept.timer:invalidate() end
            """)
    }

    @Test func nestedFunctionsAreCapturedEachOnceAndTablesAreNot() throws {
        try RuleScript(prelude: RuleScript.keyWindowApp).passes("""
            local Holder = NSObject:subclass("Holder", { callback = "strong" })
            local h = sim.hold(Holder())
            local a, b, c = sim.hold(UIView()), sim.hold(UIView()), sim.hold(UIView())
            local inTable = { view = c }
            local function helper() return a end
            local function twice() return helper() end
            h.callback = function() twice(); helper(); return b.alpha, inTable.view end
            local function count(text, pattern) local n = 0; for _ in text:gmatch(pattern) do n = n + 1 end; return n end
            assert(count(sim.why(a), "captures 'a'") == 1, sim.why(a))     -- through two nested functions, once
            assert(count(sim.why(b), "captures 'b'") == 1, sim.why(b))
            assert(not sim.why(c):find("closure", 1, true), sim.why(c))    -- a table is not searched
            """)
    }

    @Test func capturesAreDecidedWhenTheFunctionBecomesABlock() throws {
        try RuleScript(prelude: RuleScript.keyWindowApp).passes("""
            local Holder = NSObject:subclass("Holder", { callback = "strong" })
            local h = sim.hold(Holder())
            local v = UIView()
            local first = v
            h.callback = function() return v end
            local block = h.callback
            assert(sim.isObject(block) and tostring(block):find("NSBlock#", 1, true), tostring(block))
            v = UIView()                         -- the upvalue changes; the capture does not
            sim.drain()
            assert(sim.alive(first) and sim.why(first):find("Holder#7.callback (strong) → closure (t:11) captures 'v' (strong) → UIView#8", 1, true), sim.why(first))
            assert(not sim.alive(v), "the new value was never captured")
            -- A function that captures no object stays a function: no block, no id.
            h.callback = function() return 1 end
            assert(type(h.callback) == "function", type(h.callback))
            sim.drain()
            assert(not sim.alive(first) and not sim.alive(block), "the old closure went, and its capture with it")
            """)
    }

    @Test func unownedTrapsWithSwiftsMessageOnceDeallocated() throws {
        let (_, outcome) = try RuleScript(prelude: RuleScript.keyWindowApp).run("""
            local v = UIView()
            local u = sim.unowned(v)
            assert(u.value == v)
            sim.drain()
            local _ = u.value
            """)
        #expect(outcome.status == .crashed)
        #expect(outcome.message?.contains("Fatal error: Attempted to read an unowned reference but object #") == true,
                "\(outcome.message ?? "")")
        #expect(outcome.message?.contains("was already deallocated") == true, "\(outcome.message ?? "")")
    }

    @Test func weakBoxesReadNilOnceDeallocatedAndRefuseWrites() throws {
        try RuleScript(prelude: RuleScript.keyWindowApp).passes("""
            local v = UIView()
            local w = sim.weak(v)
            local name = tostring(v)
            assert(w.value == v and tostring(w) == "weak box of " .. name, tostring(w))
            sim.drain()
            assert(w.value == nil and tostring(w) == "weak box of " .. name .. " (deallocated)", tostring(w))
            local ok, e = pcall(function() w.value = UIView() end)
            assert(not ok and e:find("read-only", 1, true), e)
            assert(getmetatable(w) == "a weak box is KitSim's; its metatable is not the script's")
            local ok2, e2 = pcall(sim.weak, 3)
            assert(not ok2 and e2:find("bad argument #1 to 'weak' (object expected, got number)", 1, true), e2)
            """)
    }
}
