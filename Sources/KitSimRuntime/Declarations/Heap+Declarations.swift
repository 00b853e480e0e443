extension Heap {
    /// Registers declared classes, superclasses before subclasses, and returns them in
    /// declaration order. Class names in property types may refer to any class of the
    /// list, declared before or after (`UIView.window` is a `UIWindow`).
    @discardableResult
    public func register(_ interfaces: [ClassInterface]) throws -> [SimClass] {
        var pending: [(cls: SimClass, property: String, type: ArgumentType)] = []
        var out: [SimClass] = []
        for i in interfaces {
            // The runtime makes the root class itself; its declaration adds behaviour only.
            if i.name == rootClass.name && i.superclassName == nil && i.properties.isEmpty {
                out.append(rootClass)
                continue
            }
            let superclass: SimClass
            if let name = i.superclassName {
                guard let s = classNamed(name) else {
                    throw SimError.misuse(.unknownSuperclass(className: i.name, superclass: name))
                }
                superclass = s
            } else {
                superclass = rootClass
            }
            var properties: [Property] = []
            var unresolved: [PropertyDeclaration] = []
            for p in i.properties {
                if let d = p.defaultValue {
                    switch d {
                    case .bool, .int, .double, .string: break
                    default: throw SimError.misuse(.badDefault(className: i.name, property: p.name))
                    }
                }
                let (type, resolved) = valueType(p.type)
                let getter = p.getter.map { Selector($0) }, setter = p.setter.map { Selector($0) }
                properties.append(Property(p.name, p.ownership, type: type, readOnly: p.isReadOnly,
                                           getter: getter, setter: setter, optional: p.isOptional, default: p.defaultValue,
                                       earlier: p.earlier))
                if !resolved { unresolved.append(p) }
            }
            let cls = try defineClass(i.name, superclass: superclass, properties: properties)
            for p in unresolved { pending.append((cls, p.name, p.type)) }
            out.append(cls)
        }
        // Second pass: the names that were not yet classes are now.
        for (owner, name, type) in pending {
            let (resolved, ok) = valueType(type)
            guard ok else { throw SimError.misuse(.unknownClassInType(className: owner.name, property: name, type: "\(type)")) }
            retype(name, declaredBy: owner, to: resolved)
        }
        return out
    }

    /// The runtime type of a declared type, and whether every class it names exists yet.
    func valueType(_ t: ArgumentType) -> (ValueType, Bool) {
        switch t {
        // A size, a time or an index path is stored as any value: no property of the
        // model is typed with one, so the property hot path keeps its few kinds.
        case .any, .function, .table, .tables, .void, .size, .time, .indexPath, .metaclass: return (.any, true)
        case .bool: return (.bool, true)
        case .number, .integer: return (.number, true)
        case .string, .enumeration: return (.string, true)
        case .rect: return (.rect, true)
        case .point: return (.point, true)
        case .object(let name):
            if name == rootClass.name { return (.object(nil), true) }
            guard let c = classNamed(name) else { return (.object(nil), false) }
            return (.object(c), true)
        case .array(let name):
            if name == rootClass.name { return (.objectArray(nil), true) }
            guard let c = classNamed(name) else { return (.objectArray(nil), false) }
            return (.objectArray(c), true)
        }
    }

    /// Gives property `name` of `owner` its resolved type, in `owner` and in every
    /// subclass's flattened copy, and in the property hot path's table.
    func retype(_ name: String, declaredBy owner: SimClass, to type: ValueType) {
        var stack = [owner]
        while let c = stack.popLast() {
            if let i = c.propertyIndex[name] {
                c.properties[i].type = type
                propertyAccess[Int(propertyAccessBase[Int(c.id)]) + i] = PropertyAccess(c.properties[i])
            }
            stack.append(contentsOf: c.subclasses)
        }
    }

    /// Installs the behaviour of declared classes (registered by `register`), bound to
    /// `context`: each method's body, behind a check of its arguments against its signature
    /// when it has parameters, then one flattening of the method tables.
    public func install<Context: AnyObject>(_ declarations: [ClassDeclaration<Context>], binding context: Context) throws {
        try install(declarations.map { $0.bound(to: context) })
    }

    /// Installs declarations already bound (or unbound, to check that they install).
    public func install(_ declarations: [BoundClassDeclaration]) throws {
        for d in declarations {
            guard let cls = classNamed(d.name) else { throw SimError.misuse(.unregisteredClass(d.name)) }
            try installMethods(of: d, on: cls)
        }
        rootClass.reflatten()
    }

    /// Installs one declaration's methods on its registered class (`install`, and a
    /// deferred class when it is materialised); the caller flattens the method tables.
    func installMethods(of d: BoundClassDeclaration, on cls: SimClass) throws {
        if d.interface.introduced != nil, !d.methods.contains(where: { $0.signature.kind == .initializer }) {
            throw SimError.misuse(.laterClassWithoutInitializer(d.name))
        }
        for m in d.methods {
            let selector = m.signature.selector
            let imp = try implementation(of: m, className: d.name, classIntroduced: d.interface.introduced)
            if m.signature.kind == .classMethod { cls.classMethods[selector] = imp } else { cls.ownMethods[selector] = imp }
        }
    }

    /// Installs a declared method on a class defined with `defineClass`, as a
    /// declaration's methods are installed: its body behind its signature's argument
    /// check, which a host may instead meet by decoding arguments by type (`DeclaredMethod`).
    public func setMethod(_ method: BoundMethod, on cls: SimClass) throws {
        let selector = method.signature.selector
        let imp = try implementation(of: method, className: cls.name, classIntroduced: nil)
        if method.signature.kind == .classMethod { cls.classMethods[selector] = imp } else { cls.ownMethods[selector] = imp }
        cls.reflatten()
    }

    /// What a declared method installs: its body behind the version checks of SPEC rule
    /// 51 and, when it has parameters, behind the argument check of its signature.
    func implementation(of m: BoundMethod, className: String, classIntroduced: Int?) throws -> Implementation {
        var body = m.body
        // SPEC rule 51: on an older profile a newer method is an unrecognized
        // selector, and making an instance of a newer class is refused.
        if let version = m.signature.introduced {
            let inner = body, name = m.signature.luaName, isClassMethod = m.signature.kind == .classMethod
            body = { inv in
                guard inv.heap.platformVersion >= version else {
                    throw inv.heap.recordException(isClassMethod
                        ? SimError.crash(.unrecognizedClassSelector(className: className, selector: name))
                        : inv.heap.unrecognizedSelector(inv.receiver, name))
                }
                return try inner(inv)
            }
        }
        if m.signature.kind == .initializer, let version = classIntroduced {
            let inner = body, name = className
            body = { inv in
                guard inv.heap.platformVersion >= version else {
                    // On a device the class would be missing; KitSim keeps every
                    // class a global and refuses the instance instead.
                    throw inv.heap.recordException(SimError.crash(.unavailableClass(className: name, platform: inv.heap.platformName,
                                                     version: inv.heap.platformVersion, introduced: version),
                                    object: inv.receiver))
                }
                return try inner(inv)
            }
        }
        if m.signature.kind == .accessor || m.signature.parameters.isEmpty { return .native(body) }
        return .declared(DeclaredMethod(try ArgumentChecker(m.signature, className: className, heap: self), body: body))
    }
}

