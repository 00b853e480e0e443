import Testing
@testable import KitSimBridge
@testable import KitSimLua
@testable import KitSimRuntime
import KitSimReport

/// A declared method called from Lua reads its arguments by their declared types
/// (`LuaSandbox.sendTyped`): what its body receives and every error it raises are those
/// of the general path, which runs the signature's check on general values. And a send
/// counts its receiver's keep-alive only when it must (`Heap.pendingReceiver`): a
/// receiver released during its own call, by its body, a Lua callback or an override,
/// still lives until the call returns (SPEC §2).
@Suite struct TypedArgumentTests {
    /// A sandbox with `Probe` (`value`: an assign number, `keep`: a strong object; its
    /// declared methods return their first argument as received) and `Sub`, a Lua
    /// subclass, as globals.
    func probeSandbox() throws -> LuaSandbox {
        let sb = try LuaSandbox()
        let heap = sb.heap
        let probe = try heap.defineClass("Probe", superclass: heap.rootClass,
                                         properties: [Property("value", .assign, type: .number),
                                                      Property("keep", .strong)])
        let echo: @Sendable (Invocation) throws -> Value = { inv in inv.argument(0) }
        let methods: [MethodSignature] = [
            MethodSignature("number", [.number("n")], returns: .number),
            MethodSignature("integer", [.integer("n")], returns: .number),
            MethodSignature("pair", [.number("a"), .integer("b", optional: true)], returns: .number),
            MethodSignature("flag", [.bool("b")], returns: .any),
            MethodSignature("anything", [Parameter("x", .any)], returns: .any),
            MethodSignature("object", [.object("o", "Probe")], returns: .object("Probe")),
            MethodSignature("maybe", [.object("o", "Probe", optional: true)], returns: .object("Probe")),
            MethodSignature("text", [.string("s")], returns: .string),
            MethodSignature("three", [.number("a"), .bool("b"), .object("c", "NSObject")], returns: .number),
        ]
        for m in methods { try heap.setMethod(BoundMethod(signature: m, body: echo), on: probe) }
        sb.setGlobal("Probe", class: probe)
        return sb
    }

