/// `UIViewPropertyAnimator`, as the model names it: its class and the properties the model reads and writes.
package enum UIViewPropertyAnimator: ModelClass {
    package static let handle = ClassHandle("UIViewPropertyAnimator")
    package static var declaration: SimulatorClassDeclaration { Animations.propertyAnimatorDeclaration }
    package static let duration = handle.property("duration")
    package static let animations = handle.property("animations")
    package static let completions = handle.property("completions")
}

/// What the model knows of a property animator beyond its properties (SPEC rule 45).
struct PropertyAnimatorState {
    enum Phase { case inactive, running, paused, stopped }
    var phase: Phase = .inactive
    /// The fraction complete when it last started running, paused or stopped.
    var fraction: Double = 0
    /// When it last started running (after `startAnimation(afterDelay:)`'s delay).
    var since: Int64 = 0
    /// Seconds from start to end.
    let duration: Double
    /// Bumped whenever it stops running, so the end queued for an older run is dropped.
    var generation: UInt64 = 0
}

extension Animations {
    /// `UIView.AnimationCurve` as scripts write it.
    static let animationCurves = EnumType("UIView.AnimationCurve", ["easeInOut", "easeIn", "easeOut", "linear"])
    /// `UIViewAnimatingPosition` as scripts write it.
    static let animatingPositions = EnumType("UIViewAnimatingPosition", ["end", "start", "current"])
    /// `UIViewAnimatingState` as scripts read it.
    static let animatingStates = EnumType("UIViewAnimatingState", ["inactive", "active", "stopped"])

