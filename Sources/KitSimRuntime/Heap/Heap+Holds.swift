/// Why the runtime holds an object: `sim.hold`, "on screen" for visible windows,
/// "presentation", "animation". Holds count in the retain count and make the object
/// a root for leak reports (SPEC §2).
public struct HoldReason: Hashable, Sendable, CustomStringConvertible {
    let id: UInt16
    public let name: String
    public var description: String { name }
}

struct HoldCount {
    var reason: UInt16
    var count: UInt32
}

extension Heap {
    /// The reason named `name`, created on first use.
    public func holdReason(_ name: String) -> HoldReason { HoldReason(id: intern(name), name: name) }

    /// Holds `id` for `reason` (one more reference).
    public func hold(_ id: ObjectID, _ reason: HoldReason? = nil) throws {
        let reason = reason ?? scriptHold
        try checkUsable(id, "retain")
        try retain(id.raw, .hold, detail: reason.id, owner: 0)
        var list = holds[id.raw] ?? []
        if let i = list.firstIndex(where: { $0.reason == reason.id }) { list[i].count += 1 }
        else { list.append(HoldCount(reason: reason.id, count: 1)) }
        holds[id.raw] = list
    }

    /// Lets go of one hold of `id` for `reason`; an error when there is none.
    public func unhold(_ id: ObjectID, _ reason: HoldReason? = nil) throws {
        let reason = reason ?? scriptHold
        try checkUsable(id, "release")
        guard var list = holds[id.raw], let i = list.firstIndex(where: { $0.reason == reason.id }) else {
            throw SimError.misuse(.notHeld(ref(id), reason: reason.name), object: id)
        }
        list[i].count -= 1
        if list[i].count == 0 { list.remove(at: i) }
        holds[id.raw] = list.isEmpty ? nil : list
        try release(id.raw, .hold, detail: reason.id, owner: 0)
    }

    /// How many holds `id` has for `reason` (any reason when nil).
    public func holdCount(_ id: ObjectID, _ reason: HoldReason? = nil) -> Int {
        guard let list = holds[id.raw] else { return 0 }
        return list.reduce(0) { sum, hold in
            sum + ((reason.map { $0.id == hold.reason } ?? true) ? Int(hold.count) : 0)
        }
    }

    /// The reasons `id` is held for, sorted by name.
    public func holdReasons(of id: ObjectID) -> [String] {
        (holds[id.raw] ?? []).map { name($0.reason) }.sorted()
    }

    /// Every held object, in id order.
    public var heldObjects: [ObjectID] { holds.keys.sorted().map(ObjectID.init) }
}
