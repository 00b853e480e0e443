extension Heap {
    /// The class of blocks (closures) made with `makeBlock`, created on first use.
    public var blockClass: SimClass {
        if let c = classesByName["NSBlock"] { return c }
        return registerClass("NSBlock", superclass: rootClass, properties: [])
    }

    /// A block whose captures are real references (SPEC §2, `sim.block`): strong
    /// captures retain, weak ones are zeroed, so a controller keeping a closure that
    /// captures the controller is a detectable retain cycle. Captures are kept under the
    /// keys `strong[1]`, `weak[1]`, …, which reports show as Swift's capture list would be
    /// read, by number (`NSBlock#9 capture 1 (strong)`); `body`, when given, runs for `call`.
    ///
    /// `site`, where the script made the block (`file.lua:12`), names its captures in fix
    /// suggestions, and `kitsim run --weaken file.lua:12` makes its strong captures weak
    /// there: each keeps its key and place in the body's arguments, as `[weak self]` keeps
    /// `self`'s, and once one has gone the block does nothing, as its `guard let` would.
    public func makeBlock(strong: [ObjectID] = [], weak: [ObjectID] = [], unowned: [ObjectID] = [],
                          body: Implementation? = nil, site: String? = nil) throws -> ObjectID {
        for id in strong + weak + unowned { try checkUsable(id, "retain") }
        var strongOwnership = [Ownership](repeating: .strong, count: strong.count)
        if let site, !weakenings.isEmpty, !strong.isEmpty {
            var captures = strong.enumerated().map { ClosureCaptures.Capture(name: "strong[\($0.offset + 1)]", object: $0.element, ownership: .strong) }
            _ = applyWeakenings(site: site, &captures)
            strongOwnership = captures.map(\.ownership)
        }
        let block = alloc(blockClass)
        var weakenedKeys: [UInt16] = []
        for (i, id) in strong.enumerated() {
            try setAssociated(block, key: "strong[\(i + 1)]", .object(id), ownership: strongOwnership[i])
            if strongOwnership[i] == .weak { weakenedKeys.append(intern("strong[\(i + 1)]")) }
        }
        if let site { blockSites[block.raw] = site }
        if !weakenedKeys.isEmpty { weakenedClosures[block.raw] = weakenedKeys }
        for (i, id) in weak.enumerated() { try setAssociated(block, key: "weak[\(i + 1)]", .object(id), ownership: .weak) }
        for (i, id) in unowned.enumerated() { try setAssociated(block, key: "unowned[\(i + 1)]", .object(id), ownership: .unowned) }
        if let body { blockBodies[block.raw] = body }
        return block
    }

    /// Runs a block's body with its captures' current values, then `arguments` (SPEC
    /// rule 25: strong captures in list order, then weak, then unowned, as Swift's
    /// closure reads `[weak self]`): a dead weak capture arrives as nil, a dead unowned one
    /// traps at the call, before the body runs. While the body runs its live captures are
    /// kept alive, as `guard let self` keeps self. A block without a body does nothing.
    public func callBlock(_ block: ObjectID, _ arguments: [Value] = []) throws -> Value {
        try checkUsable(block, "invoke")
        let captures = try startingCaptures(block)
        guard let body = blockBodies[block.raw], !weakenedCaptureHasGone(block) else { return .nil }
        // A closure reads its captures through its upvalues, not as arguments; its live
        // captures are kept alive while it runs all the same.
        let isClosure = closureSites[block.raw] != nil
        let kept = (isClosure ? closureCaptureValues(block) : captures).compactMap(\.objectID).filter { isAlive($0) }
        for id in kept { activeCalls[Int(id.raw)] &+= 1 }
        var failure: Error?
        let result: Value
        do {
            if isClosure, case .foreign(let function) = body, let d = foreignDispatcher {
                // A closure is a plain call of its function: no receiver, no captures.
                result = try d.call(function, arguments)
            } else {
                result = try invoke(body, receiver: block, selector: .invokeBlock, arguments: captures + arguments, original: nil)
            }
        } catch {
            failure = error
            result = .nil
        }
        // Released however the body ends; the first error wins.
        for id in kept {
            do { try endCall(id.raw) } catch { if failure == nil { failure = error } }
        }
        if let failure { throw failure }
        return result
    }

    /// What running a block as a coroutine starts (a task's operation): its body, a host
    /// function, and the arguments `callBlock` would pass before its own (a closure's
    /// none; a `makeBlock` block's captures, in order). Nil when there is nothing to run:
    /// a block without a host body, or one a weakening made weak whose capture has gone
    /// (its `guard let self else { return }`).
    public func blockEntry(_ block: ObjectID) throws -> (function: ForeignBox, arguments: [Value])? {
        try checkUsable(block, "invoke")
        let captures = try startingCaptures(block)
        guard let body = blockBodies[block.raw], case .foreign(let function) = body, !weakenedCaptureHasGone(block) else { return nil }
        return (function, captures)
    }

    /// The captures a block's body receives first as it starts: a `makeBlock` block's, in
    /// list order (strong, then weak, then unowned, as Swift's closure reads `[weak self]`);
    /// none for a closure, which reads them through its upvalues. An unowned capture that
    /// has gone is Swift's trap as the closure starts (SPEC rule 25).
    private func startingCaptures(_ block: ObjectID) throws -> [Value] {
        guard let entries = associated[block.raw] else { return [] }
        for e in entries where e.ownership == .unowned {
            if case .object(let t) = slots[Int(e.slot)], states[Int(t.raw)] != .alive {
                throw unownedReadError(owner: block, property: name(e.keyID), target: t)
            }
        }
        guard closureSites[block.raw] == nil else { return [] }
        // By the key's list rather than the ownership: a strong capture a weakening made
        // weak keeps its place.
        return ["strong[", "weak[", "unowned["].flatMap { prefix in
            entries.filter { e in name(e.keyID).hasPrefix(prefix) }.map { slots[Int($0.slot)] }
        }
    }

    /// Whether a capture a weakening made weak has gone: that is `[weak self]` with the
    /// `guard let self else { return }` that goes with it, so the block does nothing (the
    /// function's upvalue still names the object, which it must not message).
    private func weakenedCaptureHasGone(_ block: ObjectID) -> Bool {
        guard let weakened = weakenedClosures[block.raw], let entries = associated[block.raw] else { return false }
        return entries.contains { e in weakened.contains(e.keyID) && slots[Int(e.slot)].isNil }
    }
}

extension Selector {
    /// The selector a block's body runs under.
    public static let invokeBlock = Selector("invoke")
}
