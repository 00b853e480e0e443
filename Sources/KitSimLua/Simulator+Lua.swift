import CLua
import CLuaShim
@_exported import KitSim
@_exported import KitSimBridge
@_exported import KitSimReport

/// The binding of the UIKit model to the generic bridge (SPEC §1): the model's classes as
/// globals with their class members, and the `sim` members that need the model — the
/// virtual clock, the screen, taps and the model's configuration.
extension Simulator: SandboxModel {
    public var classInterfaces: [ClassInterface] { declarations.map { $0.interface } }

    /// Settles as `sim.run(0)` does: inside an `autoreleasepool` block too, where the turn
    /// cannot end, the run loop leaves the block's pool alone.
    public func settle() throws { try run(0) }

    public func install(in sandbox: LuaSandbox, simTable simIndex: Int32) throws {
        let L = sandbox.L
        // The globals come from the declarations (SPEC §4): each global class is a class
        // table, made without its class (`Heap.defer`); the class and its statics come
        // when a script first uses the table.
        // UIKit's classes have the ids `Heap.defer` reserved, in list order after the root's.
        let first = heap.rootClass.id
        var globals: [(name: String, id: UInt32)] = []
        globals.reserveCapacity(Simulator.deferredClasses.count)
        for (i, c) in Simulator.deferredClasses.enumerated() where c.isGlobal {
            globals.append((c.name, first + UInt32(i)))
        }
        sandbox.setDeclaredClassGlobals(L, globals)
        for d in extraClasses where d.interface.isGlobal {
            guard let cls = heap.classNamed(d.name) else { continue }
            sandbox.pushClassTable(L, cls)
            sandbox.setGlobalRaw(L, cls.name)
        }
        func def(_ signature: MethodSignature, _ fn: @escaping (LuaSandbox, OpaquePointer) throws -> Int32) {
            sandbox.defineSimFunction(L, simIndex, signature, fn)
        }
        let sim = self
        // SPEC rule 56: Foundation's version globals; `sim.configure` sets the current one again.
        for (name, value) in Simulator.foundationVersionConstants {
            lua_pushnumber(L, value)
            sandbox.setGlobalRaw(L, name)
        }
        installFoundationVersionNumber(sandbox, L)
        installConcurrencyGlobals(L)
        def(MethodSignature("run", [.number("seconds", optional: true)], summary: "Runs the main run loop for virtual seconds (0: one turn): timers, layout, transitions.")) { sb, L in
            let seconds = try sb.numberArgument(L, 1, "run", default: 0)
            if sim.now + seconds > sb.limitsConfiguration.virtualSeconds {
                let e = SimError.limitExceeded(.virtualTime(seconds: sb.limitsConfiguration.virtualSeconds))
                kitsim_stop(L, e.message)
                throw e
            }
            try sim.run(seconds)
            return 0
        }

        def(MethodSignature("after", [Parameter("delay", .any), .function("fn", optional: false), Parameter("options", .table, optional: true)],
                            summary: "Calls the function after a virtual delay (`DispatchQueue.main.asyncAfter`); a delay `{lo, hi}` is uncertain, and `kitsim explore` chooses when (`{ label = \"…\" }` names it).")) { sb, L in
            guard lua_type(L, 2) == LUA_TFUNCTION || kitsim_handle_id(L, 2) != 0 else {
                throw SimError.badArgument(2, "after", expected: "function", got: sb.typeName(L, 2))
            }
            let options = try sim.momentOptions(sb.value(L, 3), "after", position: 3)
            if options.window != nil { throw SimError.badArgument(3, "after", "the window is the delay: sim.after({lo, hi}, fn)", kind: .invalidUse) }
            // SPEC §2: the function is a closure, capturing what it uses (asyncAfter's block).
            if lua_type(L, 1) == LUA_TTABLE {
                let window = try sim.window(sb.value(L, 1), "after", position: 1, name: "delay")
                try sim.after(between: window.earliest, and: window.latest, try sb.heap.closure(sb.value(L, 2)), label: options.label)
                return 0
            }
            let delay = try sb.numberArgument(L, 1, "after")
            try sim.after(delay, try sb.heap.closure(sb.value(L, 2)), label: options.label)
            return 0
        }

        def(MethodSignature("screen", returns: .table, summary: "What is on screen: `{ black, keyWindow, windows, visibleControllers, coveredViews, frontmostView, text }`.")) { sb, L in try sb.pushScreen(L, sim.screen()); return 1 }
        def(MethodSignature("hitTest", [.number("x"), .number("y")], returns: .object("UIView"), optional: true, summary: "The view a touch at the point reaches, as UIKit's hit-testing finds it.")) { sb, L in
            let p = Point(x: try sb.numberArgument(L, 1, "hitTest"), y: try sb.numberArgument(L, 2, "hitTest"))
            sb.push(L, try sim.hitTest(p).map(Value.object) ?? .nil)
            return 1
        }
        def(MethodSignature("swipeDown", [.object("presented", "UIViewController"), Parameter("options", .table, optional: true)], returns: .bool,
                            summary: "Drags a presented sheet down like a user (iOS 13+, rule 83): its presentation controller's delegate is asked and told; returns whether the sheet was dismissed. `{ within = {lo, hi} }`: at a moment `kitsim explore` chooses (returns nothing).")) { sb, L in
            let presented = try sb.objectArgument(L, 1, "swipeDown")
            let options = try sim.momentOptions(sb.value(L, 2), "swipeDown", position: 2)
            return try sb.userAction(L, sim, options, what: "swipe down", target: presented) { [unowned sim] in
                try sim.presentations.swipeDown(presented)
            }
        }
        def(MethodSignature("tap", [.object("target", "NSObject"), Parameter("what", .any, optional: true), Parameter("options", .table, optional: true)], returns: .bool,
                            summary: "Taps like a user: a tab (`sim.tap(tabBar, child)`), an alert's action (`sim.tap(alert, \"OK\")`), an alert view's or action sheet's button, a control (`touchDown`, `touchUpInside`) or a view's tap recognizers; returns whether the tap reached something. A last argument `{ within = {lo, hi}, label = \"…\" }` taps at a moment `kitsim explore` chooses (and returns nothing).")) { sb, L in
            let target = try sb.objectArgument(L, 1, "tap")
            let heap = sb.heap
            // SPEC rule 37: the first argument picks what the tap is; its options come after
            // what it needs.
            let tap: () throws -> Bool
            var what = ""
            var optionsAt: Int32 = 3
            if heap.isKind(target, of: UITabBarController.handle) {
                let child = try sb.objectArgument(L, 2, "tap")
                tap = { [unowned sim] in try sim.tapTab(target, child); return true }
                what = " " + sb.shortName(child)
            } else if heap.isKind(target, of: UIAlertController.handle) {
                guard let title = sb.string(L, 2) else {
                    throw SimError.badArgument(2, "tap", expected: "action title", got: sb.typeName(L, 2))
                }
                tap = { [unowned sim] in try sim.tapAlert(target, title); return true }
                what = " '\(title)'"
            } else if heap.isKind(target, of: UIActionSheet.handle) || heap.isKind(target, of: UIAlertView.handle) {
                guard let title = sb.string(L, 2) else {
                    throw SimError.badArgument(2, "tap", expected: "button title", got: sb.typeName(L, 2))
                }
                tap = { [unowned sim] in try sim.presentations.tapLegacyAlert(target, title); return true }
                what = " '\(title)'"
            } else if heap.isKind(target, of: UITableView.handle) || heap.isKind(target, of: UICollectionView.handle) {
                guard case .indexPath(let path) = sb.value(L, 2) else {
                    throw SimError.badArgument(2, "tap", expected: "IndexPath", got: sb.typeName(L, 2))
                }
                tap = { [unowned sim] in try sim.tapItem(target, path) }
                what = " row \(path.row) of section \(path.section)"
            } else if heap.isKind(target, of: UIControl.handle) {
                tap = { [unowned sim] in try sim.tapControl(target) }
                optionsAt = 2
            } else if heap.isKind(target, of: UIView.handle) {
                tap = { [unowned sim] in try sim.tapView(target) }
                optionsAt = 2
            } else {
                throw SimError.badArgument(1, "tap", expected: "UITabBarController, UIAlertController, UIActionSheet, UIControl or UIView", got: sb.typeName(L, 1))
            }
            if optionsAt == 2, lua_type(L, 3) != LUA_TNONE {
                throw SimError.badArgument(3, "tap", "a control or view takes its options second: sim.tap(button, { within = {lo, hi} })", kind: .invalidUse)
            }
            let options = try sim.momentOptions(sb.value(L, optionsAt), "tap", position: Int(optionsAt))
            return try sb.userAction(L, sim, options, what: "tap", target: target, detail: what, tap)
        }

        def(MethodSignature("rotateDevice", [.enumeration("orientation", Simulator.turnableDeviceOrientations), Parameter("options", .table, optional: true)],
                            returns: .enumeration(Simulator.interfaceOrientations),
                            summary: "Turns the device (a `UIDeviceOrientation`); UIKit rotates the interface unless the deciding controller refuses (`shouldAutorotate`, `supportedInterfaceOrientations`); returns `statusBarOrientation` afterwards (rules 52–55). `{ within = {lo, hi} }`: at a moment `kitsim explore` chooses (returns nothing).")) { sb, L in
            guard lua_type(L, 1) == LUA_TSTRING, let name = sb.string(L, 1) else {
                throw SimError.badArgument(1, "rotateDevice", expected: Simulator.turnableDeviceOrientations.expected, got: sb.typeName(L, 1))
            }
            let options = try sim.momentOptions(sb.value(L, 2), "rotateDevice", position: 2)
            if let window = options.window {
                // The orientation is checked now, as the call would check it.
                guard Simulator.turnableDeviceOrientations.cases.contains(name) else {
                    throw SimError.badArgument(1, "rotateDevice", expected: Simulator.turnableDeviceOrientations.expected, got: "'\(name)'")
                }
                sim.atUncertainMoment(between: window.earliest, and: window.latest, label: options.label ?? sim.eventLabel("rotate to \(name)")) { [unowned sim] in
                    _ = try sim.rotateDevice(name)
                }
                return 0
            }
            sb.pushString(L, try sim.rotateDevice(name).rawValue)
            return 1
        }

        def(MethodSignature("swipeBack", [.object("navigationController", "UINavigationController"), Parameter("options", .table, optional: true)],
                            returns: .bool,
                            summary: "The edge swipe that pops interactively: `{ complete = true, drag = 0.3 }` (the finger lifts after `drag` seconds, completing or cancelling the pop); returns whether a pop began (rule 66).")) { sb, L in
            let nav = try sb.objectArgument(L, 1, "swipeBack")
            guard sb.heap.isKind(nav, of: UINavigationController.handle) else {
                throw SimError.badArgument(1, "swipeBack", expected: "UINavigationController", got: sb.typeName(L, 1))
            }
            var completes = true, drag = 0.3
            switch lua_type(L, 2) {
            case LUA_TNONE, LUA_TNIL: break
            case LUA_TTABLE:
                for entry in sb.sortedEntries(L, 2) {
                    switch entry.key {
                    case "complete":
                        guard entry.valueType == "boolean" else {
                            throw SimError.badArgument(2, "swipeBack", "boolean expected for 'complete', got \(entry.valueType)", kind: .typeMismatch)
                        }
                        lua_getfield(L, 2, "complete")
                        completes = lua_toboolean(L, -1) != 0
                        kitsim_pop(L, 1)
                    case "drag":
                        guard let n = entry.number, n >= 0, n.isFinite else {
                            throw SimError.badArgument(2, "swipeBack", "drag must be a finite number of seconds >= 0, got \(entry.number.map(formatNumber) ?? entry.valueType)", kind: .typeMismatch)
                        }
                        drag = n
                    case "within", "label": break
                    default:
                        throw SimError.badArgument(2, "swipeBack", "unknown option '\(entry.key ?? entry.keyType)'; expected complete, drag, within or label", kind: .unknownName)
                    }
                }
            default:
                throw SimError.badArgument(2, "swipeBack", expected: "table", got: sb.typeName(L, 2))
            }
            let options = try sim.momentOptions(sb.value(L, 2), "swipeBack", position: 2, others: ["complete", "drag"])
            return try sb.userAction(L, sim, options, what: completes ? "swipe back" : "swipe back, cancelled", target: nav) { [unowned sim] in
                try sim.swipeBack(nav, completes: completes, drag: drag)
            }
        }

        def(MethodSignature("configure", [Parameter("settings", .table)], summary: "Sets the behaviour profile, in portrait: `{ ios = 7…17, transition = seconds, abandonedDelay = seconds, latency = seconds or {lo, hi}, rotation = seconds, scenes = false|true }` (`scenes`: iOS 13+, a scene-based launch, rule 69).")) { sb, L in
            guard lua_type(L, 1) == LUA_TTABLE else {
                throw SimError.badArgument(1, "configure", expected: "table", got: sb.typeName(L, 1))
            }
            var ios: Int?, transition: Double?, abandoned: Double?, latency: Double?, latestLatency: Double?, rotation: Double?, scenes: Bool?
            for entry in sb.sortedEntries(L, 1) {
                let key = entry.key ?? "?"
                // SPEC rule 69: `scenes` is the one boolean setting.
                if key == "scenes" {
                    guard entry.valueType == "boolean" else {
                        throw SimError.badArgument(1, "configure", "boolean expected for 'scenes', got \(entry.valueType)", kind: .typeMismatch)
                    }
                    lua_getfield(L, 1, "scenes")
                    scenes = lua_toboolean(L, -1) != 0
                    kitsim_pop(L, 1)
                    continue
                }
                // A latency window: each request takes from lo to hi, as `kitsim explore` chooses.
                if key == "latency", entry.valueType == "table" {
                    lua_getfield(L, 1, "latency")
                    defer { kitsim_pop(L, 1) }
                    let window = try sim.window(sb.value(L, -1), "configure", position: 1, name: "latency")
                    latency = window.earliest
                    latestLatency = window.latest
                    continue
                }
                guard let n = entry.number else {
                    throw SimError.badArgument(1, "configure", "number expected for '\(key)'", kind: .typeMismatch)
                }
                switch key {
                case "ios":
                    // Int(n) traps on 1e300 or nan: refuse first (rule 2).
                    guard n == n.rounded(), (7...17).contains(n) else {
                        throw SimError.badArgument(1, "configure", "ios must be a whole number from 7 to 17, got \(n.isNaN ? "nan" : formatNumber(n))", kind: .typeMismatch)
                    }
                    ios = Int(n)
                case "transition": transition = n
                case "abandonedDelay": abandoned = n
                case "latency":
                    // SPEC rule 51: a URLSession task's latency is seconds >= 0.
                    guard n >= 0, n.isFinite else {
                        throw SimError.badArgument(1, "configure", "latency must be a finite number of seconds >= 0, got \(n.isNaN ? "nan" : formatNumber(n))", kind: .invalidUse)
                    }
                    latency = n
                    latestLatency = n
                case "rotation": rotation = n
                default:
                    throw SimError.badArgument(1, "configure", "unknown setting '\(key)'; expected ios, transition, abandonedDelay, latency, rotation or scenes", kind: .unknownName)
                }
            }
            // SPEC rule 69: scenes need iOS 13, whichever of the two the call changes.
            var next = sim.configuration
            if let ios { next.ios = ios }
            if let scenes { next.scenes = scenes }
            if let problem = Simulator.scenesProblem(next) {
                throw SimError.badArgument(1, "configure", problem.message, kind: .invalidUse)
            }
            try sim.configure { c in
                if let ios { c.ios = ios }
                if let scenes { c.scenes = scenes }
                if let transition { c.transitionDuration = transition }
                if let abandoned { c.abandonedDelay = abandoned }
                if let latency { c.latency = latency; c.latestLatency = latestLatency.flatMap { $0 > latency ? $0 : nil } }
                if let rotation { c.rotationDuration = rotation }
            }
            sim.installFoundationVersionNumber(sb, L)
            return 0
        }
        def(MethodSignature("ignoreAbandoned", [Parameter("objectOrClass", .any)],
                            summary: "MLeaksFinder's whitelist (rule 47): the object, or every instance of exactly the class (`addClassNamesToWhitelist`), and what MLeaksFinder walks from it, are never `abandoned`; cycles are still reported.")) { sb, L in
            // SPEC rule 47: a class table is the class's instances, a handle the object.
            if let cls = sb.classOfTable(L, 1) {
                sim.ignoreAbandoned(instancesOf: cls)
                return 0
            }
            let id = kitsim_handle_id(L, 1)
            guard id != 0 else {
                throw SimError.badArgument(1, "ignoreAbandoned", expected: "object or class", got: sb.typeName(L, 1))
            }
            try sim.ignoreAbandoned(ObjectID(id))
            return 0
        }
        def(MethodSignature("postMessage", [.object("webView", "WKWebView"), .string("name"), Parameter("body", .any, optional: true)],
                            returns: .bool, summary: "The page's `window.webkit.messageHandlers[name].postMessage(body)`: calls the handler at once; false when no handler has the name (rule 42).")) { sb, L in
            let webView = kitsim_handle_id(L, 1)
            guard webView != 0, sb.heap.isValid(ObjectID(webView)), sb.heap.isKind(ObjectID(webView), of: WKWebView.handle) else {
                throw SimError.badArgument(1, "postMessage", expected: "WKWebView", got: sb.typeName(L, 1))
            }
            guard let name = sb.string(L, 2), lua_type(L, 2) == LUA_TSTRING else {
                throw SimError.badArgument(2, "postMessage", expected: "string", got: sb.typeName(L, 2))
            }
            // SPEC rule 42: the body is a value of the message, a table per rule 26.
            let posted = try sim.postMessage(ObjectID(webView), name: name) { message in
                lua_type(L, 3) <= LUA_TNIL ? .nil : try sb.propertyValue(L, 3, property: "body", of: message)
            }
            lua_pushboolean(L, posted ? 1 : 0)
            return 1
        }
        // sim.now reads the virtual clock.
        lua_createtable(L, 0, 1)
        sandbox.pushFunction(L) { [unowned self] sb, L in
            if sb.string(L, 2) == "now" { lua_pushnumber(L, self.now); return 1 }
            return 0
        }
        lua_setfield(L, -2, "__index")
        lua_setmetatable(L, simIndex)
    }
}

