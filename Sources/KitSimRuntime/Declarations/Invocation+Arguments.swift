/// Typed reads of arguments a declared method's signature has already checked
/// (`Heap.install` checks them before the body runs), so a body does not check again.
extension Invocation {
    /// A checked object argument; nil only where the parameter is optional.
    public func optionalObjectArgument(_ index: Int) -> ObjectID? { argument(index).objectID }

    /// A checked, required object argument.
    public func objectArgument(_ index: Int) -> ObjectID { argument(index).objectID ?? ObjectID(0) }

    /// A checked number argument (0 when an optional one is absent).
    public func numberArgument(_ index: Int) -> Double { argument(index).number ?? 0 }

    /// A checked number argument as an index, clamped so that `Int(_:)` never traps on a
    /// script's 1e300 (DEVELOPERS.md rule 2); the body range-checks it.
    public func integerArgument(_ index: Int) -> Int { clampedInt(numberArgument(index)) }

    /// A checked point argument.
    public func pointArgument(_ index: Int) -> Point {
        if case .point(let p) = argument(index) { return p }
        return Point(x: 0, y: 0)
    }

    /// A checked size argument.
    public func sizeArgument(_ index: Int) -> Size {
        if case .size(let s) = argument(index) { return s }
        return Size(width: 0, height: 0)
    }

    /// A checked `DispatchTime` argument, in nanoseconds (0 when an optional one is absent).
    public func timeArgument(_ index: Int) -> Int64 {
        if case .time(let t) = argument(index) { return t }
        return 0
    }

    /// A checked `IndexPath` argument (row 0 of section 0 when an optional one is absent).
    public func indexPathArgument(_ index: Int) -> IndexPath {
        if case .indexPath(let p) = argument(index) { return p }
        return IndexPath(row: 0, section: 0)
    }

    /// A checked class argument, or nil when an optional one is absent.
    public func classArgument(_ index: Int) -> SimClass? {
        if case .foreign(let f) = argument(index) { return f.box.classValue }
        return nil
    }

    /// A checked string argument, or nil when an optional one is absent.
    public func stringArgument(_ index: Int) -> String? {
        if case .string(let s) = argument(index) { return s }
        return nil
    }

    /// A checked table of objects (`setViewControllers`).
    public func objectsArgument(_ index: Int) -> [ObjectID] {
        guard case .array(let values) = argument(index) else { return [] }
        return values.compactMap(\.objectID)
    }
}

extension Value {
    /// The rectangle, for `.rect`.
    public var rectValue: Rect? {
        if case .rect(let r) = self { return r }
        return nil
    }
}

/// A finite number as an `Int`, truncated toward zero and clamped to ±2^53 (beyond any
/// index or count), so the conversion never traps.
public func clampedInt(_ d: Double) -> Int {
    guard d.isFinite else { return d > 0 ? 1 << 53 : (d < 0 ? -(1 << 53) : 0) }
    return Int(Swift.min(Swift.max(d, -9_007_199_254_740_992), 9_007_199_254_740_992))
}
