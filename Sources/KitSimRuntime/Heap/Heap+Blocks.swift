extension Heap {
    /// The class of blocks (closures) made with `makeBlock`, created on first use.
    public var blockClass: SimClass {
        if let c = classesByName["NSBlock"] { return c }
        return registerClass("NSBlock", superclass: rootClass, properties: [])
    }

    /// A block whose captures are real references (SPEC §2, `sim.block`): strong
    /// captures retain, weak ones are zeroed, so a controller keeping a closure that
    /// captures the controller is a detectable retain cycle. Captures are named
    /// `strong[1]`, `weak[1]`, … in reports; `body`, when given, runs for `call`.
    public func makeBlock(strong: [ObjectID] = [], weak: [ObjectID] = [], unowned: [ObjectID] = [],
                          body: Implementation? = nil) throws -> ObjectID {
        for id in strong + weak + unowned { try checkUsable(id, "retain") }
        let block = alloc(blockClass)
        for (i, id) in strong.enumerated() { try setAssociated(block, key: "strong[\(i + 1)]", .object(id), ownership: .strong) }
        for (i, id) in weak.enumerated() { try setAssociated(block, key: "weak[\(i + 1)]", .object(id), ownership: .weak) }
        for (i, id) in unowned.enumerated() { try setAssociated(block, key: "unowned[\(i + 1)]", .object(id), ownership: .unowned) }
        if let body { blockBodies[block.raw] = body }
        return block
    }

    /// Runs a block's body with `arguments`; a block without one does nothing.
    public func callBlock(_ block: ObjectID, _ arguments: [Value] = []) throws -> Value {
        try checkUsable(block, "invoke")
        // SPEC rule 25: Swift reads an unowned capture when the closure starts, so a dead
        // one traps at the call, before the body runs.
        if let entries = associated[block.raw] {
            for e in entries where e.ownership == .unowned {
                if case .object(let t) = slots[Int(e.slot)], states[Int(t.raw)] != .alive {
                    throw unownedReadError(owner: block, property: names[Int(e.keyID)], target: t)
                }
            }
        }
        guard let body = blockBodies[block.raw] else { return .nil }
        return try invoke(body, receiver: block, selector: .invokeBlock, arguments: arguments, original: nil)
    }
}

extension Selector {
    /// The selector a block's body runs under.
    public static let invokeBlock = Selector("invoke")
}