extension Simulator {
    /// The statics of a global declared class, each a member of its class table.
    public func installStatics(of cls: SimClass, in sandbox: LuaSandbox) {
        guard let d = declaration(of: cls), d.interface.isGlobal else { return }
        for s in d.statics {
            let value = s.value
            if s.signature.isLazy {
                sandbox.setLazyStatic(cls, s.signature.name) { [unowned self] sb, L in sb.push(L, value(self)) }
            } else {
                sandbox.setStatic(cls, s.signature.name) { [unowned self] sb, L in sb.push(L, value(self)) }
            }
        }
    }

    /// The declaration of a declared class of this simulator.
    func declaration(of cls: SimClass) -> SimulatorClassDeclaration? {
        // UIKit's classes have the ids `Heap.defer` reserved, in list order after the root's.
        let i = Int(cls.id) - Int(heap.rootClass.id)
        if i >= 0, i < Simulator.deferredClasses.count, Simulator.deferredClasses[i].name == cls.name {
            return Simulator.deferredClasses[i].declaration()
        }
        return extraClasses.first { $0.name == cls.name }
    }

    /// `withTaskCancellationHandler(operation, onCancel)` (rule 93): the operation runs as
    /// a plain call of the task's body, so that it may await (a call through the host could
    /// not suspend), between `Task.addCancellationHandler(onCancel)` and
    /// `Task.removeCancellationHandler(token)`, which the C bracket makes however it ends.
    /// The class table is read without indexing it: the class is made on first use.
    func installConcurrencyGlobals(_ L: OpaquePointer) {
        // Raw reads and writes: no metamethod may run with this Swift frame below (rule 1).
        lua_rawgeti(L, kitsim_registryindex(), lua_Integer(LUA_RIDX_GLOBALS))
        lua_pushstring(L, Task.handle.name)
        lua_rawget(L, -2)
        kitsim_push_bracket(L, "addCancellationHandler", "removeCancellationHandler")
        lua_pushstring(L, "withTaskCancellationHandler")
        lua_rotate(L, -2, 1)
        lua_rawset(L, -3)
        kitsim_pop(L, 1)
    }

