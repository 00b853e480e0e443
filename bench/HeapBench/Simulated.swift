import KitSim

/// The simulated shapes: a binary tree (`left`/`right` strong, `parent` weak), a chain
/// (`next` strong), and unreachable cycles (two-object pairs, or one ring).
struct SimShape {
    let heap: Heap
    /// `Node`: `left`, `right` (strong), `parent` (weak). `Link`: `next` (strong).
    let node: SimClass
    let link: SimClass
    let left: Property
    let right: Property
    let parent: Property
    let next: Property

    init(history: Bool) throws {
        heap = Heap()
        heap.recordsHistory = history
        node = try heap.defineClass("Node", superclass: heap.rootClass, properties: [
            Property("left", .strong, type: .object(nil)),
            Property("right", .strong, type: .object(nil)),
            Property("parent", .weak, type: .object(nil)),
        ])
        link = try heap.defineClass("Link", superclass: heap.rootClass, properties: [
            Property("next", .strong, type: .object(nil)),
        ])
        left = node.property(named: "left")!
        right = node.property(named: "right")!
        parent = node.property(named: "parent")!
        next = link.property(named: "next")!
    }

    /// Allocates `count` instances of `cls` (owned by the pool until the caller drains).
    func allocate(_ count: Int, of cls: SimClass, reserve: Bool) -> [ObjectID] {
        if reserve { heap.reserveCapacity(objects: count, slotsEach: cls.slotCount) }
        var ids: [ObjectID] = []
        ids.reserveCapacity(count)
        for _ in 0..<count { ids.append(heap.alloc(cls)) }
        return ids
    }

    /// A complete binary tree in breadth-first order: node i's children are 2i+1 and
    /// 2i+2. The root is held, the pool drained, so each node's only owner is its parent.
    /// Returns the root and the last node.
    func buildTree(_ count: Int, reserve: Bool = true) throws -> (root: ObjectID, last: ObjectID) {
        let ids = allocate(count, of: node, reserve: reserve)
        for i in 1..<count {
            let p = ids[(i - 1) / 2]
            try heap.writeSlot(p, i % 2 == 1 ? left : right, .object(ids[i]))
            try heap.writeSlot(ids[i], parent, .object(p))
        }
        try heap.hold(ids[0])
        try heap.drain()
        return (ids[0], ids[count - 1])
    }

    /// A chain head → … → tail through strong `next`, the head held.
    func buildChain(_ count: Int) throws -> (head: ObjectID, tail: ObjectID) {
        let ids = allocate(count, of: link, reserve: true)
        for i in 0..<(count - 1) { try heap.writeSlot(ids[i], next, .object(ids[i + 1])) }
        try heap.hold(ids[0])
        try heap.drain()
        return (ids[0], ids[count - 1])
    }

    /// `count / 2` unreachable two-object cycles (a.next = b, b.next = a), nothing held.
    func buildPairs(_ count: Int) throws {
        let ids = allocate(count / 2 * 2, of: link, reserve: true)
        for i in stride(from: 0, to: ids.count, by: 2) {
            try heap.writeSlot(ids[i], next, .object(ids[i + 1]))
            try heap.writeSlot(ids[i + 1], next, .object(ids[i]))
        }
        try heap.drain()
    }

    /// One unreachable ring of `count` objects through strong `next`, nothing held.
    func buildRing(_ count: Int) throws {
        let ids = allocate(count, of: link, reserve: true)
        for i in 0..<count { try heap.writeSlot(ids[i], next, .object(ids[(i + 1) % count])) }
        try heap.drain()
    }

    var liveCount: Int {
        var n = 0
        for raw in 1...UInt32(heap.objectCount) where heap.isAlive(ObjectID(raw)) { n += 1 }
        return n
    }
}
