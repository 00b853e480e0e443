/// The identity of a simulated object, printed as `#12`.
///
/// Ids are handed out in allocation order starting at 1 and are never reused, so the
/// same operations always give the same ids (DEVELOPERS.md rule 3), and a stale id can
/// always be told apart from a live object.
public struct ObjectID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The raw index into the heap's tables. 0 means "no object".
    public let raw: UInt32

    @inlinable public init(_ raw: UInt32) { self.raw = raw }

    @inlinable public static func < (a: ObjectID, b: ObjectID) -> Bool { a.raw < b.raw }

    public var description: String { "#\(raw)" }
}
