import Testing
@testable import KitSimRuntime
@testable import KitSim

/// The object runtime: classes, dispatch, swizzling, errors in UIKit's words.
@Suite struct RuntimeTests {
    /// A property is a value although copies share its boxed name, type and declaring
    /// class: changing one copy's type or class (as registration does for a class's own
    /// and its subclasses' copies) leaves the others as they were.
    @Test func aPropertyCopyIsIndependentOfTheOriginal() throws {
        let heap = Heap()
        let a = try heap.defineClass("A", superclass: heap.rootClass, properties: [Property("p", .strong, default: .int(3))])
        let b = try heap.defineClass("B", superclass: a)
        var original = try #require(b.property(named: "p"))
        let copy = original
        original.type = .number
        original.declaringClassName = "Elsewhere"
        #expect(copy.type.description == "any" && copy.declaringClassName == "A")
        #expect(original.type.description == "number" && original.declaringClassName == "Elsewhere")
        #expect(copy.name == "p" && original.name == "p" && copy.defaultValue == .int(3) && original.defaultValue == .int(3))
        // The classes' own copies are untouched too.
        #expect(a.property(named: "p")?.type.description == "any" && b.property(named: "p")?.declaringClassName == "A")
    }

    @Test func inheritedMethodsResolveAndOverridesWin() throws {
        let heap = Heap()
        let a = try heap.defineClass("A", superclass: heap.rootClass, methods: ["hello": .native { _ in .string("A") }])
        let b = try heap.defineClass("B", superclass: a)
        let c = try heap.defineClass("C", superclass: b)
        let obj = heap.alloc(c)
        #expect(try heap.send(obj, "hello") == .string("A"))
        heap.setMethod("hello", on: b) { _ in .string("B") }       // added after C exists
        #expect(try heap.send(obj, "hello") == .string("B"))
        #expect(try heap.send(obj, "hello", as: a) == .string("A"))  // a super call
        #expect(heap.isKind(obj, of: a) && heap.isKind(obj, of: heap.rootClass))
        #expect(!heap.isKind(heap.alloc(a), of: c))
        #expect(heap.responds(obj, to: "hello") && !heap.responds(obj, to: "goToPage"))
    }

    @Test func unrecognizedSelectorInUIKitsWords() throws {
        let heap = Heap()
        let vc = try heap.defineClass("UIViewController", superclass: heap.rootClass)
        let obj = heap.alloc(vc)
        let e = #expect(throws: SimError.self) { try heap.send(obj, "goToPage") }
        #expect(e?.exceptionName == "NSInvalidArgumentException")
        #expect(e?.description == "NSInvalidArgumentException: -[UIViewController goToPage]: unrecognized selector sent to instance #1")
        #expect(e?.isCrash == true)
    }

    @Test func replaceMethodReachesTheOriginalAndLeavesTheSuperclassAlone() throws {
        let heap = Heap()
        var log: [String] = []
        let nav = try heap.defineClass("Nav", superclass: heap.rootClass, methods: [
            "push": .native { inv in log.append("push \(inv.argument(0))"); return .nil },
        ])
        let sub = try heap.defineClass("SubNav", superclass: nav)
        try heap.replaceMethod("push", on: sub, with: .native { inv in
            log.append("guard")
            return try inv.callOriginal()
        })
        _ = try heap.send(heap.alloc(sub), "push", [.int(1)])
        _ = try heap.send(heap.alloc(nav), "push", [.int(2)])
        #expect(log == ["guard", "push 1", "push 2"])
    }

    @Test func exchangeSwapsImplementationsAsMethodExchangeImplementationsDoes() throws {
        let heap = Heap()
        var log: [String] = []
        let nav = try heap.defineClass("Nav", superclass: heap.rootClass)
        heap.setMethod("push", on: nav) { _ in log.append("original push"); return .nil }
        heap.setMethod("safePush", on: nav) { inv in
            log.append("safe")
            return try inv.heap.send(inv.receiver, "safePush")   // "not a recursion": runs the original
        }
        try heap.exchangeMethods("push", "safePush", on: nav)
        _ = try heap.send(heap.alloc(nav), "push")
        #expect(log == ["safe", "original push"])
    }