/// A declared method with parameters, as installed: its body, the argument check of its
/// signature, and each parameter's decoding, so that a host that can read arguments by
/// their declared types (the Lua bridge, from the Lua stack) passes the body arguments
/// that meet the check without building general values or running the check; any other
/// call runs `checkedBody`, whose messages are the check's.
public final class DeclaredMethod {
    /// The body; its arguments must meet the check.
    public let body: NativeMethod
    /// The check, then the body: what a send of the method runs.
    public let checkedBody: NativeMethod
    /// How each declared parameter is read, in order.
    public let parameters: ContiguousArray<ParameterDecoding>

    init(_ checker: ArgumentChecker, body: @escaping NativeMethod) {
        self.body = body
        // SPEC §2: where the method takes a block, a host function becomes a closure block
        // that captures what its upvalues hold, as Swift's closure would.
        let blockParameters = checker.checks.indices.filter { if case .function = checker.checks[$0].check { return true } else { return false } }
        if blockParameters.isEmpty {
            checkedBody = { inv in
                try checker.check(inv)
                return try body(inv)
            }
        } else {
            checkedBody = { inv in
                try checker.check(inv)
                guard blockParameters.contains(where: { i in
                    if case .foreign(let f) = inv.argument(i) { return f.box.isFunction } else { return false }
                }) else { return try body(inv) }
                var values = inv.arguments
                for i in blockParameters where i < values.count { values[i] = try inv.heap.closure(values[i]) }
                return try body(Invocation(heap: inv.heap, receiver: inv.receiver, selector: inv.selector,
                                           args: Arguments(values), replaced: inv.replaced))
            }
        }
        parameters = ContiguousArray(checker.checks.map { c in
            let optional = c.parameter.isOptional
            switch c.check {
            case .number, .integer: return ParameterDecoding(kind: .number, isOptional: optional)
            case .bool, .any: return ParameterDecoding(kind: .anyValue, isOptional: true)
            case .string: return ParameterDecoding(kind: .string, isOptional: optional)
            case .object(let ref): return ParameterDecoding(kind: .object, isOptional: optional, classID: ref.id)
            default: return ParameterDecoding(kind: .checked, isOptional: optional)
            }
        })
    }
}

