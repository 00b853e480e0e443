/// What a method is to a script, and so to the generators that read declarations.
public enum MethodKind: Sendable, Equatable {
    /// A method scripts call (`nav:pushViewController(vc, true)`).
    case method
    /// The initializer: `UIWindow(frame)` in Lua; messages name it after the class.
    case initializer
    /// A method UIKit itself sends, which scripts override (`viewDidLoad`, `deinit`).
    case callback
    /// A property's getter or setter (`view`, `setRootViewController`): reached through
    /// the property, documented with it, checked by its own body.
    case accessor
    /// A class method (`UIView.animate(...)` in Lua, with a dot): it has no receiver.
    case classMethod
}

/// The typed signature of a method: its Lua name, the Swift declaration it stands for,
/// its parameters and its return type.
public struct MethodSignature: Sendable, Equatable {
    public let luaName: String
    /// The Swift name as declared, when it is not derived from the Lua name.
    let declaredSwiftName: String?
    public let parameters: [Parameter]
    public let returns: ArgumentType
    /// Whether the return value may be nil.
    public let returnsOptional: Bool
    public let kind: MethodKind
    public let summary: String
    /// The first platform version that has the method (SPEC rule 51): on an older profile
    /// a call is `unrecognized selector`. Nil: every version.
    public let introduced: Int?
    /// The selector the method installs under, interned when the signature is made: a
    /// declaration is built once per process and installed on every heap.
    public let selector: Selector

    public init(_ luaName: String, swift: String? = nil, _ parameters: [Parameter] = [], returns: ArgumentType = .void,
                optional returnsOptional: Bool = false, kind: MethodKind = .method, introduced: Int? = nil, summary: String = "") {
        self.luaName = luaName
        self.parameters = parameters
        self.returns = returns
        self.returnsOptional = returnsOptional
        self.kind = kind
        self.introduced = introduced
        // The reference and LuaLS print the summary: the version is said there once.
        self.summary = introduced.map { "(iOS \($0)+) " + summary } ?? summary
        self.declaredSwiftName = swift
        self.selector = kind == .initializer ? .initialize : Selector(luaName)
    }

    /// UIKit's Swift name, `pushViewController(_:animated:)` (derived from the Lua name
    /// and the parameters when not declared; built only when asked for, as the reference does).
    public var swiftName: String {
        declaredSwiftName ?? (parameters.isEmpty ? luaName : "\(luaName)(" + parameters.map { "\($0.name):" }.joined() + ")")
    }

    /// The least number of arguments a call must pass.
    public var requiredCount: Int { (parameters.lastIndex { !$0.isOptional }).map { $0 + 1 } ?? 0 }
}

/// A declared property: the runtime's `Property` with its type named rather than
/// resolved, and a sentence for the reference.
public struct PropertyDeclaration: Sendable {
    public let name: String
    public let ownership: Ownership
    public let type: ArgumentType
    public let isReadOnly: Bool
    public let isOptional: Bool?
    public let getter: String?
    public let setter: String?
    /// What a new object's property reads before anything is written: a number, a
    /// boolean or a string (objects start nil).
    public let defaultValue: Value?
    public let summary: String
    /// The ownership before the platform version that changed it (`.assign(before: 9)`:
    /// assign on iOS 7-8, `ownership` from iOS 9, rule 78), or nil for one ownership on every
    /// version. The heap honours it per profile; the API reference prints it.
    public let earlier: EarlierOwnership?

    public init(_ name: String, _ ownership: Ownership, _ type: ArgumentType, readOnly: Bool = false,
                optional: Bool? = nil, default defaultValue: Value? = nil, getter: String? = nil, setter: String? = nil,
                earlier: EarlierOwnership? = nil, summary: String = "") {
        self.defaultValue = defaultValue
        self.earlier = earlier
        self.name = name
        self.ownership = ownership
        self.type = type
        self.isReadOnly = readOnly
        self.isOptional = optional
        self.getter = getter
        self.setter = setter
        self.summary = summary
    }

    /// The ownership as the API reference prints it: `weak`, or `weak; assign before iOS 9`.
    public var ownershipText: String {
        earlier.map { "\(ownership); \($0)" } ?? "\(ownership)"
    }
}

/// A value a class table carries (`UIApplication.shared`, `UIWindow.Level`).
public struct StaticSignature: Sendable, Equatable {
    public let name: String
    public let type: ArgumentType
    /// For a table of constants, its fields in declaration order.
    public let constants: [Constant]
    public let summary: String
    /// Computed on first access, not when the class is installed (a singleton whose
    /// object would otherwise take an id in every run, SPEC rule 24).
    public let isLazy: Bool

    public init(name: String, type: ArgumentType, constants: [Constant], summary: String, lazy: Bool = false) {
        self.isLazy = lazy
        self.name = name
        self.type = type
        self.constants = constants
        self.summary = summary
    }

    /// A named number (`UIWindow.Level.alert` is 2000).
    public struct Constant: Sendable, Equatable {
        public let name: String
        public let value: Double
        public init(name: String, value: Double) { self.name = name; self.value = value }
    }
}

