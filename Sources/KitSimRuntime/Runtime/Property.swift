/// The type a property accepts. Objects are checked with `isKind(of:)`; `any` takes
/// every value (SPEC §4: properties declared from Lua take any value).
public enum ValueType: CustomStringConvertible {
    case any
    case bool
    case number
    case string
    case rect
    case point
    /// A simulated object of the class (or any object when nil), or nil.
    case object(SimClass?)
    /// An array of simulated objects of the class (`subviews`, `viewControllers`).
    case objectArray(SimClass?)

    public var description: String {
        switch self {
        case .any: return "any"
        case .bool: return "boolean"
        case .number: return "number"
        case .string: return "string"
        case .rect: return "CGRect"
        case .point: return "CGPoint"
        case .object(let c): return c?.name ?? "object"
        case .objectArray(let c): return "array of \(c?.name ?? "object")"
        }
    }
}

/// A declared property. Its storage is one slot of every instance; `getter`/`setter`
/// name methods that replace the synthesized accessors (UIKit's lazy `view`, say), and
/// those methods live in the method table, so subclasses and swizzles can replace them.
public struct Property {
    /// The name, type, default and declaring class, in one box shared by copies (and
    /// copied on a write, so a property stays a value): the model keeps properties by
    /// value and passes them to every slot read and write, and a copy then costs one
    /// retain where its strings, classes and default cost one each (BENCHMARKS.md,
    /// push/pop at scale).
    final class Info {
        let name: String
        var type: ValueType
        let defaultValue: Value?
        var declaringClassName: String
        /// Read only when a class is registered and when the platform version changes, so
        /// they live in the box rather than in every copy (rule 78).
        let declaredOwnership: Ownership
        let earlier: EarlierOwnership?
        init(name: String, type: ValueType, defaultValue: Value?, declaringClassName: String,
             declaredOwnership: Ownership, earlier: EarlierOwnership?) {
            self.name = name
            self.type = type
            self.defaultValue = defaultValue
            self.declaringClassName = declaringClassName
            self.declaredOwnership = declaredOwnership
            self.earlier = earlier
        }
        func copy() -> Info {
            Info(name: name, type: type, defaultValue: defaultValue, declaringClassName: declaringClassName,
                 declaredOwnership: declaredOwnership, earlier: earlier)
        }
    }
    private var info: Info

    public var name: String { info.name }
    /// The ownership in force on the heap's platform version: the declared one, or
    /// `earlier.ownership` on a version before `earlier.version` (rule 78). The heap sets it
    /// when it registers the class and again whenever its `platformVersion` changes.
    public internal(set) var ownership: Ownership
    /// The ownership as declared: the one from `earlier.version` on, or on every version.
    public var declaredOwnership: Ownership { info.declaredOwnership }
    /// The ownership the property had before a platform version changed it, or nil when it
    /// has one ownership on every version.
    public var earlier: EarlierOwnership? { info.earlier }
    public internal(set) var type: ValueType {
        get { info.type }
        set { uniqueInfo().type = newValue }
    }
    /// Scripts may not assign it (the model still writes the slot directly).
    public let isReadOnly: Bool
    /// A method run instead of reading the slot.
    public let getter: Selector?
    /// A method run instead of writing the slot; it receives the new value.
    public let setter: Selector?
    /// Whether the property may read nil. Arrays are not optional unless declared so
    /// (SPEC rule 27: `subviews` reads `{}`; a tab bar's unset `viewControllers` reads nil).
    public let isOptional: Bool
    /// What a new instance's slot holds before any write (a scalar or a string), or nil.
    public var defaultValue: Value? { info.defaultValue }
    /// The slot index within an instance, assigned when the class is defined.
    public internal(set) var slot: Int = 0
    /// The class that declared it.
    public internal(set) var declaringClassName: String {
        get { info.declaringClassName }
        set { uniqueInfo().declaringClassName = newValue }
    }
    /// Interned name for trace events.
    var nameID: UInt16 = 0

    /// The ownership on platform version `version` (rule 78).
    public func ownership(on version: Int) -> Ownership {
        if let earlier, version < earlier.version { return earlier.ownership }
        return declaredOwnership
    }

    /// The box, copied first when another property shares it.
    private mutating func uniqueInfo() -> Info {
        if !isKnownUniquelyReferenced(&info) { info = info.copy() }
        return info
    }

    public init(
        _ name: String, _ ownership: Ownership = .strong, type: ValueType = .any,
        readOnly: Bool = false, getter: Selector? = nil, setter: Selector? = nil, optional: Bool? = nil,
        default defaultValue: Value? = nil, earlier: EarlierOwnership? = nil
    ) {
        info = Info(name: name, type: type, defaultValue: defaultValue, declaringClassName: "",
                    declaredOwnership: ownership, earlier: earlier)
        if case .objectArray = type { self.isOptional = optional ?? false } else { self.isOptional = optional ?? true }
        self.ownership = ownership
        self.isReadOnly = readOnly
        self.getter = getter
        self.setter = setter
    }
}

/// What the property hot path needs, without the strings and classes of `Property`, so
/// reading it involves no reference counting (`obj.value` from Lua).
struct PropertyAccess {
    enum Kind: UInt8 {
        case any, bool, number, string, rect, point
        /// Any object (`object(nil)`): the target must be usable.
        case anyObject
        /// A class-constrained object or an array: `typeCheck` decides.
        case checked
    }
    var slot: Int32
    var ownership: Ownership
    var kind: Kind
    var isReadOnly: Bool
    /// A getter or setter method replaces the synthesized accessor.
    var hasGetter: Bool
    var hasSetter: Bool
    var nameID: UInt16

    init(_ p: Property) {
        slot = Int32(p.slot)
        ownership = p.ownership
        switch p.type {
        case .any: kind = .any
        case .bool: kind = .bool
        case .number: kind = .number
        case .string: kind = .string
        case .rect: kind = .rect
        case .point: kind = .point
        case .object(nil): kind = .anyObject
        case .object, .objectArray: kind = .checked
        }
        isReadOnly = p.isReadOnly
        hasGetter = p.getter != nil
        hasSetter = p.setter != nil
        nameID = p.nameID
    }
}