    /// Each call made both ways, `o:m(args)` (the typed path where the arguments fit) and
    /// `Probe.m(o, args)` (a send through the method table, which runs the check on
    /// general values), on one line: the same results, of the same Lua types, or the same
    /// message. `message` is what the error must say, nil for a call that succeeds.
    @Test(arguments: [
        ("number(5)", nil),
        ("number(2.5)", nil),
        ("number(-0.0)", nil),
        ("number(1 << 62)", nil),
        ("number('5')", "bad argument #1 to 'number' (number expected, got string)"),
        ("number(nil)", "bad argument #1 to 'number' (number expected, got nil)"),
        ("number()", "bad argument #1 to 'number' (number expected, got nil)"),
        ("number(0/0)", "bad argument #1 to 'number' (finite number expected, got nan)"),
        ("number(1/0)", "bad argument #1 to 'number' (finite number expected, got inf)"),
        ("number(t)", "bad argument #1 to 'number' (number expected, got table)"),
        ("number(o)", "bad argument #1 to 'number' (number expected, got Probe)"),
        ("number(1, 2)", nil),
        ("integer(7)", nil),
        ("integer(true)", "bad argument #1 to 'integer' (number expected, got boolean)"),
        ("pair(1)", nil),
        ("pair(1, nil)", nil),
        ("pair(1, 2)", nil),
        ("pair(1, 'x')", "bad argument #2 to 'pair' (number expected, got string)"),
        ("flag(true)", nil),
        ("flag(false)", nil),
        ("flag('yes')", nil),
        ("flag()", nil),
        ("flag(o)", nil),
        ("anything(3)", nil),
        ("anything(o)", nil),
        ("anything('s')", nil),
        ("anything(t)", nil),
        ("object(o)", nil),
        ("object(nil)", "bad argument #1 to 'object' (Probe expected, got nil)"),
        ("object(sim.object(1))", "bad argument #1 to 'object' (Probe expected, got UIApplication)"),
        ("object(dead)", "-[Probe object]: message sent to deallocated instance"),
        ("object(3)", "bad argument #1 to 'object' (Probe expected, got number)"),
        ("maybe(nil)", nil),
        ("maybe()", nil),
        ("maybe(o)", nil),
        ("text('hi')", nil),
        ("text(1)", "bad argument #1 to 'text' (string expected, got number)"),
        ("three(1, true, o)", nil),
        ("three(1, true, 2)", "bad argument #3 to 'three' (NSObject expected, got number)"),
        ("three(1, true, o, 4)", nil),
    ] as [(String, String?)])
    func aCallGivesWhatTheGeneralPathGives(call: String, message: String?) throws {
        let sb = try probeSandbox()
        let args = call[call.firstIndex(of: "(")!...].dropFirst().dropLast()
        let name = call[..<call.firstIndex(of: "(")!]
        let general = "Probe.\(name)(o" + (args.isEmpty ? "" : ", " + args) + ")"
        let outcome = sb.run(chunk: """
            local o = Probe(); sim.hold(o)
            local dead = Probe()
            sim.drain()
            local t = { 1 }
            local function run(f) local r = table.pack(pcall(f)); return r[1], r[2], math.type(r[2]) or type(r[2]) end
            local ok1, r1, t1 = run(function() return o:\(call) end); local ok2, r2, t2 = run(function() return \(general) end)
            assert(ok1 == ok2, "typed " .. tostring(ok1) .. " " .. tostring(r1) .. ", general " .. tostring(ok2) .. " " .. tostring(r2))
            assert(rawequal(r1, r2) or (r1 ~= r1 and r2 ~= r2) or (not ok1 and tostring(r1) == tostring(r2)),
                   "results " .. tostring(r1) .. " and " .. tostring(r2))
            assert(t1 == t2, "types " .. t1 .. " and " .. t2)
            assert(ok1 or tostring(r1):find("\(message ?? "")", 1, true), "message: " .. tostring(r1))
            assert(not ok1 == \(message != nil), "the call " .. (ok1 and "succeeded" or "failed: " .. tostring(r1)))
            """, name: "=typed")
        #expect(outcome.status == .passed, "\(call): \(outcome.message ?? "")")
    }

