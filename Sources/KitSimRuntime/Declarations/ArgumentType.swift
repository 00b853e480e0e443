/// The type of a parameter, a return value or a property as a script sees it: what the
/// runtime checks an argument against, what LuaLS annotations and the API reference print,
/// and what the fuzzer draws values from. Classes are named, not referenced, so that a
/// declaration is plain data that exists before any heap does.
///
/// Not recursive, so never boxed: the declarations live for the whole process, and a
/// boxed enum payload is reached through a tagged pointer that a leak checker does not
/// recognise as a reference.
public enum ArgumentType: Sendable, Equatable, CustomStringConvertible {
    /// Any value (a property declared from Lua, `backgroundColor`).
    case any
    /// A boolean, read with Lua's truthiness as `lua_toboolean` does: nil and false are
    /// false, every other value is true.
    case bool
    /// A finite number.
    case number
    /// A finite number used as an index or a count.
    case integer
    case string
    case rect
    case point
    /// A `CGSize` value (`CGSize(w, h)`), read as `Value.size`.
    case size
    /// A `DispatchTime` value (`DispatchTime.now() + 10`), read as `Value.time`.
    case time
    /// An `IndexPath` value (`IndexPath(row, section)`), read as `Value.indexPath`.
    case indexPath
    /// An object of the named class or a subclass; `NSObject` takes every object.
    case object(String)
    /// A table of objects of the named class (an `NSArray`).
    case array(String)
    /// A table of tables (`sim.leaks()`'s reports); `name` is the LuaLS class of each.
    case tables(String)
    /// One of a fixed set of strings (`"alert"`, `"actionSheet"`).
    case enumeration(EnumType)
    /// A class (a class table in Lua: `tableView:register(Cell, "Cell")`).
    case metaclass
    /// A Lua function or a block, called later (a completion, a handler).
    case function
    /// A table of settings or a snapshot (`sim.configure{…}`).
    case table
    /// No value (a method's return type).
    case void

    /// How an error message and the API reference name the type.
    public var description: String {
        switch self {
        case .any: return "any"
        case .bool: return "boolean"
        case .number: return "number"
        case .integer: return "integer"
        case .string: return "string"
        case .rect: return "CGRect"
        case .point: return "CGPoint"
        case .size: return "CGSize"
        case .time: return "DispatchTime"
        case .indexPath: return "IndexPath"
        case .object(let name): return name
        case .array(let name): return "array of \(name)"
        case .tables(let name): return "array of \(name)"
        case .enumeration(let e): return e.name
        case .metaclass: return "class"
        case .function: return "function"
        case .table: return "table"
        case .void: return "nothing"
        }
    }

    /// The type in LuaLS's notation (`UIViewController[]`, `"alert"|"actionSheet"`):
    /// the description's names, but `T[]` for an array and `nil` for no value.
    public var luaLS: String {
        switch self {
        case .array(let name), .tables(let name): return name + "[]"
        case .void: return "nil"
        case .metaclass: return "table"
        default: return description
        }
    }
}

/// A named set of string cases: UIKit's enumerations as scripts write them
/// (`UIAlertController.Style`: `"alert"`, `"actionSheet"`).
///
/// Declare each once, as a static, and name it wherever it is used (the property, the
/// parameter, the class's list of enumerations): one value, which a leak checker also
/// sees referenced from the static rather than only through an enum payload.
public struct EnumType: Sendable, Equatable {
    public let name: String
    public let cases: [String]

    public init(_ name: String, _ cases: [String]) {
        self.name = name
        self.cases = cases
    }

    /// `"alert" or "actionSheet"`, `"default", "cancel" or "destructive"`: the expected
    /// part of a bad-argument message.
    public var expected: String {
        let quoted = cases.map { "\"\($0)\"" }
        guard quoted.count > 1 else { return quoted.first ?? "nothing" }
        return quoted.dropLast().joined(separator: ", ") + " or " + (quoted.last ?? "")
    }
}

/// One parameter of a method: its name (the Swift argument label, or the parameter name
/// when the label is `_`), its type, and whether a script may leave it out.
public struct Parameter: Sendable, Equatable {
    public let name: String
    public let type: ArgumentType
    /// nil (or an absent argument) is accepted.
    public let isOptional: Bool
    /// What an absent argument means, as the API reference prints it (`true` for
    /// `animated`), or nil when absence means nil.
    public let defaultValue: String?

    public init(_ name: String, _ type: ArgumentType, optional: Bool = false, default defaultValue: String? = nil) {
        self.name = name
        self.type = type
        self.isOptional = optional || defaultValue != nil
        self.defaultValue = defaultValue
    }

    public static func object(_ name: String, _ cls: String, optional: Bool = false) -> Parameter {
        Parameter(name, .object(cls), optional: optional)
    }
    public static func bool(_ name: String, default value: Bool? = nil) -> Parameter {
        Parameter(name, .bool, default: value.map { $0 ? "true" : "false" })
    }
    public static func number(_ name: String, optional: Bool = false) -> Parameter { Parameter(name, .number, optional: optional) }
    public static func integer(_ name: String, optional: Bool = false) -> Parameter { Parameter(name, .integer, optional: optional) }
    public static func string(_ name: String, optional: Bool = false) -> Parameter { Parameter(name, .string, optional: optional) }
    public static func rect(_ name: String, optional: Bool = false) -> Parameter { Parameter(name, .rect, optional: optional) }
    public static func point(_ name: String) -> Parameter { Parameter(name, .point) }
    public static func size(_ name: String) -> Parameter { Parameter(name, .size) }
    public static func function(_ name: String, optional: Bool = true) -> Parameter { Parameter(name, .function, optional: optional) }
    public static func array(_ name: String, of cls: String) -> Parameter { Parameter(name, .array(cls)) }
    public static func enumeration(_ name: String, _ type: EnumType, default value: String? = nil) -> Parameter {
        Parameter(name, .enumeration(type), default: value.map { "\"\($0)\"" })
    }
}
