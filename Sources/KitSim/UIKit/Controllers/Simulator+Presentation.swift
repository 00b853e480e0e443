/// What ends a transition (`Simulator.finishTransition`).
enum TransitionDriver {
    /// The clock: the transition duration when animated, the layout pass otherwise.
    case clock
    /// A custom animator, through the context's `completeTransition` (SPEC rule 58).
    case animator(ObjectID)
    /// A finger (SPEC rule 67): it lifts after `drag` seconds, completing or cancelling.
    case finger(drag: Double, completes: Bool)
}

extension Simulator {
    /// The style a presentation uses: `modalPresentationStyle`, where unset or
    /// "automatic" means a page sheet from iOS 13 on and full screen before.
    func presentationStyle(of vc: ObjectID) throws -> String {
        if case .string(let s) = try heap.readSlot(vc, uikit.modalPresentationStyle), s != "automatic" { return s }
        return configuration.ios >= 13 ? "pageSheet" : "fullScreen"
    }

    /// SPEC rule 15 and §3.5: `present(_:animated:completion:)` with UIKit's checks,
    /// warnings and callback order. The presenter retains the presented controller;
    /// from iOS 8 on (rule 16) the presented view sits in a transition view in the
    /// window whose presentation controller retains both controllers.
    func present(_ presented: ObjectID?, from presenter: ObjectID, animated: Bool, completion: Value) throws {
        let k = uikit
        guard let b = presented else {
            throw raise(.invalidArgument("Application tried to present a nil modal view controller on target \(angle(presenter)).", object: presenter))
        }
        // SPEC 3.5: a controller that is presented, presenting (which covers one further
        // down the presenter's own chain), a child or a window's root is active; UIKit
        // refuses it and changes nothing, so the presentation chain stays acyclic.
        if try b == presenter || object(b, k.presenting) != nil || object(b, k.presented) != nil
            || object(b, k.parent) != nil || lifecycle.appearanceState(of: b) != .disappeared || isWindowRoot(b) {
            throw raise(.invalidArgument("Application tried to present modally an active controller \(angle(b)).", object: b))
        }
        if let c = try object(presenter, k.presented) {
            heap.warn("Attempt to present \(angle(b)) on \(angle(presenter)) (from \(angle(presenter))) which is already presenting \(angle(c)).", object: presenter)
            return
        }
        guard let pv = try object(presenter, k.vcView), let window = try windowOf(pv),
              try windowing.isShown(window) else {
            heap.warn("Attempt to present \(angle(b)) on \(angle(presenter)) (from \(angle(presenter))) whose view is not in the window hierarchy.", object: presenter)
            return
        }
        if heap.isKind(b, of: k.alertController) {
            try presentAlert(b, from: presenter, completion: completion)
            return
        }
        // SPEC rule 61: while a presentation or dismissal on this chain is in flight,
        // UIKit logs and does nothing.
        if presentations.isInFlight(presenter) {
            heap.warn("Attempt to present \(angle(b)) on \(angle(presenter)) while a presentation is in progress!", object: presenter)
            return
        }
        let style = try presentationStyle(of: b)
        let fullScreen = style == "fullScreen"
        // SPEC rule 57: the presented controller's (weak) transitioning delegate may offer
        // an animator for a full-screen, over-full-screen or custom presentation.
        var animator: ObjectID?
        if animated, style == "fullScreen" || style == "overFullScreen" || style == "custom" {
            animator = try customAnimator(from: object(b, k.transitioningDelegate), .animationController_forPresented,
                                          Arguments(.object(b), .object(presenter), .object(presenter)))
        }
        lifecycle.noteEnteredUI(b)
        try write(presenter, k.presented, b)
        try write(b, k.presenting, presenter)
        // The transition view goes into the window before B's view loads, so a view that
        // B's viewDidLoad adds to the window lands above it (seed 002's controller B).
        let tv = heap.alloc(k.transitionView)
        try initializeView(tv, frame: try boundsOf(window))
        // SPEC rule 59: the presenter of a custom or over-full-screen presentation stays on
        // screen and takes the touches that meet nothing presented.
        if style == "custom" || style == "overFullScreen" { try write(tv, k.transitionIgnoresTouches, .bool(true)) }
        try addSubview(tv, to: window, at: nil)
        presentations.attach(tv, to: b)
        // From here the presentation completes whatever the callbacks do, and the first
        // error is rethrown at the end, so that an error in B's viewDidLoad cannot leave A
        // presenting B for ever with an empty transition view in the window.
        var firstError: Error?
        var bView: ObjectID?
        attempt(&firstError) { bView = try lifecycle.loadedView(of: b) }
        // SPEC §4: an animated presentation has a coordinator from its "will" callbacks on.
        var coordinator: ObjectID?
        if isTimed(animated) || animator != nil {
            attempt(&firstError) {
                coordinator = try beginCoordinator(for: [presenter, b], from: presenter, to: b, container: tv,
                                                   duration: configuration.transitionDuration)
            }
        }
        if fullScreen { attempt(&firstError) { try lifecycle.beginAppearance(presenter, appearing: false, animated: animated) } }
        attempt(&firstError) { try lifecycle.beginAppearance(b, appearing: true, animated: animated) }
        // SPEC rules 58, 59: a custom animator gets the container; UIKit never adds the
        // incoming view itself, and a full-screen presentation moves the presenter's view
        // into the container, to be removed when the transition completes.
        var context: ObjectID?
        var fromView: ObjectID?
        var fromSlot: (superview: ObjectID, index: Int)?
        if let animator {
            attempt(&firstError) {
                if fullScreen, let pv = try presentationContextView(of: presenter), try windowOf(pv) == window {
                    fromView = pv
                    if let sv = try object(pv, k.superview), let i = try objects(sv, k.subviews).firstIndex(of: pv) { fromSlot = (sv, i) }
                    try addSubview(pv, to: tv, at: 0)
                }
                context = try makeTransitionContext(animator: animator, container: tv, from: presenter, to: b,
                                                    fromView: fromView, toView: bView, coordinator: coordinator)
            }
        }
        if context == nil {
            // No animator, or one that could not say its duration: the default transition
            // puts the presented view in the container.
            attempt(&firstError) {
                if let bView, heap.isAlive(bView), heap.isAlive(tv) {
                    try write(bView, k.frame, .rect(try boundsOf(window)))
                    try addSubview(bView, to: tv, at: nil)
                }
            }
        }
        if let coordinator { attempt(&firstError) { try startCoordinator(coordinator) } }
        if configuration.ios >= 8, heap.isAlive(presenter), heap.isAlive(b), heap.isAlive(tv) {
            let pc = heap.alloc(k.presentationController)
            try write(pc, k.pcPresenting, presenter)
            try write(pc, k.pcPresented, b)
            try write(tv, k.transitionPresentation, pc)
        }
        let inFlight = isTimed(animated) || context != nil
        if inFlight { presentations.begin([presenter, b]) }
        do {
            try finishTransition(animated: animated, keeping: [presenter, b].filter { heap.isAlive($0) },
                                 coordinator: coordinator, completion: completion,
                                 driver: context.map(TransitionDriver.animator) ?? .clock,
                                 cancel: { [unowned self] in
                if inFlight { presentations.end([presenter, b]) }
                try cancelPresentation(b, from: presenter, fullScreen: fullScreen, fromView: fromView, slot: fromSlot,
                                       container: tv, animated: animated)
            }) { [unowned self] in
                if inFlight { presentations.end([presenter, b]) }
                var endError: Error?
                // SPEC rule 59: the presenter's view leaves with the completed transition.
                if let fromView, heap.isAlive(fromView), heap.isAlive(tv), try object(fromView, k.superview) == tv {
                    attempt(&endError) { try removeFromSuperview(fromView) }
                }
                attempt(&endError) { try lifecycle.endAppearance(b, animated: animated) }
                if fullScreen { attempt(&endError) { try lifecycle.endAppearance(presenter, animated: animated) } }
                if let endError { throw endError }
            }
        } catch {
            if inFlight { presentations.end([presenter, b]) }
            throw firstError ?? error
        }
        if let context, let animator {
            // SPEC rule 58: last, synchronously, once everything is in place, so that an
            // animator completing at once finds the transition whole.
            attempt(&firstError) { _ = try heap.send(animator, .animateTransition, args: Arguments(.object(context))) }
        }
        if let firstError { throw firstError }
    }

