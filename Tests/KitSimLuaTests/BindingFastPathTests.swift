import Testing
@testable import KitSim
@testable import KitSimBridge
@testable import KitSimLua

/// The bridge's per-call shortcuts give what the general paths give: one handle per
/// object (a handle found as the running call's argument 1, a new object's first
/// handle made without a cache lookup), the `init` in force at each `Class(...)` (the
/// cached native `init`), and each event's own source line (the location search that
/// starts above the C entry while Swift runs).
@Suite struct BindingFastPathTests {
    /// A sandbox with `Box` (`value`: an assign number; `other`: a strong object;
    /// `me()` returns the receiver; `echo(x)` returns its argument; an `init` that sets
    /// `value` to `initialValue`), `Box` and `pass(x)` (returns its argument) as globals.
    func boxSandbox(initialValue: Int = 1) throws -> (LuaSandbox, SimClass) {
        let sb = try LuaSandbox()
        let heap = sb.heap
        let box = try heap.defineClass("Box", superclass: heap.rootClass,
                                       properties: [Property("value", .assign, type: .number),
                                                    Property("other", .strong)])
        let value = try #require(box.property(named: "value"))
        heap.setMethod("init", on: box) { inv in
            try inv.heap.writeSlot(inv.receiver, value, .int(initialValue))
            return .object(inv.receiver)
        }
        heap.setMethod("me", on: box) { inv in .object(inv.receiver) }
        heap.setMethod("echo", on: box) { inv in inv.argument(0) }
        sb.setGlobal("Box", class: box)
        sb.setGlobal("pass", function: { args in args[0] })
        return (sb, box)
    }

    @Test func anObjectHasOneHandleWhicheverWayItComesBack() throws {
        let (sb, _) = try boxSandbox()
        let outcome = sb.run(chunk: """
            local a, b = Box(), Box()
            sim.hold(a); sim.hold(b)
            assert(rawequal(a:me(), a), "the receiver returned")
            assert(rawequal(a:echo(b), b), "another object while the receiver is argument 1")
            assert(rawequal(b:echo(a), a))
            assert(rawequal(pass(a), a), "a host function's argument 1")
            assert(rawequal(pass(b), b))
            a.other = Box()
            local c = a.other
            assert(rawequal(a.other, c), "a new object's first handle is the one the cache gives back")
            assert(rawequal(c:me(), c) and rawequal(a:echo(c), c))
            """, name: "=handles")
        #expect(outcome.status == .passed, "\(outcome.message ?? "")")
    }

    @Test func aCollectedHandleIsMadeAgainOnceForItsObject() throws {
        let (sb, _) = try boxSandbox()
        let outcome = sb.run(chunk: """
            local a = Box()
            sim.hold(a)
            do a.other = Box() end                    -- its handle is garbage at once
            collectgarbage(); collectgarbage()
            local first = a.other
            assert(first ~= nil and rawequal(a.other, first) and rawequal(a:echo(first), first))
            assert(rawequal(first:me(), first) and rawequal(pass(first), first))
            """, name: "=collected")
        #expect(outcome.status == .passed, "\(outcome.message ?? "")")
    }

    @Test func theHandlesOfThousandsOfLiveObjectsAreFoundAgain() throws {
        // More live handles than the cache has slots: older ones move to its overflow.
        let (sb, _) = try boxSandbox()
        let outcome = sb.run(chunk: """
            local holder = Box()
            sim.hold(holder)
            local all = {}
            for i = 1, 3000 do all[i] = Box(); sim.hold(all[i]) end
            collectgarbage()
            for round = 1, 2 do
              for i = 1, 3000, 7 do
                holder.other = all[i]
                assert(rawequal(holder.other, all[i]), "handle " .. i)
              end
              for i = 1, 3000, 2 do all[i] = nil end
              collectgarbage(); collectgarbage()
            end
            """, name: "=many")
        #expect(outcome.status == .passed, "\(outcome.message ?? "")")
    }

    @Test func aConstructorRunsTheInitInForceEachTime() throws {
        let (sb, box) = try boxSandbox(initialValue: 1)
        let value = try #require(box.property(named: "value"))
        let first = sb.run(chunk: """
            assert(Box().value == 1)
            assert(Box().value == 1)
            Sub = Box:subclass("Sub")
            assert(Sub().value == 1, "the inherited native init")
            """, name: "=first")
        #expect(first.status == .passed, "\(first.message ?? "")")
        // A native init set after the first constructions replaces the cached one.
        sb.heap.setMethod("init", on: box) { inv in
            try inv.heap.writeSlot(inv.receiver, value, .int(2))
            return .object(inv.receiver)
        }
        let second = sb.run(chunk: """
            assert(Box().value == 2, "the new native init")
            assert(Sub().value == 2, "a subclass inherits the new one")
            function Sub:init()
              Box.init(self)
              self.value = self.value + 1
              return self
            end
            assert(Sub().value == 3, "a Lua init defined after the subclass's first construction")
            assert(Box().value == 2)
            """, name: "=second")
        #expect(second.status == .passed, "\(second.message ?? "")")
    }

    @Test func aSwizzledInitTakesTheGeneralPath() throws {
        let sb = try LuaSandbox()
        let heap = sb.heap
        let bare = try heap.defineClass("Bare", superclass: heap.rootClass)
        sb.setGlobal("Bare", class: bare)
        let made = sb.run(chunk: "assert(Bare() ~= nil)", name: "=bare")
        #expect(made.status == .passed, "\(made.message ?? "")")
        // An init that is not native (a swizzle) goes through the general path.
        try heap.replaceMethod("init", on: bare, with: .native { inv in
            try inv.callOriginal()
        })
        let swizzled = sb.run(chunk: "assert(Bare() ~= nil)", name: "=swizzled")
        #expect(swizzled.status == .passed, "\(swizzled.message ?? "")")
    }

    @Test func eventsKeepTheLineOfTheLuaCodeThatCausedThem() throws {
        let (sb, _) = try boxSandbox()
        let outcome = sb.run(chunk: """
            local a = Box()
            sim.hold(a)
            local co = coroutine.wrap(function()
              local b = Box()
              sim.hold(b)
              return b
            end)
            local b = co()
            local Sub = Box:subclass("Sub")
            function Sub:me()
              local c = Box()
              sim.hold(c)
              return c
            end
            local c = Sub():me()
            print(sim.history(a)); print(sim.history(b)); print(sim.history(c))
            """, name: "=lines")
        #expect(outcome.status == .passed, "\(outcome.message ?? "")")
        let text = outcome.output.joined(separator: "\n")
        #expect(text.contains("alloc Box#") && text.contains("@ lines:1\n"), "\(text)")
        #expect(text.contains("(hold: sim.hold)  @ lines:2"), "\(text)")
        #expect(text.contains("@ lines:4\n") && text.contains("(hold: sim.hold)  @ lines:5"), "\(text)")
        #expect(text.contains("@ lines:11\n") && text.contains("(hold: sim.hold)  @ lines:12"), "\(text)")
    }
}
