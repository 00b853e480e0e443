/// `CADisplayLink`, as the model names it: its class and the properties the model reads and writes.
package enum CADisplayLink: ModelClass {
    package static let handle = ClassHandle("CADisplayLink")
    package static var declaration: SimulatorClassDeclaration { Timers.displayLinkDeclaration }
    package static let target = handle.property("target")
    package static let isPaused = handle.property("isPaused")
    package static let preferredFramesPerSecond = handle.property("preferredFramesPerSecond")
    package static let timestamp = handle.property("timestamp")
}

/// What the model knows of a display link beyond its properties (SPEC rule 30).
struct DisplayLinkState {
    /// The target's method.
    var selector: Selector
    /// The run loop modes it was added for (`"common"`, `"default"`, `"tracking"`).
    var modes: Set<String> = []
    /// Bumped whenever its firing stops or restarts, so a queued frame of an older run is dropped.
    var generation: UInt64 = 0
    /// Frames since it was added, for `preferredFramesPerSecond`.
    var frames: Int = 0
    /// The index k of its next frame, at ⌊k·10⁹/60⌋ ns.
    var nextFrame: Int64 = 0

    /// Whether it fires: KitSim's run loop never tracks, so a link only in `"tracking"` does not.
    var fires: Bool { modes.contains("common") || modes.contains("default") }
}

extension Timers {
    /// `RunLoop.Mode` as scripts write it.
    static let runLoopModes = EnumType("RunLoop.Mode", ["common", "default", "tracking"])

    /// `CADisplayLink` (SPEC rule 30): it keeps its target; added to `RunLoop.main`, the run
    /// loop keeps it, and it calls `target:selector(link)` at each 60 Hz frame until it is
    /// invalidated.
    static let displayLinkDeclaration = ClassDeclaration(CADisplayLink.handle,
        summary: "Calls its target at each frame; it keeps its target, the run loop keeps it once added.") {
        PropertyDeclaration(CADisplayLink.target, .strong, .object("NSObject"), readOnly: true, summary: "Kept until the link is invalidated.")
        PropertyDeclaration(CADisplayLink.isPaused, .assign, .bool, default: .bool(false))
        PropertyDeclaration(CADisplayLink.preferredFramesPerSecond, .assign, .number, default: .double(0),
                            getter: "preferredFramesPerSecond", setter: "setPreferredFramesPerSecond",
                            summary: "0 means 60; f fires every round(60 / f)-th frame (iOS 10+: its accessors are).")
        PropertyDeclaration(CADisplayLink.timestamp, .assign, .number, readOnly: true, default: .double(0),
                            summary: "The virtual time of the last frame, in seconds.")
        PropertyDeclaration("duration", .assign, .number, readOnly: true, default: .double(1.0 / 60))
        Timers.runLoopModes

        Method.initializer(swift: "init(target:selector:)", .object("target", "NSObject"), .string("selector")) { sim, inv in
            try sim.write(inv.receiver, sim[CADisplayLink.target], inv.objectArgument(0))
            sim.timers.addLinkState(inv.receiver, selector: Selector(inv.stringArgument(1) ?? ""))
            return .object(inv.receiver)
        }
        Method("add", swift: "add(to:forMode:)", .object("runLoop", "RunLoop"), .enumeration("mode", Timers.runLoopModes),
               summary: "Adds it to the run loop for a mode; the run loop keeps it.") { sim, inv in
            try sim.timers.addLink(inv.receiver, mode: inv.stringArgument(1) ?? "common")
            return .nil
        }
        Method("remove", swift: "remove(from:forMode:)", .object("runLoop", "RunLoop"), .enumeration("mode", Timers.runLoopModes),
               summary: "Removes one mode; with none left the run loop releases it.") { sim, inv in
            try sim.timers.removeLink(inv.receiver, modes: [inv.stringArgument(1) ?? "common"])
            return .nil
        }
        Method.accessor("preferredFramesPerSecond", returns: .number, introduced: 10) { sim, inv in
            try sim.heap.readSlot(inv.receiver, CADisplayLink.preferredFramesPerSecond)
        }
        Method.accessor("setPreferredFramesPerSecond", introduced: 10) { sim, inv in
            try sim.write(inv.receiver, sim[CADisplayLink.preferredFramesPerSecond], .double(try inv.number(0, "preferredFramesPerSecond")))
            return .nil
        }
        Method("invalidate", summary: "Removes it from every mode; the run loop releases it, it releases its target.") { sim, inv in
            try sim.timers.removeLink(inv.receiver, modes: Set(Timers.runLoopModes.cases))
            sim.timers.removeLinkState(inv.receiver)
            try sim.write(inv.receiver, sim[CADisplayLink.target], nil)
            return .nil
        }
    }