    /// The keep-alive, however the receiver is released during its own call: the body
    /// still sees it alive afterwards, it is a root (`in a call`) and the heap verifies
    /// inside the call, and it deallocates when the call returns, before the next line.
    @Test(arguments: [
        // A Lua callback the body calls (no send inside the call).
        ("o:release(function() holder.keep = nil end)", "callback"),
        // The body releases the receiver itself.
        ("o:drop(holder)", "body"),
        // An override the body sends to (a send inside the call).
        ("o:viaOverride(holder)", "override"),
        // Through the general path: an argument that is not a scalar.
        ("o:drop(holder, {})", "general"),
    ])
    func aReceiverReleasedDuringItsCallLivesUntilItReturns(call: String, how: String) throws {
        let sb = try LuaSandbox()
        let heap = sb.heap
        let item = try heap.defineClass("Item", superclass: heap.rootClass,
                                        properties: [Property("keep", .strong), Property("value", .assign, type: .number)])
        let keep = try #require(item.property(named: "keep")), value = try #require(item.property(named: "value"))
        nonisolated(unsafe) let (keepSlot, valueSlot) = (keep, value)
        // What the body saw after the release: alive, a root in a call, a heap that verifies.
        let after: @Sendable (Invocation) throws -> Value = { inv in
            let h = inv.heap
            guard h.isAlive(inv.receiver) else { return .string("dead during its call") }
            guard h.rootReasons(of: inv.receiver).contains("in a call") else { return .string("not a root") }
            if let v = h.invariantViolations().first { return .string(v) }
            try h.writeSlot(inv.receiver, valueSlot, .int(7))
            return .string("alive")
        }
        try heap.setMethod(BoundMethod(signature: MethodSignature("release", [.function("f", optional: false)], returns: .string)) { inv in
            guard case .foreign(let f) = inv.argument(0), let d = inv.heap.foreignDispatcher else { return .nil }
            _ = try d.call(f.box, [])
            return try after(inv)
        }, on: item)
        try heap.setMethod(BoundMethod(signature: MethodSignature("drop", [.object("holder", "Item"), Parameter("extra", .any, optional: true)],
                                                             returns: .string)) { inv in
            try inv.heap.writeSlot(inv.objectArgument(0), keepSlot, .nil)
            return try after(inv)
        }, on: item)
        try heap.setMethod(BoundMethod(signature: MethodSignature("viaOverride", [.object("holder", "Item")], returns: .string)) { inv in
            _ = try inv.heap.send(inv.receiver, Selector("hook"), [inv.argument(0)])
            return try after(inv)
        }, on: item)
        heap.setMethod("hook", on: item) { _ in .nil }
        sb.setGlobal("Item", class: item)
        let outcome = sb.run(chunk: """
            local Sub = Item:subclass("Sub")
            function Sub:hook(holder) holder.keep = nil end
            holder = Item(); sim.hold(holder)
            holder.keep = Sub()
            local o = holder.keep
            sim.drain()
            local saw = \(call)
            assert(saw == "alive", "\(how): " .. tostring(saw))
            assert(not sim.alive(o), "\(how): the receiver deallocates when its call returns")
            assert(sim.alive(holder))
            sim.verify()
            """, name: "=keepalive")
        #expect(outcome.status == .passed, "\(how): \(outcome.message ?? "")")
        #expect(heap.invariantViolations().isEmpty)
        // Deallocated once, after the call's last event (the write of `value`).
        let trace = heap.traceText()
        #expect(trace.components(separatedBy: "dealloc Sub#").count == 2, "\(how): \(trace)")
    }

    /// Sends inside sends, with the receiver released at each depth by the pool's drain
    /// (the pool its only owner): each receiver lives until its own call returns, the
    /// outer one counted when the inner send began, the inner one when the drain took it
    /// to zero; both deallocate in the order their calls end.
    @Test func nestedReceiversReleasedByADrainLiveUntilTheirCallsReturn() throws {
        let heap = Heap()
        let cls = try heap.defineClass("Thing", superclass: heap.rootClass, properties: [Property("other", .assign)])
        let other = try #require(cls.property(named: "other"))
        nonisolated(unsafe) let otherSlot = other
        nonisolated(unsafe) var seen: [String] = []
        heap.setMethod("inner", on: cls) { inv in
            try inv.heap.drain()
            seen.append("inner \(inv.heap.isAlive(inv.receiver)) \(inv.heap.roots.contains(inv.receiver))")
            return .nil
        }
        heap.setMethod("outer", on: cls) { inv in
            guard case .object(let o) = try inv.heap.readSlot(inv.receiver, otherSlot) else { return .nil }
            _ = try inv.heap.send(o, Selector("inner"))
            seen.append("outer \(inv.heap.isAlive(inv.receiver)) \(inv.heap.isAlive(o)) \(inv.heap.invariantViolations())")
            return .nil
        }
        let a = heap.alloc(cls), b = heap.alloc(cls)
        try heap.writeSlot(a, other, .object(b))
        _ = try heap.send(a, Selector("outer"))
        #expect(seen == ["inner true true", "outer true false []"])
        #expect(!heap.isAlive(a) && !heap.isAlive(b))
        #expect(heap.invariantViolations().isEmpty)
        let deallocs = heap.traceText().split(separator: "\n").filter { $0.contains("dealloc") }
        #expect(deallocs.count == 2 && deallocs[0].contains("#\(b.raw)") && deallocs[1].contains("#\(a.raw)"), "\(deallocs)")
    }
}
