import KitSimLua

/// What one step of an order touched: the objects its turns allocated, retained,
/// released or stored into, as the trace names them, and messaged (`Heap.messagedObjects`); whether it ran script code;
/// whether it changed state the model keeps outside objects. Two steps commute — either
/// order leaves the same state — when neither ran script code (whose upvalues, globals and
/// tables the trace cannot see), neither touched shared state, and their objects are
/// disjoint: the independence the reduction relies on (docs/explore.md, "The reduction").
struct Footprint: Equatable {
    var objects: Set<UInt32> = []
    var ranScript = false
    /// Touched everything: the end of a `sim.run` (the script goes on), a change of shared
    /// state, a run that stopped in the middle of the step.
    var shared = false

    static let everything = Footprint(objects: [], ranScript: true, shared: true)

    func commutes(with other: Footprint) -> Bool {
        !shared && !other.shared && !(ranScript && other.ranScript) && objects.isDisjoint(with: other.objects)
    }

    /// The footprint of the trace events `range` of `log`, with what the counters said.
    /// Objects the step allocated are left out: no other step could have touched them
    /// before, and their ids, given in allocation order, differ between orders anyway.
    static func of(_ log: TraceLog, _ range: Range<Int>, messaged: [UInt32], ranScript: Bool, shared: Bool) -> Footprint {
        var f = Footprint(objects: Set(messaged), ranScript: ranScript, shared: shared)
        guard !shared else { return f }
        var fresh: Set<UInt32> = []
        for i in range where i < log.count {
            let e = log[i]
            switch e.kind {
            case .alloc: fresh.insert(e.object)
            case .dealloc, .call: f.objects.insert(e.object)
            case .retain, .release:
                f.objects.insert(e.object)
                // The owner whose property, collection or association changed.
                switch e.cause {
                case .property, .element, .associated, .teardown: f.objects.insert(e.other)
                case .none, .pool, .hold: break
                }
            case .weakZeroed:
                f.objects.insert(e.object)
                f.objects.insert(e.other)
            case .log, .warning, .exception, .clock: break
            }
        }
        f.objects.subtract(fresh)
        f.objects.remove(0)
        return f
    }
}