/// A reason the model holds objects, as `sim.why` prints it (`transition`,
/// `UIApplication.shared`), or, for a root, why objects of the class are roots of the
/// ownership graph without anything retaining them (`on screen`: a visible window).
public struct HoldDeclaration: Sendable, Equatable {
    public let name: String
    public let summary: String
    /// A root the leak checks start from, not a retain.
    public let isRoot: Bool

    public init(_ name: String, _ summary: String) {
        self.name = name
        self.summary = summary
        self.isRoot = false
    }

    /// Objects of the class that are roots while `summary` holds.
    public static func root(_ name: String, _ summary: String) -> HoldDeclaration {
        HoldDeclaration(name: name, summary: summary, isRoot: true)
    }

    init(name: String, summary: String, isRoot: Bool) {
        self.name = name
        self.summary = summary
        self.isRoot = isRoot
    }
}

/// Everything about a class except its behaviour: what the bridge, LuaLS, the API
/// reference, the fuzzer's vocabulary and the tests read.
public struct ClassInterface: Sendable {
    public let name: String
    /// nil for a subclass of the root class, `NSObject`.
    public let superclassName: String?
    public let summary: String
    /// A class scripts see as a global (`UIWindow`), or one UIKit makes for itself
    /// (`UITransitionView`).
    public let isGlobal: Bool
    public let properties: [PropertyDeclaration]
    public let methods: [MethodSignature]
    public let statics: [StaticSignature]
    public let holds: [HoldDeclaration]
    public let enums: [EnumType]
    /// The first platform version that has the class (SPEC rule 51): on an older profile
    /// making an instance raises. Nil: every version.
    public let introduced: Int?

    public init(name: String, superclassName: String?, summary: String, isGlobal: Bool, properties: [PropertyDeclaration],
                methods: [MethodSignature], statics: [StaticSignature], holds: [HoldDeclaration], enums: [EnumType],
                introduced: Int? = nil) {
        self.name = name
        self.superclassName = superclassName
        self.introduced = introduced
        self.summary = introduced.map { "(iOS \($0)+) " + summary } ?? summary
        self.isGlobal = isGlobal
        self.properties = properties
        self.methods = methods
        self.statics = statics
        self.holds = holds
        self.enums = enums
    }

    /// The initializer, when the class declares one.
    public var initializer: MethodSignature? { methods.first { $0.kind == .initializer } }
}

/// One member of a class declaration, as the builder collects them.
public enum Member<Context: AnyObject>: Sendable {
    case property(PropertyDeclaration)
    case method(Method<Context>)
    case staticValue(Static<Context>)
    case hold(HoldDeclaration)
    case enumeration(EnumType)
}

/// A method's signature and its behaviour: Swift code run for a send, given the context
/// its declaration was installed with (`ClassDeclaration.bound(to:)`: the UIKit model's
/// `Simulator`) and the invocation. The runtime checks the arguments against the
/// signature before the body runs (accessors check their own), so a body reads them
/// without checking again.
///
/// Declarations are plain data built once per process; a heap binds them to its context
/// when it installs them, so the runtime never holds, or casts back, a model of its own.
public struct Method<Context: AnyObject>: Sendable {
    public let signature: MethodSignature
    public let body: @Sendable (Context, Invocation) throws -> Value

    public init(signature: MethodSignature, body: @escaping @Sendable (Context, Invocation) throws -> Value) {
        self.signature = signature
        self.body = body
    }

    /// A method whose body needs nothing but the invocation.
    public init(signature: MethodSignature, body: @escaping @Sendable (Invocation) throws -> Value) {
        self.signature = signature
        self.body = { _, inv in try body(inv) }
    }

    /// The method with its body bound to `context`, which it does not keep alive: the
    /// context owns the heap that runs the body.
    public func bound(to context: Context) -> BoundMethod {
        let body = self.body, context = UnownedContext(context)
        return BoundMethod(signature: signature) { inv in try context.with { try body($0, inv) } }
    }
}

/// A context a bound method reaches without keeping it alive. Unowned and unchecked: the
/// context owns the heap, and a method runs only while both are alive (a checked reference
/// would cost a retain per call). The heap runs on one thread, so the box is sendable.
struct UnownedContext<Context: AnyObject>: @unchecked Sendable {
    private let reference: Unmanaged<Context>
    init(_ value: Context) { reference = .passUnretained(value) }

    /// Runs `body` with the context borrowed: an `unowned(unsafe)` reference would still be
    /// retained and released around each call of the body, once per message sent.
    @inline(__always)
    func with<R>(_ body: (Context) throws -> R) rethrows -> R { try reference._withUnsafeGuaranteedRef(body) }
}

/// A method ready to install: its body needs only the invocation.
public struct BoundMethod: Sendable {
    public let signature: MethodSignature
    public let body: @Sendable (Invocation) throws -> Value

