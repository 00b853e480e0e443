extension Animations {
    /// `UIView.AnimationOptions` as scripts write them: one name or an array of names
    /// (SPEC rule 23). Only `"repeat"` changes what KitSim does; the rest shape curves.
    static let animationOptions = EnumType("UIView.AnimationOptions", [
        "repeat", "autoreverse", "curveEaseInOut", "curveEaseIn", "curveEaseOut", "curveLinear",
        "allowUserInteraction", "beginFromCurrentState",
    ])
}

/// The animations the model tracks (SPEC rules 43–45): those `UIView.animate` gave the
/// views it changed, the `CAAnimation` copies layers keep, and the property animators'
/// states. UIKit keeps a completion, a layer's removed copy and a running property
/// animator while they are in flight (a hold, `[animation in flight]`).
final class Animations: Subsystem {
    unowned(unsafe) var sim: Simulator!
    let heap: Heap
    /// A completion, a layer's removed copy or a running property animator in flight.
    let animationHold: HoldReason
    /// The animations on views and layers (ViewAnimations.swift), changed only by the
    /// methods of this file and of QuartzCore/CALayer.swift.
    var viewAnimations = ViewAnimations()
    /// The property animators' states by animator id, changed only by the methods of
    /// UIViewPropertyAnimator.swift.
    var propertyAnimators: [UInt32: PropertyAnimatorState] = [:]
    #if KITSIM_PLANTED_DEFECT
    /// The planted defect's table of spring animations and the instant it is for
    /// (Simulator+PlantedDefect.swift).
    var plantedSpringSlots = 0
    var plantedSpringInstant: Int64 = -1
    #endif

    init(_ heap: Heap) {
        self.heap = heap
        animationHold = Simulator.declaredHold("animation in flight", heap)
    }

    /// Whether nothing is tracked, so a dealloc has nothing to update.
    var isEmpty: Bool { viewAnimations.isEmpty && propertyAnimators.isEmpty }

    /// The tracked animations' groups count their records (ViewAnimations), every property
    /// animator is alive (a dealloc takes its state), and UIKit keeps every running one.
    func violations() -> [String] {
        var out = viewAnimations.violations()
        for (id, s) in propertyAnimators.sorted(by: { $0.key < $1.key }) {
            if !heap.isAlive(ObjectID(id)) { out.append("the property animator #\(id) is not alive"); break }
            if s.phase == .running && heap.holdCount(ObjectID(id), animationHold) < 1 {
                out.append("the running property animator #\(id) is not held"); break
            }
        }
        return out
    }

    /// `UIView.animate` in all three forms (SPEC rule 43). `animations` runs at once, so
    /// the model's values are final before this returns; each view in a window whose
    /// animatable values it changed gets an animation ending at now + delay + duration.
    /// UIKit keeps `completion` (a hold, `[animation in flight]`) until the last of them
    /// ends and then calls it once, in a turn of its own, with (captures…, finished);
    /// with no such view it is called with true in the next turn.
    func animate(duration: Double, delay: Double, options: Set<String>, animations: Value, completion: Value) throws {
        // The completion is held before `animations` runs: a block that drains the pool
        // must not free it in between.
        let held = completion.objectID.flatMap { heap.isKind($0, of: heap.blockClass) ? $0 : nil }
        if let held { try heap.hold(held, animationHold) }
        let views: [ObjectID]
        do {
            var before: [UInt32: [Value]] = [:]
            for (view, values) in try animatableValuesInWindows() { before[view.raw] = values }
            try sim.callCallback(animations, [])
            // A view that entered a window during the block appears at its final values,
            // as one added inside a UIKit animation block does: only views that were in a
            // window before and after are compared.
            views = try animatableValuesInWindows().compactMap { view, values in
                guard let old = before[view.raw], old != values else { return nil }
                return view
            }
        } catch {
            if let held, heap.isAlive(held) { try? heap.unhold(held, animationHold) }
            throw error
        }
        guard duration > 0, !views.isEmpty else {
            // SPEC rule 43: nothing to animate, so nothing to wait for: true, next turn.
            sim.runLoop.schedule(at: heap.now, label: sim.timerLabel("animation completion")) { [unowned self] in try callCompletion(completion, finished: true, held: held) }
            return
        }
        let g = viewAnimations.newGroup(completion: completion, count: views.count)
        for view in views {
            sim.watchDeallocs()
            _ = viewAnimations.add(.init(view: view, kind: .block(group: g), inWindow: true, leavesWithWindow: true))
        }
        // SPEC rule 43: a repeating animation never ends by itself; only rule 44's
        // removals end it.
        guard !options.contains("repeat") else { return }
        let end = sim.time(after: Swift.max(0, delay) + duration)
        sim.runLoop.schedule(at: end, label: sim.timerLabel("animation end")) { [unowned self] in
            var due: Int?
            for n in viewAnimations.numbers(ofGroup: g) {
                if let done = viewAnimations.remove(n, finished: true)?.groupDone { due = done }
            }
            if let due { try finishGroup(due) }
        }
    }

    /// Calls a due group's completion with whether every animation of it ended on its own.
    func finishGroup(_ g: Int) throws {
        guard let group = viewAnimations.takeGroup(g) else { return }
        let held = group.completion.objectID.flatMap { heap.isKind($0, of: heap.blockClass) ? $0 : nil }
        try callCompletion(group.completion, finished: group.finished, held: held)
    }

    /// Calls a completion with (captures…, finished), then lets go of it, even if it raised.
    func callCompletion(_ completion: Value, finished: Bool, held: ObjectID?) throws {
        defer { if let held, heap.isAlive(held) { try? heap.unhold(held, animationHold) } }
        try sim.callCallback(completion, [.bool(finished)])
    }

