/// What ends a transition (`Simulator.finishTransition`).
enum TransitionDriver {
    /// The clock: the transition duration when animated, the layout pass otherwise.
    case clock
    /// A custom animator, through the context's `completeTransition` (SPEC rule 58).
    case animator(ObjectID)
    /// A finger (SPEC rule 67): it lifts after `drag` seconds, completing or cancelling.
    case finger(drag: Double, completes: Bool)
}

/// The transitions in flight (SPEC rules 19, 61, 64–67): the transition coordinators and
/// the controllers each answers for, the custom transitions waiting for
/// `completeTransition`, and how many non-interactive animated transitions make UIKit
/// ignore touches. Presentations and navigation start transitions here; this subsystem
/// ends them (on the clock, at the animator's `completeTransition`, or when the finger
/// lifts) and keeps what they reference alive meanwhile (`transition in flight`).
final class Transitions: Subsystem {
    unowned(unsafe) var sim: Simulator!
    // Its hot paths call these subsystems directly; the simulator sets them when it wires
    // the subsystems (Subsystem.swift says why).
    unowned(unsafe) var views: Views!
    let heap: Heap
    /// What UIKit keeps while a transition is in flight: its controllers, its completion,
    /// its coordinator.
    let transitionHold: HoldReason
    /// The coordinators in flight (UIViewControllerTransitionCoordinator.swift).
    var coordination = TransitionCoordination()
    /// The custom transitions waiting for `completeTransition`
    /// (UIViewControllerOneToOneTransitionContext.swift).
    var customTransitions = CustomTransitions()
    /// How many non-interactive animated transitions are in flight: UIKit ignores touches
    /// meanwhile (SPEC rule 61).
    private(set) var interactionIgnoringTransitions = 0
    private var log = InvariantLog()

    init(_ heap: Heap) {
        self.heap = heap
        transitionHold = Simulator.declaredHold("transition in flight", heap)
    }

    /// The coordinators' and custom transitions' own invariants, and a count of
    /// touch-ignoring transitions that is never negative.
    func violations() -> [String] {
        var out = log.failures + coordination.violations(isAlive: heap.isAlive) + customTransitions.violations(isAlive: heap.isAlive)
        if interactionIgnoringTransitions < 0 { out.append("fewer than no transitions ignore touches") }
        return out
    }

    private func changeIgnoring(by delta: Int) {
        heap.noteSharedStateWrite()
        interactionIgnoringTransitions += delta
        log.note(interactionIgnoringTransitions < 0 ? "fewer than no transitions ignore touches" : nil)
    }
}

extension Transitions {
    /// Whether a transition asked to be animated takes time (a zero duration ends it in
    /// the layout pass, as a non-animated one).
    func isTimed(_ animated: Bool) -> Bool { animated && sim.configuration.transitionDuration > 0 }

    /// Runs `body` when the transition ends, keeping the controllers alive until then
    /// (animations retain what they reference), then ends the coordinator and runs the
    /// completion. The driver says when it ends: after the transition duration when
    /// animated and in this turn's layout pass otherwise (`.clock`), at the animator's
    /// `completeTransition` (`.animator`), or 0.2 s after the finger lifts (`.finger`).
    /// A cancelled transition runs `cancel` instead of `body`, and no completion. UIKit
    /// ignores touches while a non-interactive animated one is in flight (SPEC rule 61).
    func finishTransition(animated: Bool, keeping: [ObjectID], coordinator: ObjectID? = nil, completion: Value,
                          driver: TransitionDriver = .clock, cancel: @escaping () throws -> Void = {},
                          _ body: @escaping () throws -> Void) throws {
        // All the holds or none: a completion block that died (a dead handle passed as
        // the completion) fails, and it must fail before any controller is held, or
        // nothing would release them.
        var held: [ObjectID] = []
        do {
            if case .object(let block) = completion { try heap.hold(block, transitionHold); held.append(block) }
            for id in keeping { try heap.hold(id, transitionHold); held.append(id) }
        } catch {
            for id in held where heap.isAlive(id) { try? heap.unhold(id, transitionHold) }
            if let coordinator { try? endCoordinator(coordinator) }
            throw error
        }
        let timed = isTimed(animated)
        let ignores: Bool
        switch driver {
        case .clock: ignores = timed
        case .animator: ignores = true
        case .finger: ignores = false
        }
        if ignores { changeIgnoring(by: 1) }
        let end: (Bool) throws -> Void = { [unowned self] completed in
            defer {
                for id in keeping where heap.isAlive(id) { try? heap.unhold(id, transitionHold) }
                if case .object(let block) = completion, heap.isAlive(block) { try? heap.unhold(block, transitionHold) }
                if ignores { changeIgnoring(by: -1) }
            }
            // The coordinator ends whatever the "did" callbacks do; its completions come
            // after them (SPEC rule 67) and before the transition's own completion.
            var firstError: Error?
            attempt(&firstError) { if completed { try body() } else { try cancel() } }
            if case .animator(let ctx) = driver { attempt(&firstError) { try animationEnded(ctx, completed: completed) } }
            if let coordinator { attempt(&firstError) { try endCoordinator(coordinator) } }
            if let firstError { throw firstError }
            if completed { try sim.callCallback(completion, []) }
        }
        switch driver {
        case .clock:
            if timed { sim.schedule(after: sim.configuration.transitionDuration, label: sim.timerLabel("transition end")) { try end(true) } } else { sim.enqueueLayout { try end(true) } }
        case .animator(let ctx):
            customTransitions.register(ctx, end)
        case .finger(let drag, let completes):
            // SPEC rule 67: the finger lifts after `drag`, the interaction handlers hear
            // it, and the transition ends 0.2 s later.
            sim.schedule(after: drag, label: sim.timerLabel("finger lifts")) { [unowned self] in
                sim.schedule(after: 0.2, label: sim.timerLabel(completes ? "interactive transition end" : "interactive transition cancelled")) { try end(completes) }
                if let coordinator { try endCoordinatorInteraction(coordinator, cancelled: !completes) }
            }
        }
    }

}
