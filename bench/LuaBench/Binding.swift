import BenchSupport
import CLua
import KitSimPlatform
import KitSim
import KitSimLua
import PlainC

/// One operation of the binding benchmark (the method of ThePhD's lua-bindings-shootout):
/// the chunk `for i = 0, 50 do <op> end`, compiled once and called repeatedly, against
/// KitSim and against the plain C binding.
struct Operation {
    let key: String
    let title: String
    let code: String
    let target: Double?
    /// Drain the autorelease pool after each chunk call (objects made by the op).
    var drains = false

    var chunk: String {
        "local o, b, l, s, f, Thing, t = o, b, l, s, f, Thing, t\nfor i = 0, 50 do \(code) end"
    }

    static let all: [Operation] = [
        Operation(key: "method", title: "member method call `o:set(i); x = o:get()`",
                  code: "o:set(i); x = o:get()", target: 1.15),
        Operation(key: "property", title: "numeric property `o.value = i; x = o.value`",
                  code: "o.value = i; x = o.value", target: 1.5),
        Operation(key: "big", title: "property of a 50-property class",
                  code: "b.value = i; x = b.value", target: 1.2),
        Operation(key: "free", title: "free function `x = f(i)`", code: "x = f(i)", target: 1.1),
        Operation(key: "new", title: "new simulated object `x = Thing()`", code: "x = Thing()", target: 1.3,
                  drains: true),
        Operation(key: "inherited", title: "method inherited 3 levels up `l:set(i); x = l:get()`",
                  code: "l:set(i); x = l:get()", target: 1.2),
        Operation(key: "override", title: "Swift calls a Lua override `s:notify()` → `viewDidLoad`",
                  code: "s:notify()", target: 1.2),
        Operation(key: "table", title: "(info) Lua table field `t.value = i; x = t.value`",
                  code: "t.value = i; x = t.value", target: nil),
        Operation(key: "empty", title: "(info) empty loop", code: "", target: nil),
    ]
}

/// The KitSim side: classes defined through the public runtime API with native Swift
/// methods, exposed to a `LuaSandbox`.
final class KitSimSide {
    let sandbox: LuaSandbox
    var heap: Heap { sandbox.heap }

    /// Default limits (the work budget, large enough never to stop a measurement, and the
    /// watchdog: no hook), or with `countHook` the optional instruction budget's hook too.
    init(countHook: Bool = false) throws {
        var limits = LuaSandbox.Limits()
        limits.work = Int64.max / 4
        limits.instructions = countHook ? Int64.max / 4 : 0
        limits.objects = Int.max / 2
        sandbox = try LuaSandbox(limits: limits)
        let heap = sandbox.heap
        let value = Property("value", .assign, type: .number)
        let thing = try heap.defineClass("Thing", superclass: heap.rootClass, properties: [value])
        let slot = thing.property(named: "value")!
        let viewDidLoad = Selector("viewDidLoad")
        heap.setMethod("get", on: thing) { inv in try inv.heap.readSlot(inv.receiver, slot) }
        // Declared with its typed signature, as the model's methods are: the bridge reads
        // the number straight from the stack, and the body skips the argument check.
        nonisolated(unsafe) let setSlot = slot
        try heap.setMethod(BoundMethod(signature: MethodSignature("set", [.number("value")])) { inv in
            try inv.heap.writeSlot(inv.receiver, setSlot, inv.argument(0))
            return .nil
        }, on: thing)
        heap.setMethod(viewDidLoad, on: thing) { _ in .nil }
        heap.setMethod("notify", on: thing) { inv in try inv.heap.send(inv.receiver, viewDidLoad) }
        var props = (1..<50).map { Property("p" + ($0 < 10 ? "0" : "") + String($0), .assign, type: .number) }
        props.append(Property("value", .assign, type: .number))
        let big = try heap.defineClass("Big", superclass: heap.rootClass, properties: props)
        let mid1 = try heap.defineClass("Mid1", superclass: thing)
        let mid2 = try heap.defineClass("Mid2", superclass: mid1)
        let leaf = try heap.defineClass("Leaf", superclass: mid2)
        sandbox.setGlobal("Thing", class: thing)
        sandbox.setGlobal("Big", class: big)
        sandbox.setGlobal("Leaf", class: leaf)
        sandbox.setGlobal("f", function: { args in
            if case .int(let n) = args[0] { return .int(n + 1) }
            return .nil
        })
        let setup = try sandbox.compile("""
            o = Thing(); sim.hold(o)
            b = Big(); sim.hold(b)
            l = Leaf(); sim.hold(l)
            Sub = Thing:subclass("Sub")
            function Sub:viewDidLoad() end
            s = Sub(); sim.hold(s)
            t = { value = 0 }
            """, name: "=setup")
        try sandbox.call(setup)
        try heap.drain()
    }

