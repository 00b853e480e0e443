/// A pending `perform(_:with:afterDelay:)` (rule 74): what to send, to whom and when.
struct PerformRequest {
    /// Given in the order requests are made; the run loop's firing finds its request by it,
    /// so a cancelled request's firing finds nothing.
    let number: UInt64
    let target: ObjectID
    let selector: Selector
    /// The object passed to the method, nil for none.
    let argument: ObjectID?
    /// Virtual nanoseconds of the firing.
    let time: Int64
}

/// The main run loop's delayed perform requests (rules 74–75): `perform(_:with:afterDelay:)`
/// sets up a timer on the main run loop, which keeps the target and the argument (held as
/// `perform request`) until the request fires or is cancelled. Every object held for a
/// request is named by a pending request or by one whose method is running, as many times
/// as it is held.
final class PerformRequests: Subsystem {
    unowned(unsafe) var sim: Simulator!
    let heap: Heap
    /// The target and the argument of each request, from `perform` until the request's
    /// method has returned or the request is cancelled.
    let requestHold: HoldReason
    /// The requests not yet fired or cancelled, in the order they were made.
    private(set) var pending: [PerformRequest] = []
    /// The requests whose method is running (a method may make and fire others meanwhile).
    private var firing: [PerformRequest] = []
    private var lastNumber: UInt64 = 0
    var log = InvariantLog()

    init(_ heap: Heap) {
        self.heap = heap
        requestHold = Simulator.declaredHold("perform request", heap)
    }

    /// Every target and argument of a pending or firing request is alive and held for
    /// requests exactly as many times as requests name it, and nothing else is held for one;
    /// pending requests are numbered in the order they were made.
    func violations() -> [String] {
        var out = log.failures
        var named: [UInt32: Int] = [:]
        for r in pending + firing {
            named[r.target.raw, default: 0] += 1
            if let a = r.argument { named[a.raw, default: 0] += 1 }
        }
        for (raw, count) in named.sorted(by: { $0.key < $1.key }) {
            let id = ObjectID(raw)
            if !heap.isAlive(id) {
                out.append("#\(raw), named by a perform request, is not alive"); break
            }
            let held = heap.holdCount(id, requestHold)
            if held != count {
                out.append("#\(raw) is named by \(count) perform request(s) but held for them \(held) time(s)"); break
            }
        }
        for id in heap.heldObjects where named[id.raw] == nil && heap.holdCount(id, requestHold) > 0 {
            out.append("\(id) is held for a perform request that no request names"); break
        }
        if zip(pending, pending.dropFirst()).contains(where: { $0.number >= $1.number }) {
            out.append("the pending perform requests are out of order")
        }
        return out
    }

    /// `target.perform(selector, with: argument, afterDelay: delay)` (rule 74): the run loop
    /// keeps the target and the argument, and sends the message `delay` seconds from now,
    /// each firing a turn of its own. A delay of 0 or less fires at the next turn: the
    /// message is still queued on the run loop, never sent during the call. The selector is
    /// not looked up until the request fires.
    func perform(_ target: ObjectID, _ selector: String, argument: ObjectID?, delay: Double) throws {
        try heap.checkUsable(target, "perform")
        if let a = argument { try heap.checkUsable(a, "perform") }
        try heap.hold(target, requestHold)
        if let a = argument { try heap.hold(a, requestHold) }
        lastNumber += 1
        let request = PerformRequest(number: lastNumber, target: target, selector: Selector(selector), argument: argument,
                                     time: sim.time(after: max(0, delay)))
        pending.append(request)
        log.note(request.time < heap.now ? "perform request \(request.number) fires in the past" : nil)
        let number = request.number
        sim.runLoop.schedule(at: request.time, label: sim.timerLabel("perform request")) { [unowned self] in try fire(number) }
    }

