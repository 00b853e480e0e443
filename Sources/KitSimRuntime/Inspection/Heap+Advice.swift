extension Heap {
    /// SPEC rule 3 (the end of a turn drains the pool): the most common surprise of a
    /// newcomer is an object that nothing ever owned — a script variable owns nothing, so
    /// it deallocated at the drain that ended the turn it was made in. For such an object,
    /// the advice a message to it adds after the exact zombie text; nil for any other (one
    /// that something retained, or one whose history was not recorded). Error path only:
    /// it replays the trace.
    public func unownedDeathAdvice(_ id: ObjectID) -> String? {
        guard isValid(id), state(of: id) == .deallocated, recordsHistory else { return nil }
        var time: Int64 = 0
        var allocated = false, drained = false
        for e in events {
            if e.kind == .clock {
                time = Int64(bitPattern: UInt64(e.object) | (UInt64(e.other) << 32))
                continue
            }
            guard e.object == id.raw else { continue }
            switch e.kind {
            case .alloc: allocated = true
            case .retain where e.cause != .pool: return nil
            case .release: drained = e.cause == .pool
            case .dealloc:
                guard allocated, drained else { return nil }
                return "\(describe(id)) was deallocated at the end of the turn at \(formatTime(time)) s: nothing owned it "
                    + "(script variables do not own objects); give it an owner (a strong property, a window, a container) or `sim.hold` it"
            default: break
            }
        }
        return nil
    }
}