/// How a host may read one argument of a `DeclaredMethod` (a trivial value: reading the
/// table retains nothing). An argument that does not fit its decoding, or a parameter of
/// kind `checked`, means the call takes `checkedBody`.
public struct ParameterDecoding: Sendable {
    public enum Kind: UInt8, Sendable {
        /// A finite number (an integer stays an integer).
        case number
        /// Any value, taken as it is (the check accepts every value: `any`, and `bool`,
        /// which is read with Lua's truthiness).
        case anyValue
        /// A string.
        case string
        /// A usable object of class `classID` or a subclass (`Heap.fits(_:classID:)`).
        case object
        /// Only through the check (tables, rectangles, enumerations, functions, …).
        case checked
    }
    public let kind: Kind
    /// nil (or a missing argument) meets the check.
    public let isOptional: Bool
    public let classID: UInt32

    init(kind: Kind, isOptional: Bool, classID: UInt32 = 0) {
        self.kind = kind
        self.isOptional = isOptional
        self.classID = classID
    }
}

extension Heap {
    /// Whether `id` meets a `DeclaredMethod` parameter of kind `object`: a usable object of
    /// the class `classID` or a subclass (the check's test, without its messages).
    @inline(__always)
    public func fits(_ id: ObjectID, classID: UInt32) -> Bool {
        isUsable(id) && classOf(id).isSubclass(of: checkedClass(classID))
    }
}

/// A method's parameters resolved against a heap's classes, so that checking a call is a
/// switch per argument and an identity walk for objects (no names looked up per call).
struct ArgumentChecker {
    /// A class the checker compares with, by id: the classes own the methods that own
    /// their checkers, so a reference would be a cycle that keeps every class of a heap
    /// alive after the heap is gone, and the class may not be materialised yet (a deferred
    /// class has no instances until it is, so its stand-in fails every object).
    struct ClassRef {
        let id: UInt32
    }
    enum Check {
        case any, bool, number, integer, string, rect, point, size, time, indexPath, metaclass, function, table
        case object(ClassRef)
        case array(ClassRef)
        case enumeration(EnumType)
    }
    let function: String
    let checks: [(check: Check, parameter: Parameter)]

