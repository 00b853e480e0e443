import KitSimRuntime

/// A fuzz program: a fixed header (pools, Lua subclasses with properties of every
/// ownership kind, overridable callbacks) and a list of calls, each one line of Lua that
/// the runner executes as a step of its own.
public struct FuzzProgram: Sendable, Equatable {
    public var seed: UInt64
    public var header: String
    public var calls: [String]

    public init(seed: UInt64, header: String = FuzzGenerator.header, calls: [String]) {
        self.seed = seed
        self.header = header
        self.calls = calls
    }
}

/// Generates random sequences of API calls as Lua, from a seed (SplitMix64, never the
/// system generator): creation of views, controllers, windows, navigation, tab and alert
/// controllers; property sets of every ownership kind on Lua subclasses; root swaps;
/// push / pop / present / dismiss with and without animation; window show / hide / level
/// changes; run-loop steps; swizzles; re-entrant callbacks (a `viewDidLoad` override that
/// pushes or swaps roots, a `deinit` that stores `self`, completions that dismiss); and
/// deliberately bad arguments (wrong types, nil, dead handles, huge and negative numbers);
/// and Lua itself around the API (FuzzGenerator+Lua.swift, FuzzGenerator+Chunks.swift):
/// thousands of values through the shim's and the bridge's C functions, the standard
/// library with adversarial arguments, hostile metatables, coroutines, loaded chunks.
///
/// State lives in Lua globals: pools `V` (views), `C` (controllers), `N` (navigation
/// controllers), `T` (tab bar controllers), `A` (alerts), `W` (windows), `K` (blocks),
/// `CO` (coroutines), and `HOOK[obj]`, the callbacks a `FuzzVC` or `FuzzView` runs. A
/// reference to a pool slot may be nil or a handle whose object has died; both are part
/// of the test. `BIG` holds 200,000 small integers (the bytes of the string `BIGS`) for
/// calls with many values; `io.write` writes to a temporary file (`FUZZOUT`), never to
/// the fuzzer's own output.
public struct FuzzGenerator {
    /// Run once per sandbox before the calls.
    public static let header = """
        V, C, N, T, A, W, K, F, X, HOOK, GUARD, CO = {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}
        BIGS = ("\\0\\1\\2\\3\\9\\10\\13\\32\\48\\57\\65\\97\\99\\100\\127\\128\\192\\200\\254\\255"):rep(10000)
        BIG = { BIGS:byte(1, -1) }
        FUZZOUT = io.tmpfile() or io.open("/dev/null", "w")
        if FUZZOUT then io.output(FUZZOUT) end
        FuzzVC = UIViewController:subclass("FuzzVC", { s = "strong", w = "weak", u = "unowned", a = "assign", c = "copy" })
        FuzzView = UIView:subclass("FuzzView", { s = "strong", w = "weak", u = "unowned", a = "assign" })
        local function hook(self, name, ...)
          local h = HOOK[self]
          local f = h and h[name]
          if f then return f(self, ...) end
        end
        function FuzzVC:loadView() if HOOK[self] and HOOK[self].noview then return end UIViewController.loadView(self) end
        function FuzzVC:viewDidLoad() UIViewController.viewDidLoad(self) hook(self, "load") end
        function FuzzVC:viewWillAppear(a) UIViewController.viewWillAppear(self, a) hook(self, "appear", a) end
        function FuzzVC:viewDidAppear(a) UIViewController.viewDidAppear(self, a) hook(self, "appeared", a) end
        function FuzzVC:viewWillDisappear(a) UIViewController.viewWillDisappear(self, a) hook(self, "leaving", a) end
        function FuzzVC:viewDidDisappear(a) UIViewController.viewDidDisappear(self, a) hook(self, "gone", a) end
        function FuzzVC:willMove(p) UIViewController.willMove(self, p) hook(self, "willMove", p) end
        function FuzzVC:didMove(p) UIViewController.didMove(self, p) hook(self, "didMove", p) end
        function FuzzVC:navigationController_willShow(n, vc, a) hook(self, "willShow", n, vc) end
        function FuzzVC:navigationController_didShow(n, vc, a) hook(self, "didShow", n, vc) end
        function FuzzVC:tabBarController_shouldSelect(t, vc) local r = hook(self, "shouldSelect", t, vc) if r == nil then return true end return r end
        function FuzzVC:tabBarController_didSelect(t, vc) hook(self, "didSelect", t, vc) end
        function FuzzVC:deinit() hook(self, "deinit") end
        function FuzzVC:animationController_forPresented(p, presenting, source) local h = HOOK[self] if h and h.animator then return h.animator(self, p) end return self.s end
        function FuzzVC:animationController_forDismissed(d) local h = HOOK[self] if h and h.animator then return h.animator(self, d) end return self.s end
        function FuzzVC:navigationController_animationControllerFor(n, operation, from, to) local h = HOOK[self] if h and h.animator then return h.animator(self, from, to) end return self.s end
        function FuzzVC:transitionDuration(ctx) local h = HOOK[self] if h and h.duration then return h.duration(self, ctx) end return 0.3 end
        function FuzzVC:animateTransition(ctx) X[#X + 1] = ctx hook(self, "animate", ctx) end
        function FuzzVC:gestureRecognizerShouldBegin(r) local v = hook(self, "shouldBegin", r) if v == nil then return true end return v end
        function FuzzVC:willDealloc() local r = hook(self, "willDealloc") if r == nil then return true end return r end
        function FuzzView:hitTest(p) local r = hook(self, "hit", p) if r ~= nil then return r end return UIView.hitTest(self, p) end
        function fuzzcall(f)
          local ok, e = pcall(f)
          if not ok and (e == nil or tostring(e) == "") then error("a failure without a message", 0) end
          sim.verify()
        end
        """