    /// A custom presentation cancelled (`completeTransition(false)`, SPEC rule 61): the
    /// presenter presents nothing, its view is back where it was, and each side's
    /// appearance goes back.
    func cancelPresentation(_ b: ObjectID, from presenter: ObjectID, fullScreen: Bool, fromView: ObjectID?,
                            slot: (superview: ObjectID, index: Int)?, container tv: ObjectID, animated: Bool) throws {
        let k = uikit
        var firstError: Error?
        if let fromView, heap.isAlive(fromView) {
            attempt(&firstError) {
                if let slot, heap.isAlive(slot.superview) {
                    try addSubview(fromView, to: slot.superview, at: Swift.min(slot.index, try objects(slot.superview, k.subviews).count))
                } else if heap.isAlive(tv) {
                    try restore(fromView, under: tv)
                }
            }
        }
        attempt(&firstError) { try lifecycle.changeAppearance(b, appearing: false, animated: animated) }
        if fullScreen { attempt(&firstError) { try lifecycle.changeAppearance(presenter, appearing: true, animated: animated) } }
        attempt(&firstError) {
            if heap.isAlive(b) { try write(b, k.presenting, nil) }
            if heap.isAlive(presenter), try object(presenter, k.presented) == b { try write(presenter, k.presented, nil) }
            if let tv = presentations.detach(b), heap.isAlive(tv) { try removeFromSuperview(tv) }
        }
        if let firstError { throw firstError }
    }