    /// A display link made with `init(target:selector:)`: known, in no mode yet.
    func addLinkState(_ link: ObjectID, selector: Selector) {
        links[link.raw] = DisplayLinkState(selector: selector)
    }

    /// An invalidated display link: out of every mode already, forgotten.
    func removeLinkState(_ link: ObjectID) {
        log.note(links[link.raw].map { $0.modes.isEmpty } == false ? "display link #\(link) forgotten while in a mode" : nil)
        links.removeValue(forKey: link.raw)
    }

    func addLink(_ link: ObjectID, mode: String) throws {
        guard var s = links[link.raw] else { return }
        let wasFiring = s.fires, wasAdded = !s.modes.isEmpty
        s.modes.insert(mode)
        links[link.raw] = s
        if !wasAdded { try heap.insertElement(link, into: sim.mainRunLoop(), heap[RunLoop.displayLinks]) }
        if !wasFiring && s.fires {
            // The first frame after now.
            var k = heap.now / 1_000_000_000 * 60 + (heap.now % 1_000_000_000) * 60 / 1_000_000_000
            while Timers.frameTime(k) <= heap.now { k += 1 }
            s.nextFrame = k
            links[link.raw] = s
            queueFrame(link, generation: s.generation)
        }
    }

    func removeLink(_ link: ObjectID, modes: Set<String>) throws {
        guard var s = links[link.raw], !s.modes.isEmpty else { return }
        let wasFiring = s.fires
        s.modes.subtract(modes)
        if wasFiring && !s.fires { s.generation &+= 1 }
        links[link.raw] = s
        if s.modes.isEmpty {
            try heap.hold(link, firingHold)
            defer { if heap.isAlive(link) { try? heap.unhold(link, firingHold) } }
            try heap.removeElement(link, from: sim.mainRunLoop(), heap[RunLoop.displayLinks])
        }
    }

    /// Frame k's time: ⌊k·10⁹/60⌋ ns (60 Hz), without overflow.
    static func frameTime(_ k: Int64) -> Int64 { k / 60 * 1_000_000_000 + (k % 60) * 1_000_000_000 / 60 }

    /// Queues the link's next frame; each frame queues the one after it.
    func queueFrame(_ link: ObjectID, generation: UInt64) {
        guard let state = links[link.raw] else { return }
        let at = Timers.frameTime(state.nextFrame)
        sim.runLoop.schedule(at: at, label: sim.timerLabel("display link frame")) { [unowned self] in
            guard var s = links[link.raw], s.generation == generation, s.fires, heap.isAlive(link) else { return }
            s.frames += 1
            s.nextFrame += 1
            links[link.raw] = s
            queueFrame(link, generation: generation)
            let fps = (try? number(link, CADisplayLink.preferredFramesPerSecond, default: 0)) ?? 0
            // Every k-th frame at 60 Hz, k clamped as any script number made an Int is
            // (DEVELOPERS.md rule 2): a rate as low as 1e-300 never fires, never traps.
            let every = fps > 0 && fps < 60 ? Swift.max(1, clampedInt((60 / fps).rounded())) : 1
            guard !((try? bool(link, CADisplayLink.isPaused, default: false)) ?? false), s.frames % every == 0 else { return }
            try write(link, heap[CADisplayLink.timestamp], .double(Double(at) / 1e9))
            guard let target = try object(link, CADisplayLink.target) else { return }
            try heap.hold(link, firingHold)
            defer { if heap.isAlive(link) { try? heap.unhold(link, firingHold) } }
            _ = try heap.send(target, s.selector, args: Arguments(.object(link)))
        }
    }
}
