/// One entry of the append-only trace. 16 bytes: names, messages and source locations
/// are interned in the heap's tables, and retain counts are recomputed when the trace
/// is rendered, so recording history stays cheap (under 200 B per object).
public struct TraceEvent: Sendable, Equatable, BitwiseCopyable {
    public enum Kind: UInt8, Sendable, BitwiseCopyable {
        /// `object` was allocated; `detail` is its class name.
        case alloc
        /// `object` gained a reference (see `cause`).
        case retain
        /// `object` lost a reference (see `cause`).
        case release
        /// `object` deallocated.
        case dealloc
        /// `other`'s weak property `detail` read `object` and now reads nil.
        case weakZeroed
        /// A message `detail` sent to `object` (only when `Heap.tracesCalls` is on).
        case call
        /// A line logged by the scenario (`sim.log`, NSLog); `other` is the message index.
        case log
        /// A warning UIKit would print to the console; `other` is the message index.
        case warning
        /// An exception was raised; `other` is the message index.
        case exception
        /// The virtual clock moved; `object`/`other` hold the new time's low/high bits.
        case clock
    }

    /// Why a retain or release happened.
    public enum Cause: UInt8, Sendable, BitwiseCopyable {
        case none
        /// The autorelease pool: the +1 of a new object, released when the pool drains.
        case pool
        /// The strong property `detail` of `other`, set or overwritten.
        case property
        /// An object in a strong collection of `other`; `detail` is its path (`subviews[2]`,
        /// `map.a`).
        case element
        /// The associated reference `detail` of `other`.
        case associated
        /// A runtime hold named `detail` (`sim.hold`, a window on screen, an animation).
        case hold
        /// `other` deallocated and released its property `detail`.
        case teardown
    }

    public var kind: Kind
    public var cause: Cause
    public var detail: UInt16
    public var object: UInt32
    public var other: UInt32
    public var location: UInt32
}

/// A place in a scenario script, supplied by the host (the Lua bridge gives file:line).
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public init(file: String, line: Int) { self.file = file; self.line = line }
    public var description: String { file.isEmpty ? "" : "\(file):\(line)" }
}