    init(_ signature: MethodSignature, className: String, heap: Heap) throws {
        function = signature.kind == .initializer ? className : signature.luaName
        checks = try signature.parameters.map { p in
            let check: Check
            switch p.type {
            case .any, .void: check = .any
            case .bool: check = .bool
            case .number: check = .number
            case .integer: check = .integer
            case .string: check = .string
            case .rect: check = .rect
            case .point: check = .point
            case .size: check = .size
            case .time: check = .time
            case .indexPath: check = .indexPath
            case .metaclass: check = .metaclass
            case .function: check = .function
            case .table, .tables: check = .table
            case .enumeration(let e): check = .enumeration(e)
            case .object(let name):
                guard let c = heap.classID(named: name) else { throw SimError.misuse(.unknownArgumentClass(className: className, method: signature.luaName, argumentClass: name)) }
                check = .object(ClassRef(id: c))
            case .array(let name):
                guard let c = heap.classID(named: name) else { throw SimError.misuse(.unknownArgumentClass(className: className, method: signature.luaName, argumentClass: name)) }
                check = .array(ClassRef(id: c))
            }
            return (check, p)
        }
    }

    /// What a message says the parameter takes; built only for a failing argument.
    static func expected(_ p: Parameter) -> String {
        switch p.type {
        case .enumeration(let e): return e.expected
        // luaL_checkinteger says "number expected" of a value that is not a number.
        case .integer: return "number"
        default: return p.type.description
        }
    }

    /// Throws the bad-argument error of the first argument that does not fit.
    func check(_ inv: Invocation) throws {
        let heap = inv.heap
        for (i, c) in checks.enumerated() {
            let v = inv.argument(i)
            if case .nil = v, c.parameter.isOptional { continue }
            switch c.check {
            case .any, .bool: continue
            case .number, .integer:
                guard let n = v.number else { break }
                if n.isFinite { continue }
                throw SimError.badArgument(i + 1, function, expected: "finite number",
                                           got: n.isNaN ? "nan" : formatNumber(n))
            case .string: if case .string = v { continue }
            case .rect: if case .rect = v { continue }
            case .point: if case .point = v { continue }
            case .size: if case .size = v { continue }
            case .indexPath: if case .indexPath = v { continue }
            case .metaclass: if case .foreign(let f) = v, f.box.classValue != nil { continue }
            case .time:
                if case .time = v { continue }
                // SPEC rule 31: a deadline is a DispatchTime, never a bare number of seconds.
                if v.number != nil {
                    throw SimError.badArgument(i + 1, function, expected: "DispatchTime", got: "number",
                                               hint: "write DispatchTime.now() + seconds")
                }
            case .table: if case .array = v { continue }; if case .dictionary = v { continue }; if case .foreign = v { continue }
            case .function:
                if case .foreign = v { continue }
                if case .object(let id) = v, heap.isKind(id, of: heap.blockClass) { continue }
            case .enumeration(let e):
                if case .string(let s) = v, e.cases.contains(s) { continue }
                throw SimError.badArgument(i + 1, function, expected: ArgumentChecker.expected(c.parameter), got: v.description)
            case .object(let ref):
                let cls = heap.checkedClass(ref.id)
                if case .object(let id) = v {
                    try heap.checkUsable(id, function)
                    if heap.classOf(id).isSubclass(of: cls) { continue }
                }
            case .array(let ref):
                let cls = heap.checkedClass(ref.id)
                if case .foreign(let f) = v, let items = f.box.sequenceItems() {
                    for (k, item) in items.enumerated() {
                        guard let id = item.object, heap.isKind(id, of: cls) else {
                            throw SimError.badArgument(i + 1, function, expected: cls.name,
                                                       got: item.object.map { heap.describeType(of: .object($0)) } ?? item.typeName, index: k + 1)
                        }
                    }
                }
                guard case .array(let values) = v else { break }
                for (k, e) in values.enumerated() {
                    guard case .object(let id) = e, heap.isKind(id, of: cls) else {
                        throw SimError.badArgument(i + 1, function, expected: cls.name, got: heap.describeType(of: e), index: k + 1)
                    }
                    try heap.checkUsable(id, function)
                }
                continue
            }
            throw SimError.badArgument(i + 1, function, expected: ArgumentChecker.expected(c.parameter), got: heap.describeType(of: v))
        }
    }
}
