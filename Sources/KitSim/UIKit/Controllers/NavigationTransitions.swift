/// An animated push or pop in flight on a navigation controller (SPEC rule 19).
struct NavTransition {
    var from: ObjectID?
    var to: ObjectID
}

/// The navigation controllers' animated pushes and pops in flight (SPEC rule 19): at most
/// one per navigation controller, from one controller to another. A second push or pop
/// while one is in flight is the `Can't add self as subview` crash, which the model
/// raises before it would begin one here (`checkNoTransitionInFlight`).
///
/// The type owns this state; with `Simulator.checksInvariants` on it checks what each
/// mutation could break, and `violations` checks the whole on every `sim.verify()`.
struct NavigationTransitions {
    /// Navigation controller id → its transition in flight.
    private(set) var inFlight: [UInt32: NavTransition] = [:]

    /// Navigation controller id → the top controller a custom animator brought in: UIKit's
    /// layout never adds its view, which the animator had to (SPEC rule 59).
    private(set) var placedByAnimator: [UInt32: ObjectID] = [:]

    /// Records who places the incoming view of the transition beginning on `nav`.
    mutating func placed(_ nav: ObjectID, top: ObjectID, byAnimator: Bool) {
        if byAnimator { placedByAnimator[nav.raw] = top } else if !placedByAnimator.isEmpty { placedByAnimator.removeValue(forKey: nav.raw) }
    }

    /// The transition in flight on `nav`, if any.
    subscript(nav: ObjectID) -> NavTransition? { inFlight[nav.raw] }

    /// Whether a transition is in flight on `nav`: no hashing while none is anywhere, the
    /// common case, which every appearance change asks about (`appearanceChildren`).
    func isInFlight(_ nav: ObjectID) -> Bool { !inFlight.isEmpty && inFlight[nav.raw] != nil }

    /// Starts an animated transition on `nav`.
    mutating func begin(_ nav: ObjectID, _ t: NavTransition) {
        if Simulator.checksInvariants {
            note(inFlight[nav.raw] != nil ? "a second transition began on \(nav) while one was in flight" : nil)
            note(t.from == t.to ? "a transition on \(nav) goes from a controller to itself" : nil)
        }
        inFlight[nav.raw] = t
    }

    /// Ends the transition on `nav` (finished, or abandoned by an error).
    mutating func end(_ nav: ObjectID) { inFlight.removeValue(forKey: nav.raw) }

    /// Every transition goes from one controller to another, and its navigation
    /// controller and destination are alive: the transition holds them until it ends.
    func violations(isAlive: (ObjectID) -> Bool) -> [String] {
        var out = failuresAfterMutations
        for (nav, t) in inFlight.sorted(by: { $0.key < $1.key }) {
            let n = ObjectID(nav)
            if !isAlive(n) { out.append("a transition is in flight on \(n), which deallocated") }
            if !isAlive(t.to) { out.append("the transition on \(n) goes to \(t.to), which deallocated") }
            if t.from == t.to { out.append("the transition on \(n) goes from a controller to itself") }
        }
        return out
    }

    private(set) var failuresAfterMutations: [String] = []

    private mutating func note(_ failure: String?) {
        guard let f = failure, !failuresAfterMutations.contains(f) else { return }
        failuresAfterMutations.append(f)
    }
}

/// Navigation (SPEC rules 9–12, 17, 19, 61, 64–67): navigation controllers' pushes and
/// pops — the animated ones in flight, and the edge swipe that pops interactively — and
/// tab bar controllers' selection. It changes a stack only through UIKit's own checks
/// ("Can't add self as subview", pushing a controller twice) and ends its transitions
/// through `Transitions`.
final class Navigation: Subsystem {
    unowned(unsafe) var sim: Simulator!
    // Its hot paths call these subsystems directly; the simulator sets them when it wires
    // the subsystems (Subsystem.swift says why).
    unowned(unsafe) var lifecycle: ControllerLifecycle!
    unowned(unsafe) var transitions: Transitions!
    unowned(unsafe) var views: Views!
    unowned(unsafe) var windowing: Windows!
    let heap: Heap
    /// The animated pushes and pops in flight, by navigation controller.
    /// (Changed only by the push and pop of UINavigationController.swift.)
    var navTransitions = NavigationTransitions()
    /// The edge swipe `sim.swipeBack` is sending `popViewController` for, by navigation
    /// controller id (Simulator+InteractivePop.swift).
    var pendingSwipes: [UInt32: Swipe] = [:]

    init(_ heap: Heap) {
        self.heap = heap
    }

    /// The transitions' own invariants. A pending swipe lives only inside `swipeBack`
    /// (which a script's override may call `sim.verify()` from), so it has none to check.
    func violations() -> [String] { navTransitions.violations(isAlive: heap.isAlive) }

    /// Whether an animated push or pop is in flight on `nav`, asked from the other
    /// subsystems without copying the transitions' state out.
    func hasTransitionInFlight(on nav: ObjectID) -> Bool { navTransitions.isInFlight(nav) }
}
