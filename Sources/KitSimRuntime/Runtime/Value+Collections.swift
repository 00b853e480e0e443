/// Collections in properties (SPEC rule 26): an NSArray is `.array`, an NSDictionary
/// `.dictionary`; either may nest. Each object in one, at any depth, is a strong reference
/// of the property that holds it, named by its path (`items[1]`, `map.a`, `map["a b"]`).
extension Value {
    /// One key and value of a `.dictionary`.
    public struct Entry: Sendable, Equatable {
        public let key: Value
        public let value: Value
        public init(key: Value, value: Value) { self.key = key; self.value = value }
    }

    /// Whether `a` sorts before `b` as a dictionary key: numbers ascending, then strings
    /// bytewise, then false, true. This is the order of KitSim's `pairs`, so retains,
    /// releases, `why`, cycle reports and the trace never follow Lua's per-run hash order
    /// (rule 3).
    public static func keyOrder(_ a: Value, _ b: Value) -> Bool {
        func rank(_ v: Value) -> Int {
            switch v {
            case .int, .double: return 0
            case .string: return 1
            case .bool(let f): return f ? 3 : 2
            default: return 4
            }
        }
        let ra = rank(a), rb = rank(b)
        if ra != rb { return ra < rb }
        switch (a, b) {
        case (.string(let x), .string(let y)): return Array(x.utf8).lexicographicallyPrecedes(y.utf8)
        default: return (a.number ?? 0) < (b.number ?? 0)
        }
    }

    /// A dictionary from unsorted entries, in `keyOrder`.
    public static func dictionary(sorting entries: [Entry]) -> Value {
        .dictionary(entries.sorted { keyOrder($0.key, $1.key) })
    }

    /// Whether this is an array or dictionary.
    @inlinable public var isCollection: Bool {
        switch self {
        case .array, .dictionary: return true
        default: return false
        }
    }

    /// Whether the value is an object or a collection holding one at any depth.
    public var containsObject: Bool {
        switch self {
        case .object: return true
        case .array(let a): return a.contains { $0.containsObject }
        case .dictionary(let d): return d.contains { $0.value.containsObject }
        default: return false
        }
    }

    /// Calls `body` with the raw id of every object in the value, at any depth, in path
    /// order, without building names (the hot loops of `verify`, `leaks` and `why`).
    @inline(__always)
    public func forEachObject(_ body: (UInt32) -> Void) {
        switch self {
        case .object(let t): body(t.raw)
        case .array(let a):
            for e in a {
                if case .object(let t) = e { body(t.raw) } else if e.isCollection { e.forEachObject(body) }
            }
        case .dictionary(let d): for e in d { e.value.forEachObject(body) }
        default: break
        }
    }

    /// Every object in the value with its path below `name`, in path order:
    /// `name` itself for an object, `name[1]` for an array element (1-based, as Lua
    /// indexes), `name.key` for an identifier key, `name["a b"]`, `name[2]` or
    /// `name[true]` for other keys.
    public func objectPaths(_ name: String) -> [(path: String, object: ObjectID)] {
        var out: [(String, ObjectID)] = []
        func walk(_ v: Value, _ path: String) {
            switch v {
            case .object(let t): out.append((path, t))
            case .array(let a):
                for (i, e) in a.enumerated() where e.objectID != nil || e.isCollection { walk(e, "\(path)[\(i + 1)]") }
            case .dictionary(let d):
                for e in d where e.value.objectID != nil || e.value.isCollection { walk(e.value, path + Value.pathComponent(e.key)) }
            default: break
            }
        }
        walk(self, name)
        return out
    }

    /// The path component of a dictionary key, as Lua would write the index.
    public static func pathComponent(_ key: Value) -> String {
        if case .string(let s) = key, isIdentifier(s) { return "." + s }
        if case .string(let s) = key { return "[" + s.luaQuoted + "]" }
        return "[\(key.luaText)]"
    }

    /// A number or flag as Lua prints it (`2`, `1.5`, `true`).
    var luaText: String {
        switch self {
        case .int(let i): return String(i)
        case .double(let d): return formatNumber(d)
        case .bool(let b): return b ? "true" : "false"
        default: return description
        }
    }

    static let keywords: Set<String> = [
        "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if", "in",
        "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while",
    ]

    /// A Lua name: letters, digits and `_`, not starting with a digit, not a keyword.
    static func isIdentifier(_ s: String) -> Bool {
        guard let first = s.utf8.first, !(48...57).contains(first), !keywords.contains(s) else { return false }
        return s.utf8.allSatisfy { ($0 >= 65 && $0 <= 90) || ($0 >= 97 && $0 <= 122) || ($0 >= 48 && $0 <= 57) || $0 == 95 }
    }
}

extension String {
    /// The string as a Lua string literal (`"a \"b\""`): how a key reads in a reference
    /// name (`map["a b"]`, `scriptMessageHandlers["dummy"]`, `reusePool["Cell"]`).
    public var luaQuoted: String {
        var out = "\""
        for c in self {
            switch c {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            default: out.append(c)
            }
        }
        return out + "\""
    }
}
