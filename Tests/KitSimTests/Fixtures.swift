@testable import KitSimRuntime
@testable import KitSim

/// A heap with a small class hierarchy declaring one property of each ownership kind.
struct Fixture {
    let heap = Heap()
    let node: SimClass
    let leaf: SimClass

    init() throws {
        node = try heap.defineClass("Node", superclass: heap.rootClass, properties: [
            Property("strongRef", .strong),
            Property("weakRef", .weak),
            Property("unownedRef", .unowned),
            Property("assignRef", .assign),
            Property("copyRef", .copy),
            Property("children", .strong, type: .objectArray(nil)),
            Property("typed", .strong, type: .object(nil)),
        ])
        leaf = try heap.defineClass("Leaf", superclass: node)
    }

    /// A fresh object that survives drains (held by `sim.hold`).
    func held(_ cls: SimClass? = nil) throws -> ObjectID {
        let id = heap.alloc(cls ?? node)
        try heap.hold(id)
        return id
    }

    /// A fresh object owned only by the pool.
    func fresh() -> ObjectID { heap.alloc(node) }
}
