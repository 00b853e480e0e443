/// The heap's recorded events, in order: an append-only log read like an array.
///
/// A `TraceLog` is a view of the first `count` events of the heap's event buffer. The
/// buffer only ever grows at its end, so a view taken earlier keeps reading the same
/// events however many are recorded after it: it behaves as a copy would, without
/// copying.
public struct TraceLog: RandomAccessCollection, Equatable, CustomStringConvertible {
    let buffer: EventBuffer
    /// The number of events in this view.
    public let count: Int

    init(_ buffer: EventBuffer) {
        self.buffer = buffer
        self.count = buffer.count
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    public subscript(position: Int) -> TraceEvent {
        precondition(position >= 0 && position < count, "TraceLog index out of range")
        return buffer.base[position]
    }

    public static func == (a: TraceLog, b: TraceLog) -> Bool { a.elementsEqual(b) }

    public var description: String { "TraceLog(\(count) events)" }
}

/// The storage behind `TraceLog`.
typealias EventBuffer = AppendBuffer<TraceEvent>