    /// Where the choices come from: a seed (`kitsim fuzz`) or an input's bytes (libFuzzer).
    var rng: FuzzChoices
    /// What the declared-call category draws from (the class declarations).
    let vocabulary: FuzzVocabulary
    // How many slots of each pool have been assigned.
    var counts: [Character: Int] = ["V": 0, "C": 0, "N": 0, "T": 0, "A": 0, "W": 0, "K": 0]
    var swizzles = 0
    var made = 0
    /// How many of the calls so far were Lua-level (`lua()`), for the tests of the share.
    public private(set) var luaLevelCalls = 0
    /// `rng.used` when the current call began.
    var callStart = 0
    /// How many slots of the pool `F` (objects of the classes that are neither views nor
    /// controllers: timers, sessions, observers…) each class has had, so that later calls
    /// reach the same objects again.
    var madeOf: [String: Int] = [:]

    public init(seed: UInt64, vocabulary: FuzzVocabulary = .uikit) {
        self.init(choices: FuzzChoices(seed: seed), vocabulary: vocabulary)
    }

    /// A generator whose choices come from `choices`.
    public init(choices: FuzzChoices, vocabulary: FuzzVocabulary = .uikit) {
        rng = choices
        self.vocabulary = vocabulary
    }

    /// The program of `seed`: `count` calls, the last one running the clock on so that
    /// pending animations, timers and completions fire.
    public static func program(seed: UInt64, calls count: Int, vocabulary: FuzzVocabulary = .uikit) -> FuzzProgram {
        var g = FuzzGenerator(seed: seed, vocabulary: vocabulary)
        var calls: [String] = []
        calls.reserveCapacity(count)
        for i in 0..<count { calls.append(i == count - 1 && count > 1 ? "sim.run(3)" : g.call()) }
        return FuzzProgram(seed: seed, calls: calls)
    }

    // MARK: - References and values

    /// A reference to a slot of `pool`: usually an assigned one, sometimes one past the end (nil).
    mutating func ref(_ pool: Character) -> String {
        let n = counts[pool, default: 0]
        // An empty pool: often a fresh object instead of nil, so that the call does something.
        if n == 0 && rng.chance(60) { return "(\(FuzzGenerator.constructors[pool] ?? "nil"))" }
        let i = n == 0 || rng.chance(8) ? n + 1 : rng.int(1...n)
        return "\(pool)[\(i)]"
    }

    static let constructors: [Character: String] = [
        "V": "FuzzView()", "C": "FuzzVC()", "N": "UINavigationController(FuzzVC())", "T": "UITabBarController()",
        "A": "UIAlertController('t', 'm')", "W": "UIWindow()", "K": "sim.block{ function() end }",
    ]

    /// The slot a creation writes: usually a new one, sometimes an old one (dropping its handle).
    mutating func slot(_ pool: Character) -> String {
        let n = counts[pool, default: 0]
        if n > 0 && rng.chance(15) { return "\(pool)[\(rng.int(1...n))]" }
        counts[pool] = n + 1
        return "\(pool)[\(n + 1)]"
    }

    /// A controller: plain, navigation, tab bar or alert.
    mutating func vc() -> String {
        switch rng.below(20) {
        case 0..<12: return ref("C")
        case 12..<16: return ref("N")
        case 16..<18: return ref("T")
        case 18: return ref("A")
        default: return "(nil)"     // parenthesised: `(nil):present(...)` parses, `nil:present` does not
        }
    }

    /// Any object of any pool.
    mutating func object() -> String {
        ref(rng.pick(["V", "C", "C", "N", "T", "A", "W", "K"] as [Character]))
    }

    mutating func bool() -> String { rng.pick(["true", "false", "true", "false", "nil", "1"]) }

    /// Numbers, ordinary and extreme.
    mutating func number() -> String {
        if rng.chance(60) { return rng.pick(["0", "1", "2", "3", "0.5", "-1", "1000", "2000", "10", "0.35"]) }
        return rng.pick(["1e300", "-1e300", "math.huge", "-math.huge", "0/0", "math.maxinteger", "math.mininteger",
                         "2^53", "1e10", "-0.0", "2^63", "-2^63", "1e-300", "4294967296", "-4294967297"])
    }

    mutating func seconds() -> String {
        if rng.chance(90) { return rng.pick(["0", "0.1", "0.2", "0.35", "0.5", "1", "2.5", "0.01"]) }
        return number()
    }

    mutating func rect() -> String {
        if rng.chance(85) { return rng.pick(["CGRect(0, 0, 100, 100)", "CGRect(0, 0, 390, 844)", "CGRect(10, 20, 50, 60)", "nil", "CGRect()"]) }
        return "CGRect(\(number()), \(number()), \(number()), \(number()))"
    }

