/// `_UIViewControllerTransitionCoordinator`, as the model names it: its class and the properties the model reads and writes.
package enum _UIViewControllerTransitionCoordinator: ModelClass {
    package static let handle = ClassHandle("_UIViewControllerTransitionCoordinator", global: false)
    package static var declaration: SimulatorClassDeclaration { Transitions.transitionCoordinatorDeclaration }
    package static let isInteractive = handle.property("isInteractive")
    package static let initiallyInteractive = handle.property("initiallyInteractive")
    package static let isCancelled = handle.property("isCancelled")
    package static let transitionDuration = handle.property("transitionDuration")
    package static let containerView = handle.property("containerView")
    package static let fromViewController = handle.property("fromViewController")
    package static let toViewController = handle.property("toViewController")
    package static let alongsideAnimations = handle.property("alongsideAnimations")
    package static let completions = handle.property("completions")
    package static let interactionHandlers = handle.property("interactionHandlers")
}

extension Transitions {
    /// `UITransitionContextViewControllerKey` and `UITransitionContextViewKey` as scripts
    /// write them.
    static let transitionContextKeys = EnumType("UITransitionContextViewControllerKey", ["from", "to"])

    /// UIKit's transition coordinator (`id<UIViewControllerTransitionCoordinator>`; SPEC
    /// §4, rules 54, 67): every animated push, pop, present, dismiss and rotation has one,
    /// shared by the controllers taking part (`vc.transitionCoordinator`, which a child
    /// reads from its parent). It keeps the blocks given to it until the transition ends,
    /// so a block's captures are real edges meanwhile, and it is its own context: the
    /// blocks receive it.
    static let transitionCoordinatorDeclaration = ClassDeclaration(_UIViewControllerTransitionCoordinator.handle,
        summary: "The coordinator of an animated transition (`vc.transitionCoordinator`); it keeps its blocks until the transition ends.") {
        PropertyDeclaration("isAnimated", .assign, .bool, readOnly: true, default: .bool(true))
        PropertyDeclaration(_UIViewControllerTransitionCoordinator.isInteractive, .assign, .bool, readOnly: true, default: .bool(false),
                            summary: "True while a finger drives the transition (an edge swipe), false once it lifts.")
        PropertyDeclaration(_UIViewControllerTransitionCoordinator.isCancelled, .assign, .bool, readOnly: true, default: .bool(false),
                            summary: "Whether the interaction ended by cancelling the transition.")
        PropertyDeclaration(_UIViewControllerTransitionCoordinator.initiallyInteractive, .assign, .bool, readOnly: true, default: .bool(false))
        PropertyDeclaration(_UIViewControllerTransitionCoordinator.transitionDuration, .assign, .number, readOnly: true, default: .double(0))
        PropertyDeclaration(_UIViewControllerTransitionCoordinator.containerView, .strong, .object("UIView"), readOnly: true)
        PropertyDeclaration(_UIViewControllerTransitionCoordinator.fromViewController, .strong, .object("UIViewController"), readOnly: true,
                            summary: "`viewController(\"from\")`.")
        PropertyDeclaration(_UIViewControllerTransitionCoordinator.toViewController, .strong, .object("UIViewController"), readOnly: true,
                            summary: "`viewController(\"to\")`.")
        PropertyDeclaration(_UIViewControllerTransitionCoordinator.alongsideAnimations, .strong, .table, readOnly: true,
                            summary: "The blocks given to `animate` to run with the transition's animations, kept until it ends.")
        PropertyDeclaration(_UIViewControllerTransitionCoordinator.completions, .strong, .table, readOnly: true,
                            summary: "The completion blocks given to `animate`, kept until the transition ends.")
        PropertyDeclaration(_UIViewControllerTransitionCoordinator.interactionHandlers, .strong, .table, readOnly: true,
                            summary: "The blocks given to `notifyWhenInteractionEnds` and `notifyWhenInteractionChanges`, kept until the transition ends.")
        Transitions.transitionContextKeys

        Method("animate", swift: "animate(alongsideTransition:completion:)", .function("animation"), .function("completion"),
               returns: .bool,
               summary: "Runs `animation` with the transition's animations and `completion` when it ends, each with the coordinator as the context; true while the transition is in flight.") { sim, inv in
            .bool(try sim.transitions.coordinatorAnimate(inv.receiver, alongside: inv.argument(0), completion: inv.argument(1)))
        }
        Method("notifyWhenInteractionEnds", swift: "notifyWhenInteractionEnds(_:)", .function("handler", optional: false),
               summary: "Calls `handler` with the coordinator when the finger lifts (an interactive transition only; deprecated in iOS 10, still called).") { sim, inv in
            try sim.transitions.coordinatorNotify(inv.receiver, inv.argument(0))
            return .nil
        }
        Method("notifyWhenInteractionChanges", swift: "notifyWhenInteractionChanges(_:)", .function("handler", optional: false),
               introduced: 10,
               summary: "Calls `handler` with the coordinator when the finger lifts (an interactive transition only).") { sim, inv in
            try sim.transitions.coordinatorNotify(inv.receiver, inv.argument(0))
            return .nil
        }
        Method("viewController", swift: "viewController(forKey:)", .enumeration("key", Transitions.transitionContextKeys),
               returns: .object("UIViewController"), optional: true,
               summary: "The controller leaving (`\"from\"`) or coming (`\"to\"`).") { sim, inv in
            return try sim.heap.readSlot(inv.receiver, inv.stringArgument(0) == "to" ? sim[_UIViewControllerTransitionCoordinator.toViewController] : sim[_UIViewControllerTransitionCoordinator.fromViewController])
        }
    }