    /// SPEC §3.5: `dismiss(animated:completion:)` on the presenter or the presented
    /// controller. Callbacks: B.viewWillDisappear, A.viewWillAppear, A.viewDidAppear,
    /// B.viewDidDisappear, then the completion; controllers presented above B go too.
    func dismiss(from vc: ObjectID, animated: Bool, completion: Value) throws {
        let k = uikit
        let a: ObjectID, b: ObjectID
        if let p = try object(vc, k.presented) { a = vc; b = p }
        else if let p = try object(vc, k.presenting) { a = p; b = vc }
        else {
            // Nothing to dismiss: UIKit still runs the completion.
            try finishTransition(animated: false, keeping: [vc], completion: completion) {}
            return
        }
        if heap.isKind(b, of: k.alertController) {
            try dismissAlert(b, handler: .nil, action: nil, completion: completion)
            return
        }
        // SPEC rule 61: while a presentation or dismissal on this chain is in flight,
        // UIKit logs and does nothing.
        if presentations.isInFlight(a) || presentations.isInFlight(b) {
            heap.warn("Attempt to dismiss from view controller \(angle(vc)) while a presentation or dismiss is in progress!", object: vc)
            return
        }
        let chain = try self.chain(from: b, along: k.presented)
        let top = chain[chain.count - 1]
        let style = try presentationStyle(of: b)
        let fullScreen = style == "fullScreen"
        let tv = presentations.transitionView(of: b)
        // SPEC rule 57: the dismissed controller's (weak) transitioning delegate may offer
        // an animator.
        var animator: ObjectID?
        if animated, tv != nil, style == "fullScreen" || style == "overFullScreen" || style == "custom" {
            animator = try customAnimator(from: object(b, k.transitioningDelegate), .animationController_forDismissed,
                                          Arguments(.object(b)))
        }
        // As for present: the dismissal completes whatever the callbacks do.
        var firstError: Error?
        var coordinator: ObjectID?
        if isTimed(animated) || animator != nil {
            attempt(&firstError) {
                coordinator = try beginCoordinator(for: [a] + chain, from: b, to: a, container: tv,
                                                   duration: configuration.transitionDuration)
            }
        }
        attempt(&firstError) { try lifecycle.beginAppearance(top, appearing: false, animated: animated) }
        if fullScreen { attempt(&firstError) { try lifecycle.beginAppearance(a, appearing: true, animated: animated) } }
        // SPEC rule 60: the presenter's view is the incoming view only when it left the
        // window (full screen); for a custom presentation it stayed, and `view("to")` is nil.
        let presenterView = try presentationContextView(of: a)
        var context: ObjectID?
        if let animator, let tv {
            attempt(&firstError) {
                context = try makeTransitionContext(animator: animator, container: tv, from: b, to: a,
                                                    fromView: try object(b, k.vcView), toView: fullScreen ? presenterView : nil,
                                                    coordinator: coordinator)
            }
        }
        if let coordinator { attempt(&firstError) { try startCoordinator(coordinator) } }
        let inFlight = isTimed(animated) || context != nil
        if inFlight { presentations.begin([a, b]) }
        do {
            try finishTransition(animated: animated, keeping: ([a] + chain).filter { heap.isAlive($0) },
                                 coordinator: coordinator, completion: completion,
                                 driver: context.map(TransitionDriver.animator) ?? .clock,
                                 cancel: { [unowned self] in
                // SPEC rule 61: cancelled, B stays presented and each side's appearance goes back.
                if inFlight { presentations.end([a, b]) }
                var endError: Error?
                attempt(&endError) { try lifecycle.changeAppearance(top, appearing: true, animated: animated) }
                if fullScreen { attempt(&endError) { try lifecycle.changeAppearance(a, appearing: false, animated: animated) } }
                if let endError { throw endError }
            }) { [unowned self] in
                if inFlight { presentations.end([a, b]) }
                var endError: Error?
                // SPEC rule 60: a full-screen dismissal puts the presenter's view back under
                // the container, wherever the animator left it (and so does iOS 7 for a
                // custom one); on iOS 8+ a custom one leaves it where it is, which is
                // inside the container if the animator put it there.
                if let tv, let presenterView, heap.isAlive(tv), fullScreen || configuration.ios < 8 {
                    let outside = try windowOf(presenterView) == nil
                    if try outside || isDescendant(presenterView, of: tv) {
                        attempt(&endError) { try restore(presenterView, under: tv) }
                    }
                }
                if fullScreen { attempt(&endError) { try lifecycle.endAppearance(a, animated: animated) } }
                attempt(&endError) { try lifecycle.endAppearance(top, animated: animated) }
                // Each link is cut on both sides at once, top first, before any view
                // leaves (which can run callbacks): no callback sees a controller that
                // presents one whose presenter is another.
                for (i, c) in chain.enumerated().reversed() {
                    let presenter = i == 0 ? a : chain[i - 1]
                    if heap.isAlive(c) { try write(c, k.presenting, nil) }
                    if heap.isAlive(presenter), try object(presenter, k.presented) == c { try write(presenter, k.presented, nil) }
                }
                for (i, c) in chain.enumerated().reversed() {
                    if let tv = presentations.detach(c), heap.isAlive(tv) { try removeFromSuperview(tv) }
                    // SPEC rule 47: the links are cut already; what c presented is above it.
                    lifecycle.noteLeftUI(c, "dismissed", presentedAbove: Array(chain[(i + 1)...]))
                }
                attempt(&endError) { try lifecycle.askWillDealloc() }
                if let endError { throw endError }
            }
        } catch {
            if inFlight { presentations.end([a, b]) }
            throw firstError ?? error
        }
        if let context, let animator {
            attempt(&firstError) { _ = try heap.send(animator, .animateTransition, args: Arguments(.object(context))) }
        }
        if let firstError { throw firstError }
    }

