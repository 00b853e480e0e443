/// The animations the model tracks on views (SPEC rules 43–45): those `UIView.animate`
/// gave each view it changed, grouped by the call whose completion waits for them, and
/// the `CAAnimation` copies layers keep. A view that leaves its window loses those of
/// them that go with the window (rule 44), so each record remembers whether its view was
/// in a window when last looked at.
///
/// The type owns this state; every mutation goes through it. Records are numbered in the
/// order they were made, and every walk over them goes in that order, so what the model
/// does with them never depends on a hash order.
struct ViewAnimations {
    /// One `UIView.animate` call: its completion, how many of its views' animations are
    /// still running, and whether all that ended did so on their own.
    struct Group {
        var completion: Value
        var running: Int
        var finished: Bool
    }

    /// What an animation belongs to.
    enum Kind: Equatable {
        /// One view's animation of a `UIView.animate` call.
        case block(group: Int)
        /// A layer's copy of a `CAAnimation`, under `key` (nil when added without one) and
        /// the associated key the layer keeps it under (`animations["spin"]`).
        case layer(ObjectID, key: String?, slot: String, copy: ObjectID)
    }

    /// One animation on a view (or on a layer no view owns, `view` nil).
    struct Record {
        let view: ObjectID?
        let kind: Kind
        /// Whether the view was in a window when last looked at (SPEC rule 44).
        var inWindow: Bool
        /// Whether leaving the window removes it: every `UIView.animate` animation and a
        /// `CAAnimation` with `isRemovedOnCompletion` (SPEC rule 45: one without it stays
        /// while its layer lives).
        let leavesWithWindow: Bool
        /// A `CAAnimation` kept after its end (`isRemovedOnCompletion = false`) whose
        /// delegate has heard `animationDidStop` already.
        var stopped = false
    }

    private(set) var records: [Int: Record] = [:]
    private(set) var groups: [Int: Group] = [:]
    private var last = 0

    var isEmpty: Bool { records.isEmpty }

    /// The number the next record will get.
    var nextNumber: Int { last + 1 }

    /// The records' numbers in the order they were made.
    var numbers: [Int] { records.keys.sorted() }

    /// Starts a group of `count` view animations that calls `completion` when the last ends.
    mutating func newGroup(completion: Value, count: Int) -> Int {
        last += 1
        groups[last] = Group(completion: completion, running: count, finished: true)
        return last
    }

    /// Adds a record and returns its number.
    mutating func add(_ record: Record) -> Int {
        last += 1
        records[last] = record
        return last
    }

    /// Removes a record. For a view animation of a group, returns the group's number
    /// when it was the group's last running animation (its completion is then due);
    /// `finished` false marks the group as interrupted (SPEC rule 44).
    mutating func remove(_ number: Int, finished: Bool) -> (record: Record, groupDone: Int?)? {
        guard let r = records.removeValue(forKey: number) else { return nil }
        guard case .block(let g) = r.kind, var group = groups[g] else { return (r, nil) }
        group.running -= 1
        if !finished { group.finished = false }
        groups[g] = group
        return (r, group.running <= 0 ? g : nil)
    }

    /// Takes a group whose completion is due out of the state.
    mutating func takeGroup(_ number: Int) -> Group? { groups.removeValue(forKey: number) }

    mutating func setInWindow(_ number: Int, _ inWindow: Bool) { records[number]?.inWindow = inWindow }

    mutating func markStopped(_ number: Int) { records[number]?.stopped = true }

    /// The numbers of a group's running view animations, in order.
    func numbers(ofGroup g: Int) -> [Int] {
        numbers.filter { records[$0]?.kind == .block(group: g) }
    }

    /// The numbers of a layer's animations, in order.
    func numbers(ofLayer layer: ObjectID) -> [Int] {
        numbers.filter { if case .layer(let l, _, _, _)? = records[$0]?.kind { return l == layer } else { return false } }
    }

    /// The number of the layer's animation under `key`, if there is one.
    func number(ofLayer layer: ObjectID, key: String) -> Int? {
        numbers.first { if case .layer(let l, let k, _, _)? = records[$0]?.kind { return l == layer && k == key } else { return false } }
    }

    /// The numbers of the `UIView.animate` animations of a view, in order.
    func blockNumbers(ofView view: ObjectID) -> [Int] {
        numbers.filter { n in
            guard let r = records[n], r.view == view, case .block = r.kind else { return false }
            return true
        }
    }

    /// Every group counts exactly its running records, and no record names a group that
    /// is gone.
    func violations() -> [String] {
        var counts: [Int: Int] = [:]
        for r in records.values { if case .block(let g) = r.kind { counts[g, default: 0] += 1 } }
        var out: [String] = []
        for (g, n) in counts where groups[g] == nil { out.append("\(n) view animation(s) of a finished group #\(g)") }
        for (g, group) in groups where group.running != counts[g, default: 0] && group.running > 0 {
            out.append("animation group #\(g) counts \(group.running) running animations, \(counts[g, default: 0]) exist")
        }
        return out.sorted()
    }
}
