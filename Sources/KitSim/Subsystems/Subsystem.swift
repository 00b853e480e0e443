/// What the model's subsystems share: each is a type that owns one part of the app's
/// state (the timers, the observations, the lists…), changes it only through its own
/// methods, and checks after every mutation, when `Simulator.checksInvariants` is on (the
/// test suites and the fuzzer turn it on), the part of its invariants that mutation could
/// break; `violations()` checks the whole on every `sim.verify()`. `Simulator` makes them,
/// wires them to each other and owns nothing else.
///
/// A failure found after a mutation is collected, never trapped on (a script controls
/// what the model does, and a broken invariant must be reported, not crash the host).
struct InvariantLog {
    /// The distinct failures found after mutations, in the order found.
    private(set) var failures: [String] = []

    /// Records `failure` (nil when the check passed) once.
    mutating func note(_ failure: @autoclosure () -> String?) {
        guard Simulator.checksInvariants, let f = failure(), !failures.contains(f) else { return }
        failures.append(f)
    }
}

/// A subsystem of the model: it owns its state, and reports what breaks its invariants.
///
/// Each keeps the simulator that made it as `unowned(unsafe) let sim`: the simulator owns
/// its subsystems and is the only way to reach them, so none outlives it, and a checked
/// `unowned` reference would cost a strong retain and a release on every use of `sim`
/// (a push and pop of a controller reaches `sim` hundreds of times: 8 % of the model's
/// instructions, measured with callgrind). A subsystem that calls others on a hot path
/// (a push, a pop, the layout pass) keeps them the same way, set when the simulator wires
/// it: a call through `sim` retains and releases the simulator and then the subsystem it
/// reaches, a direct one only the subsystem.
protocol Subsystem: HeapAccessing {
    /// Every broken invariant of the subsystem's state as a whole, and the failures found
    /// after its mutations (`InvariantLog`).
    func violations() -> [String]
}

extension Heap {
    /// The app-lifetime singletons that broke their promise (SPEC rule 24): each, once
    /// made (a non-zero id), is alive and held under its hold reason for the life of the
    /// app. Every subsystem that makes one (`Simulator.singleton`) checks it this way.
    func singletonViolations(_ singletons: [(id: ObjectID, hold: HoldReason, name: String)]) -> [String] {
        var out: [String] = []
        for (id, hold, name) in singletons where id.raw != 0 {
            if !isAlive(id) { out.append("\(name) #\(id) is not alive") }
            else if holdCount(id, hold) < 1 { out.append("\(name) #\(id) is not held for the life of the app") }
        }
        return out
    }
}

/// What reads and writes the model's slots: the simulator (for the declarations' bodies,
/// which receive it) and each subsystem, each on the heap it keeps. A subsystem reads
/// through `self`, which its method holds for the whole run, so an access costs no
/// reference counting, where the same call through `sim` retains and releases the
/// simulator each time.
package protocol HeapAccessing: AnyObject {
    var heap: Heap { get }
}

extension HeapAccessing {
    /// The property a model class's handle names (`sim[UIView.frame]`), resolved once per heap.
    @inline(__always) package subscript(_ property: PropertyHandle) -> Property { heap[property] }
    /// The class of a model class (`sim[UIWindow.self]`), registered on first need.
    @inline(__always) package subscript<C: ModelClass>(_ cls: C.Type) -> SimClass { heap[C.handle] }

    /// Reads through a `Property` the caller holds already (a chain's link, a list's
    /// delegate or data source, chosen at run time); the model's own reads go by handle.
    @inline(__always) func object(_ id: ObjectID, _ p: Property) throws -> ObjectID? { try heap.readSlot(id, p).objectID }
    @inline(__always) func objects(_ id: ObjectID, _ p: Property) throws -> [ObjectID] { try heap.objects(id, p) }
    @inline(__always) func write(_ id: ObjectID, _ p: Property, _ v: Value) throws { try heap.writeSlot(id, p, v) }
    @inline(__always) func write(_ id: ObjectID, _ p: Property, _ o: ObjectID?) throws { try heap.writeSlot(id, p, o.map(Value.object) ?? .nil) }
    // Reads by handle: the heap reads the slot in place (`Heap.readSlot(_:_:)` by handle),
    // where `heap[handle]` would hand the caller a copy of the property, and a copy retains
    // the property's box.
    @inline(__always) func object(_ id: ObjectID, _ h: PropertyHandle) throws -> ObjectID? { try heap.readSlot(id, h).objectID }
    @inline(__always) func objects(_ id: ObjectID, _ h: PropertyHandle) throws -> [ObjectID] { try heap.objects(id, h) }
    @inline(__always) func bool(_ id: ObjectID, _ h: PropertyHandle, default d: Bool) throws -> Bool {
        if case .bool(let b) = try heap.readSlot(id, h) { return b }
        return d
    }
    @inline(__always) func number(_ id: ObjectID, _ h: PropertyHandle, default d: Double) throws -> Double {
        try heap.readSlot(id, h).number ?? d
    }
    @inline(__always) func rect(_ id: ObjectID, _ h: PropertyHandle) throws -> Rect {
        if case .rect(let r) = try heap.readSlot(id, h) { return r }
        return .zero
    }
    @inline(__always) func isA(_ id: ObjectID?, _ cls: SimClass) -> Bool {
        guard let id else { return false }
        return heap.isKind(id, of: cls)
    }

    /// Runs one step of a transition whose callbacks (Lua overrides, swizzles) may fail:
    /// the first error is kept and the transition goes on, so that it never stops
    /// half-done (a hold nothing releases, a root without its view); the caller rethrows
    /// the error at the end. A subsystem runs it on itself, not through `sim`, which
    /// would retain and release the simulator per step.
    func attempt(_ firstError: inout Error?, _ body: () throws -> Void) {
        do { try body() } catch { if firstError == nil { firstError = error } }
    }
}

extension Heap {
    /// The class of a model class (`heap[UIWindow.self]`), registered on first need.
    @inline(__always)
    package subscript<C: ModelClass>(_ cls: C.Type) -> SimClass { self[C.handle] }
}