    /// `vc.transitionCoordinator`: the coordinator of the transition the controller takes
    /// part in, else its parent's (UIKit asks up the parent chain), else nil.
    func transitionCoordinator(of vc: ObjectID) throws -> ObjectID? {
        guard !coordination.isEmpty else { return nil }
        var found = coordination.coordinator(of: vc)
        if found == nil {
            try sim.walkChain(from: try object(vc, UIViewController.parent), along: heap[UIViewController.parent]) { c in
                found = coordination.coordinator(of: c)
                return found == nil
            }
        }
        return found
    }

    /// Begins a coordinated transition: the coordinator is each controller's
    /// `transitionCoordinator` until `endCoordinator`, and UIKit keeps it meanwhile
    /// (`transition in flight`). Call `startCoordinator` once the "will" callbacks have run.
    func beginCoordinator(for controllers: [ObjectID], from: ObjectID?, to: ObjectID?, container: ObjectID?,
                          duration: Double, interactive: Bool = false) throws -> ObjectID {
        let c = heap.alloc(heap[_UIViewControllerTransitionCoordinator.self])
        try heap.hold(c, transitionHold)
        try write(c, heap[_UIViewControllerTransitionCoordinator.transitionDuration], .double(duration))
        if interactive {
            try write(c, heap[_UIViewControllerTransitionCoordinator.isInteractive], .bool(true))
            try write(c, heap[_UIViewControllerTransitionCoordinator.initiallyInteractive], .bool(true))
        }
        if let container, heap.isAlive(container) { try write(c, heap[_UIViewControllerTransitionCoordinator.containerView], container) }
        if let from, heap.isAlive(from) { try write(c, heap[_UIViewControllerTransitionCoordinator.fromViewController], from) }
        if let to, heap.isAlive(to) { try write(c, heap[_UIViewControllerTransitionCoordinator.toViewController], to) }
        coordination.begin(c, for: controllers.filter { heap.isAlive($0) })
        return c
    }

    /// The transition's animations begin: the alongside blocks given so far run (later
    /// ones run as they are given).
    func startCoordinator(_ c: ObjectID) throws {
        guard heap.isAlive(c), coordination.start(c) else { return }
        guard case .array(let blocks) = try heap.readSlot(c, heap[_UIViewControllerTransitionCoordinator.alongsideAnimations]) else { return }
        var firstError: Error?
        for b in blocks { attempt(&firstError) { try sim.callCallback(b, [.object(c)]) } }
        if let firstError { throw firstError }
    }

    /// The finger lifts (SPEC rule 67): the interaction handlers run once, with
    /// `isCancelled` set, and the transition is no longer interactive.
    func endCoordinatorInteraction(_ c: ObjectID, cancelled: Bool) throws {
        guard heap.isAlive(c), coordination.endInteraction(c) else { return }
        try write(c, heap[_UIViewControllerTransitionCoordinator.isInteractive], .bool(false))
        try write(c, heap[_UIViewControllerTransitionCoordinator.isCancelled], .bool(cancelled))
        guard case .array(let handlers) = try heap.readSlot(c, heap[_UIViewControllerTransitionCoordinator.interactionHandlers]) else { return }
        var firstError: Error?
        for h in handlers { attempt(&firstError) { try sim.callCallback(h, [.object(c)]) } }
        if let firstError { throw firstError }
    }

    /// Ends the transition: no controller answers this coordinator any more, the
    /// completions given to `animate` run, and the coordinator lets go of its blocks and
    /// UIKit of it.
    func endCoordinator(_ c: ObjectID) throws {
        guard coordination.end(c), heap.isAlive(c) else { return }
        defer { if heap.isAlive(c) { try? heap.unhold(c, transitionHold) } }
        let completions = try heap.readSlot(c, heap[_UIViewControllerTransitionCoordinator.completions])
        var firstError: Error?
        if case .array(let blocks) = completions {
            for b in blocks { attempt(&firstError) { try sim.callCallback(b, [.object(c)]) } }
        }
        for p in [heap[_UIViewControllerTransitionCoordinator.alongsideAnimations], heap[_UIViewControllerTransitionCoordinator.completions], heap[_UIViewControllerTransitionCoordinator.interactionHandlers]] where heap.isAlive(c) {
            attempt(&firstError) { try write(c, p, nil) }
        }
        if let firstError { throw firstError }
    }

