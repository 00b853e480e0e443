extension Heap {
    /// The stable text form of the trace: one line per event, byte-for-byte identical
    /// for identical runs (DEVELOPERS.md rule 3). Retain counts are recomputed by
    /// replaying the events. `last` keeps only the final lines.
    /// `from` skips the events before that index (a report leaves out the start-up's).
    public func traceText(last: Int? = nil, from first: Int = 0) -> String {
        // Only the kept lines are rendered: a failure report after millions of events
        // wants 15 of them, and rendering the rest took a minute and gigabytes.
        let start = last.map { Swift.max(first, events.count - Swift.max($0, 0)) } ?? first
        let lines = renderEvents(from: start) { _ in true }
        // A negative count (from a script) is an empty tail, never a trap (DEVELOPERS.md rule 2).
        let kept = last.map { Array(lines.suffix(Swift.max($0, 0))) } ?? lines
        let lost = lostEvents > 0 ? "(\(lostEvents) later events not recorded: out of memory for the trace)\n" : ""
        return kept.map { $0 + "\n" }.joined() + lost
    }

    /// `sim.history(obj)`: every event that changed `id`'s retain count or state, with
    /// its cause and the source line that caused it.
    public func history(_ id: ObjectID) -> String {
        guard isValid(id) else { return "\(id) is not an object of this heap\n" }
        let lines = historyLines(of: id)
        var text = "history of \(describe(id)) (\(state(of: id) == .deallocated ? "deallocated" : "alive, retain count \(retainCount(id))")):\n"
        if lines.isEmpty { text += "  (no events recorded: history was off)\n" }
        for l in lines { text += "  " + l + "\n" }
        return text
    }

    func historyLines(of id: ObjectID) -> [String] {
        renderEvents { e in
            switch e.kind {
            case .alloc, .retain, .release, .dealloc, .weakZeroed: return e.object == id.raw
            default: return false
            }
        }
    }

    /// One rendered event of the trace, for outputs that lay the trace out themselves (the
    /// HTML report's timeline and retain-count plot): the same text as `traceText` gives.
    public struct TimelineEntry: Sendable, Equatable {
        /// The event's index in `events`.
        public let index: Int
        public let kind: TraceEvent.Kind
        /// The virtual time, in nanoseconds.
        public let time: Int64
        /// The object the event is about (nil for a clock step or an event of no object).
        public let object: ObjectID?
        /// The owner (a property's, element's, associated reference's or weak property's holder), or nil.
        public let other: ObjectID?
        /// The object's retain count after the event (replayed).
        public let retainCount: Int
        /// The event as the trace prints it, without time and location (`retain … rc=2 (…)`).
        public let text: String
        /// The source line that caused it, or nil for the runtime's own events.
        public let location: SourceLocation?
    }

    /// The events from index `first` on, rendered (counts and time replayed from the start).
    public func timeline(from first: Int = 0) -> [TimelineEntry] {
        renderEntries(from: first) { _ in true }
    }

    /// Renders the events that pass `filter`, replaying the whole trace for counts and time.
    private func renderEvents(from first: Int = 0, _ filter: (TraceEvent) -> Bool) -> [String] {
        renderEntries(from: first, filter).map { e in
            var line = "[\(formatTime(e.time))] " + e.text
            if let loc = e.location { line += "  @ \(loc)" }
            return line
        }
    }

    private func renderEntries(from first: Int = 0, _ filter: (TraceEvent) -> Bool) -> [TimelineEntry] {
        var counts = [UInt32](repeating: 0, count: classIndex.count)
        var time: Int64 = 0
        var out: [TimelineEntry] = []
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
            let loc = locations[Int(e.location)]
            let hasObject = e.kind != .clock && e.object != 0
            let hasOther: Bool
            switch e.kind {
            case .retain, .release: hasOther = e.cause != .none && e.cause != .pool && e.cause != .hold && e.other != 0
            case .weakZeroed: hasOther = e.other != 0
            default: hasOther = false
            }
            out.append(TimelineEntry(index: i, kind: e.kind, time: time,
                                     object: hasObject ? ObjectID(e.object) : nil,
                                     other: hasOther ? ObjectID(e.other) : nil,
                                     retainCount: Int(count), text: describeEvent(e, count: count),
                                     location: loc.file.isEmpty ? nil : loc))
        }
        return out
    }

    /// Seconds with three decimals: `0.350`.
    public func formatTime(_ ns: Int64) -> String {
        let ms = ns / 1_000_000
        let s = ms / 1000, frac = ms % 1000
        return "\(s)." + String(repeating: "0", count: frac < 10 ? 2 : frac < 100 ? 1 : 0) + "\(frac)"
    }

    private func describeEvent(_ e: TraceEvent, count: UInt32) -> String {
        let obj = ObjectID(e.object)
        switch e.kind {
        case .alloc:
            return "alloc \(describe(obj)) rc=1 (autorelease pool)"
        case .retain, .release:
            return "\(e.kind == .retain ? "retain" : "release") \(describe(obj)) rc=\(count) \(describeCause(e))"
        case .dealloc:
            return "dealloc \(describe(obj))"
        case .weakZeroed:
            return "weak \(describe(ObjectID(e.other))).\(name(e.detail)) zeroed (\(describe(obj)) deallocated)"
        case .call:
            return "call -[\(describe(obj)) \(name(e.detail))]"
        case .log:
            return "log: \(messages[Int(e.other)])"
        case .warning:
            return "warning: \(messages[Int(e.other)])"
        case .exception:
            return "exception: \(messages[Int(e.other)])"
        case .clock:
            return "clock"
        }
    }

    private func describeCause(_ e: TraceEvent) -> String {
        let owner = ObjectID(e.other)
        switch e.cause {
        case .none: return ""
        case .pool: return e.kind == .retain ? "(autorelease pool)" : "(autorelease pool drained)"
        case .property: return "(\(describe(owner)).\(name(e.detail)))"
        case .element: return "(\(describe(owner)).\(name(e.detail)))"
        case .associated: return "(\(describe(owner)) associated \"\(name(e.detail))\")"
        case .hold: return "(hold: \(name(e.detail)))"
        case .teardown: return "(\(describe(owner)).\(name(e.detail)): owner deallocated)"
        }
    }
}