    mutating func point() -> String {
        rng.chance(85) ? "CGPoint(\(rng.int(0...400)), \(rng.int(0...900)))" : "CGPoint(\(number()), \(number()))"
    }

    /// A deliberately bad (or merely surprising) argument.
    mutating func bad() -> String {
        switch rng.below(30) {
        case 0: return "nil"
        case 1: return number()
        case 2: return "\"x\""
        case 3: return "\"\""
        case 4: return "{}"
        case 5: return "{1, 2}"
        case 6: return "function() end"
        case 7: return "true"
        case 8: return "false"
        case 9: return "UIView"
        case 10: return "CGRect(0/0, 1e300, -5, math.huge)"
        case 11: return "CGPoint(1e300, -1e300)"
        case 12: return "sim"
        case 13: return "coroutine.create(function() end)"
        case 14: return "setmetatable({}, { __tostring = function() error('tostring bomb') end })"
        case 15: return "string.rep('a', 1000)"
        case 16: return "{ x = 1 }"
        case 17: return "{ V[1], 3 }"
        case 18: return "setmetatable({}, { __index = function() error('index bomb') end })"
        case 19: return "io"
        default: return object()
        }
    }

    /// A completion or callback argument.
    mutating func completion() -> String {
        switch rng.below(10) {
        case 0..<4: return "nil"
        case 4..<8: return "function() \(action()) end"
        case 8: return ref("K")
        default: return bad()
        }
    }

    /// A statement with side effects, for callbacks, completions and swizzles: the
    /// re-entrant calls.
    mutating func action() -> String {
        switch rng.below(24) {
        case 22: return "collectgarbage()"
        case 23:
            // A finalizer runs at the next collection, wherever that happens: possibly
            // while Swift is pushing a value, in the middle of a bridge call.
            return "setmetatable({}, { __gc = function() \(action()) end })"
        case 0: return "local n = \(ref("N")) if n then n:pushViewController(\(vc()), \(bool())) end"
        case 1: return "\(ref("W")).rootViewController = \(vc())"
        case 2: return "error('boom in a callback')"
        case 3: return "\(vc()):present(\(vc()), \(bool()))"
        case 4: return "\(vc()):dismiss(\(bool()))"
        case 5: return "sim.run(0)"
        case 6: return "sim.run(\(seconds()))"
        case 7: return "sim.drain()"
        case 8: return "\(ref("N")):popViewController(\(bool()))"
        case 9: return "UIApplication.shared.delegate.window = \(ref("W"))"
        case 10: return "\(ref("W")):makeKeyAndVisible()"
        case 11: return "\(ref("W")).isHidden = \(bool())"
        case 12: return "\(ref("C")).s = \(object())"
        case 13: return "sim.release(\(object()))"
        case 14: return "coroutine.yield()"
        case 15: return "\(ref("T")).selectedIndex = \(rng.int(0...2))"
        case 16: return "\(ref("V")):removeFromSuperview()"
        case 17: return "sim.hold(\(object()))"
        case 18: return "local v = \(vc()).view"
        case 19: return "\(ref("N")):setViewControllers({ \(vc()), \(vc()) }, \(bool()))"
        case 20: return "\(ref("C")):removeFromParent()"
        default: return "sim.tap(\(ref("A")), \"OK\")"
        }
    }

    /// A callback body that receives `self` (a `FuzzVC` or `FuzzView`).
    mutating func selfAction() -> String {
        switch rng.below(14) {
        case 0: return "local n = \(ref("N")) if n then n:pushViewController(self, \(bool())) end"
        case 1: return "\(ref("W")).rootViewController = self"
        case 2: return "self:present(\(vc()), \(bool()))"
        case 3: return "self:dismiss(\(bool()))"
        case 4: return "local v = self.view"
        case 5: return "self:removeFromParent()"
        case 6: return "\(ref("C")).s = self"
        case 7: return "sim.release(self)"
        case 8: return "sim.hold(self)"
        case 9: return "self.view = \(ref("V"))"
        case 10: return "self:addChild(\(vc()))"
        case 11: return "local w = self.view and self.view.window if w then w.rootViewController = \(vc()) end"
        case 12: return "self.s = \(object())"
        default: return action()
        }
    }

    // MARK: - Calls

