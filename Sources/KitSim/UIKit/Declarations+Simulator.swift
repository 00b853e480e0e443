/// The UIKit model's constructors of declared members: their bodies receive the
/// `Simulator` (the heap's `model`, set by `Heap.install` to the simulator that owns the
/// heap, so the cast cannot fail).
extension Method {
    /// A method scripts call.
    public init(_ luaName: String, swift: String? = nil, _ parameters: Parameter..., returns: ArgumentType = .void,
                optional: Bool = false, introduced: Int? = nil, summary: String = "",
                body: @escaping @Sendable (Simulator, Invocation) throws -> Value) {
        self.init(signature: MethodSignature(luaName, swift: swift, parameters, returns: returns, optional: optional,
                                             kind: .method, introduced: introduced, summary: summary), body: Method.bind(body))
    }

    /// The initializer (`init` underneath; `Class(...)` in Lua).
    public static func initializer(swift: String = "init", _ parameters: Parameter..., summary: String = "",
                                   body: @escaping @Sendable (Simulator, Invocation) throws -> Value) -> Method {
        Method(signature: MethodSignature("init", swift: swift, parameters, kind: .initializer, summary: summary), body: bind(body))
    }

    /// A method UIKit sends and scripts override; its default behaviour is `body`.
    public static func callback(_ luaName: String, swift: String? = nil, _ parameters: Parameter..., returns: ArgumentType = .void,
                                optional: Bool = false, introduced: Int? = nil, summary: String = "",
                                body: @escaping @Sendable (Simulator, Invocation) throws -> Value) -> Method {
        Method(signature: MethodSignature(luaName, swift: swift, parameters, returns: returns, optional: optional,
                                          kind: .callback, introduced: introduced, summary: summary), body: bind(body))
    }

    /// A class method (`UIView.animate(...)`); its invocation has no receiver.
    public static func classMethod(_ luaName: String, swift: String? = nil, _ parameters: Parameter..., returns: ArgumentType = .void,
                                   optional: Bool = false, introduced: Int? = nil, summary: String = "",
                                   body: @escaping @Sendable (Simulator, Invocation) throws -> Value) -> Method {
        Method(signature: MethodSignature(luaName, swift: swift, parameters, returns: returns, optional: optional,
                                          kind: .classMethod, introduced: introduced, summary: summary), body: bind(body))
    }

    /// A property's getter or setter, named by the property's declaration.
    public static func accessor(_ luaName: String, returns: ArgumentType = .void, introduced: Int? = nil,
                                body: @escaping @Sendable (Simulator, Invocation) throws -> Value) -> Method {
        Method(signature: MethodSignature(luaName, swift: luaName, [], returns: returns, kind: .accessor, introduced: introduced),
               body: bind(body))
    }

    static func bind(_ body: @escaping @Sendable (Simulator, Invocation) throws -> Value) -> @Sendable (Invocation) throws -> Value {
        { inv in
            // `Heap.install` sets the model before it installs any method, and only the
            // simulator installs these bodies: the model is there and is a Simulator.
            guard let model = inv.heap.model else {
                throw SimError(.invariant, "\(inv.selector) ran on a heap with no model installed")
            }
            return try body(unsafeDowncast(model, to: Simulator.self), inv)
        }
    }
}

extension Static {
    /// A value computed from the simulator (`UIApplication.shared`).
    public init(_ name: String, _ type: ArgumentType, lazy: Bool = false, summary: String = "",
                value: @escaping @Sendable (Simulator) -> Value) {
        self.init(signature: StaticSignature(name: name, type: type, constants: [], summary: summary, lazy: lazy)) { model in
            value(unsafeDowncast(model, to: Simulator.self))
        }
    }
}
