/// The presentations (SPEC rules 13, 15, 16, 61; §3.5): the transition view each
/// presented controller's view sits in, which presentations and dismissals are in flight,
/// It presents and dismisses (through `Transitions`) and checks the presented/presenting
/// links.
package final class Presentations: Subsystem {
    unowned(unsafe) var sim: Simulator!
    package let heap: Heap
    /// The transition view of each presented controller, and the chains in flight
    /// (PresentationChain.swift).
    private(set) var state = PresentationChain()

    init(_ heap: Heap) {
        self.heap = heap
    }

    /// The chain's own invariants and the presented/presenting links of every controller.
    func violations() -> [String] { state.violations(linkErrors: controllerLinkViolations()) }
}

extension Presentations {
    /// The style a presentation uses: `modalPresentationStyle`, where unset or
    /// "automatic" means a page sheet from iOS 13 on and full screen before.
    func presentationStyle(of vc: ObjectID) throws -> String {
        let modern = sim.configuration.ios >= 13
        if case .string(let s) = try heap.readSlot(vc, UIViewController.modalPresentationStyle), s != "automatic" {
            // Rule 83: before iOS 13 a sheet on a horizontally compact screen (an iPhone in
            // portrait, KitSim's device) adapts to full screen.
            return !modern && (s == "pageSheet" || s == "formSheet") ? "fullScreen" : s
        }
        return modern ? "pageSheet" : "fullScreen"
    }

