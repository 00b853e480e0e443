/// The UIKit model's constructors of declarations: written against `Simulator`, the
/// context a simulator's heap binds them to when it installs them (`Heap.defer(_:binding:)`),
/// so a body receives the simulator that runs it and nothing is cast.
public typealias SimulatorClassDeclaration = ClassDeclaration<Simulator>

extension ClassDeclaration where Context == Simulator {
    /// A class of the UIKit model (or one a test adds to it).
    public init(_ name: String, superclass: String? = nil, global: Bool = true, introduced: Int? = nil, summary: String = "",
                @MemberBuilder<Simulator> _ members: () -> [Member<Simulator>]) {
        self.init(name, superclass: superclass, global: global, introduced: introduced, summary: summary, for: Simulator.self, members)
    }
}

extension Method where Context == Simulator {
    /// A method scripts call.
    public init(_ luaName: String, swift: String? = nil, _ parameters: Parameter..., returns: ArgumentType = .void,
                optional: Bool = false, introduced: Int? = nil, summary: String = "",
                body: @escaping @Sendable (Simulator, Invocation) throws -> Value) {
        self.init(signature: MethodSignature(luaName, swift: swift, parameters, returns: returns, optional: optional,
                                             kind: .method, introduced: introduced, summary: summary), body: body)
    }

    /// The initializer (`init` underneath; `Class(...)` in Lua).
    public static func initializer(swift: String = "init", _ parameters: Parameter..., summary: String = "",
                                   body: @escaping @Sendable (Simulator, Invocation) throws -> Value) -> Method {
        Method(signature: MethodSignature("init", swift: swift, parameters, kind: .initializer, summary: summary), body: body)
    }

    /// A method UIKit sends and scripts override; its default behaviour is `body`.
    public static func callback(_ luaName: String, swift: String? = nil, _ parameters: Parameter..., returns: ArgumentType = .void,
                                optional: Bool = false, introduced: Int? = nil, summary: String = "",
                                body: @escaping @Sendable (Simulator, Invocation) throws -> Value) -> Method {
        Method(signature: MethodSignature(luaName, swift: swift, parameters, returns: returns, optional: optional,
                                          kind: .callback, introduced: introduced, summary: summary), body: body)
    }

    /// A class method (`UIView.animate(...)`); its invocation has no receiver.
    public static func classMethod(_ luaName: String, swift: String? = nil, _ parameters: Parameter..., returns: ArgumentType = .void,
                                   optional: Bool = false, introduced: Int? = nil, summary: String = "",
                                   body: @escaping @Sendable (Simulator, Invocation) throws -> Value) -> Method {
        Method(signature: MethodSignature(luaName, swift: swift, parameters, returns: returns, optional: optional,
                                          kind: .classMethod, introduced: introduced, summary: summary), body: body)
    }

    /// A property's getter or setter, named by the property's declaration.
    public static func accessor(_ luaName: String, returns: ArgumentType = .void, introduced: Int? = nil,
                                body: @escaping @Sendable (Simulator, Invocation) throws -> Value) -> Method {
        Method(signature: MethodSignature(luaName, swift: luaName, [], returns: returns, kind: .accessor, introduced: introduced),
               body: body)
    }
}

extension Static where Context == Simulator {
    /// A value computed from the simulator (`UIApplication.shared`).
    public init(_ name: String, _ type: ArgumentType, lazy: Bool = false, summary: String = "",
                value: @escaping @Sendable (Simulator) -> Value) {
        self.init(signature: StaticSignature(name: name, type: type, constants: [], summary: summary, lazy: lazy), value: value)
    }
}

/// A class of the UIKit model, declared once, in its own file: a caseless enum named as
/// UIKit names the class, holding its handle (name, whether it is a global), the handles
/// of the properties the model reads and writes (`UIView.frame`), and its declaration.
/// `Simulator.modelClasses` lists them; registration, the Lua globals, LuaLS, the API
/// reference and the fuzzer's vocabulary all derive from the declaration.
package protocol ModelClass: Sendable {
    static var handle: ClassHandle { get }
    static var declaration: SimulatorClassDeclaration { get }
}

extension ClassDeclaration where Context == Simulator {
    /// The declaration of the class `handle` names (its name and whether it is a global).
    public init(_ handle: ClassHandle, superclass: String? = nil, introduced: Int? = nil, summary: String = "",
                @MemberBuilder<Simulator> _ members: () -> [Member<Simulator>]) {
        self.init(handle.name, superclass: superclass, global: handle.isGlobal, introduced: introduced, summary: summary,
                  for: Simulator.self, members)
    }
}
