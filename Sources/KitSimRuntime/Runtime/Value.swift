/// A value the runtime stores in a property or passes to a method.
///
/// Large payloads are `indirect` so a `Value` stays 16 bytes: the heap keeps one per
/// property slot, and bytes per simulated object are a budget (under 200 B).
public enum Value: Sendable, CustomStringConvertible {
    case `nil`
    case bool(Bool)
    case int(Int)
    case double(Double)
    indirect case string(String)
    case object(ObjectID)
    case array([Value])
    /// An NSDictionary: a Lua table with keys other than 1…n stored in a strong or copy
    /// property (SPEC rule 26). Keys are numbers, strings or booleans, kept in
    /// `Value.keyOrder`; values may be collections themselves.
    case dictionary([Value.Entry])
    indirect case rect(Rect)
    indirect case point(Point)
    /// A `CGSize` (`{ width, height }` in Lua).
    indirect case size(Size)
    /// A point on the virtual clock, in nanoseconds since its start: Dispatch's
    /// `DispatchTime` (SPEC rule 31), a value with `+`/`-` seconds and comparisons in Lua.
    case time(Int64)
    /// A table or collection view's `IndexPath` (SPEC rule 39): `{ row, item, section }`
    /// in Lua, equal by value. Boxed: its two 32-bit halves inline changed the enum's layout
    /// so that every copy of a `Value` cost more (+90 instructions a method call, measured).
    indirect case indexPath(IndexPath)
    /// A value owned by the host (a Lua table or function). The runtime stores it and
    /// gives it back; it never looks inside.
    indirect case foreign(ForeignValue)

    /// The object this value refers to, if it is one.
    @inlinable public var objectID: ObjectID? {
        if case .object(let id) = self { return id }
        return nil
    }

    public var isNil: Bool { if case .nil = self { return true } else { return false } }

    /// Nil, a flag or a number: no reference counting, nothing an ownership links.
    @inlinable public var isScalar: Bool {
        switch self {
        case .nil, .bool, .int, .double, .time, .indexPath: return true
        default: return false
        }
    }

    /// The name of the value's type in error messages ("nil", "number", "string", …).
    /// Objects are named by their class by `Heap.describeType(of:)`.
    public var typeName: String {
        switch self {
        case .nil: return "nil"
        case .bool: return "boolean"
        case .int, .double: return "number"
        case .string: return "string"
        case .object: return "object"
        case .array: return "array"
        case .dictionary: return "dictionary"
        case .rect: return "CGRect"
        case .point: return "CGPoint"
        case .size: return "CGSize"
        case .time: return "DispatchTime"
        case .indexPath: return "IndexPath"
        case .foreign(let f): return f.box.typeName
        }
    }

    /// The number, for `.int` and `.double`.
    public var number: Double? {
        switch self {
        case .int(let i): return Double(i)
        case .double(let d): return d
        default: return nil
        }
    }

    public var description: String {
        switch self {
        case .nil: return "nil"
        case .bool(let b): return b ? "true" : "false"
        case .int(let i): return String(i)
        case .double(let d): return formatNumber(d)
        case .string(let s): return "\"\(s)\""
        case .object(let id): return id.description
        case .array(let a): return "[" + a.map(\.description).joined(separator: ", ") + "]"
        case .dictionary(let d): return "[" + (d.isEmpty ? ":" : d.map { "\($0.key): \($0.value)" }.joined(separator: ", ")) + "]"
        case .rect(let r): return "CGRect\(r)"
        case .point(let p): return "CGPoint\(p)"
        case .size(let s): return "CGSize\(s)"
        case .time(let t): return "DispatchTime(\(formatNumber(Double(t) / 1e9)))"
        case .indexPath(let p): return p.description
        case .foreign(let f): return "<\(f.box.typeName)>"
        }
    }
}

/// A host-owned value stored opaquely (see `Value.foreign`). The host subclasses
/// `ForeignBox`; releasing the last `Value` that holds it runs the box's `deinit`, which
/// is where a host drops its own reference (a Lua registry slot, say).
public struct ForeignValue: @unchecked Sendable {
    public let box: ForeignBox
    public init(_ box: ForeignBox) { self.box = box }
}

/// Base class of host-owned values. Not thread-safe: a box belongs to one sandbox.
open class ForeignBox {
    public init() {}
    /// The type name shown in messages ("table", "function").
    open var typeName: String { "foreign" }
    /// For a host sequence (a Lua table with items 1…n) that was not converted to an
    /// array, what each item is: an object's id, or the item's type name. An argument
    /// check uses it to name the item that does not fit. Nil when the value is not one.
    open func sequenceItems() -> [(object: ObjectID?, typeName: String)]? { nil }
    /// The class a host value stands for (a Lua class table), where the model takes a
    /// class (`register(cellClass, id)`); nil for any other value.
    open var classValue: SimClass? { nil }
    /// Whether the host value is a function: where UIKit takes a block, it becomes a
    /// closure block (`Heap.closure(_:)`).
    open var isFunction: Bool { false }
}

extension Value: Equatable {
    /// Structural equality; foreign values compare by identity.
    public static func == (a: Value, b: Value) -> Bool {
        switch (a, b) {
        case (.nil, .nil): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.int(let x), .int(let y)): return x == y
        case (.double(let x), .double(let y)): return x == y
        case (.int(let x), .double(let y)), (.double(let y), .int(let x)): return Double(x) == y
        case (.string(let x), .string(let y)): return x == y
        case (.object(let x), .object(let y)): return x == y
        case (.array(let x), .array(let y)): return x == y
        case (.dictionary(let x), .dictionary(let y)): return x == y
        case (.rect(let x), .rect(let y)): return x == y
        case (.point(let x), .point(let y)): return x == y
        case (.size(let x), .size(let y)): return x == y
        case (.foreign(let x), .foreign(let y)): return x.box === y.box
        default: return false
        }
    }
}
