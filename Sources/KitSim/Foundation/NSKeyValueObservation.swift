/// `NSKeyValueObservation`, as the model names it: its class and the properties the model reads and writes.
package enum NSKeyValueObservation: ModelClass {
    package static let handle = ClassHandle("NSKeyValueObservation", global: false)
    package static var declaration: SimulatorClassDeclaration { KeyValueObserving.keyValueObservationDeclaration }
    package static let changeHandler = handle.property("changeHandler")
    package static let object = handle.property("object")
    package static let key = handle.property("key")
}

/// A valid key-value observation (SPEC rule 35): which property of which object it
/// watches and which change values it asked for.
struct KeyValueObservation {
    let observation: ObjectID
    let object: ObjectID
    let key: String
    let options: Set<String>
}

/// The valid key-value observations (SPEC rule 35), by observation id and in registration
/// order, and their delivery: the heap reports each set of an observed property
/// (`Heap.onObservedSet`) and each dealloc (`Heap.onDealloc`) here. An observation is here
/// from `observe` until it is invalidated, by `invalidate()`, by its own dealloc, or by
/// the observed object's.
final class KeyValueObserving: Subsystem {
    unowned(unsafe) var sim: Simulator!
    let heap: Heap
    /// The valid observations by observation id.
    private(set) var observations: [UInt32: KeyValueObservation] = [:]
    /// The valid observations' ids in registration order.
    private(set) var observationOrder: [UInt32] = []
    var log = InvariantLog()

    init(_ heap: Heap) {
        self.heap = heap
    }

    /// The registration order lists each valid observation once; each valid observation
    /// and the object it observes are alive (a dealloc of either invalidates it), and the
    /// heap reports the sets of each observed object.
    func violations() -> [String] {
        var out = log.failures
        if observationOrder.count != observations.count || Set(observationOrder) != Set(observations.keys) {
            out.append("the key-value observations' order does not list each valid observation once")
        }
        for raw in observationOrder {
            guard let o = observations[raw] else { continue }
            if !heap.isAlive(o.observation) || !heap.isAlive(o.object) {
                out.append("the valid observation #\(raw) or its object #\(o.object) is not alive"); break
            }
            if heap.observedObjects[o.object.raw] == nil {
                out.append("the heap does not report the sets of #\(o.object), observed by #\(raw)"); break
            }
        }
        return out
    }

    /// A failure when the registration order and the valid observations disagree in size
    /// (what an add or removal that updated only one of them leaves).
    private func orderProblem() -> String? {
        observationOrder.count == observations.count ? nil : "the key-value observations' order and table disagree after a change"
    }
}

extension KeyValueObserving {
    /// `NSKeyValueObservingOptions` as scripts write them: one name or an array of names.
    static let observingOptions = EnumType("NSKeyValueObservingOptions", ["new", "old", "initial", "prior"])

    /// The key of the associated array by which an observed object keeps its valid
    /// observations' handlers: Swift's overlay attaches its helper to the object with
    /// `objc_setAssociatedObject(…, .OBJC_ASSOCIATION_RETAIN)` (SPEC rule 35).
    static let observationAssociationKey = "associated[\"kvo\"]"

    /// `NSKeyValueObservation` (SPEC rule 35): what `obj:observe(key, options, handler)`
    /// returns. It keeps its handler and refers to the object weakly; while it is valid
    /// the object keeps the handler too.
    static let keyValueObservationDeclaration = ClassDeclaration(NSKeyValueObservation.handle,
        summary: "A key-value observation: it keeps its handler; while valid the observed object keeps the handler too.") {
        PropertyDeclaration(NSKeyValueObservation.changeHandler, .strong, .function, readOnly: true,
                            summary: "Called with (captures…, object, change) after each set of the key.")
        PropertyDeclaration(NSKeyValueObservation.object, .weak, .object("NSObject"), readOnly: true)
        PropertyDeclaration(NSKeyValueObservation.key, .copy, .string, readOnly: true)
        KeyValueObserving.observingOptions
        Method("invalidate", summary: "Stops delivery and drops the object's reference to the handler; `deinit` runs it too.") { sim, inv in
            try sim.keyValueObserving.invalidate(inv.receiver)
            return .nil
        }
    }

    /// `obj:observe(key, options, handler)`, declared on NSObject.
    static let observeMethod = Method("observe", swift: "observe(_:options:changeHandler:)", .string("key"),
        Parameter("options", .any, optional: true), .function("handler", optional: false),
        returns: .object("NSKeyValueObservation"),
        summary: "Observes a declared property: the handler gets (captures…, object, change) after each set (rule 35).") { sim, inv in
        .object(try sim.keyValueObserving.observe(inv.receiver, key: inv.stringArgument(0) ?? "", options: inv.argument(1),
                                                  handler: inv.argument(2)))
    }
}