    /// Sets the global `NSFoundationVersionNumber` to the profile's (SPEC rule 56).
    func installFoundationVersionNumber(_ sandbox: LuaSandbox, _ L: OpaquePointer) {
        lua_pushnumber(L, foundationVersionNumber)
        sandbox.setGlobalRaw(L, "NSFoundationVersionNumber")
    }
}

extension LuaSandbox {
    /// A sandbox running a fresh simulated app with the given behaviour profile.
    /// `classes` are declared classes added to UIKit's (see `Simulator.init(configuration:classes:)`).
    public convenience init(configuration: Simulator.Configuration = Simulator.Configuration(), limits: Limits = Limits(),
                            sandboxed: Bool = false, classes: [SimulatorClassDeclaration] = []) throws {
        // SPEC rule 69: a scene-based launch is iOS 13+.
        if let problem = Simulator.scenesProblem(configuration) { throw SimError.misuse(problem) }
        // Without extra classes no trial registration is needed (start-up).
        let sim = classes.isEmpty ? Simulator(configuration: configuration) : try Simulator(configuration: configuration, classes: classes)
        try self.init(model: sim, limits: limits, sandboxed: sandboxed)
    }

    /// The simulated app of a sandbox made with `init(configuration:limits:sandboxed:)`.
    public var sim: Simulator {
        // Every sandbox of this module is made by the initializer above.
        model as! Simulator
    }

    /// `sim.screen()`: `{ black =, keyWindow =, windows = {...}, text = }`.
    func pushScreen(_ L: OpaquePointer, _ s: ScreenState) throws {
        lua_createtable(L, 0, 6)
        lua_pushboolean(L, s.black ? 1 : 0); lua_setfield(L, -2, "black")
        push(L, s.keyWindow.map(Value.object) ?? .nil); lua_setfield(L, -2, "keyWindow")
        push(L, .array(s.windows.map { .object($0.id) })); lua_setfield(L, -2, "windows")
        push(L, .array(s.visibleControllers.map(Value.object))); lua_setfield(L, -2, "visibleControllers")
        push(L, .array(s.coveredViews.map(Value.object))); lua_setfield(L, -2, "coveredViews")
        push(L, s.frontmostView.map(Value.object) ?? .nil); lua_setfield(L, -2, "frontmostView")
        pushString(L, s.description); lua_setfield(L, -2, "text")
    }

}