    public init(signature: MethodSignature, body: @escaping @Sendable (Invocation) throws -> Value) {
        self.signature = signature
        self.body = body
    }
}

/// A value on the class table, computed from the context when the class is installed.
public struct Static<Context: AnyObject>: Sendable {
    public let signature: StaticSignature
    public let value: @Sendable (Context) -> Value

    public init(signature: StaticSignature, value: @escaping @Sendable (Context) -> Value) {
        self.signature = signature
        self.value = value
    }

    /// A table of named numbers (`UIWindow.Level`).
    public static func constants(_ name: String, _ values: KeyValuePairs<String, Double>, summary: String = "") -> Static {
        let constants = values.map { StaticSignature.Constant(name: $0.key, value: $0.value) }
        // A dictionary's entries are kept in KitSim's key order (strings bytewise).
        let table = Value.dictionary(constants.sorted { Array($0.name.utf8).lexicographicallyPrecedes($1.name.utf8) }
            .map { Value.Entry(key: .string($0.name), value: .double($0.value)) })
        return Static(signature: StaticSignature(name: name, type: .table, constants: constants, summary: summary)) { _ in table }
    }
}

/// Collects a class's members in the order they are written; a list of members (those
/// classes share, made by one function) goes in where it is written, as one expression.
@resultBuilder
public enum MemberBuilder<Context: AnyObject> {
    public static func buildExpression(_ p: PropertyDeclaration) -> [Member<Context>] { [.property(p)] }
    public static func buildExpression(_ m: Method<Context>) -> [Member<Context>] { [.method(m)] }
    public static func buildExpression(_ s: Static<Context>) -> [Member<Context>] { [.staticValue(s)] }
    public static func buildExpression(_ h: HoldDeclaration) -> [Member<Context>] { [.hold(h)] }
    public static func buildExpression(_ e: EnumType) -> [Member<Context>] { [.enumeration(e)] }
    public static func buildExpression(_ members: [Member<Context>]) -> [Member<Context>] { members }
    public static func buildBlock(_ parts: [Member<Context>]...) -> [Member<Context>] { parts.flatMap { $0 } }
}

/// One class of a model, declared in one place: its interface (name, superclass,
/// properties with ownership, typed methods, statics, holds) and the behaviour of each
/// method, written against the model's own type (`Context`). Registration, the Lua
/// globals, argument checks, LuaLS, the API reference and the fuzzer's vocabulary are all
/// derived from it.
public struct ClassDeclaration<Context: AnyObject>: Sendable {
    public let interface: ClassInterface
    public let methods: [Method<Context>]
    public let statics: [Static<Context>]

    /// A declaration for models of type `context`. A model names its own type once, in a
    /// constrained initializer without it (the UIKit model's `ClassDeclaration(_:…)`), so
    /// each declaration reads as the class it declares.
    public init(_ name: String, superclass: String? = nil, global: Bool = true, introduced: Int? = nil, summary: String = "",
                for context: Context.Type, @MemberBuilder<Context> _ members: () -> [Member<Context>]) {
        var properties: [PropertyDeclaration] = [], methods: [Method<Context>] = [], statics: [Static<Context>] = []
        var holds: [HoldDeclaration] = [], enums: [EnumType] = []
        for m in members() {
            switch m {
            case .property(let p): properties.append(p)
            case .method(let x): methods.append(x)
            case .staticValue(let s): statics.append(s)
            case .hold(let h): holds.append(h)
            case .enumeration(let e): enums.append(e)
            }
        }
        self.interface = ClassInterface(name: name, superclassName: superclass, summary: summary, isGlobal: global,
                                        properties: properties, methods: methods.map { $0.signature },
                                        statics: statics.map { $0.signature }, holds: holds, enums: enums,
                                        introduced: introduced)
        self.methods = methods
        self.statics = statics
    }

    public var name: String { interface.name }

    /// The declaration with every method bound to `context` (not kept alive by it), as a
    /// heap installs it.
    public func bound(to context: Context) -> BoundClassDeclaration {
        BoundClassDeclaration(interface: interface, methods: methods.map { $0.bound(to: context) })
    }

    /// The declaration with bodies that run nothing: for installing it on a heap of its
    /// own only to check that it installs (its signatures name registered classes, a class
    /// introduced later can refuse to be made).
    public func unboundForChecking() -> BoundClassDeclaration {
        let name = self.name
        return BoundClassDeclaration(interface: interface, methods: methods.map { m in
            BoundMethod(signature: m.signature) { _ in throw SimError.misuse(.unboundMethod(className: name, method: m.signature.luaName)) }
        })
    }
}

/// A class declaration bound to its context: what a heap installs.
public struct BoundClassDeclaration: Sendable {
    public let interface: ClassInterface
    public let methods: [BoundMethod]
    public var name: String { interface.name }
}

extension ClassDeclaration {
    /// Members built apart from a class, for the classes that declare them alike; a class's
    /// builder takes the list where it is written.
    public static func members(@MemberBuilder<Context> _ build: () -> [Member<Context>]) -> [Member<Context>] { build() }
}
