/// The application's windows (SPEC 3.1): each live window with the stamp of when it was
/// last ordered front (rule 2 orders windows by level, then by that stamp), the key window
/// (rule 3: at most one), and the order last used to pass key status on (rule 4), kept
/// until the windows' order changes. UIApplication does not own the windows (rule 5):
/// this is bookkeeping, not ownership.
///
/// The type owns this state; every mutation goes through it, and when
/// `Simulator.checksInvariants` is on (the test suites and the fuzzer turn it on) it checks
/// what each mutation could break, as swift-collections' `_checkInvariants` does;
/// `violations()` checks the whole, on every `sim.verify()`.
struct WindowStack {
    /// Window id → when it was last ordered front.
    private(set) var stamps: [UInt32: UInt64] = [:]
    private var lastStamp: UInt64 = 0
    /// The key window's id, or 0.
    private(set) var key: UInt32 = 0
    /// The windows bottom to top as of the last change to their order, or nil when out of
    /// date; dead windows at its top are dropped as they are met.
    /// Set on every pass of key status, so it is not checked here (a check of the whole
    /// order per pass made a drain of N key windows quadratic): `violations` checks it.
    var keyOrder: [ObjectID]?
    /// How many times the windows were sorted into rule 2's order: what a drain of N key
    /// windows must not do N times (a test counts it rather than timing the drain).
    var sorts = 0
    /// The windows in rule 2's order as of the last change to a stamp or a level, or nil
    /// when out of date: every run-loop turn's layout pass reads the order, and sorting it
    /// each time made a timer that adds a window per firing quadratic.
    var order: [ObjectID]?

    /// How many windows there are.
    var count: Int { stamps.count }

    /// Whether any window was ever ordered front (made, shown, made key).
    var everOrderedFront: Bool { lastStamp > 0 }

    /// Orders `window` front now (created, shown, made key and visible).
    mutating func orderFront(_ window: ObjectID) {
        lastStamp += 1
        stamps[window.raw] = lastStamp
        keyOrder = nil
        order = nil
        if Simulator.checksInvariants { note(stamps[window.raw] == lastStamp ? nil : "a window ordered front does not have the latest stamp") }
    }

    /// Something changed the windows' order (a level, a new alert window).
    mutating func orderChanged() {
        keyOrder = nil
        order = nil
    }

    /// Makes `window` the key window (0 for none) and returns the previous one.
    @discardableResult
    mutating func setKey(_ window: UInt32) -> UInt32 {
        let old = key
        key = window
        if Simulator.checksInvariants { note(key != 0 && stamps[key] == nil ? "the key window #\(key) is not a known window" : nil) }
        return old
    }

    /// Forgets a window that deallocated; returns whether it was the key window, whose
    /// status then passes on (rule 4).
    mutating func remove(_ window: ObjectID) -> Bool {
        stamps.removeValue(forKey: window.raw)
        order = nil
        let wasKey = key == window.raw
        if wasKey { key = 0 }
        if Simulator.checksInvariants { note(key != 0 && stamps[key] == nil ? "the key window #\(key) is not a known window" : nil) }
        return wasKey
    }

    func stamp(of window: ObjectID) -> UInt64 { stamps[window.raw, default: 0] }

    /// The key window is a known window; stamps are distinct and none is later than
    /// the last one given; the cached order names no window twice. Failures found after a
    /// mutation (`checksInvariants`) are kept and reported with these.
    func violations() -> [String] {
        var out = failuresAfterMutations
        if key != 0 && stamps[key] == nil { out.append("the key window #\(key) is not a known window") }
        if Set(stamps.values).count != stamps.count { out.append("two windows share an order stamp") }
        if let latest = stamps.values.max(), latest > lastStamp { out.append("a stamp is later than the last one given") }
        if let order = keyOrder, Set(order.map(\.raw)).count != order.count { out.append("the cached window order names a window twice") }
        return out
    }

    /// What the checks after mutations found (kept for `violations`: a failure is
    /// reported, never trapped on).
    private(set) var failuresAfterMutations: [String] = []

    /// After a mutation, when `Simulator.checksInvariants` is on: the part of the
    /// invariants the mutation could break, in constant time (a drain of thousands of
    /// windows stays linear); `violations` checks the whole.
    private mutating func note(_ failure: String?) {
        guard let f = failure, !failuresAfterMutations.contains(f) else { return }
        failuresAfterMutations.append(f)
    }
}