    func compile(_ op: Operation) throws -> LuaFunction {
        try sandbox.compile(op.chunk, name: "=" + op.key)
    }

    func run(_ fn: LuaFunction, _ times: Int, drains: Bool) throws {
        for _ in 0..<times {
            try sandbox.call(fn)
            if drains { try heap.drain() }
        }
    }
}

/// The floor: the same shapes bound by hand in C (bench/PlainC).
final class PlainSide {
    let L: OpaquePointer

    init() throws {
        guard let L = plainc_open() else { throw BenchError("cannot open a Lua state") }
        self.L = L
        if let e = plainc_dostring(L, """
            Thing = PThing
            o = PThing(); b = PBig(); l = PLeaf()
            s = PSub()
            function PSub.viewDidLoad(self) end
            f = pf
            t = { value = 0 }
            """) {
            defer { free(e) }
            throw BenchError("plain C set-up: " + String(cString: e))
        }
    }

    deinit { plainc_close(L) }

    func compile(_ op: Operation) throws -> Int32 {
        var error: UnsafeMutablePointer<CChar>?
        let ref = plainc_compile(L, op.chunk, "=" + op.key, &error)
        if let error {
            defer { free(error) }
            throw BenchError("plain C: " + String(cString: error))
        }
        return ref
    }

    func run(_ ref: Int32, _ times: Int) throws {
        guard plainc_call(L, ref, Int32(times)) == LUA_OK else {
            throw BenchError("plain C run failed: " + String(cString: lua_tolstring(L, -1, nil)))
        }
    }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ d: String) { description = d }
}

/// Results of one operation: ns per loop iteration on each side, and the ratio.
struct BindingResult {
    let op: Operation
    let kitsim: Double
    let plain: Double
    let ratio: Double
}

enum Binding {
    /// Measures every operation: batches of chunk calls alternate between the two sides,
    /// each batch about `batchSeconds` long; the ratio is the median of the per-pair
    /// ratios (robust against the load of a shared machine drifting), the times are medians.
    static func measure(_ ops: [Operation], rounds: Int, batchSeconds: Double, countHook: Bool = false,
                        report: Report) throws -> [BindingResult] {
        let k = try KitSimSide(countHook: countHook)
        let p = try PlainSide()
        var results: [BindingResult] = []
        for op in ops {
            let kf = try k.compile(op)
            let pf = try p.compile(op)
            // Warm up and calibrate the batch size on the plain side.
            try k.run(kf, 20, drains: op.drains)
            try p.run(pf, 20)
            let probe = 50
            let t = timeNanoseconds { try? p.run(pf, probe) }
            let batch = max(3, Int(batchSeconds * 1e9 / max(t / Double(probe), 1)))
            var kt: [Double] = [], pt: [Double] = [], ratios: [Double] = []
            for _ in 0..<rounds {
                let a = try timeNanoseconds { try p.run(pf, batch) }
                let b = try timeNanoseconds { try k.run(kf, batch, drains: op.drains) }
                let perP = a / Double(batch * 51), perK = b / Double(batch * 51)
                pt.append(perP); kt.append(perK); ratios.append(perK / perP)
            }
            results.append(BindingResult(op: op, kitsim: median(kt), plain: median(pt), ratio: median(ratios)))
        }
        // The runs did what they claim.
        let check = try k.sandbox.compile("return o.value == 50 and b.value == 50 and l:get() == 50")
        if ops.contains(where: { $0.key == "method" }) && ops.contains(where: { $0.key == "big" }) {
            report.check(try k.sandbox.call(check) == .bool(true), "binding: the KitSim objects hold the last value set")
        }
        report.check(k.heap.invariantViolations().isEmpty, "binding: heap invariants hold")
        return results
    }

    /// Runs `ops` a fixed number of times on each side between callgrind markers, so
    /// `valgrind --tool=callgrind` can count the instructions of each (child process).
    static func callgrindChild(_ ops: [Operation], calls: Int, countHook: Bool) throws {
        let k = try KitSimSide(countHook: countHook)
        let p = try PlainSide()
        for op in ops {
            let kf = try k.compile(op)
            let pf = try p.compile(op)
            try k.run(kf, 5, drains: op.drains)
            try p.run(pf, 5)
            bench_callgrind_zero()
            try p.run(pf, calls)
            bench_callgrind_dump("plain " + op.key)
            try k.run(kf, calls, drains: op.drains)
            bench_callgrind_dump("kitsim " + op.key)
        }
    }
}
