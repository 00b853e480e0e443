/// One event of the trace with what only a replay of the whole trace knows: the virtual
/// time and the object's retain count after it, and its interned names resolved. The
/// trace's text, the history of an object and the HTML report's timeline are rendered
/// from these (KitSimReport).
public struct ReplayedEvent: Sendable, Equatable {
    /// The event's index in `Heap.events`.
    public let index: Int
    public let kind: TraceEvent.Kind
    public let cause: TraceEvent.Cause
    /// The virtual time, in nanoseconds.
    public let time: Int64
    /// The event's object (0 for a clock step).
    public let object: ObjectID
    /// The event's other object (an owner, a weak property's holder), as recorded.
    public let other: ObjectID
    /// The object's retain count after the event (0 for a clock step).
    public let retainCount: UInt32
    /// The event's name: a property, a path, a hold, a selector or a class name.
    public let detail: String
    /// A log line's, warning's or exception's text; empty for other events.
    public let message: String
    /// The source line that caused it (an empty file for the runtime's own events).
    public let location: SourceLocation
}

extension Heap {
    /// The events from index `first` on that pass `filter`, with counts and time
    /// replayed from the start.
    public func replayEvents(from first: Int = 0, _ filter: (TraceEvent) -> Bool = { _ in true }) -> [ReplayedEvent] {
        var counts = [UInt32](repeating: 0, count: classIndex.count)
        var time: Int64 = 0
        var out: [ReplayedEvent] = []
        for (i, e) in events.enumerated() {
            switch e.kind {
            case .alloc: counts[Int(e.object)] = 1
            case .retain: counts[Int(e.object)] &+= 1
            case .release: counts[Int(e.object)] &-= 1
            case .clock: time = Int64(bitPattern: UInt64(e.object) | (UInt64(e.other) << 32))
            default: break
            }
            guard i >= first, filter(e) else { continue }
            let count = e.kind == .clock ? 0 : counts[Int(e.object)]
            let message: String
            switch e.kind {
            case .log, .warning, .exception: message = messages[Int(e.other)]
            default: message = ""
            }
            let detail: String
            switch e.kind {
            case .retain, .release: detail = e.cause == .none || e.cause == .pool ? "" : name(e.detail)
            case .weakZeroed, .call: detail = name(e.detail)
            default: detail = ""
            }
            out.append(ReplayedEvent(index: i, kind: e.kind, cause: e.cause, time: time, object: ObjectID(e.object),
                                     other: ObjectID(e.other), retainCount: count, detail: detail, message: message,
                                     location: locations[Int(e.location)]))
        }
        return out
    }

    /// Seconds with three decimals: `0.350`.
    public func formatTime(_ ns: Int64) -> String {
        let ms = ns / 1_000_000
        let s = ms / 1000, frac = ms % 1000
        return "\(s)." + String(repeating: "0", count: frac < 10 ? 2 : frac < 100 ? 1 : 0) + "\(frac)"
    }
}
