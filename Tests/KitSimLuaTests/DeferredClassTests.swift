import Testing
@testable import KitSimRuntime
@testable import KitSim
@testable import KitSimBridge
@testable import KitSimLua

/// The declared classes are registered when first needed (`Heap.defer`): by a script
/// naming them, by the model making an instance, by a type or argument check. Nothing a
/// script sees depends on which classes a run has materialised.
@Suite struct DeferredClassTests {
    /// Whether the simulator's heap has not materialised the class yet.
    static func isDeferred(_ sandbox: LuaSandbox, _ name: String) -> Bool {
        guard let id = sandbox.heap.classID(named: name) else { return false }
        return sandbox.heap.isDeferred(Int(id))
    }

    @Test func theListRepeatsEachDeclarationsNameAndGlobalFlag() {
        let declared = Simulator.declarations.map { ($0.name, $0.interface.isGlobal) }
        let listed = Simulator.deferredClasses.map { ($0.name, $0.isGlobal) }
        #expect(declared.map(\.0) == listed.map(\.0))
        #expect(declared.map(\.1) == listed.map(\.1))
    }

    @Test func classIdsAreTheRegistrationOrdersWhateverARunUses() throws {
        // Registered all at once, as `register` does: the ids every run must see.
        let eager = Heap()
        try eager.register(Simulator.declarations.map(\.interface))
        _ = eager.blockClass
        let expected = eager.allClasses.map { "\($0.id) \($0.name)" }

        let sandbox = try LuaSandbox()
        #expect(Self.isDeferred(sandbox, "UITableView"))
        let outcome = sandbox.run(chunk: """
            local T = UITableView:subclass("T")
            print(tostring(T()), tostring(UIButton()))
            """)
        #expect(outcome.status == .passed, "\(outcome.message ?? "")")
        #expect(!Self.isDeferred(sandbox, "UITableView") && !Self.isDeferred(sandbox, "UIButton"))
        #expect(Self.isDeferred(sandbox, "WKWebView"), "a class nothing used stays deferred")
        let names = sandbox.heap.allClasses.map { "\($0.id) \($0.name)" }
        #expect(Array(names.prefix(expected.count)) == expected)
        #expect(names.dropFirst(expected.count).map { $0.split(separator: " ")[1] } == ["T"])
    }

    @Test func aFreshSandboxMaterialisesOnlyWhatTheLaunchNeeds() throws {
        let sandbox = try LuaSandbox()
        let deferred = Simulator.deferredClasses.filter { Self.isDeferred(sandbox, $0.name) }
        #expect(deferred.count > Simulator.deferredClasses.count / 2)
        #expect(!Self.isDeferred(sandbox, "UIApplication") && !Self.isDeferred(sandbox, "UIScreen"))
    }

    @Test func classGlobalsAreTablesBeforeTheirClassesAreMade() throws {
        let sandbox = try LuaSandbox()
        let outcome = sandbox.run(chunk: """
            assert(rawget(_G, "UITableView") == UITableView and UITableView == UITableView)
            assert(type(UITableView) == "table" and next(UITableView) == nil)
            assert(getmetatable(UITableView) == "KitSim class")
            local seen = false
            for k, v in pairs(_G) do if k == "UICollectionView" then seen = v == UICollectionView end end
            assert(seen)
            """)
        #expect(outcome.status == .passed, "\(outcome.message ?? "")")
        #expect(Self.isDeferred(sandbox, "UITableView") && Self.isDeferred(sandbox, "UICollectionView"))
        let used = sandbox.run(chunk: """
            assert(tostring(UITableView) == "class UITableView")
            assert(UITableView.superclass == UIScrollView and UITableView.name == "UITableView")
            """)
        #expect(used.status == .passed, "\(used.message ?? "")")
        #expect(!Self.isDeferred(sandbox, "UITableView"))
    }

    @Test func theModelMakesClassesTheScriptNeverNamed() throws {
        let sandbox = try LuaSandbox()
        #expect(Self.isDeferred(sandbox, "UINavigationBar") && Self.isDeferred(sandbox, "UITransitionView"))
        let outcome = sandbox.run(chunk: """
            local nav = UINavigationController(UIViewController())
            print(tostring(nav.navigationBar))
            local w = UIWindow(UIScreen.main.bounds)
            UIApplication.shared.delegate.window = w
            w.rootViewController = nav
            w:makeKeyAndVisible()
            sim.run(1)
            local p = UIViewController()
            nav:present(p, false, nil)
            sim.run(1)
            print(tostring(p.view.superview))
            """)
        #expect(outcome.status == .passed, "\(outcome.message ?? "")")
        #expect(outcome.output == ["UINavigationBar#6", "UITransitionView#11"])
        #expect(!Self.isDeferred(sandbox, "UINavigationBar") && !Self.isDeferred(sandbox, "UITransitionView"))
    }