    /// `UIViewPropertyAnimator` (SPEC rules 45, 51; iOS 10+): it keeps its animation and
    /// completion blocks until it finishes, and UIKit keeps it while it runs (a hold,
    /// `[animation in flight]`). Nothing keeps a paused or stopped one, and releasing one
    /// then raises.
    static let propertyAnimatorDeclaration = ClassDeclaration(UIViewPropertyAnimator.handle, introduced: 10,
        summary: "Animations that can be paused, scrubbed and stopped; UIKit keeps it while it runs (rule 45).") {
        PropertyDeclaration(UIViewPropertyAnimator.duration, .assign, .number, readOnly: true, default: .double(0))
        PropertyDeclaration(UIViewPropertyAnimator.animations, .strong, .table, readOnly: true,
                            summary: "Its animation blocks, kept until it finishes.")
        PropertyDeclaration(UIViewPropertyAnimator.completions, .strong, .table, readOnly: true,
                            summary: "Its completion blocks, kept until it finishes; each gets (captures…, position).")
        PropertyDeclaration("state", .assign, .enumeration(Animations.animatingStates), readOnly: true, getter: "state",
                            summary: "`\"inactive\"`, `\"active\"` (running or paused) or `\"stopped\"`.")
        PropertyDeclaration("isRunning", .assign, .bool, readOnly: true, getter: "isRunning")
        PropertyDeclaration("fractionComplete", .assign, .number, getter: "fractionComplete", setter: "setFractionComplete",
                            summary: "0…1; setting it pauses an inactive animator at that point, scrubs a paused one, and does nothing to a running one.")
        Animations.animationCurves
        Animations.animatingPositions
        Animations.animatingStates

        Method.initializer(swift: "init(duration:curve:animations:)", .number("duration"),
                           .enumeration("curve", Animations.animationCurves), .function("animations"),
                           summary: "An inactive animator.") { sim, inv in
            let duration = inv.numberArgument(0)
            try sim.write(inv.receiver, sim[UIViewPropertyAnimator.duration], .double(duration))
            sim.watchDeallocs()
            sim.animations.propertyAnimators[inv.receiver.raw] = PropertyAnimatorState(duration: duration)
            if !inv.argument(2).isNil { try sim.appendBlock(inv.argument(2), to: inv.receiver, sim[UIViewPropertyAnimator.animations]) }
            return .object(inv.receiver)
        }
        Method.accessor("state", returns: .enumeration(Animations.animatingStates)) { sim, inv in
            switch sim.animations.propertyAnimators[inv.receiver.raw]?.phase ?? .inactive {
            case .inactive: return .string("inactive")
            case .running, .paused: return .string("active")
            case .stopped: return .string("stopped")
            }
        }
        Method.accessor("isRunning", returns: .bool) { sim, inv in
            .bool(sim.animations.propertyAnimators[inv.receiver.raw]?.phase == .running)
        }
        Method.accessor("fractionComplete", returns: .number) { sim, inv in
            .double(sim.animations.propertyAnimators[inv.receiver.raw].map(sim.animations.fractionComplete) ?? 0)
        }
        Method.accessor("setFractionComplete") { sim, inv in
            let f = Swift.min(1, Swift.max(0, try inv.number(0, "fractionComplete")))
            guard var s = sim.animations.propertyAnimators[inv.receiver.raw] else { return .nil }
            switch s.phase {
            case .inactive:
                // Apple: "Changing the fractionComplete property also moves the animator
                // to the active state" — paused there.
                s.phase = .paused
                s.fraction = f
                sim.animations.propertyAnimators[inv.receiver.raw] = s
                try sim.animations.runAnimationBlocks(of: inv.receiver)
            case .paused:
                s.fraction = f
                sim.animations.propertyAnimators[inv.receiver.raw] = s
            case .running, .stopped: break
            }
            return .nil
        }
        Method("startAnimation", swift: "startAnimation(afterDelay:)", .number("delay", optional: true),
               summary: "Runs the animations (at once, an inactive one) and ends after the rest of the duration, plus the delay when given (`startAnimation()` without); UIKit keeps it meanwhile.") { sim, inv in
            try sim.animations.startAnimator(inv.receiver, delay: Swift.max(0, inv.numberArgument(0)))
            return .nil
        }
        Method("pauseAnimation", swift: "pauseAnimation()",
               summary: "Stops the clock (running the animations of an inactive one): UIKit no longer keeps it.") { sim, inv in
            try sim.animations.pauseAnimator(inv.receiver)
            return .nil
        }
        Method("stopAnimation", swift: "stopAnimation(_:)", .bool("withoutFinishing"),
               summary: "true: inactive at once, no completions; false: stopped, waiting for `finishAnimation(at)`.") { sim, inv in
            try sim.animations.stopAnimator(inv.receiver, withoutFinishing: inv.bool(0))
            return .nil
        }
        Method("finishAnimation", swift: "finishAnimation(at:)", .enumeration("position", Animations.animatingPositions),
               summary: "Finishes a stopped animator: its completions get (captures…, position) and it lets go of its blocks.") { sim, inv in
            guard sim.animations.propertyAnimators[inv.receiver.raw]?.phase == .stopped else {
                throw sim.raise(.crash(.finishNotStopped, object: inv.receiver))
            }
            try sim.animations.finishAnimator(inv.receiver, at: inv.stringArgument(0) ?? "end")
            return .nil
        }
        Method("addAnimations", swift: "addAnimations(_:delayFactor:)", .function("animation", optional: false),
               .number("delayFactor", optional: true),
               summary: "Adds an animation block; an active animator runs it at once. Ignored by a stopped one.") { sim, inv in
            guard let s = sim.animations.propertyAnimators[inv.receiver.raw], s.phase != .stopped else { return .nil }
            try sim.appendBlock(inv.argument(0), to: inv.receiver, sim[UIViewPropertyAnimator.animations])
            if s.phase != .inactive { try sim.callCallback(inv.argument(0), []) }
            return .nil
        }
        Method("addCompletion", swift: "addCompletion(_:)", .function("completion", optional: false),
               summary: "Adds a completion block, called with (captures…, position) when the animator finishes.") { sim, inv in
            guard sim.animations.propertyAnimators[inv.receiver.raw] != nil else { return .nil }
            try sim.appendBlock(inv.argument(0), to: inv.receiver, sim[UIViewPropertyAnimator.completions])
            return .nil
        }
    }
}

extension Animations {
    /// The fraction complete now: running, it moves from where it started with the clock.
    func fractionComplete(_ s: PropertyAnimatorState) -> Double {
        guard s.phase == .running else { return s.phase == .inactive ? 0 : s.fraction }
        guard s.duration > 0 else { return 1 }
        let elapsed = Double(Swift.max(0, heap.now - s.since)) / 1e9
        return Swift.min(1, s.fraction + elapsed / s.duration)
    }

    /// Calls each animation block, in the order added, with (captures…).
    func runAnimationBlocks(of animator: ObjectID) throws {
        guard case .array(let blocks) = try heap.readSlot(animator, UIViewPropertyAnimator.animations) else { return }
        for b in blocks { try sim.callCallback(b, []) }
    }

    /// `startAnimation()`: an inactive animator runs its animations; an inactive or paused
    /// one runs (UIKit keeps it) until the rest of its duration has passed.
    func startAnimator(_ a: ObjectID, delay: Double) throws {
        guard var s = propertyAnimators[a.raw], s.phase == .inactive || s.phase == .paused else { return }
        let wasInactive = s.phase == .inactive
        s.phase = .running
        s.since = sim.time(after: delay)
        if wasInactive { s.fraction = 0 }
        propertyAnimators[a.raw] = s
        try heap.hold(a, animationHold)
        let generation = s.generation
        let remaining = s.duration > 0 ? s.duration * (1 - s.fraction) : 0
        sim.runLoop.schedule(at: sim.time(after: delay + remaining), label: sim.timerLabel("property animator end")) { [unowned self] in
            guard let s = propertyAnimators[a.raw], s.phase == .running, s.generation == generation else { return }
            try finishAnimator(a, at: "end")
        }
        if wasInactive { try runAnimationBlocks(of: a) }
    }

