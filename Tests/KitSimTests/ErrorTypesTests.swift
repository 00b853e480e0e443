import Testing
@testable import KitSimRuntime
@testable import KitSim

/// The typed errors and their one rendering each (house style: errors are typed, each
/// output renders them in one place).
@Suite struct ErrorTypesTests {
    static let limits: [(Limit, String)] = [
        (.work(calls: 10_000_000), "limit exceeded: work budget of 10000000 calls into KitSim used up (a loop that never ends?)"),
        (.time(seconds: 10), "limit exceeded: time limit of 10 s reached (a loop that never ends?)"),
        (.time(seconds: 0.25), "limit exceeded: time limit of 0.25 s reached (a loop that never ends?)"),
        (.instructions, "limit exceeded: instruction budget used up (a loop that never ends?)"),
        (.memory(bytes: 1024), "limit exceeded: memory cap of 1024 bytes reached"),
        (.virtualTime(seconds: 3600), "limit exceeded: virtual time cap of 3600 s"),
        (.objects(20000), "limit exceeded: 20000 simulated objects allocated"),
        (.luaStack, "limit exceeded: Lua stack overflow"),
        (.scriptArguments, "limit exceeded: too many script arguments"),
        (.layoutPass(rounds: 10000), "limit exceeded: the layout pass did not settle after 10000 rounds (work keeps queueing more work)"),
    ]

    @Test(arguments: limits) func eachLimitHasOneWording(_ limit: Limit, _ text: String) {
        let e = SimError.limitExceeded(limit)
        #expect(e.kind == .limit && e.limit == limit)
        #expect(e.description == text)
        #expect(!e.isCrash)
    }

    @Test func aModelLimitCarriesItsPayload() throws {
        let h = try UIKitHarness()
        let cls = try h.heap.defineClass("NoView", superclass: h.sim[UIViewController.self])
        // A loadView that reads self.view instead of setting it loads again, and again.
        h.heap.setMethod(Selector("loadView"), on: cls) { inv in try inv.heap.send(inv.receiver, Selector("view")) }
        let vc = try h.sim.make(cls)
        do {
            _ = try h.heap.send(vc, Selector("view"))
            Issue.record("no limit")
        } catch let e as SimError {
            #expect(e.limit == .nestedViewLoads(object: h.heap.describe(vc), depth: ControllerLifecycle.maxNestedViewLoads))
            #expect(e.object == vc)
            #expect(e.description == "limit exceeded: NoView#4.loadView did not set self.view: every access to view calls loadView again (stopped after 64 nested loads)")
        }
    }

    @Test func aBadArgumentAndAnExceptionRenderOnce() {
        let bad = SimError.badArgument(2, "tap", expected: "action title", got: "nil")
        #expect(bad.description == "bad argument #2 to 'tap' (action title expected, got nil)")
        #expect(bad.argument?.position == 2 && bad.argument?.function == "tap")
        let hinted = SimError.badArgument(1, "subclass", expected: "class", got: "nil", hint: "call it as Base:subclass(\"Name\", {...})")
        #expect(hinted.description == "bad argument #1 to 'subclass' (class expected, got nil); call it as Base:subclass(\"Name\", {...})")
        let element = SimError.badArgument(1, "setViewControllers", expected: "UIViewController", got: "number", index: 2)
        #expect(element.description == "bad argument #1 to 'setViewControllers' (UIViewController expected at index 2, got number)")
        let exception = SimError.crash(.addSelfAsSubview, object: ObjectID(4))
        #expect(exception.description == "NSInvalidArgumentException: Can't add self as subview")
        #expect(exception.crashName == "NSInvalidArgumentException" && exception.isCrash)
    }
}
