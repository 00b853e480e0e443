#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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

/// The storage behind `TraceLog`: a malloc'd block of events that grows by `realloc`.
/// A large block is grown by remapping its pages rather than copying them, and an event
/// is appended without the uniqueness check a copy-on-write array makes on every
/// append: the dealloc cascade records three events per object (BENCHMARKS.md).
final class EventBuffer {
    private(set) var base: UnsafeMutablePointer<TraceEvent>
    private(set) var count = 0
    private(set) var capacity: Int

    init(capacity: Int = 256) {
        self.capacity = capacity
        base = EventBuffer.allocate(capacity)
    }

    deinit { free(base) }

    private static func allocate(_ capacity: Int) -> UnsafeMutablePointer<TraceEvent> {
        guard let raw = malloc(capacity * MemoryLayout<TraceEvent>.stride) else {
            fatalError("out of memory for \(capacity) trace events")
        }
        return raw.bindMemory(to: TraceEvent.self, capacity: capacity)
    }

    @inline(__always)
    func append(_ event: TraceEvent) {
        if count == capacity { grow() }
        (base + count).initialize(to: event)
        count += 1
    }

    @inline(never)
    private func grow() {
        let newCapacity = capacity * 2
        guard let raw = realloc(base, newCapacity * MemoryLayout<TraceEvent>.stride) else {
            fatalError("out of memory for \(newCapacity) trace events")
        }
        base = raw.bindMemory(to: TraceEvent.self, capacity: newCapacity)
        capacity = newCapacity
    }
}