    /// One call: a line of Lua.
    public mutating func call() -> String {
        let line: String
        made += 1
        callStart = rng.used
        // The first calls mostly populate the pools.
        switch made <= 6 ? rng.below(16) : rng.below(110) {
        case 0..<16: line = create()
        case 16..<28: line = ownership()
        case 28..<38: line = windows()
        case 38..<48: line = navigation()
        case 48..<56: line = presentation()
        case 56..<60: line = tabs()
        case 60..<67: line = runLoop()
        case 67..<72: line = hooks()
        case 72..<74: line = swizzle()
        case 74..<82: line = badArguments()
        case 82..<86: line = inspect()
        // The declared classes' own calls: most of the model's classes are reached only here.
        case 86..<99: line = declared()
        case 99 where rng.chance(50):
            line = rng.chance(50) ? "setmetatable({}, { __gc = function() \(action()) end })"
                : "collectgarbage(\(rng.pick(["\"collect\"", "\"step\"", "\"generational\"", "\"incremental\""])))"
        // Lua itself around the API: the standard library with adversarial arguments,
        // metamethods, coroutines and loaded chunks (FuzzGenerator+Lua.swift).
        case 100..<110:
            line = lua()
            luaLevelCalls += 1
        // A profile change, with scenes on or off (SPEC rules 69–72; an error below iOS 13).
        default: line = "sim.configure{ ios = \(rng.pick(["7", "8", "13", "17", "6", "99", "0/0", "1e300"])), transition = \(rng.pick(["0", "0.35", "1", "-1", "1e300", "0/0"])), scenes = \(rng.pick(["false", "true", "true", "nil"])) }"
        }
        // Some calls run inside a coroutine: the bridge must use the calling thread's stack.
        if rng.chance(4) { return "coroutine.wrap(function() \(line) end)()" }
        return line
    }

    /// A creation; four in ten created objects get an owner at once (`sim.hold`), so
    /// that the pools keep live objects across run-loop turns as well as dead handles.
    mutating func create() -> String {
        let line = creation()
        if line.hasPrefix("for") || !rng.chance(40) { return line }
        let target = line.prefix { $0 != " " }
        return line + " sim.hold(\(target))"
    }

    mutating func creation() -> String {
        switch rng.below(13) {
        case 0: return "\(slot("V")) = UIView(\(rect()))"
        case 1: return "\(slot("V")) = FuzzView(\(rect()))"
        case 2: return "\(slot("C")) = UIViewController()"
        case 3, 4: return "\(slot("C")) = FuzzVC()"
        case 5: return "\(slot("N")) = UINavigationController(\(vc()))"
        case 6: return "\(slot("T")) = UITabBarController()"
        case 7: return "\(slot("W")) = UIWindow(\(rect()))"
        case 8:
            let a = slot("A")
            return "\(a) = UIAlertController(\"t\", \"m\", \(rng.pick(["\"alert\"", "\"actionSheet\"", "nil", "\"sheet\""]))) "
                + "\(a):addAction(UIAlertAction(\"OK\", \"default\", \(completion())))"
        case 9:
            return "\(slot("K")) = sim.block{ strong = { \(object()) }, weak = { \(object()) }, function() \(action()) end }"
        case 10: return "for i = 1, \(rng.pick(["10", "100", "500"])) do local v = UIView() end"
        case 11:
            // A controller owned at once: a held FuzzVC with a view.
            let c = slot("C")
            return "\(c) = FuzzVC() sim.hold(\(c)) local v = \(c).view"
        default:
            let w = slot("W")
            return "\(w) = UIWindow() UIApplication.shared.delegate.window = \(w) \(w).rootViewController = \(vc()) \(w):makeKeyAndVisible()"
        }
    }

    mutating func ownership() -> String {
        switch rng.below(25) {
        case 0: return "sim.hold(\(object()))"
        case 1: return "sim.release(\(object()))"
        // `;` ends the declaration: the action may begin with a parenthesis.
        case 2: return "do local h <close> = sim.hold(\(object())); \(action()) end"
        case 3: return "UIApplication.shared.delegate.window = \(rng.chance(80) ? ref("W") : bad())"
        case 4, 5: return "\(ref("C")).\(rng.pick(["s", "w", "u", "a", "c"])) = \(object())"
        case 6: return "\(ref("V")).\(rng.pick(["s", "w", "u", "a"])) = \(object())"
        case 7: return "local x = \(ref("C")).\(rng.pick(["s", "w", "u", "a", "c"])) if x then tostring(x) local _ = x.view end"
        case 8: return "local x = \(ref("V")).\(rng.pick(["s", "w", "u", "a"])) if x then x:removeFromSuperview() end"
        case 9, 10: return "\(ref("V")):addSubview(\(rng.chance(85) ? ref("V") : ref("W")))"
        case 11: return "\(ref("V")):insertSubview(\(ref("V")), \(number()))"
        case 12: return "\(ref("V")):removeFromSuperview()"
        case 13: return "\(ref("V")):\(rng.pick(["bringSubviewToFront", "sendSubviewToBack"]))(\(ref("V")))"
        case 14: return "\(vc()):addChild(\(vc()))"
        case 15: return "\(vc()):removeFromParent()"
        case 16: return "\(vc()).view = \(rng.chance(70) ? ref("V") : "nil")"
        case 17: return "\(ref("K"))()"
        case 18: return "local v = \(vc()).view if v then \(ref("V")):addSubview(v) end"
        case 19: return "\(ref("C")).\(rng.pick(["s", "c"])) = { \(object()), \(object()) }"
        case 20: return "sim.label(\(object()), \"obj\")"
        // SPEC rule 26: tables of objects, nested and keyed, in every kind of property and
        // in undeclared fields; read back and walked.
        case 21:
            let table = rng.pick([
                "{ a = \(object()), list = { \(object()), { k = \(object()) } }, [2] = \(object()), [true] = \(object()) }",
                "{ { { \(object()) } }, \(object()) }",
                "(function() local t = { \(object()) } t[2] = t return t end)()",
                "{ [\(object())] = 1 }",
                "setmetatable({ \(object()) }, {})",
                "{}",
            ])
            return "\(ref("C")).\(rng.pick(["s", "c", "w", "u", "a", "junk"])) = \(table)"
        case 22: return "local t = \(ref("C")).\(rng.pick(["s", "c"])) if type(t) == 'table' then for _, x in pairs(t) do tostring(x) end end"
        case 23: return "\(ref("V")).s = { \(ref("V")), m = { \(ref("C")) } }"
        default: return "local v = \(ref("W")) if v then v:addSubview(\(ref("V"))) end"
        }
    }

    mutating func windows() -> String {
        switch rng.below(12) {
        case 0, 1, 2: return "\(ref("W")).rootViewController = \(vc())"
        case 3, 4: return "\(ref("W")):makeKeyAndVisible()"
        case 5: return "\(ref("W")).isHidden = \(bool())"
        case 6: return "\(ref("W")):makeKey()"
        case 7: return "\(ref("W")).windowLevel = \(rng.chance(70) ? rng.pick(["0", "1000", "2000", "-1", "1"]) : number())"
        case 8: return "\(ref("W")).frame = \(rect())"
        // Scenes (SPEC rules 69–72): a window made in or moved to the connected scene, or out
        // of it; on iOS 12 and below these are unrecognized selectors.
        case 9: return "W[\(rng.int(1...4))] = UIWindow(UIApplication.shared.connectedScenes[1])"
        case 10: return "\(ref("W")).windowScene = \(rng.chance(60) ? "UIApplication.shared.connectedScenes[1]" : "nil")"
        default: return "\(ref("V")).\(rng.pick(["isHidden", "alpha", "isUserInteractionEnabled"])) = \(rng.chance(50) ? bool() : number())"
        }
    }

    mutating func navigation() -> String {
        switch rng.below(14) {
        case 0, 1, 2: return "\(ref("N")):pushViewController(\(vc()), \(bool()))"
        case 3, 4: return "\(ref("N")):popViewController(\(bool()))"
        case 5: return "\(ref("N")):popToRootViewController(\(bool()))"
        case 6: return "\(ref("N")):popToViewController(\(vc()), \(bool()))"
        case 7: return "\(ref("N")):setViewControllers({ \(vc()), \(vc()) }, \(bool()))"
        case 8: return "\(ref("N")).viewControllers = { \(vc()) }"
        case 9: return "\(ref("N")).delegate = \(object())"
        case 10, 11: return "sim.swipeBack(\(ref("N")), { complete = \(rng.pick(["true", "false"])), drag = \(seconds()) })"
        case 12: return "\(ref("N")).interactivePopGestureRecognizer.delegate = \(vc())"
        default: return "\(ref("N")).transitionCoordinator:notifyWhenInteractionEnds(\(completion()))"
        }
    }

    mutating func presentation() -> String {
        switch rng.below(13) {
        case 0, 1, 2: return "\(vc()):present(\(vc()), \(bool()), \(completion()))"
        case 3, 4: return "\(vc()):dismiss(\(bool()), \(completion()))"
        case 5: return "\(ref("C")).modalPresentationStyle = \(rng.pick(["\"fullScreen\"", "\"pageSheet\"", "\"automatic\"", "\"x\"", "nil", "3"]))"
        case 6: return "\(vc()):present(\(ref("A")), \(bool()))"
        case 7: return "sim.tap(\(ref("A")), \(rng.pick(["\"OK\"", "\"Cancel\"", "nil", "3"])))"
        // Custom transitions (SPEC rules 57-61): a FuzzVC delegate offers its `s` as the
        // animator; a FuzzVC animator keeps its contexts in X, completed later or never.
        case 8: return "\(ref("C")).transitioningDelegate = \(vc())"
        case 9: return "\(ref("C")).modalPresentationStyle = \(rng.pick(["\"custom\"", "\"overFullScreen\"", "\"fullScreen\""]))"
        case 10: return "\(ref("C")).s = \(vc())"
        case 11: return "X[\(rng.int(1...4))]:completeTransition(\(bool()))"
        default: return "\(ref("C")).transitionCoordinator:animate(\(completion()), \(completion()))"
        }
    }

    mutating func tabs() -> String {
        switch rng.below(5) {
        case 0: return "\(ref("T")).viewControllers = { \(vc()), \(vc()), \(vc()) }"
        case 1: return "\(ref("T")).selectedIndex = \(rng.chance(70) ? String(rng.int(0...3)) : number())"
        case 2: return "sim.tap(\(ref("T")), \(vc()))"
        case 3: return "\(ref("T")).selectedViewController = \(vc())"
        default: return "\(ref("T")).delegate = \(ref("C"))"
        }
    }

    mutating func runLoop() -> String {
        switch rng.below(9) {
        // Swift concurrency's work on the run loop (rules 91–94): tasks, streams, cancellations.
        case 7, 8: return tasks(rng.int(1...4))
        case 0, 1: return "sim.run(\(seconds()))"
        case 2: return "sim.run(0)"
        case 3: return "sim.drain()"
        case 4: return "sim.after(\(seconds()), \(completion()))"
        // SPEC rules 52–55: a turn of the device, refused or not, mid-transition or not.
        case 5: return "sim.rotateDevice(\(rng.pick(["\"landscapeLeft\"", "\"landscapeRight\"", "\"portrait\"", "\"portraitUpsideDown\"", "\"faceUp\"", "\"sideways\"", "nil"])))"
        default: return "sim.run(\(rng.pick(["0.35", "0.4", "2.1"])))"
        }
    }

    /// Re-entrant callbacks: what a FuzzVC does in viewDidLoad, viewWillAppear,
    /// viewDidDisappear, willDealloc or deinit, a loadView that never sets the view, a
    /// hitTest override.
    mutating func hooks() -> String {
        let target = rng.chance(85) ? ref("C") : ref("V")
        switch rng.below(8) {
        case 0, 1, 2:
            let name = rng.pick(["load", "load", "appear", "appeared", "leaving", "gone", "deinit", "deinit", "willMove", "didMove",
                                 "willShow", "didShow", "shouldSelect", "didSelect", "willDealloc"])
            return "HOOK[\(target)] = { \(name) = function(self) \(selfAction()) end }"
        case 3:
            // Two callbacks at once.
            return "HOOK[\(target)] = { load = function(self) \(selfAction()) end, deinit = function(self) \(selfAction()) end }"
        case 4: return "HOOK[\(target)] = { deinit = function(self) \(selfAction()) end }"
        case 5: return "HOOK[\(target)] = { noview = true }"
        case 6: return "HOOK[\(target)] = { \(rng.pick(["shouldSelect", "willDealloc"])) = function() return \(rng.pick(["false", "nil", "true", "42"])) end }"
        default: return "HOOK[\(target)] = { hit = function(self, p) return \(rng.pick(["nil", ref("V"), "self", "42", "false"])) end }"
        }
    }

    /// Selectors to swizzle, by class: every selector the declarations give each global
    /// class, and the fuzz subclass's overrides. Swizzled, they run Lua code (and errors)
    /// in the middle of the model's own work.
    var swizzlable: [(String, [String])] {
        vocabulary.swizzlable + [("FuzzVC", ["viewDidLoad", "deinit", "viewWillAppear"])]
    }

    mutating func swizzle() -> String {
        guard swizzles < 8 else { return runLoop() }
        swizzles += 1
        if rng.chance(50) {
            let (cls, selectors) = rng.pick(swizzlable)
            let body: String
            switch rng.below(6) {
            case 0: body = "return original(self, ...)"
            case 1, 2: body = "\(action()) return original(self, ...)"
            case 3: body = "local r = original(self, ...) \(action()) return r"
            case 4: body = action()
            default: body = rng.chance(50) ? "error('boom in a swizzle')" : "local r = original(self, ...) error('boom after the original')"
            }
            return "\(cls):swizzle(\"\(rng.pick(selectors))\", function(self, original, ...) \(body) end)"
        }
        switch rng.below(8) {
        case 0:
            return "UINavigationController:swizzle(\"pushViewController\", function(self, original, vc, animated) \(action()) return original(self, vc, animated) end)"
        case 1:
            // Seed 003's guard: no push while a transition is in flight.
            return "UINavigationController:swizzle(\"pushViewController\", function(self, original, vc, animated) "
                + "if GUARD[self] then return end GUARD[self] = true original(self, vc, animated) "
                + "sim.after(0.5, function() GUARD[self] = nil end) end)"
        case 2: return "FuzzVC:swizzle(\"viewWillAppear\", function(self, original, a) original(self, a) \(action()) end)"
        case 3: return "UIViewController:swizzle(\"viewDidLoad\", function(self, original) \(action()) original(self) end)"
        case 4: return "UIWindow:swizzle(\"setRootViewController\", function(self, original, vc) \(action()) original(self, vc) end)"
        case 5: return "UIViewController:swizzle(\"dismiss\", function(self, original, a, c) original(self, a, c) \(action()) end)"
        case 6: return "sim.exchange(\(rng.pick(["FuzzVC", "UIViewController", "UINavigationController"])), \"\(rng.pick(["viewWillAppear", "viewDidLoad", "popViewController"]))\", \"\(rng.pick(["viewDidAppear", "loadView", "pushViewController"]))\")"
        default: return "UIView:swizzle(\"addSubview\", function(self, original, v) \(action()) return original(self, v) end)"
        }
    }

    mutating func badArguments() -> String {
        switch rng.below(36) {
        case 0: return "\(ref("V")):addSubview(\(bad()))"
        case 1: return "\(ref("N")):pushViewController(\(bad()), \(bad()))"
        case 2: return "\(ref("W")).rootViewController = \(bad())"
        case 3: return "sim.run(\(bad()))"
        case 4: return "sim.after(\(bad()), \(bad()))"
        case 5: return "\(ref("T")).selectedIndex = \(bad())"
        case 6: return "\(ref("V")):insertSubview(\(ref("V")), \(bad()))"
        case 7: return "sim.configure{ \(rng.pick(["ios", "transition", "abandonedDelay", "nope"])) = \(bad()) }"
        case 8: return "sim.trace(\(bad()))"
        case 9: return "sim.hitTest(\(bad()), \(bad()))"
        case 10: return "\(slot("W")) = UIWindow(\(bad()))"
        case 11: return "\(vc()):present(\(bad()), \(bad()), \(bad()))"
        case 12: return "sim.block(\(bad()))"
        case 13: return "\(rng.pick(["UIViewController", "UIView", "FuzzVC", "UIWindow"])):subclass(\(bad()), \(bad()))"
        case 14: return "sim.label(\(bad()), \(bad()))"
        case 15: return "\(ref("V")).\(rng.pick(["frame", "bounds", "alpha", "tag", "backgroundColor", "restorationIdentifier"])) = \(bad())"
        case 16: return "sim.tap(\(bad()), \(bad()))"
        case 17: return "\(ref("N")).pushViewController(\(bad()), \(bad()))"
        case 18: return "sim.retainCount(\(bad()))"
        case 19: return "sim.why(\(bad()))"
        case 20: return "UIAlertAction(\(bad()), \(bad()), \(bad()))"
        case 21: return "sim.exchange(\(bad()), \(bad()), \(bad()))"
        case 22: return "FuzzVC:swizzle(\(bad()), \(bad()))"
        case 23: return "\(ref("V"))[\(bad())] = \(bad())"
        case 24: return "local x = \(object())[\(bad())]"
        case 25: return "\(ref("N")):setViewControllers(\(bad()), \(bad()))"
        case 26: return "\(ref("T")).viewControllers = \(bad())"
        case 27: return "\(ref("W")).windowLevel = \(bad())"
        case 28: return "\(ref("C")).view = \(bad())"
        case 29: return "\(ref("W")):hitTest(\(bad()))"
        case 30: return "UINavigationController(\(bad()))"
        case 31: return "\(ref("C")):addChild(\(bad()))"
        case 32: return "\(ref("N")):popToViewController(\(bad()), \(bad()))"
        case 33: return "UIViewController:extend(\(bad()))"
        case 34: return "sim.graph(\(bad()))"
        default: return "\(vc()):dismiss(\(bad()), \(bad()))"
        }
    }

    // MARK: - Declared calls

    /// A call drawn from the declarations: a method of any global class with arguments of
    /// its parameters' types (now and then a bad one), or an assignment to a writable
    /// property.
    mutating func declared() -> String {
        if !vocabulary.assignments.isEmpty && (vocabulary.calls.isEmpty || rng.chance(30)) {
            let a = rng.pick(vocabulary.assignments)
            return "\(receiver(a.className)).\(a.property.name) = \(rng.chance(10) ? bad() : value(a.property.type))"
        }
        guard !vocabulary.calls.isEmpty else { return inspect() }
        if !vocabulary.classCalls.isEmpty && rng.chance(15) {
            let c = rng.pick(vocabulary.classCalls)
            return "\(c.className).\(c.signature.luaName)(\(arguments(c.signature).joined(separator: ", ")))"
        }
        let c = rng.pick(vocabulary.calls)
        let call = "\(receiver(c.className)):\(c.signature.luaName)(\(arguments(c.signature).joined(separator: ", ")))"
        // A result of a class the pools keep is kept in `F`, where later calls find it.
        if case .object(let cls) = c.signature.returns, isPooled(cls), rng.chance(40) { return "\(newSlot(cls)) = \(call)" }
        return call
    }

    /// Whether objects of the class live in the pool `F` (not a view, a controller, a block
    /// or a singleton's class).
    func isPooled(_ cls: String) -> Bool {
        let v = vocabulary
        return !v.isClass(cls, kindOf: "UIView") && !v.isClass(cls, kindOf: "UIViewController") && cls != "NSBlock"
            && cls != "NSObject" && v.singleton(of: cls) == nil && ["UIApplication", "UIScreen", "AppDelegate"].allSatisfy { $0 != cls }
    }

    /// A new slot of the pool `F` for an object of the class.
    mutating func newSlot(_ cls: String) -> String {
        let k = (madeOf[cls] ?? 0) + 1
        madeOf[cls] = k
        return "F.\(cls)_\(k)"
    }

    /// Arguments for a signature: of each parameter's type, now and then a bad one.
    mutating func arguments(_ s: MethodSignature) -> [String] {
        s.parameters.enumerated().compactMap { i, p -> String? in
            // Trailing optional parameters are sometimes left out.
            if p.isOptional && i >= s.requiredCount && rng.chance(30) { return nil }
            if rng.chance(8) { return bad() }
            return p.isOptional && rng.chance(10) ? "nil" : value(p.type)
        }
    }

    /// An object of the class: from the pool its kind lives in, else a singleton or a
    /// fresh one (parenthesised, so that a method call on it parses).
    mutating func receiver(_ cls: String) -> String {
        let v = vocabulary
        if v.isClass(cls, kindOf: "UIWindow") { return ref("W") }
        if v.isClass(cls, kindOf: "UINavigationController") { return ref("N") }
        if v.isClass(cls, kindOf: "UITabBarController") { return ref("T") }
        if v.isClass(cls, kindOf: "UIAlertController") { return ref("A") }
        // A subclass the pools do not keep apart (a table view, a page view controller)
        // is often made fresh, so that its own methods run rather than fail on a plain view.
        let special = cls != "UIView" && cls != "UIViewController" && v.interface(cls)?.isGlobal == true
        if v.isClass(cls, kindOf: "UIViewController") { return special && rng.chance(50) ? fresh(cls) : vc() }
        if v.isClass(cls, kindOf: "UIView") { return special && rng.chance(50) ? fresh(cls) : ref("V") }
        switch cls {
        case "UIApplication": return "UIApplication.shared"
        case "UIScreen": return "UIScreen.main"
        case "AppDelegate": return "UIApplication.shared.delegate"
        case "NSBlock": return ref("K")
        default:
            if let s = v.singleton(of: cls), rng.chance(90) { return "\(cls).\(s)" }
            // An object of the pool, or one made now (and sometimes kept there).
            if let n = madeOf[cls], rng.chance(60) { return "F.\(cls)_\(rng.int(1...n))" }
            return fresh(cls)
        }
    }

    /// A new object of the class, its initializer given values of its parameters' types,
    /// sometimes kept in the pool `F` (parenthesised, so that a method call on it parses).
    mutating func fresh(_ cls: String) -> String {
        let params = vocabulary.interface(cls)?.initializer?.parameters ?? []
        let made = "\(cls)(\(params.filter { !$0.isOptional }.map { value($0.type) }.joined(separator: ", ")))"
        if isPooled(cls), rng.chance(30) { return "(function() \(newSlot(cls)) = \(made) return F.\(cls)_\(madeOf[cls] ?? 1) end)()" }
        return "(\(made))"
    }

    /// A value of a declared type.
    mutating func value(_ t: ArgumentType) -> String {
        switch t {
        case .any, .table, .tables: return rng.chance(50) ? object() : bad()
        case .bool: return bool()
        case .number, .integer: return number()
        case .string: return rng.pick(["\"OK\"", "\"t\"", "\"\"", "\"Cancel\""])
        case .rect: return rect()
        case .point: return point()
        case .size: return rng.chance(85) ? rng.pick(["CGSize(390, 844)", "CGSize(844, 390)", "CGSize()"]) : "CGSize(\(number()), \(number()))"
        case .metaclass: return rng.pick(["UITableViewCell", "UICollectionViewCell", "UIView", "nil"])
        case .indexPath: return rng.chance(90) ? "IndexPath(\(rng.int(0...3)), \(rng.int(0...1)))" : number()
        case .time: return rng.chance(90) ? "(DispatchTime.now() + \(number()))" : number()
        case .object(let cls): return cls == "NSObject" ? object() : receiver(cls)
        case .array(let cls): return "{ \(value(.object(cls))), \(value(.object(cls))) }"
        case .enumeration(let e): return rng.chance(90) ? "\"\(rng.pick(e.cases))\"" : "\"nope\""
        case .function: return completion()
        case .void: return "nil"
        }
    }

    mutating func inspect() -> String {
        switch rng.below(19) {
        case 0: return "sim.why(\(object()))"
        case 1: return "sim.history(\(object()))"
        case 2: return "local l = sim.leaks() for _, x in ipairs(l) do tostring(x) end"
        case 3:
            // SPEC rules 47, 49, 50: the cycle searches and MLeaksFinder's whitelist.
            switch rng.below(4) {
            case 0: return "sim.cycles()"
            case 1: return "sim.cycles(\(object()))"
            case 2: return "sim.cycles(\(object()), { maxLength = \(rng.pick(["1", "2", "10", "100", "0", "101", "2.5", "0/0", "'x'"])) })"
            default: return "sim.ignoreAbandoned(\(rng.pick([object(), "FuzzVC", "UIViewController", "42"])))"
            }
        case 4: return "local s = sim.screen() local t = s.text"
        case 5: return "sim.hitTest(\(rng.int(0...400)), \(rng.int(0...900)))"
        case 6: return "sim.graph(\(rng.pick(["\"dot\"", "\"mermaid\""])))"
        case 7: return "sim.trace(\(rng.pick(["5", "nil", "0", "100"])))"
        case 8: return "tostring(\(object()))"
        case 9: return "sim.retainCount(\(object()))"
        case 10: return "local x = \(object()) if x then x:isKind(UIView) x:responds(\"view\") end"
        case 11: return "local w = UIApplication.shared.windows local k = UIApplication.shared.keyWindow"
        case 12: return "local n = \(ref("N")) if n then local t, v = n.topViewController, n.visibleViewController end"
        case 13: return "local c = \(ref("C")) if c then local n, t, p = c.navigationController, c.tabBarController, c.presentingViewController end"
        case 14: return "\(ref("W")):hitTest(\(point()))"
        case 15: return "local v = \(ref("V")) if v then local w, s = v.window, v.subviews end"
        case 16: return "local c = \(vc()) if c then local ch, l, vl = c.children, c.isViewLoaded, c.viewIfLoaded end"
        case 17:
            // Heap generations: a mark, then what is alive since it, or a short growth
            // check whose round runs a call of the program's own vocabulary.
            switch rng.below(3) {
            case 0: return "sim.mark(\"m\")"
            case 1: return "sim.mark(\"m\") local s = sim.since(\"m\") local t = tostring(s)"
            default: return "local g = sim.growth(\(rng.pick(["2", "3"])), function() \(slot("V")) = UIView() end) local t = tostring(g)"
            }
        default: return "sim.alive(\(object()))"
        }
    }
}