    /// `animate(alongsideTransition:completion:)`: false (and nothing kept) once the
    /// transition has ended.
    func coordinatorAnimate(_ c: ObjectID, alongside: Value, completion: Value) throws -> Bool {
        guard let phase = coordination.phase(of: c) else { return false }
        if !alongside.isNil {
            try sim.appendBlock(alongside, to: c, heap[_UIViewControllerTransitionCoordinator.alongsideAnimations])
            if phase == .animating { try sim.callCallback(alongside, [.object(c)]) }
        }
        if !completion.isNil { try sim.appendBlock(completion, to: c, heap[_UIViewControllerTransitionCoordinator.completions]) }
        return true
    }

    /// `notifyWhenInteractionEnds` / `notifyWhenInteractionChanges`: kept until the
    /// transition ends and called when the finger lifts; a non-interactive transition
    /// never calls it (SPEC rule 67).
    func coordinatorNotify(_ c: ObjectID, _ handler: Value) throws {
        guard coordination.phase(of: c) != nil, !coordination.interactionEnded(c) else { return }
        try sim.appendBlock(handler, to: c, heap[_UIViewControllerTransitionCoordinator.interactionHandlers])
    }
}

/// The transition coordinators in flight and the controllers each answers for.
///
/// The type owns this state; with `Simulator.checksInvariants` on it checks what each
/// mutation could break, and `violations` checks the whole on every `sim.verify()`.
struct TransitionCoordination {
    enum Phase { case pending, animating }
    private struct Entry {
        var controllers: [ObjectID]
        var phase: Phase = .pending
        var interactionEnded = false
    }
    /// Coordinator id → its transition.
    private var entries: [UInt32: Entry] = [:]
    /// Controller id → the coordinator it answers (the latest begun).
    private var byController: [UInt32: ObjectID] = [:]

    var isEmpty: Bool { entries.isEmpty }

    func coordinator(of vc: ObjectID) -> ObjectID? { byController[vc.raw] }
    func phase(of c: ObjectID) -> Phase? { entries[c.raw]?.phase }
    func interactionEnded(_ c: ObjectID) -> Bool { entries[c.raw]?.interactionEnded ?? true }

    mutating func begin(_ c: ObjectID, for controllers: [ObjectID]) {
        if Simulator.checksInvariants, entries[c.raw] != nil { note("coordinator \(c) began twice") }
        entries[c.raw] = Entry(controllers: controllers)
        for vc in controllers { byController[vc.raw] = c }
    }

    /// Marks the animations begun; false when they had (or the transition ended).
    mutating func start(_ c: ObjectID) -> Bool {
        guard entries[c.raw]?.phase == .pending else { return false }
        entries[c.raw]?.phase = .animating
        return true
    }

    /// Marks the interaction ended; false when it had (or the transition ended).
    mutating func endInteraction(_ c: ObjectID) -> Bool {
        guard let e = entries[c.raw], !e.interactionEnded else { return false }
        entries[c.raw]?.interactionEnded = true
        return true
    }

    /// Ends the transition; false when it was not in flight.
    mutating func end(_ c: ObjectID) -> Bool {
        guard let e = entries.removeValue(forKey: c.raw) else { return false }
        for vc in e.controllers where byController[vc.raw] == c { byController.removeValue(forKey: vc.raw) }
        if Simulator.checksInvariants, byController.values.contains(c) { note("coordinator \(c) ended but a controller still answers it") }
        return true
    }

    /// Every coordinator in flight is alive (UIKit keeps it), and every controller answers
    /// a coordinator in flight.
    func violations(isAlive: (ObjectID) -> Bool) -> [String] {
        var out = failuresAfterMutations
        for c in entries.keys.sorted() where !isAlive(ObjectID(c)) {
            out.append("coordinator \(ObjectID(c)) is in flight but deallocated")
        }
        for (vc, c) in byController.sorted(by: { $0.key < $1.key }) where entries[c.raw] == nil {
            out.append("\(ObjectID(vc)) answers coordinator \(c), which is not in flight")
        }
        return out
    }

    private(set) var failuresAfterMutations: [String] = []

    private mutating func note(_ failure: String) {
        if !failuresAfterMutations.contains(failure) { failuresAfterMutations.append(failure) }
    }
}