extension KeyValueObserving {
    func observe(_ object: ObjectID, key: String, options: Value, handler: Value) throws -> ObjectID {
        guard !key.contains(".") else {
            throw SimError.badArgument(1, "observe", "a key path with '.' is not supported; observe the object that has the property '\(key)'",
                                       hint: nil, kind: .invalidUse)
        }
        guard heap.classOf(object).property(named: key) != nil else {
            throw sim.raise(.crash(.undefinedKey(object: ObjectRef(heap.classOf(object).name, object), key: key), object: object))
        }
        let chosen = try sim.optionSet(options, KeyValueObserving.observingOptions, position: 2, function: "observe")
        sim.watchDeallocs()
        let o = heap.alloc(heap[NSKeyValueObservation.self])
        try write(o, heap[NSKeyValueObservation.changeHandler], handler)
        try write(o, heap[NSKeyValueObservation.object], object)
        try write(o, heap[NSKeyValueObservation.key], .string(key))
        observationOrder.append(o.raw)
        observations[o.raw] = KeyValueObservation(observation: o, object: object, key: key, options: chosen)
        log.note(orderProblem())
        heap.observeSets(of: object)
        try updateObservationHandlers(of: object)
        if chosen.contains("initial") {
            let current = heap.classOf(object).property(named: key).flatMap { try? heap.readSlot(object, $0) } ?? .nil
            try sim.callCallback(handler, [.object(object), change(new: chosen.contains("new") ? current : nil, old: nil, isPrior: false)])
        }
        return o
    }

    /// `{ kind = "setting", newValue, oldValue, isPrior }` with only the requested values.
    func change(new: Value?, old: Value?, isPrior: Bool) -> Value {
        var entries = [Value.Entry(key: .string("kind"), value: .string("setting")),
                       Value.Entry(key: .string("isPrior"), value: .bool(isPrior))]
        if let new { entries.append(Value.Entry(key: .string("newValue"), value: new)) }
        if let old { entries.append(Value.Entry(key: .string("oldValue"), value: old)) }
        return .dictionary(sorting: entries)
    }

    /// The object keeps the handlers of its valid observations, in registration order.
    func updateObservationHandlers(of object: ObjectID) throws {
        guard heap.isAlive(object) else { return }
        let handlers = try observationOrder.compactMap { raw -> Value? in
            guard let o = observations[raw], o.object == object else { return nil }
            return try heap.readSlot(o.observation, NSKeyValueObservation.changeHandler)
        }
        try heap.setAssociated(object, key: KeyValueObserving.observationAssociationKey, handlers.isEmpty ? .nil : .array(handlers))
    }

    /// `invalidate()`: no more calls, and the object lets go of the handler.
    func invalidate(_ o: ObjectID) throws {
        guard let obs = observations.removeValue(forKey: o.raw) else { return }
        observationOrder.removeAll { $0 == o.raw }
        log.note(orderProblem())
        heap.observeSets(of: obs.object, by: -1)
        try updateObservationHandlers(of: obs.object)
    }

    /// `Heap.onObservedSet`: each valid observation of the key, in registration order,
    /// gets (object, change) after the store, and before it too with `"prior"`.
    func deliverChange(_ object: ObjectID, _ p: Property, old: Value, isPrior: Bool) throws {
        let matching = observationOrder.compactMap { observations[$0] }.filter { $0.object == object && $0.key == p.name }
        for obs in matching where !isPrior || obs.options.contains("prior") {
            // One invalidated by an earlier handler of this set is skipped.
            guard observations[obs.observation.raw] != nil else { continue }
            let new: Value? = obs.options.contains("new") && !isPrior ? ((try? heap.readSlot(object, p)) ?? .nil) : nil
            let c = change(new: new, old: obs.options.contains("old") ? old : nil, isPrior: isPrior)
            try sim.callCallback(try heap.readSlot(obs.observation, NSKeyValueObservation.changeHandler), [.object(object), c])
        }
    }

    /// `Heap.onDealloc`: an observation's `deinit` invalidates it; an observed object that
    /// deallocates under a valid observation raises on iOS ≤ 10 and is let go from 11.
    func dealloc(_ id: ObjectID) -> Error? {
        if observations[id.raw] != nil {
            return Result { try invalidate(id) }.error
        }
        guard heap.observedObjects[id.raw] != nil else { return nil }
        let dangling = observationOrder.filter { observations[$0]?.object == id }
        for raw in dangling {
            observations.removeValue(forKey: raw)
            heap.observeSets(of: id, by: -1)
        }
        observationOrder.removeAll { dangling.contains($0) }
        log.note(orderProblem())
        guard sim.configuration.ios <= 10 else { return nil }
        return sim.raise(.crash(.observedWhileDeallocated(ObjectRef(heap.classOf(id).name, id)), object: id))
    }
}

extension Result where Failure == Error {
    /// The error of a failed result, or nil.
    var error: Error? { if case .failure(let e) = self { return e } else { return nil } }
}

extension Value {
    var isArray: Bool { if case .array = self { return true } else { return false } }
}