    @Test(arguments: [
        ("defineTwice", "a class named 'Node' already exists"),
        ("duplicateProperty", "property 'x' of Bad is declared twice"),
        ("weakArray", "property 'list' of Bad2: an array of objects must be strong or copy"),
        ("swizzleMissing", "Node has no method 'nothing' to swizzle"),
        ("exchangeMissing", "Node has no method 'nothing' to exchange"),
    ])
    func runtimeMisuseIsAClearError(_ c: (String, String)) throws {
        let heap = Heap()
        let node = try heap.defineClass("Node", superclass: heap.rootClass, methods: ["a": .native { _ in .nil }])
        let e = #expect(throws: SimError.self) {
            switch c.0 {
            case "defineTwice": try heap.defineClass("Node", superclass: nil)
            case "duplicateProperty": try heap.defineClass("Bad", superclass: nil, properties: [Property("x"), Property("x")])
            case "weakArray": try heap.defineClass("Bad2", superclass: nil, properties: [Property("list", .weak, type: .objectArray(nil))])
            case "swizzleMissing": try heap.replaceMethod("nothing", on: node, with: .native { _ in .nil })
            default: try heap.exchangeMethods("a", "nothing", on: node)
            }
        }
        #expect(e?.message == c.1)
    }

    @Test(arguments: [
        ("typed", Value.int(3), "bad value for property 'typed' of Node (object expected, got number)"),
        ("children", Value.int(3), "bad value for property 'children' of Node (array of object expected, got number)"),
        ("children", Value.array([.string("x")]), "bad value for property 'children' of Node (array of object expected, got array)"),
        ("weakRef", Value.array([.object(ObjectID(1))]), "property 'weakRef' is weak: it cannot hold an array of objects; declare it strong"),
        ("missing", Value.nil, "Node has no property 'missing'"),
    ] as [(String, Value, String)])
    func badPropertyInputIsAClearErrorAndChangesNothing(_ c: (String, Value, String)) throws {
        let f = try Fixture()
        let id = try f.held()
        let e = #expect(throws: SimError.self) { try f.heap.set(id, c.0, c.1) }
        #expect(e?.message == c.2)
        try f.heap.verify()
    }

    @Test func typedObjectPropertiesCheckTheClass() throws {
        let heap = Heap()
        let vc = try heap.defineClass("UIViewController", superclass: heap.rootClass)
        let view = try heap.defineClass("UIView", superclass: heap.rootClass)
        let window = try heap.defineClass("UIWindow", superclass: view, properties: [
            Property("rootViewController", .strong, type: .object(vc)),
            Property("isKeyWindow", .assign, type: .bool, readOnly: true),
        ])
        let w = heap.alloc(window)
        let e = #expect(throws: SimError.self) { try heap.set(w, "rootViewController", .object(heap.alloc(view))) }
        #expect(e?.message == "bad value for property 'rootViewController' of UIWindow (UIViewController expected, got UIView)")
        let ro = #expect(throws: SimError.self) { try heap.set(w, "isKeyWindow", .bool(true)) }
        #expect(ro?.message == "property 'isKeyWindow' of UIWindow is read-only")
    }

    @Test func gettersAndSettersAreMethodsThatSubclassesCanReplace() throws {
        let heap = Heap()
        let vc = try heap.defineClass("VC", superclass: heap.rootClass, properties: [
            Property("view", .strong, getter: "view"),
        ])
        var loads = 0
        let viewProperty = vc.property(named: "view")!
        heap.setMethod("view", on: vc) { inv in
            if case .nil = try inv.heap.readSlot(inv.receiver, viewProperty) {
                loads += 1
                try inv.heap.writeSlot(inv.receiver, viewProperty, .int(loads))
            }
            return try inv.heap.readSlot(inv.receiver, viewProperty)
        }
        let obj = heap.alloc(vc)
        #expect(try heap.get(obj, "view") == .int(1))
        #expect(try heap.get(obj, "view") == .int(1))
        #expect(loads == 1)
    }

    @Test func associatedReferencesFollowTheirPolicy() throws {
        let f = try Fixture()
        let owner = try f.held()
        let flag = f.fresh()
        try f.heap.setAssociated(owner, key: "ObjectTag", .object(flag), ownership: .strong)
        try f.heap.drain()
        #expect(f.heap.isAlive(flag))
        try f.heap.setAssociated(owner, key: "ObjectTag", .object(flag), ownership: .weak)
        #expect(!f.heap.isAlive(flag))
        #expect(try f.heap.associatedValue(owner, key: "ObjectTag") == .nil)
        try f.heap.unhold(owner)
        try f.heap.verify()
    }
}
