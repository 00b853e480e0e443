extension Simulator {
    /// SPEC §2 `abandoned` leaks: a view controller that left the UI (popped,
    /// dismissed, replaced as a window's root, removed from its parent) and is still
    /// alive `abandonedDelay` (2 s) of virtual time later — MLeaksFinder's check.
    func abandonedLeaks() -> [Leak] {
        let delay = nanoseconds(configuration.abandonedDelay)
        var out: [Leak] = []
        for raw in leftUI.keys.sorted() {
            guard let record = leftUI[raw] else { continue }
            let id = ObjectID(raw)
            guard heap.isAlive(id) else { leftUI.removeValue(forKey: raw); continue }
            // Back in the UI by a path that did not clear the record (wrapped in a container, say).
            if isInUI(id) { continue }
            let elapsed = heap.now - record.time
            guard elapsed >= delay else { continue }
            var message = "\(heap.describe(id)) left the UI (\(record.how)) at \(heap.formatTime(record.time)) s "
                + "and is still alive \(heap.formatTime(elapsed)) s later"
            if let path = heap.retainPaths(to: id, limit: 1).first, let last = path.steps.last {
                message += "; kept by " + path.steps.map(heap.describe).joined(separator: " → ")
                _ = last
            }
            out.append(Leak(kind: .abandoned, objects: [id], message: message))
        }
        return out
    }

    /// Whether a controller is part of what a window shows: a window's root, presented,
    /// or the child of one that is.
    func isInUI(_ vc: ObjectID) -> Bool {
        var c = vc
        for _ in 0...256 {
            if isWindowRoot(c) { return true }
            if (try? object(c, uikit.presenting)) ?? nil != nil { return true }
            guard let p = (try? object(c, uikit.parent)) ?? nil else { return false }
            c = p
        }
        return false
    }
}
