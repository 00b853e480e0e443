import KitSimLua

/// What the fuzzer may call, derived from the class declarations: every method scripts
/// call and every writable property of every global class, with typed parameters the
/// generator draws values for, and the selectors each class may have swizzled. A class
/// added to the declarations is fuzzed with no change here.
public struct FuzzVocabulary: Sendable {
    /// A method of a class, with its typed parameters.
    public struct Call: Sendable, Equatable {
        public let className: String
        public let signature: MethodSignature
    }

    /// A writable property of a class.
    public struct Assignment: Sendable {
        public let className: String
        public let property: PropertyDeclaration
    }

    public let classes: [ClassInterface]
    /// Every `.method` of every global class, in declaration order.
    public let calls: [Call]
    /// Every class method of every global class (`Class.name(...)`).
    public let classCalls: [Call]
    /// Every property a script may assign.
    public let assignments: [Assignment]
    /// Per global class, the selectors it declares (methods, callbacks and accessors),
    /// which the generator swizzles so that Lua runs inside the model's own work.
    public let swizzlable: [(String, [String])]
    let superclassOf: [String: String]

    public init(_ classes: [ClassInterface]) {
        self.classes = classes
        let globals = classes.filter(\.isGlobal)
        calls = globals.flatMap { c in c.methods.filter { $0.kind == .method }.map { Call(className: c.name, signature: $0) } }
        classCalls = globals.flatMap { c in c.methods.filter { $0.kind == .classMethod }.map { Call(className: c.name, signature: $0) } }
        assignments = globals.flatMap { c in c.properties.filter { !$0.isReadOnly }.map { Assignment(className: c.name, property: $0) } }
        swizzlable = globals.compactMap { c in
            let names = c.methods.filter { $0.kind != .classMethod }.map { $0.kind == .initializer ? "init" : $0.luaName }
            return names.isEmpty ? nil : (c.name, names)
        }
        var sup: [String: String] = [:]
        for c in classes { if let s = c.superclassName { sup[c.name] = s } }
        superclassOf = sup
    }

    /// UIKit's classes as the model declares them.
    public static let uikit = FuzzVocabulary(Simulator.declarations.map(\.interface))

    /// Whether `name` is `ancestor` or inherits from it.
    public func isClass(_ name: String, kindOf ancestor: String) -> Bool {
        var c: String? = name
        while let k = c {
            if k == ancestor { return true }
            c = superclassOf[k]
        }
        return false
    }

    /// The class's own singleton (`RunLoop.main`, `NotificationCenter.default`): a static of
    /// its own type, from the declarations.
    public func singleton(of name: String) -> String? {
        interface(name)?.statics.first { $0.type == .object(name) }?.name
    }

    /// The declaration of the class named `name`.
    public func interface(_ name: String) -> ClassInterface? { classes.first { $0.name == name } }
}
