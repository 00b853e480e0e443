/// A point in the simulated screen's coordinate space (points, as UIKit's `CGPoint`).
public struct Point: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    public static let zero = Point(x: 0, y: 0)
    public var description: String { "(\(formatNumber(x)), \(formatNumber(y)))" }
}

/// A size, as UIKit's `CGSize` (points): what `viewWillTransition(to:with:)` is given.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    public var width: Double
    public var height: Double
    public init(width: Double, height: Double) { self.width = width; self.height = height }
    public var description: String { "(\(formatNumber(width)), \(formatNumber(height)))" }
}

/// Foundation's `IndexPath` of a table or collection view: a row (an item) in a section,
/// both 0-based (SPEC rule 39). Two 32-bit halves, so a `Value` holding one stays small.
public struct IndexPath: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var row: Int32
    public var section: Int32
    public init(row: Int32, section: Int32) { self.row = row; self.section = section }
    public static func < (a: IndexPath, b: IndexPath) -> Bool { (a.section, a.row) < (b.section, b.row) }
    public var description: String { "IndexPath(row: \(row), section: \(section))" }
}

/// A rectangle, as UIKit's `CGRect`, with the field names the Lua API uses.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// Whether `p` lies inside, with UIKit's half-open edges (`CGRectContainsPoint`).
    public func contains(_ p: Point) -> Bool {
        p.x >= x && p.x < x + width && p.y >= y && p.y < y + height
    }

    /// Whether this rectangle covers `other` entirely.
    public func covers(_ other: Rect) -> Bool {
        other.x >= x && other.y >= y && other.x + other.width <= x + width
            && other.y + other.height <= y + height
    }

    public var description: String {
        "(\(formatNumber(x)), \(formatNumber(y)), \(formatNumber(width)), \(formatNumber(height)))"
    }
}

/// Formats a number the way Lua's `%.14g` does for the values scenarios use: integers
/// without a fraction, others with the shortest exact form. Deterministic on every host.
public func formatNumber(_ v: Double) -> String {
    if v.isFinite, v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
    return "\(v)"
}