    /// `pauseAnimation()`: the clock stops where it is; UIKit lets go of a running one.
    func pauseAnimator(_ a: ObjectID) throws {
        guard var s = propertyAnimators[a.raw] else { return }
        switch s.phase {
        case .inactive:
            s.phase = .paused
            propertyAnimators[a.raw] = s
            try runAnimationBlocks(of: a)
        case .running:
            s.fraction = fractionComplete(s)
            s.phase = .paused
            s.generation &+= 1
            propertyAnimators[a.raw] = s
            try heap.unhold(a, animationHold)
        case .paused, .stopped: break
        }
    }

    /// `stopAnimation(withoutFinishing)`: an active animator stops; without finishing it
    /// is inactive at once and lets go of its blocks, calling no completion.
    func stopAnimator(_ a: ObjectID, withoutFinishing: Bool) throws {
        guard var s = propertyAnimators[a.raw], s.phase == .running || s.phase == .paused else { return }
        let wasRunning = s.phase == .running
        s.fraction = fractionComplete(s)
        s.generation &+= 1
        s.phase = withoutFinishing ? .inactive : .stopped
        propertyAnimators[a.raw] = s
        // The call keeps the receiver alive while the hold goes (SPEC §2).
        if withoutFinishing {
            try write(a, heap[UIViewPropertyAnimator.animations], .nil)
            try write(a, heap[UIViewPropertyAnimator.completions], .nil)
        }
        if wasRunning { try heap.unhold(a, animationHold) }
    }

    /// The end of an animator (its duration passed, or `finishAnimation(at)`): it is
    /// inactive, its completions get (captures…, position) in the order added, then it
    /// lets go of its blocks and UIKit of it. Blocks added by a completion (a restart)
    /// stay.
    func finishAnimator(_ a: ObjectID, at position: String) throws {
        guard var s = propertyAnimators[a.raw] else { return }
        let wasRunning = s.phase == .running
        s.phase = .inactive
        s.fraction = 0
        s.generation &+= 1
        propertyAnimators[a.raw] = s
        var animations = 0, completions: [Value] = []
        if case .array(let list) = try heap.readSlot(a, UIViewPropertyAnimator.animations) { animations = list.count }
        if case .array(let list) = try heap.readSlot(a, UIViewPropertyAnimator.completions) { completions = list }
        var firstError: Error?
        for c in completions { attempt(&firstError) { try sim.callCallback(c, [.string(position)]) } }
        if heap.isAlive(a) {
            attempt(&firstError) { try dropFirstBlocks(animations, of: a, heap[UIViewPropertyAnimator.animations]) }
            attempt(&firstError) { try dropFirstBlocks(completions.count, of: a, heap[UIViewPropertyAnimator.completions]) }
            if wasRunning { attempt(&firstError) { try heap.unhold(a, animationHold) } }
        }
        if let firstError { throw firstError }
    }

    /// Lets go of the first `count` blocks of one of the animator's arrays.
    func dropFirstBlocks(_ count: Int, of a: ObjectID, _ p: Property) throws {
        guard case .array(let list) = try heap.readSlot(a, p) else { return }
        let rest = Array(list.dropFirst(count))
        try write(a, p, rest.isEmpty ? .nil : .array(rest))
    }

    /// SPEC rule 45: an animator released while paused or stopped raises UIKit's
    /// exception (nothing keeps such an animator, so a script that drops one finds out
    /// at the drain).
    func propertyAnimatorReleased(_ a: ObjectID, _ s: PropertyAnimatorState) -> Error? {
        guard s.phase == .paused || s.phase == .stopped else { return nil }
        return sim.raise(.crash(.releaseActiveAnimator, object: a))
    }
}

extension Simulator {
    /// Appends a block to one of an object's block arrays (a property animator's, a
    /// transition coordinator's), which keep them (rule 26's NSArray, so
    /// `UIViewPropertyAnimator#12.completions[1]`).
    func appendBlock(_ block: Value, to animator: ObjectID, _ p: Property) throws {
        var list: [Value] = []
        if case .array(let a) = try heap.readSlot(animator, p) { list = a }
        list.append(block)
        try write(animator, p, .array(list))
    }
}