    /// SPEC rule 15 and §3.5: `present(_:animated:completion:)` with UIKit's checks,
    /// warnings and callback order. The presenter retains the presented controller;
    /// from iOS 8 on (rule 16) the presented view sits in a transition view in the
    /// window whose presentation controller retains both controllers.
    func present(_ presented: ObjectID?, from source: ObjectID, animated: Bool, completion: Value) throws {
        guard let b = presented else {
            throw sim.raise(.crash(.presentNil(presenter: sim.heap.ref(source)), object: source))
        }
        // SPEC 3.5: a controller that is presented, presenting (which covers one further
        // down the presenter's own chain), a child or a window's root is active; UIKit
        // refuses it and changes nothing, so the presentation chain stays acyclic.
        if try b == source || object(b, UIViewController.presentingViewController) != nil || object(b, UIViewController.presentedViewController) != nil
            || object(b, UIViewController.parent) != nil || sim.lifecycle.appearanceState(of: b) != .disappeared || sim.isWindowRoot(b) {
            throw sim.raise(.crash(.presentActive(sim.heap.ref(b)), object: b))
        }
        // Rule 84: the controller that presents is the presentation context, which UIKit
        // finds from the one asked: its topmost ancestor, or for a current-context style the
        // nearest that defines the context. The warnings name both, as UIKit's do.
        let presenter = try presentationContext(of: source, for: b)
        if let c = try object(presenter, UIViewController.presentedViewController) {
            heap.warn("Attempt to present \(sim.angle(b)) on \(sim.angle(presenter)) (from \(sim.angle(source))) which is already presenting \(sim.angle(c)).", object: presenter)
            return
        }
        guard let pv = try object(presenter, UIViewController.view), let window = try sim.views.windowOf(pv),
              try sim.windowing.isShown(window) else {
            heap.warn("Attempt to present \(sim.angle(b)) on \(sim.angle(presenter)) (from \(sim.angle(source))) whose view is not in the window hierarchy.", object: presenter)
            return
        }
        // SPEC rule 61: while a presentation or dismissal on this chain is in flight,
        // UIKit logs and does nothing.
        if state.isInFlight(presenter) {
            heap.warn("Attempt to present \(sim.angle(b)) on \(sim.angle(presenter)) while a presentation is in progress!", object: presenter)
            return
        }
        let style = try presentationStyle(of: b)
        let fullScreen = style == "fullScreen"
        // SPEC rule 57: the presented controller's (weak) transitioning delegate may offer
        // an animator for a full-screen, over-full-screen or custom presentation.
        var animator: ObjectID?
        if animated, style == "fullScreen" || style == "overFullScreen" || style == "custom" {
            animator = try sim.transitions.customAnimator(from: object(b, UIViewController.transitioningDelegate), .animationController_forPresented,
                                          Arguments(.object(b), .object(presenter), .object(presenter)))
        }
        sim.lifecycle.noteEnteredUI(b)
        try write(presenter, heap[UIViewController.presentedViewController], b)
        try write(b, heap[UIViewController.presentingViewController], presenter)
        // The transition view goes into the window before B's view loads, so a view that
        // B's viewDidLoad adds to the window lands above it (seed 002's controller B).
        let tv = heap.alloc(heap[UITransitionView.self])
        try sim.views.initializeView(tv, frame: try sim.views.boundsOf(window))
        // SPEC rule 59: the presenter of a custom or over-full-screen presentation stays on
        // screen and takes the touches that meet nothing presented.
        if style == "custom" || style == "overFullScreen" { try write(tv, heap[UITransitionView.ignoreDirectTouchEvents], .bool(true)) }
        try sim.views.addSubview(tv, to: window, at: nil)
        state.attach(tv, to: b)
        // From here the presentation completes whatever the callbacks do, and the first
        // error is rethrown at the end, so that an error in B's viewDidLoad cannot leave A
        // presenting B for ever with an empty transition view in the window.
        var firstError: Error?
        var bView: ObjectID?
        attempt(&firstError) { bView = try sim.lifecycle.loadedView(of: b) }
        // SPEC §4: an animated presentation has a coordinator from its "will" callbacks on.
        var coordinator: ObjectID?
        if sim.transitions.isTimed(animated) || animator != nil {
            attempt(&firstError) {
                coordinator = try sim.transitions.beginCoordinator(for: [presenter, b], from: presenter, to: b, container: tv,
                                                   duration: sim.configuration.transitionDuration)
            }
        }
        if fullScreen { attempt(&firstError) { try sim.lifecycle.beginAppearance(presenter, appearing: false, animated: animated) } }
        attempt(&firstError) { try sim.lifecycle.beginAppearance(b, appearing: true, animated: animated) }
        // SPEC rules 58, 59: a custom animator gets the container; UIKit never adds the
        // incoming view itself, and a full-screen presentation moves the presenter's view
        // into the container, to be removed when the transition completes.
        var context: ObjectID?
        var fromView: ObjectID?
        var fromSlot: (superview: ObjectID, index: Int)?
        if let animator {
            attempt(&firstError) {
                if fullScreen, let pv = try sim.transitions.presentationContextView(of: presenter), try sim.views.windowOf(pv) == window {
                    fromView = pv
                    if let sv = try object(pv, UIView.superview), let i = try objects(sv, UIView.subviews).firstIndex(of: pv) { fromSlot = (sv, i) }
                    try sim.views.addSubview(pv, to: tv, at: 0)
                }
                context = try sim.transitions.makeTransitionContext(animator: animator, container: tv, from: presenter, to: b,
                                                    fromView: fromView, toView: bView, coordinator: coordinator)
            }
        }
        if context == nil {
            // No animator, or one that could not say its duration: the default transition
            // puts the presented view in the container.
            attempt(&firstError) {
                if let bView, heap.isAlive(bView), heap.isAlive(tv) {
                    try write(bView, heap[UIView.frame], .rect(try sim.views.boundsOf(window)))
                    try sim.views.addSubview(bView, to: tv, at: nil)
                }
            }
        }
        if let coordinator { attempt(&firstError) { try sim.transitions.startCoordinator(coordinator) } }
        if sim.configuration.ios >= 8, heap.isAlive(presenter), heap.isAlive(b), heap.isAlive(tv), let pc = try presentationController(of: b) {
            try write(pc, heap[UIPresentationController.presentingViewController], presenter)
            try write(pc, heap[UIPresentationController.presentedViewController], b)
            try write(tv, heap[UITransitionView.presentationController], pc)
        }
        let inFlight = sim.transitions.isTimed(animated) || context != nil
        if inFlight { state.begin([presenter, b]) }
        do {
            try sim.transitions.finishTransition(animated: animated, keeping: [presenter, b].filter { heap.isAlive($0) },
                                 coordinator: coordinator, completion: completion,
                                 driver: context.map(TransitionDriver.animator) ?? .clock,
                                 cancel: { [unowned self] in
                if inFlight { state.end([presenter, b]) }
                try cancelPresentation(b, from: presenter, fullScreen: fullScreen, fromView: fromView, slot: fromSlot,
                                       container: tv, animated: animated)
            }) { [unowned self] in
                if inFlight { state.end([presenter, b]) }
                var endError: Error?
                // SPEC rule 59: the presenter's view leaves with the completed transition.
                if let fromView, heap.isAlive(fromView), heap.isAlive(tv), try object(fromView, UIView.superview) == tv {
                    attempt(&endError) { try sim.views.removeFromSuperview(fromView) }
                }
                // Rule 82: without an animator, a full-screen presentation removes the
                // presenter's views from the window once it completes.
                if fullScreen, fromView == nil, heap.isAlive(tv) {
                    attempt(&endError) { try removePresenterView(of: presenter, below: tv) }
                }
                attempt(&endError) { try sim.lifecycle.endAppearance(b, animated: animated) }
                if fullScreen { attempt(&endError) { try sim.lifecycle.endAppearance(presenter, animated: animated) } }
                if let endError { throw endError }
            }
        } catch {
            if inFlight { state.end([presenter, b]) }
            throw firstError ?? error
        }
        if let context, let animator {
            // SPEC rule 58: last, synchronously, once everything is in place, so that an
            // animator completing at once finds the transition whole.
            attempt(&firstError) { _ = try heap.send(animator, .animateTransition, args: Arguments(.object(context))) }
        }
        if let firstError { throw firstError }
    }

