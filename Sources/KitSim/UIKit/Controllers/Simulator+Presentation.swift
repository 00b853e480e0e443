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
            || object(b, k.parent) != nil || appearanceState(of: b) != .disappeared || isWindowRoot(b) {
            throw raise(.invalidArgument("Application tried to present modally an active controller \(angle(b)).", object: b))
        }
        if let c = try object(presenter, k.presented) {
            heap.warn("Attempt to present \(angle(b)) on \(angle(presenter)) (from \(angle(presenter))) which is already presenting \(angle(c)).", object: presenter)
            return
        }
        guard let pv = try object(presenter, k.vcView), let window = try windowOf(pv),
              !(try bool(window, k.isHidden, default: true)) else {
            heap.warn("Attempt to present \(angle(b)) on \(angle(presenter)) (from \(angle(presenter))) whose view is not in the window hierarchy.", object: presenter)
            return
        }
        if heap.isKind(b, of: k.alertController) {
            try presentAlert(b, from: presenter, completion: completion)
            return
        }
        let fullScreen = try presentationStyle(of: b) == "fullScreen"
        noteEnteredUI(b)
        try write(presenter, k.presented, b)
        try write(b, k.presenting, presenter)
        // The transition view goes into the window before B's view loads, so a view that
        // B's viewDidLoad adds to the window lands above it (seed 002's controller B).
        let tv = heap.alloc(k.transitionView)
        try initializeView(tv, frame: try boundsOf(window))
        try addSubview(tv, to: window, at: nil)
        presentations.attach(tv, to: b)
        // From here the presentation completes whatever the callbacks do, and the first
        // error is rethrown at the end, so that an error in B's viewDidLoad cannot leave A
        // presenting B for ever with an empty transition view in the window.
        var firstError: Error?
        var bView: ObjectID?
        attempt(&firstError) { bView = try loadedView(of: b) }
        // SPEC §4: an animated presentation has a coordinator from its "will" callbacks on.
        var coordinator: ObjectID?
        if isTimed(animated) {
            attempt(&firstError) {
                coordinator = try beginCoordinator(for: [presenter, b], from: presenter, to: b, container: tv,
                                                   duration: configuration.transitionDuration)
            }
        }
        if fullScreen { attempt(&firstError) { try beginAppearance(presenter, appearing: false, animated: animated) } }
        attempt(&firstError) { try beginAppearance(b, appearing: true, animated: animated) }
        attempt(&firstError) {
            if let bView, heap.isAlive(bView), heap.isAlive(tv) {
                try write(bView, k.frame, .rect(try boundsOf(window)))
                try addSubview(bView, to: tv, at: nil)
            }
        }
        if let coordinator { attempt(&firstError) { try startCoordinator(coordinator) } }
        if configuration.ios >= 8, heap.isAlive(presenter), heap.isAlive(b), heap.isAlive(tv) {
            let pc = heap.alloc(k.presentationController)
            try write(pc, k.pcPresenting, presenter)
            try write(pc, k.pcPresented, b)
            try write(tv, k.transitionPresentation, pc)
        }
        do {
            try finishTransition(animated: animated, keeping: [presenter, b].filter { heap.isAlive($0) },
                                 coordinator: coordinator, completion: completion) { [unowned self] in
                try endAppearance(b, animated: animated)
                if fullScreen { try endAppearance(presenter, animated: animated) }
            }
        } catch {
            throw firstError ?? error
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
        let chain = try self.chain(from: b, along: k.presented)
        let top = chain[chain.count - 1]
        let fullScreen = try presentationStyle(of: b) == "fullScreen"
        // As for present: the dismissal completes whatever the callbacks do.
        var firstError: Error?
        var coordinator: ObjectID?
        if isTimed(animated) {
            attempt(&firstError) {
                coordinator = try beginCoordinator(for: [a] + chain, from: b, to: a, container: presentations.transitionView(of: b),
                                                   duration: configuration.transitionDuration)
            }
        }
        attempt(&firstError) { try beginAppearance(top, appearing: false, animated: animated) }
        if fullScreen { attempt(&firstError) { try beginAppearance(a, appearing: true, animated: animated) } }
        if let coordinator { attempt(&firstError) { try startCoordinator(coordinator) } }
        do {
            try finishTransition(animated: animated, keeping: ([a] + chain).filter { heap.isAlive($0) },
                                 coordinator: coordinator, completion: completion) { [unowned self] in
                var endError: Error?
                if fullScreen { attempt(&endError) { try endAppearance(a, animated: animated) } }
                attempt(&endError) { try endAppearance(top, animated: animated) }
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
                    noteLeftUI(c, "dismissed", presentedAbove: Array(chain[(i + 1)...]))
                }
                attempt(&endError) { try askWillDealloc() }
                if let endError { throw endError }
            }
        } catch {
            throw firstError ?? error
        }
        if let firstError { throw firstError }
    }

    /// Whether a transition asked to be animated takes time (a zero duration ends it in
    /// the layout pass, as a non-animated one).
    func isTimed(_ animated: Bool) -> Bool { animated && configuration.transitionDuration > 0 }

    /// Runs `body` when the transition ends — after the transition duration when
    /// animated, in this turn's layout pass otherwise — keeping the controllers alive
    /// until then (animations retain what they reference), then ends the coordinator and
    /// runs the completion. UIKit ignores touches while an animated one is in flight
    /// (SPEC rule 61).
    func finishTransition(animated: Bool, keeping: [ObjectID], coordinator: ObjectID? = nil, completion: Value,
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
        if timed { interactionIgnoringTransitions += 1 }
        let work: () throws -> Void = { [unowned self] in
            defer {
                for id in keeping where heap.isAlive(id) { try? heap.unhold(id, transitionHold) }
                if case .object(let block) = completion, heap.isAlive(block) { try? heap.unhold(block, transitionHold) }
                if timed { interactionIgnoringTransitions -= 1 }
            }
            // The coordinator ends whatever the "did" callbacks do; its completions come
            // after them (SPEC rule 67) and before the transition's own completion.
            var firstError: Error?
            attempt(&firstError) { try body() }
            if let coordinator { attempt(&firstError) { try endCoordinator(coordinator) } }
            if let firstError { throw firstError }
            try callCallback(completion, [])
        }
        if timed {
            schedule(after: configuration.transitionDuration, work)
        } else {
            enqueueLayout(work)
        }
    }

    /// On iOS 7 replacing the root tore its presentations down with it (rule 16).
    func tearDownPresentations(of root: ObjectID) throws {
        for vc in try chain(from: try object(root, uikit.presented), along: uikit.presented) {
            if let tv = presentations.detach(vc), heap.isAlive(tv) { try removeFromSuperview(tv) }
        }
    }

    func isWindowRoot(_ vc: ObjectID) -> Bool {
        windows.contains { (try? object($0, uikit.rootViewController)) == vc }
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
