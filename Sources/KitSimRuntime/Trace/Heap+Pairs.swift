/// A retain with the release that undid it, the way Instruments' Allocations pairs them:
/// a history read as pairs shows the retain that nothing undid, the one a leak is about.
public struct RetainPair: Sendable, Equatable {
    /// The object retained.
    public let object: ObjectID
    /// The index in `Heap.events` of the retain (of the allocation, for the autorelease
    /// pool's +1 a new object starts with); nil for a release whose retain the trace lacks.
    public let retain: Int?
    /// The index of the release that undid it; nil while the reference holds (an owner it
    /// still has, or the one a leaked object was never let go by).
    public let release: Int?
    /// The autorelease pool's or one of UIKit's holds (every hold but `sim.hold`): kept for
    /// a turn or a transition, not by the script's code.
    public let isTemporary: Bool
}

extension Heap {
    /// What a retain and its release have in common: the same owner's same reference (a
    /// teardown's release included; an element by its collection, as its index shifts),
    /// the same hold, or the pool.
    private struct PairKey: Hashable {
        var object: UInt32
        var cause: UInt8
        var owner: UInt32
        var name: String
    }

    /// Every retain of `id` (of every object, when nil) paired with its release, in the
    /// order of the retains; releases the trace has no retain for come last. A release is
    /// paired with the latest retain of the same reference that is still open. Report path
    /// only: it reads the whole trace.
    public func retainPairs(of id: ObjectID? = nil) -> [RetainPair] {
        var open: [PairKey: [Int]] = [:]
        var pairs: [(retain: Int?, release: Int?, object: UInt32, temporary: Bool)] = []
        var baseNames: [UInt16: String] = [:]
        func baseName(_ detail: UInt16) -> String {
            if let known = baseNames[detail] { return known }
            let full = name(detail)
            let base = full.firstIndex(of: "[").map { String(full[..<$0]) } ?? full
            baseNames[detail] = base
            return base
        }
        func key(_ e: TraceEvent) -> (PairKey, temporary: Bool) {
            switch e.cause {
            case .pool: return (PairKey(object: e.object, cause: 0, owner: 0, name: ""), true)
            case .hold: return (PairKey(object: e.object, cause: 1, owner: 0, name: name(e.detail)), e.detail != scriptHold.id)
            case .property, .element, .associated, .teardown:
                return (PairKey(object: e.object, cause: 2, owner: e.other, name: baseName(e.detail)), false)
            case .none: return (PairKey(object: e.object, cause: 3, owner: 0, name: ""), false)
            }
        }
        let log = events
        for i in log.indices {
            let e = log[i]
            if let id, e.object != id.raw { continue }
            switch e.kind {
            case .alloc, .retain:
                let (k, temporary) = e.kind == .alloc ? (PairKey(object: e.object, cause: 0, owner: 0, name: ""), true) : key(e)
                open[k, default: []].append(pairs.count)
                pairs.append((i, nil, e.object, temporary))
            case .release:
                let (k, temporary) = key(e)
                if let p = open[k]?.popLast() {
                    pairs[p].release = i
                } else {
                    pairs.append((nil, i, e.object, temporary))
                }
            default:
                break
            }
        }
        let ordered = pairs.filter { $0.retain != nil } + pairs.filter { $0.retain == nil }
        return ordered.map { RetainPair(object: ObjectID($0.object), retain: $0.retain, release: $0.release, isTemporary: $0.temporary) }
    }
}