    /// Whether a transition asked to be animated takes time (a zero duration ends it in
    /// the layout pass, as a non-animated one).
    func isTimed(_ animated: Bool) -> Bool { animated && configuration.transitionDuration > 0 }

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
        if ignores { interactionIgnoringTransitions += 1 }
        let end: (Bool) throws -> Void = { [unowned self] completed in
            defer {
                for id in keeping where heap.isAlive(id) { try? heap.unhold(id, transitionHold) }
                if case .object(let block) = completion, heap.isAlive(block) { try? heap.unhold(block, transitionHold) }
                if ignores { interactionIgnoringTransitions -= 1 }
            }
            // The coordinator ends whatever the "did" callbacks do; its completions come
            // after them (SPEC rule 67) and before the transition's own completion.
            var firstError: Error?
            attempt(&firstError) { if completed { try body() } else { try cancel() } }
            if case .animator(let ctx) = driver { attempt(&firstError) { try animationEnded(ctx, completed: completed) } }
            if let coordinator { attempt(&firstError) { try endCoordinator(coordinator) } }
            if let firstError { throw firstError }
            if completed { try callCallback(completion, []) }
        }
        switch driver {
        case .clock:
            if timed { schedule(after: configuration.transitionDuration) { try end(true) } } else { enqueueLayout { try end(true) } }
        case .animator(let ctx):
            customTransitions.register(ctx, end)
        case .finger(let drag, let completes):
            // SPEC rule 67: the finger lifts after `drag`, the interaction handlers hear
            // it, and the transition ends 0.2 s later.
            schedule(after: drag) { [unowned self] in
                schedule(after: 0.2) { try end(completes) }
                if let coordinator { try endCoordinatorInteraction(coordinator, cancelled: !completes) }
            }
        }
    }

    /// On iOS 7 replacing the root tore its presentations down with it (rule 16).
    func tearDownPresentations(of root: ObjectID) throws {
        for vc in try chain(from: try object(root, uikit.presented), along: uikit.presented) {
            if let tv = presentations.detach(vc), heap.isAlive(tv) { try removeFromSuperview(tv) }
        }
    }

    /// Whether the controller is the root of a live window, a scene-less one too.
    func isWindowRoot(_ vc: ObjectID) -> Bool {
        windowing.allWindows.contains { (try? object($0, uikit.rootViewController)) == vc }
    }

    /// Records an exception in the trace, where it is raised, and returns it for throwing.
    func raise(_ e: SimError) -> SimError { heap.recordException(e) }

    /// Calls a completion, handler or timer body.
    func callCallback(_ callback: Value, _ arguments: [Value]) throws {
        switch callback {
        case .object(let block): _ = try heap.callBlock(block, arguments)
        case .foreign(let f):
            guard let d = heap.foreignDispatcher else { return }
            _ = try d.call(f.box, arguments)
        default: return
        }
    }
}
