extension Simulator {
    /// `UIApplication.shared.keyWindow`: the key window or nil.
    public var keyWindow: ObjectID? {
        keyWindowID != 0 && heap.isAlive(ObjectID(keyWindowID)) ? ObjectID(keyWindowID) : nil
    }

    /// SPEC rule 3: at most one window is key.
    func makeKey(_ window: ObjectID) throws {
        guard keyWindowID != window.raw else { return }
        let old = keyWindow
        keyWindowID = window.raw
        if let old { _ = try heap.send(old, "resignKey") }
        _ = try heap.send(window, "becomeKey")
    }

    /// SPEC rule 4 (seed 002): when the key window is hidden or deallocated, key status
    /// passes to the frontmost visible window — the highest level, then the most
    /// recently ordered front — not back to the previous key window.
    func passKeyStatus(leaving window: ObjectID) throws {
        let next = visibleWindows.last { $0 != window && heap.isAlive($0) }
        keyWindowID = 0
        if let next { try makeKey(next) }
    }
}