    /// The model's kind checks (is this controller a tab bar controller, is this view a
    /// table view, is this layer a view's) make no class: no object can be an instance of
    /// a class not made yet. Once a script makes one, the same checks find it.
    @Test func kindChecksMakeNoClass() throws {
        let sandbox = try LuaSandbox()
        let outcome = sandbox.run(chunk: """
            local nav = UINavigationController(UIViewController())
            local w = UIWindow(UIScreen.main.bounds)
            UIApplication.shared.delegate.window = w
            w.rootViewController = nav
            w:makeKeyAndVisible()
            local b = UIButton()
            nav.topViewController.view:addSubview(b)
            nav:pushViewController(UIViewController(), true)
            sim.run(1)
            sim.tap(b)
            print(nav.tabBarController, #nav.viewControllers)
            """)
        #expect(outcome.status == .passed, "\(outcome.message ?? "")")
        #expect(outcome.output == ["nil\t2"])
        for name in ["UITabBarController", "UITableView", "UICollectionView", "UIAlertController", "UIAlertView", "UIActionSheet", "CALayer"] {
            #expect(Self.isDeferred(sandbox, name), "\(name) was made")
        }
        let tabs = sandbox.run(chunk: """
            local tabs = UITabBarController()
            local inner = UINavigationController(UIViewController())
            tabs.viewControllers = { inner }
            print(inner.tabBarController == tabs)
            """)
        #expect(tabs.output.last == "true", "\(tabs.message ?? "")")
    }

    @Test func aLuaSubclassOfADeferredClassInheritsItsMembers() throws {
        let sandbox = try LuaSandbox()
        #expect(Self.isDeferred(sandbox, "UITableViewCell"))
        let outcome = sandbox.run(chunk: """
            local Cell = UITableViewCell:subclass("Cell", { owner = "weak" })
            function Cell:prepareForReuse() self.tag = 7 end
            local c = Cell()
            assert(c:isKind(UITableViewCell) and c:isKind(UIView) and Cell.superclass == UITableViewCell)
            c:prepareForReuse()
            assert(c.tag == 7 and c.reuseIdentifier == nil)
            local ok, e = pcall(function() return UITableViewCell:subclass("UITableView") end)
            assert(not ok and tostring(e):find("already exists"), tostring(e))
            local ok2, e2 = pcall(function() return NSObject:subclass("WKWebView") end)
            assert(not ok2 and tostring(e2):find("already exists"), "a deferred name is taken too")
            """)
        #expect(outcome.status == .passed, "\(outcome.message ?? "")")
    }

    @Test func checksAgainstADeferredClassFailWithItsName() throws {
        // Two classes of a model's own: A's property and method name B, which is not made.
        let a = ClassDeclaration("KSA", for: Heap.self) {
            PropertyDeclaration("b", .strong, .object("KSB"))
            Method(signature: MethodSignature("take", [.object("b", "KSB")])) { _ in .nil }
        }
        let b = ClassDeclaration("KSB", for: Heap.self) {
            PropertyDeclaration("a", .weak, .object("KSA"))
        }
        let heap = Heap()
        heap.defer([DeferredClass("KSA") { a }, DeferredClass("KSB") { b }], binding: heap)
        let aClass = try #require(heap.classNamed("KSA"))
        #expect(heap.isDeferred(Int(heap.classID(named: "KSB")!)))
        let x = heap.alloc(aClass), other = heap.alloc(heap.rootClass)
        #expect(throws: SimError.self) { try heap.set(x, "b", .object(other)) }
        do { try heap.set(x, "b", .object(other)) } catch let e as SimError {
            #expect(e.message == "bad value for property 'b' of KSA (KSB expected, got NSObject)")
        }
        do { _ = try heap.send(x, Selector("take"), [.object(other)]); Issue.record("the check passed") } catch let e as SimError {
            #expect(e.message.contains("KSB expected, got NSObject"), "\(e.message)")
        }
        #expect(heap.isDeferred(Int(heap.classID(named: "KSB")!)), "failing checks make nothing")
        // Once B is made, its instances pass, both ways.
        let bClass = try #require(heap.classNamed("KSB"))
        let y = heap.alloc(bClass)
        try heap.set(x, "b", .object(y))
        _ = try heap.send(x, Selector("take"), [.object(y)])
        try heap.set(y, "a", .object(x))
        #expect(heap.classID(of: x) < heap.classID(of: y))
    }

    @Test func theReferenceNeedsNoClassMade() throws {
        let sandbox = try LuaSandbox()
        let before = Simulator.deferredClasses.filter { Self.isDeferred(sandbox, $0.name) }.count
        let reference = APIReference(sandbox, version: kitsimVersion)
        let committed = try String(contentsOfFile: ReadmeExampleTests.root + "/docs/API.md", encoding: .utf8)
        #expect(reference.markdown == committed)
        #expect(Simulator.deferredClasses.filter { Self.isDeferred(sandbox, $0.name) }.count == before)
    }
}