    /// Every view in a window (every live window by rule 2, each tree depth first) with its
    /// animatable values: `frame` (which `bounds` and `center` are computed from),
    /// `backgroundColor`, `alpha` and `transform` (SPEC rule 43).
    func animatableValuesInWindows() throws -> [(view: ObjectID, values: [Value])] {
        var out: [(ObjectID, [Value])] = []
        var stack = sim.windowing.allWindows.reversed().map { $0 }
        var seen: Set<UInt32> = []
        while let v = stack.popLast() {
            guard heap.isAlive(v), seen.insert(v.raw).inserted else { continue }
            out.append((v, [try heap.readSlot(v, UIView.frame), try heap.readSlot(v, UIView.backgroundColor),
                            try heap.readSlot(v, UIView.alpha), try heap.readSlot(v, UIView.transform)]))
            stack.append(contentsOf: try objects(v, UIView.subviews).reversed())
        }
        return out
    }

    /// Whether a live view's topmost ancestor (or the view itself) is a live window.
    func isInLiveWindow(_ view: ObjectID) -> Bool {
        guard heap.isAlive(view) else { return false }
        var top = view
        var steps = 0
        while let s = try? object(top, UIView.superview), heap.isAlive(s), steps <= heap.objectCount {
            top = s
            steps += 1
        }
        return heap.isKind(top, of: UIWindow.handle)
    }

    /// SPEC rule 44: after the view tree changed (a view added or removed, a window or
    /// view deallocated), each animated view that is no longer in a window loses the
    /// animations that go with the window, at once; their completions and delegates hear
    /// `finished = false` in the layout pass. A view that entered a window is noted, so
    /// that an animation added before it was in one (a `CAAnimation` added in
    /// `viewDidLoad`) goes when it leaves. Runs no script code, so the heap's dealloc hook
    /// may call it.
    func viewTreeChanged() {
        guard !viewAnimations.isEmpty else { return }
        var inWindow: [UInt32: Bool] = [:]
        var removed: [Int] = []
        for n in viewAnimations.numbers {
            guard let r = viewAnimations.records[n], let view = r.view else { continue }
            let now: Bool
            if let known = inWindow[view.raw] { now = known } else {
                now = isInLiveWindow(view)
                inWindow[view.raw] = now
            }
            if r.inWindow && !now && r.leavesWithWindow {
                removed.append(n)
            } else if r.inWindow != now {
                viewAnimations.setInWindow(n, now)
            }
        }
        for n in removed { removeAnimation(n) }
    }

    /// Removes one tracked animation before its end (SPEC rules 44, 45): a view
    /// animation counts against its group, whose completion is then due in the layout
    /// pass if it was the last; a layer's copy leaves the layer and is held until its
    /// delegate has heard `animationDidStop(anim, false)` in the layout pass.
    func removeAnimation(_ n: Int) {
        guard let (r, due) = viewAnimations.remove(n, finished: false) else { return }
        switch r.kind {
        case .block:
            if let due { sim.runLoop.enqueueLayout { [unowned self] in try finishGroup(due) } }
        case .layer(let layer, _, let slot, let copy):
            // Held before the layer lets go, so the copy (and its delegate) live until
            // the delegate has been told.
            let held = heap.isAlive(copy) && (try? heap.hold(copy, animationHold)) != nil
            if heap.isAlive(layer) { try? heap.setAssociated(layer, key: slot, .nil) }
            guard held else { return }
            let told = r.stopped
            sim.runLoop.enqueueLayout { [unowned self] in
                defer { if heap.isAlive(copy) { try? heap.unhold(copy, animationHold) } }
                if !told { try tellDelegate(of: copy, .animationDidStop, finished: false) }
            }
        }
    }

    /// `view.layer:removeAllAnimations()` also removes the view's `UIView.animate`
    /// animations (SPEC rule 44).
    func removeViewAnimations(of view: ObjectID) {
        for n in viewAnimations.blockNumbers(ofView: view) { removeAnimation(n) }
    }

    /// The heap's dealloc hook for animations: a view or window that goes changes the
    /// view tree (SPEC rule 44); a layer that goes takes its animations with it, telling
    /// no delegate; a property animator released paused or stopped raises (rule 45).
    func dealloc(_ id: ObjectID) -> Error? {
        if !propertyAnimators.isEmpty, let state = propertyAnimators.removeValue(forKey: id.raw) {
            return propertyAnimatorReleased(id, state)
        }
        guard !viewAnimations.isEmpty else { return nil }
        if heap.isKind(id, of: UIView.handle) {
            viewTreeChanged()
        } else if heap.isKind(id, of: CALayer.handle) {
            for n in viewAnimations.numbers(ofLayer: id) { _ = viewAnimations.remove(n, finished: false) }
        }
        return nil
    }

    /// Sends a `CAAnimationDelegate` method to the copy's delegate when it has one.
    func tellDelegate(of copy: ObjectID, _ selector: Selector, finished: Bool?) throws {
        guard heap.isAlive(copy), let d = try object(copy, CAAnimation.delegate), heap.responds(d, to: selector) else { return }
        if let finished {
            _ = try heap.send(d, selector, args: Arguments(.object(copy), .bool(finished)))
        } else {
            _ = try heap.send(d, selector, args: Arguments(.object(copy)))
        }
    }
}

extension Selector {
    static let animationDidStart = Selector("animationDidStart")
    static let animationDidStop = Selector("animationDidStop")
}
