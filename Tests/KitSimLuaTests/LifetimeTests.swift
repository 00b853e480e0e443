import Testing
@testable import KitSim
@testable import KitSimBridge
@testable import KitSimLua

/// A simulator and a sandbox free everything they made when the last reference goes:
/// nothing in the declarations, the installed methods or the class tables keeps a heap.
@Suite struct LifetimeTests {
    @Test func aSimulatorFreesItsHeapAndClasses() throws {
        weak var heap: Heap?
        weak var cls: SimClass?
        do {
            let sim = Simulator()
            heap = sim.heap
            cls = sim[UINavigationController.self]
        }
        #expect(heap == nil)
        #expect(cls == nil)
    }

    @Test func aSandboxFreesItsModel() throws {
        weak var heap: Heap?
        weak var sim: Simulator?
        do {
            let sandbox = try LuaSandbox(classes: [DeclarationTests.beacon])
            heap = sandbox.heap
            sim = sandbox.sim
            _ = sandbox.run(chunk: "local n = UINavigationController(UIViewController()) local b = KSBeacon() b:ping(1)", name: "=t")
        }
        #expect(sim == nil)
        #expect(heap == nil)
    }
}
