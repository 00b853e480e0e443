/// `CAAnimation`, as the model names it: its class and the properties the model reads and writes.
package enum CAAnimation: ModelClass {
    package static let handle = ClassHandle("CAAnimation")
    package static var declaration: SimulatorClassDeclaration { Animations.animationDeclaration }
    package static let delegate = handle.property("delegate")
    package static let duration = handle.property("duration")
    package static let isRemovedOnCompletion = handle.property("isRemovedOnCompletion")
    package static let repeatCount = handle.property("repeatCount")
    package static let autoreverses = handle.property("autoreverses")
}

extension Animations {
    /// `CAAnimation` (SPEC rule 45): what a layer runs. Its delegate is strong ("The
    /// delegate object is retained by the receiver"), so the copy a layer keeps keeps the
    /// delegate until the layer lets go of the copy.
    static let animationDeclaration = ClassDeclaration(CAAnimation.handle,
        summary: "An animation a layer runs; it keeps its delegate (rule 45).") {
        PropertyDeclaration(CAAnimation.delegate, .strong, .object("NSObject"),
                            summary: "Strong: hears `animationDidStart(anim)` and `animationDidStop(anim, finished)` (rule 45).")
        PropertyDeclaration(CAAnimation.duration, .assign, .number, default: .double(0),
                            summary: "Seconds; 0 means Core Animation's default of 0.25 s.")
        PropertyDeclaration(CAAnimation.repeatCount, .assign, .number, default: .double(0),
                            summary: "How many times it runs; `math.huge` repeats for ever.")
        PropertyDeclaration(CAAnimation.autoreverses, .assign, .bool, default: .bool(false),
                            summary: "Each run plays forwards, then backwards: twice the time.")
        PropertyDeclaration(CAAnimation.isRemovedOnCompletion, .assign, .bool, default: .bool(true),
                            summary: "True: the layer lets go of it at its end, or when the layer's view leaves its window; false: never while the layer lives (rules 44, 45).")
    }

    /// The copy `layer:add(anim, key)` keeps: a new object of the animation's class with
    /// every property of the original, so the copy retains the delegate too (SPEC rule 45).
    func copyAnimation(_ anim: ObjectID) throws -> ObjectID {
        let cls = heap.classOf(anim)
        let copy = heap.alloc(cls)
        for p in cls.properties {
            // A dead `unowned` reference of a script's subclass is not read, because that
            // read traps (SPEC rule 25); the copy's stays nil instead.
            guard let v = try? heap.readSlot(anim, p) else { continue }
            try heap.writeSlot(copy, p, v)
        }
        return copy
    }

    /// How long a copy runs, in seconds: duration (0 is 0.25 s) × max(1, repeatCount),
    /// doubled when it autoreverses; nil when it runs for ever.
    func activeDuration(of anim: ObjectID) throws -> Double? {
        let d = try number(anim, CAAnimation.duration, default: 0)
        let once = d > 0 && d.isFinite ? d : 0.25
        let repeats = try number(anim, CAAnimation.repeatCount, default: 0)
        let total = once * Swift.max(1, repeats.isNaN ? 1 : repeats) * (try bool(anim, CAAnimation.autoreverses, default: false) ? 2 : 1)
        // Beyond the clock's horizon (about 31 years) an animation never ends in a run.
        return total.isFinite && total < 1e9 ? total : nil
    }
}