    /// The controller and its ancestors, nearest first (the parent chain is acyclic, an
    /// invariant `verify` checks; the bound only keeps a broken heap from hanging the host).
    func ancestry(of vc: ObjectID) throws -> [ObjectID] {
        var out = [vc]
        while out.count < 10_000, let p = try object(out[out.count - 1], UIViewController.parent), heap.isAlive(p) { out.append(p) }
        return out
    }

    /// Rule 84: the controller a presentation asked of `source` is made by: for
    /// `.currentContext` and `.overCurrentContext` the nearest of `source` and its ancestors
    /// whose `definesPresentationContext` is true, else (and for every other style) its
    /// topmost ancestor, the controller whose view is in the window.
    func presentationContext(of source: ObjectID, for presented: ObjectID) throws -> ObjectID {
        let lineage = try ancestry(of: source)
        let style = try presentationStyle(of: presented)
        if style == "currentContext" || style == "overCurrentContext",
           let c = try lineage.first(where: { try heap.readSlot($0, UIViewController.definesPresentationContext) == .bool(true) }) {
            return c
        }
        return lineage[lineage.count - 1]
    }

    /// `presentedViewController` and `presentingViewController` as a script reads them
    /// (rule 84): the controller's own, else the nearest ancestor's.
    func effective(_ vc: ObjectID, _ p: PropertyHandle) throws -> Value {
        for c in try ancestry(of: vc) {
            if let o = try object(c, p) { return .object(o) }
        }
        return .nil
    }

    /// Rule 82 (`UIModalPresentationStyle.fullScreen`: "The views belonging to the
    /// presenting view controller are removed after the presentation completes"): the view
    /// the presenter shows in its window (its topmost ancestor's) leaves the window, unless
    /// it holds the presented view's container.
    func removePresenterView(of presenter: ObjectID, below container: ObjectID) throws {
        guard let pv = try sim.transitions.presentationContextView(of: presenter), heap.isAlive(pv),
              try sim.views.windowOf(pv) != nil, try !sim.views.isDescendant(container, of: pv) else { return }
        try sim.views.removeFromSuperview(pv)
    }

    /// A custom presentation cancelled (`completeTransition(false)`, SPEC rule 61): the
    /// presenter presents nothing, its view is back where it was, and each side's
    /// appearance goes back.
    func cancelPresentation(_ b: ObjectID, from presenter: ObjectID, fullScreen: Bool, fromView: ObjectID?,
                            slot: (superview: ObjectID, index: Int)?, container tv: ObjectID, animated: Bool) throws {
        var firstError: Error?
        if let fromView, heap.isAlive(fromView) {
            attempt(&firstError) {
                if let slot, heap.isAlive(slot.superview) {
                    try sim.views.addSubview(fromView, to: slot.superview, at: Swift.min(slot.index, try objects(slot.superview, UIView.subviews).count))
                } else if heap.isAlive(tv) {
                    try sim.transitions.restore(fromView, under: tv)
                }
            }
        }
        attempt(&firstError) { try sim.lifecycle.changeAppearance(b, appearing: false, animated: animated) }
        if fullScreen { attempt(&firstError) { try sim.lifecycle.changeAppearance(presenter, appearing: true, animated: animated) } }
        attempt(&firstError) {
            if heap.isAlive(b) { try write(b, heap[UIViewController.presentingViewController], nil) }
            if heap.isAlive(presenter), try object(presenter, UIViewController.presentedViewController) == b { try write(presenter, heap[UIViewController.presentedViewController], nil) }
            if let tv = state.detach(b), heap.isAlive(tv) { try sim.views.removeFromSuperview(tv) }
            try releaseSides(of: b)
        }
        if let firstError { throw firstError }
    }

