/// What the model's subsystems share: each is a type that owns one part of the app's
/// state (the timers, the observations, the lists…), changes it only through its own
/// methods, and checks after every mutation, when `Simulator.checksInvariants` is on (the
/// test suites and the fuzzer turn it on), the part of its invariants that mutation could
/// break; `violations()` checks the whole on every `sim.verify()`. `Simulator` makes them,
/// wires them to each other and owns nothing else.
///
/// A failure found after a mutation is collected, never trapped on (a script controls
/// what the model does, and a broken invariant must be reported, not crash the host).
struct InvariantLog {
    /// The distinct failures found after mutations, in the order found.
    private(set) var failures: [String] = []

    /// Records `failure` (nil when the check passed) once.
    mutating func note(_ failure: @autoclosure () -> String?) {
        guard Simulator.checksInvariants, let f = failure(), !failures.contains(f) else { return }
        failures.append(f)
    }
}

/// A subsystem of the model: it owns its state, and reports what breaks its invariants.
protocol Subsystem: AnyObject {
    /// Every broken invariant of the subsystem's state as a whole, and the failures found
    /// after its mutations (`InvariantLog`).
    func violations() -> [String]
}
