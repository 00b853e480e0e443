import KitSimRuntime

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
    /// its cause and the source line that caused it. With `uikit` false, the retains and
    /// releases of the temporary holds that were undone (the autorelease pool's, UIKit's
    /// own: a transition in flight, an animation) are left out, so what the script's code
    /// did stands out; an unbalanced one stays.
    public func history(_ id: ObjectID, uikit: Bool = true) -> String {
        guard isValid(id) else { return "\(id) is not an object of this heap\n" }
        var hidden = Set<Int>()
        var hiddenPairs = 0
        if !uikit {
            for p in retainPairs(of: id) where p.isTemporary {
                guard let r = p.release else { continue }
                hidden.insert(r)
                hiddenPairs += 1
                // An allocation stays: it is the object's first event, whoever holds it.
                if let a = p.retain, events[a].kind != .alloc { hidden.insert(a) }
            }
        }
        let lines = renderEvents { e in
            switch e.kind {
            case .alloc, .retain, .release, .dealloc, .weakZeroed: return e.object == id.raw
            default: return false
            }
        } skipping: { hidden.contains($0) }
        var text = "history of \(describe(id)) (\(state(of: id) == .deallocated ? "deallocated" : "alive, retain count \(retainCount(id))")):\n"
        if lines.isEmpty { text += "  (no events recorded: history was off)\n" }
        for l in lines { text += "  " + l + "\n" }
        if hiddenPairs > 0 {
            text += "  (\(hiddenPairs) retain/release pair\(hiddenPairs == 1 ? "" : "s") of temporary holds left out)\n"
        }
        return text
    }

    /// `sim.history(obj, { pairs = true })`: each retain of `id` with the release that undid
    /// it, in the order of the retains (Instruments' pairing), then a summary; a retain no
    /// release undid is marked, so the reference that keeps a leaked object stands out.
    public func retainPairsText(_ id: ObjectID) -> String {
        guard isValid(id) else { return "\(id) is not an object of this heap\n" }
        let pairs = retainPairs(of: id)
        let indices = Set(pairs.flatMap { [$0.retain, $0.release].compactMap { $0 } })
        var rendered: [Int: String] = [:]
        for e in renderEntries(from: 0, { $0.object == id.raw && ($0.kind == .alloc || $0.kind == .retain || $0.kind == .release) })
        where indices.contains(e.index) {
            var line = "[\(formatTime(e.time))] " + e.text
            if let loc = e.location { line += "  @ \(loc)" }
            rendered[e.index] = line
        }
        var text = "retain/release pairs of \(describe(id)) (\(state(of: id) == .deallocated ? "deallocated" : "alive, retain count \(retainCount(id))")):\n"
        if pairs.isEmpty { text += "  (no events recorded: history was off)\n" }
        var open = 0
        for p in pairs {
            if let r = p.retain {
                text += "  " + (rendered[r] ?? "?") + "\n"
                if let rel = p.release {
                    text += "      undone by " + (rendered[rel] ?? "?") + "\n"
                } else {
                    open += 1
                    text += "      NOT RELEASED: \(state(of: id) == .deallocated ? "its history lacks the release" : "it still holds the object")\n"
                }
            } else if let rel = p.release {
                text += "  " + (rendered[rel] ?? "?") + "\n      (its retain is not in the trace)\n"
            }
        }
        let closed = pairs.count - open
        text += "  \(closed) pair\(closed == 1 ? "" : "s") balanced, \(open) retain\(open == 1 ? "" : "s") not released\n"
        return text
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

    /// Renders the events that pass `filter` and whose index `skipping` does not name,
    /// replaying the whole trace for counts and time.
    private func renderEvents(from first: Int = 0, _ filter: (TraceEvent) -> Bool,
                              skipping: (Int) -> Bool = { _ in false }) -> [String] {
        renderEntries(from: first, filter).filter { !skipping($0.index) }.map { e in
            var line = "[\(formatTime(e.time))] " + e.text
            if let loc = e.location { line += "  @ \(loc)" }
            return line
        }
    }

    private func renderEntries(from first: Int = 0, _ filter: (TraceEvent) -> Bool) -> [TimelineEntry] {
        replayEvents(from: first, filter).map { e in
            let hasObject = e.kind != .clock && e.object.raw != 0
            let hasOther: Bool
            switch e.kind {
            case .retain, .release: hasOther = e.cause != .none && e.cause != .pool && e.cause != .hold && e.other.raw != 0
            case .weakZeroed: hasOther = e.other.raw != 0
            default: hasOther = false
            }
            return TimelineEntry(index: e.index, kind: e.kind, time: e.time,
                                 object: hasObject ? e.object : nil,
                                 other: hasOther ? e.other : nil,
                                 retainCount: Int(e.retainCount), text: describeEvent(e),
                                 location: e.location.file.isEmpty ? nil : e.location)
        }
    }

    private func describeEvent(_ e: ReplayedEvent) -> String {
        let obj = e.object
        switch e.kind {
        case .alloc:
            return "alloc \(describe(obj)) rc=1 (autorelease pool)"
        case .retain, .release:
            return "\(e.kind == .retain ? "retain" : "release") \(describe(obj)) rc=\(e.retainCount) \(describeCause(e))"
        case .dealloc:
            return "dealloc \(describe(obj))"
        case .weakZeroed:
            return "weak \(edgeName(e.other, e.detail)) zeroed (\(describe(obj)) deallocated)"
        case .call:
            return "call -[\(describe(obj)) \(e.detail)]"
        case .log:
            return "log: \(e.message)"
        case .warning:
            return "warning: \(e.message)"
        case .exception:
            return "exception: \(e.message)"
        case .clock:
            return "clock"
        }
    }

    private func describeCause(_ e: ReplayedEvent) -> String {
        let owner = e.other
        switch e.cause {
        case .none: return ""
        case .pool: return e.kind == .retain ? "(autorelease pool)" : "(autorelease pool drained)"
        case .property: return "(\(describe(owner)).\(e.detail))"
        case .element: return "(\(describe(owner)).\(e.detail))"
        case .associated:
            // A closure's or a block's capture is named as the other reports name it.
            if closureSite(owner) != nil || blockCaptureNumber(owner, e.detail) != nil { return "(\(edgeName(owner, e.detail)))" }
            return "(\(describe(owner)) associated \"\(e.detail)\")"
        case .hold: return "(hold: \(e.detail))"
        case .teardown: return "(\(edgeName(owner, e.detail)): owner deallocated)"
        }
    }
}