    /// SPEC §3.5: `dismiss(animated:completion:)` on the presenter or the presented
    /// controller. Callbacks: B.viewWillDisappear, A.viewWillAppear, A.viewDidAppear,
    /// B.viewDidDisappear, then the completion; controllers presented above B go too.
    /// `keeping` are kept alive until the dismissal ends, when `then` runs (an alert's
    /// tapped action and its handler, rule 80).
    func dismiss(from vc: ObjectID, animated: Bool, completion: Value, keeping extra: [ObjectID] = [],
                 then: (() throws -> Void)? = nil) throws {
        let a: ObjectID, b: ObjectID
        // Rule 84: a child answers through its ancestors: what the nearest of them presented
        // goes, else the nearest that was presented.
        let lineage = try ancestry(of: vc)
        var presentedBy: (ObjectID, ObjectID)?
        var presentedOne: (ObjectID, ObjectID)?
        for c in lineage where presentedBy == nil {
            if let p = try object(c, UIViewController.presentedViewController) { presentedBy = (c, p) }
            else if presentedOne == nil, let p = try object(c, UIViewController.presentingViewController) { presentedOne = (p, c) }
        }
        if let (x, y) = presentedBy ?? presentedOne { a = x; b = y }
        else {
            // Nothing to dismiss: UIKit still runs the completion.
            try sim.transitions.finishTransition(animated: false, keeping: [vc], completion: completion) {}
            return
        }
        // SPEC rule 61: while a presentation or dismissal on this chain is in flight,
        // UIKit logs and does nothing.
        if state.isInFlight(a) || state.isInFlight(b) {
            heap.warn("Attempt to dismiss from view controller \(sim.angle(vc)) while a presentation or dismiss is in progress!", object: vc)
            return
        }
        let chain = try sim.chain(from: b, along: heap[UIViewController.presentedViewController])
        let top = chain[chain.count - 1]
        let style = try presentationStyle(of: b)
        let fullScreen = style == "fullScreen"
        let tv = state.transitionView(of: b)
        // SPEC rule 57: the dismissed controller's (weak) transitioning delegate may offer
        // an animator.
        var animator: ObjectID?
        if animated, tv != nil, style == "fullScreen" || style == "overFullScreen" || style == "custom" {
            animator = try sim.transitions.customAnimator(from: object(b, UIViewController.transitioningDelegate), .animationController_forDismissed,
                                          Arguments(.object(b)))
        }
        // As for present: the dismissal completes whatever the callbacks do.
        var firstError: Error?
        var coordinator: ObjectID?
        if sim.transitions.isTimed(animated) || animator != nil {
            attempt(&firstError) {
                coordinator = try sim.transitions.beginCoordinator(for: [a] + chain, from: b, to: a, container: tv,
                                                   duration: sim.configuration.transitionDuration)
            }
        }
        // Rule 82: a full-screen presentation removed the presenter's views; the dismissal
        // puts them back, under the presented view's container, as it starts. An animator
        // that is offered the presenter's view adds it itself (rule 60).
        if fullScreen, animator == nil, let tv, heap.isAlive(tv), let pv = try sim.transitions.presentationContextView(of: a),
           try sim.views.windowOf(pv) == nil {
            attempt(&firstError) { try sim.transitions.restore(pv, under: tv) }
        }
        attempt(&firstError) { try sim.lifecycle.beginAppearance(top, appearing: false, animated: animated) }
        if fullScreen { attempt(&firstError) { try sim.lifecycle.beginAppearance(a, appearing: true, animated: animated) } }
        // SPEC rule 60: the presenter's view is the incoming view only when it left the
        // window (full screen); for a custom presentation it stayed, and `view("to")` is nil.
        let presenterView = try sim.transitions.presentationContextView(of: a)
        var context: ObjectID?
        if let animator, let tv {
            attempt(&firstError) {
                context = try sim.transitions.makeTransitionContext(animator: animator, container: tv, from: b, to: a,
                                                    fromView: try object(b, UIViewController.view), toView: fullScreen ? presenterView : nil,
                                                    coordinator: coordinator)
            }
        }
        if let coordinator { attempt(&firstError) { try sim.transitions.startCoordinator(coordinator) } }
        let inFlight = sim.transitions.isTimed(animated) || context != nil
        if inFlight { state.begin([a, b]) }
        do {
            try sim.transitions.finishTransition(animated: animated, keeping: ([a] + chain + extra).filter { heap.isAlive($0) },
                                 coordinator: coordinator, completion: completion,
                                 driver: context.map(TransitionDriver.animator) ?? .clock,
                                 cancel: { [unowned self] in
                // SPEC rule 61: cancelled, B stays presented and each side's appearance goes back.
                if inFlight { state.end([a, b]) }
                var endError: Error?
                attempt(&endError) { try sim.lifecycle.changeAppearance(top, appearing: true, animated: animated) }
                if fullScreen { attempt(&endError) { try sim.lifecycle.changeAppearance(a, appearing: false, animated: animated) } }
                if let endError { throw endError }
            }) { [unowned self] in
                if inFlight { state.end([a, b]) }
                var endError: Error?
                // SPEC rule 60: a full-screen dismissal puts the presenter's view back under
                // the container, wherever the animator left it (and so does iOS 7 for a
                // custom one); on iOS 8+ a custom one leaves it where it is, which is
                // inside the container if the animator put it there.
                if let tv, let presenterView, heap.isAlive(tv), fullScreen || sim.configuration.ios < 8 {
                    let outside = try sim.views.windowOf(presenterView) == nil
                    if try outside || sim.views.isDescendant(presenterView, of: tv) {
                        attempt(&endError) { try sim.transitions.restore(presenterView, under: tv) }
                    }
                }
                if fullScreen { attempt(&endError) { try sim.lifecycle.endAppearance(a, animated: animated) } }
                attempt(&endError) { try sim.lifecycle.endAppearance(top, animated: animated) }
                // Each link is cut on both sides at once, top first, before any view
                // leaves (which can run callbacks): no callback sees a controller that
                // presents one whose presenter is another.
                for (i, c) in chain.enumerated().reversed() {
                    let presenter = i == 0 ? a : chain[i - 1]
                    if heap.isAlive(c) { try write(c, heap[UIViewController.presentingViewController], nil) }
                    if heap.isAlive(presenter), try object(presenter, UIViewController.presentedViewController) == c { try write(presenter, heap[UIViewController.presentedViewController], nil) }
                }
                for (i, c) in chain.enumerated().reversed() {
                    if let tv = state.detach(c), heap.isAlive(tv) { try sim.views.removeFromSuperview(tv) }
                    // SPEC rule 47: the links are cut already; what c presented is above it.
                    sim.lifecycle.noteLeftUI(c, .dismissed, presentedAbove: Array(chain[(i + 1)...]))
                }
                attempt(&endError) { try sim.lifecycle.askWillDealloc() }
                if let then { attempt(&endError) { try then() } }
                // Rule 83: last, so that `presentationControllerDidDismiss` still finds the
                // dismissed controller in `presentedViewController`.
                for c in chain { attempt(&endError) { try releaseSides(of: c) } }
                if let endError { throw endError }
            }
        } catch {
            if inFlight { state.end([a, b]) }
            throw firstError ?? error
        }
        if let context, let animator {
            attempt(&firstError) { _ = try heap.send(animator, .animateTransition, args: Arguments(.object(context))) }
        }
        if let firstError { throw firstError }
    }

    /// On iOS 7 replacing the root tore its presentations down with it (rule 16).
    func tearDownPresentations(of root: ObjectID) throws {
        for vc in try sim.chain(from: try object(root, UIViewController.presentedViewController), along: heap[UIViewController.presentedViewController]) {
            if let tv = state.detach(vc), heap.isAlive(tv) { try sim.views.removeFromSuperview(tv) }
        }
    }
}