    /// The firing of request `number`, unless it was cancelled: the message is sent, then
    /// the run loop releases the target and the argument, even when the method raised.
    func fire(_ number: UInt64) throws {
        guard let i = pending.firstIndex(where: { $0.number == number }) else { return }
        let request = pending.remove(at: i)
        firing.append(request)
        var failure: Error?
        do {
            let arguments = request.argument.map { Arguments(.object($0)) } ?? Arguments()
            _ = try heap.send(request.target, request.selector, args: arguments)
        } catch {
            failure = error
        }
        firing.removeAll { $0.number == number }
        do { try release(request) } catch { if failure == nil { failure = error } }
        log.note(heap.isAlive(request.target) && heap.holdCount(request.target, requestHold) != requests(naming: request.target)
                 ? "perform request \(number)'s target is held for requests that no longer name it" : nil)
        if let failure { throw failure }
    }

    /// `cancelPreviousPerformRequests(withTarget:)`, and with `filtered` its form with a
    /// selector and an argument (rule 75): the pending requests to `target` (with that
    /// selector and that argument, nil matching only nil) are removed, and the run loop
    /// releases what each kept before the call returns, in the order they were made.
    func cancel(target: ObjectID, selector: String?, argument: ObjectID?, filtered: Bool) throws {
        let selector = selector.map { Selector($0) }
        var cancelled: [PerformRequest] = []
        pending.removeAll { r in
            let matches = r.target == target && (!filtered || (r.selector == selector && r.argument == argument))
            if matches { cancelled.append(r) }
            return matches
        }
        var failure: Error?
        for r in cancelled {
            do { try release(r) } catch { if failure == nil { failure = error } }
        }
        if let failure { throw failure }
    }

    /// How many times the pending and firing requests name `id`, as target or argument.
    private func requests(naming id: ObjectID) -> Int {
        (pending + firing).reduce(0) { n, r in n + (r.target == id ? 1 : 0) + (r.argument == id ? 1 : 0) }
    }

    /// The run loop lets go of a request's target, then of its argument (each release may
    /// deallocate and run a `deinit`); both are released even when the first raised.
    private func release(_ r: PerformRequest) throws {
        var failure: Error?
        do { try heap.unhold(r.target, requestHold) } catch { failure = error }
        if let a = r.argument {
            do { try heap.unhold(a, requestHold) } catch { if failure == nil { failure = error } }
        }
        if let failure { throw failure }
    }
}

extension PerformRequests {
    /// `perform(_:with:afterDelay:)` on every object (rule 74).
    static let performMethod: Method<Simulator> = Method("perform", swift: "perform(_:with:afterDelay:)",
        .string("selector"), .object("object", "NSObject", optional: true), .number("delay"),
        summary: "Sends `selector` (a method name) with the object after `delay` virtual seconds; the run loop keeps the receiver and the object until then (`perform request`, rule 74).") { sim, inv in
        try sim.performRequests.perform(inv.receiver, inv.stringArgument(0) ?? "", argument: inv.optionalObjectArgument(1),
                                        delay: inv.numberArgument(2))
        return .nil
    }

    /// `cancelPreviousPerformRequests(withTarget:)` and
    /// `cancelPreviousPerformRequests(withTarget:selector:object:)` (rule 75): one name, the
    /// argument count choosing the form (rule 23).
    static let cancelMethod: Method<Simulator> = .classMethod("cancelPreviousPerformRequests",
        swift: "cancelPreviousPerformRequests(withTarget:selector:object:)",
        .object("target", "NSObject"), .string("selector", optional: true), .object("object", "NSObject", optional: true),
        summary: "`cancelPreviousPerformRequests(target)` cancels every pending `perform` to target; `(target, selector, object)` those with that selector and object (nil matches nil). What they kept is released at once (rule 75).") { sim, inv in
        let filtered = inv.argumentCount > 1
        if filtered, inv.stringArgument(1) == nil {
            // Swift's selector is not optional: the filtered form names one.
            throw SimError.badArgument(2, "cancelPreviousPerformRequests", expected: "string", got: "nil")
        }
        try sim.performRequests.cancel(target: inv.objectArgument(0), selector: inv.stringArgument(1),
                                       argument: inv.optionalObjectArgument(2), filtered: filtered)
        return .nil
    }

    /// The hold the run loop takes for each request.
    static let requestHoldDeclaration = HoldDeclaration("perform request",
        "the target and the object of a `perform(_:with:afterDelay:)` until it fires or is cancelled")
}
