/// What a publisher object is to the model (rules 86–89): a root that keeps its live
/// subscriptions (a subject, a timer's publisher), a root that makes a subscription per
/// subscriber and hands it elsewhere (`Just`, a notification center's publisher), or an
/// operator over an upstream publisher.
enum PublisherKind: Equatable {
    /// `PassthroughSubject` or `CurrentValueSubject`: it keeps its subscriptions.
    case subject
    /// `Just(value)`: each subscriber gets the value, then `.finished`.
    case just
    /// `Timer.publish(every:on:in:)`: it keeps its subscriptions, and once connected a
    /// timer on the main run loop keeps it.
    case timer(interval: Double)
    /// `NotificationCenter.publisher(for:)`: each subscription is an observer the center keeps.
    case notification(center: ObjectID, name: String?)
    /// `NSObject.publisher(for:)`: each subscription is a key-value observation of the object.
    case keyValue(object: ObjectID, key: String)
    /// `URLSession.dataTaskPublisher(for:)`: each subscription runs a data task.
    case dataTask(session: ObjectID, url: String)
    /// `autoconnect()`: connects its timer publisher at the first subscription and
    /// disconnects it when the last one ends.
    case autoconnect
    /// An operator over `upstream`.
    case op(CombineOperator)
}

/// The operators the model has (rule 88): each is a stage of a subscription chain.
enum CombineOperator: Equatable {
    case map, filter, removeDuplicates, receiveOn, debounce(seconds: Double), handleEvents, first, prefix(Int)
}

/// One live subscription chain (rule 86): the root subscription, which its publisher keeps
/// (a subject's, a timer publisher's) or a running data task's completion keeps, each
/// operator's stage, each keeping the next, and the subscriber the last keeps; the
/// `AnyCancellable` keeps the root. A center's observer and a key-value observation hold
/// the root weakly (rule 89).
struct SubscriptionChain {
    enum Root: Equatable {
        /// The publisher's `subscriptions` keep the root subscription.
        case publisher(ObjectID, autoconnect: Bool)
        /// The center's token, whose block holds the root subscription weakly; the chain's
        /// end removes it.
        case observer(center: ObjectID, token: ObjectID)
        /// A key-value observation, whose handler holds the root subscription weakly; the
        /// chain's end invalidates it.
        case observation(ObjectID)
        /// A data task's completion keeps the root subscription.
        case task(ObjectID)
        /// Nothing keeps it but the cancellable (`Just`).
        case none
    }
    var root: Root
    /// The root subscription first, then one stage per operator, upstream to downstream.
    let stages: [ObjectID]
    /// Each stage's operator; nil for the root.
    let operators: [CombineOperator?]
    /// The `Sink` or `Assign` at the end.
    let subscriber: ObjectID
    var cancellable: ObjectID?
    /// `removeDuplicates`' last value, by stage index.
    var last: [Int: Value] = [:]
    /// `first` and `prefix`'s values passed, by stage index.
    var counts: [Int: Int] = [:]
    /// `debounce`'s newest pending delivery, by stage index.
    var debounces: [Int: UInt64] = [:]
}

/// The Combine model (rules 86–89): which objects are publishers and of what kind, the
/// live subscription chains and their delivery, the subjects that have completed, and the
/// timers that connected timer publishers run. A chain is here from the subscription
/// until it is cancelled (`cancel()`, or its `AnyCancellable`'s deinit) or completes;
/// then its objects have released each other, and its root's keeper the root.
final class Pipelines: Subsystem {
    unowned(unsafe) var sim: Simulator!
    let heap: Heap
    /// Every publisher object's kind, by id.
    private(set) var publishers: [UInt32: PublisherKind] = [:]
    /// The live chains, by number.
    private(set) var chains: [Int: SubscriptionChain] = [:]
    /// The chain of each live root subscription, by the root's id.
    private(set) var chainOfRoot: [UInt32: Int] = [:]
    /// The chain of each cancellable whose chain is live, by the cancellable's id.
    private(set) var chainOfCancellable: [UInt32: Int] = [:]
    /// The subjects that have sent `.finished`: a new subscriber gets it at once.
    private(set) var finishedSubjects: Set<UInt32> = []
    /// The timer each connected timer publisher runs, by publisher id.
    private(set) var connectedTimers: [UInt32: ObjectID] = [:]
    private var nextChain = 0
    /// How many deliveries are running inside each other now.
    private var deliveryDepth = 0
    /// Deliveries nested deeper than this stop with Lua's "stack overflow": a subscriber
    /// that sets what its own key-value publisher watches recurses in Swift alone, with no
    /// Lua call between the levels to count them, and would otherwise overflow the host's
    /// stack (nothing a script does may crash the host). Lua's own C-call limit is 200.
    static let maxDeliveryDepth = 200
    var log = InvariantLog()

    init(_ heap: Heap) {
        self.heap = heap
    }

    /// Each live chain's objects are alive and its publisher (a subject or timer
    /// publisher, while alive) keeps its root subscription; and each connected timer
    /// publisher's timer is valid.
    func violations() -> [String] {
        var out = log.failures
        for (n, c) in chains.sorted(by: { $0.key < $1.key }) {
            if let dead = (c.stages + [c.subscriber]).first(where: { !heap.isAlive($0) }) {
                out.append("the live subscription chain \(n) has a deallocated member #\(dead)"); break
            }
            if case .publisher(let p, _) = c.root, heap.isAlive(p),
               (try? heap.objects(p, heap[Publisher.subscriptions]).contains(c.stages[0])) != true {
                out.append("the publisher #\(p) does not keep the root subscription of chain \(n)"); break
            }
        }
        for (p, t) in connectedTimers.sorted(by: { $0.key < $1.key }) where sim.timers.schedules[t.raw] == nil {
            out.append("the connected timer publisher #\(p) has no valid timer"); break
        }
        return out
    }

    // MARK: Publishers

    /// Records a new publisher object's kind.
    func made(_ publisher: ObjectID, _ kind: PublisherKind) { publishers[publisher.raw] = kind }

    /// The kind of the publisher `id`, or the error a script gets for anything else.
    func kind(of id: ObjectID, _ function: String) throws -> PublisherKind {
        guard let k = publishers[id.raw] else {
            throw SimError.badArgument(0, function, "\(heap.describe(id)) is not a publisher the model made")
        }
        return k
    }

    /// A publisher that makes a subscription per subscriber and hands it to another keeper
    /// (a center's publisher, a key-value publisher, a data task publisher). A key-value
    /// publisher keeps its object, as `NSObject.KeyValueObservingPublisher`'s struct does.
    func makeRoot(_ kind: PublisherKind) throws -> ObjectID {
        let p = heap.alloc(heap[Publisher.self])
        if case .keyValue(let object, _) = kind { try write(p, heap[Publisher.object], object) }
        publishers[p.raw] = kind
        return p
    }

    /// `obj:publisher(key)`, declared on NSObject: Combine's key-value publisher (rule 89).
    static let keyValuePublisherMethod = Method("publisher", swift: "publisher(for:options:)", .string("key"),
        returns: .object("Publisher"),
        summary: "Combine's publisher of a declared property: the current value, then each new one; each subscription is a key-value observation (rule 89).") { sim, inv in
        let key = inv.stringArgument(0) ?? ""
        guard sim.heap.classOf(inv.receiver).property(named: key) != nil else {
            throw SimError.badArgument(1, "publisher", "\(sim.heap.describe(inv.receiver)) has no property '\(key)'")
        }
        return .object(try sim.combine.makeRoot(.keyValue(object: inv.receiver, key: key)))
    }

    /// An operator's publisher over `upstream`: it keeps its upstream and its closure, as
    /// the operator's struct does.
    func makeOperator(_ op: CombineOperator, over upstream: ObjectID, transform: Value = .nil) throws -> ObjectID {
        _ = try kind(of: upstream, "operator")
        let p = heap.alloc(heap[Publisher.self])
        try write(p, heap[Publisher.upstream], upstream)
        try write(p, heap[Publisher.transform], transform)
        publishers[p.raw] = .op(op)
        return p
    }

    /// `autoconnect()`: only a timer publisher connects.
    func makeAutoconnect(over upstream: ObjectID) throws -> ObjectID {
        guard case .timer = try kind(of: upstream, "autoconnect") else {
            throw SimError.badArgument(0, "autoconnect", "only a timer publisher connects")
        }
        let p = heap.alloc(heap[Publisher.self])
        try write(p, heap[Publisher.upstream], upstream)
        publishers[p.raw] = .autoconnect
        return p
    }

    // MARK: Subscribing

    /// Subscribes `subscriber` (a `Sink` or `Assign` made for it) to `publisher` (rule 86):
    /// the root keeps the root subscription, each operator's stage keeps the next, the
    /// last keeps the subscriber; the returned `AnyCancellable` keeps the root. A
    /// `CurrentValueSubject` sends its value at once, a `Just` its value and `.finished`,
    /// a finished subject `.finished`.
    func subscribe(_ subscriber: ObjectID, to publisher: ObjectID) throws -> ObjectID {
        var operators: [(CombineOperator, Value)] = []
        var p = publisher
        var autoconnect = false
        var rootKind = try kind(of: p, "subscribe")
        walk: while true {
            switch rootKind {
            case .op(let o):
                operators.append((o, try heap.readSlot(p, Publisher.transform)))
            case .autoconnect:
                autoconnect = true
            default:
                break walk
            }
            guard let up = try object(p, Publisher.upstream), heap.isAlive(up) else {
                throw SimError.badArgument(0, "subscribe", "\(heap.describe(p)) has lost its upstream publisher")
            }
            p = up
            rootKind = try kind(of: p, "subscribe")
        }
        // Stages are made from the subscriber up, each keeping the one below it.
        var stages: [ObjectID] = []
        var ops: [CombineOperator?] = []
        var downstream = subscriber
        for (o, transform) in operators {
            let stage = heap.alloc(heap[Subscription.self])
            try write(stage, heap[Subscription.downstream], downstream)
            try write(stage, heap[Subscription.transform], transform)
            stages.insert(stage, at: 0)
            ops.insert(o, at: 0)
            downstream = stage
        }
        let root = heap.alloc(heap[Subscription.self])
        try write(root, heap[Subscription.downstream], downstream)
        stages.insert(root, at: 0)
        ops.insert(nil, at: 0)
        let cancellable = heap.alloc(heap[AnyCancellable.self])
        try write(cancellable, heap[AnyCancellable.subscription], root)
        nextChain += 1
        let n = nextChain
        chains[n] = SubscriptionChain(root: .none, stages: stages, operators: ops, subscriber: subscriber, cancellable: cancellable)
        chainOfRoot[root.raw] = n
        chainOfCancellable[cancellable.raw] = n
        // `prefix(0)` finishes its downstream as it is subscribed, and never subscribes upstream.
        if let i = ops.firstIndex(of: .prefix(0)) {
            try complete(n, from: i + 1)
            return cancellable
        }
        switch rootKind {
        case .subject:
            chains[n]?.root = .publisher(p, autoconnect: false)
            try heap.insertElement(root, into: p, heap[Publisher.subscriptions])
            if finishedSubjects.contains(p.raw) {
                try complete(n, from: 1)
            } else if heap.isKind(p, of: heap[CurrentValueSubject.self]) {
                try deliver(n, from: 1, try heap.readSlot(p, CurrentValueSubject.value))
            }
        case .timer(let interval):
            chains[n]?.root = .publisher(p, autoconnect: autoconnect)
            try heap.insertElement(root, into: p, heap[Publisher.subscriptions])
            if autoconnect && connectedTimers[p.raw] == nil { try connect(p, interval: interval) }
        case .just:
            try deliver(n, from: 1, try heap.readSlot(p, Just.output))
            try complete(n, from: 1)
        case .notification(let center, let name):
            guard heap.isAlive(center) else { break }
            // The observer's block holds the subscription weakly, as Combine's does: the
            // cancellable keeps the chain, and its end removes the observer.
            let block = try heap.makeBlock(weak: [root], body: .native { [unowned self] inv in
                try deliver(n, from: 1, inv.argument(1))
                return .nil
            })
            let token = try sim.notifications.addBlockObserver(center, name: name, object: nil, block: .object(block))
            chains[n]?.root = .observer(center: center, token: token)
        case .keyValue(let object, let key):
            guard heap.isAlive(object) else { break }
            // The observation's handler holds the subscription weakly, as Combine's does.
            let block = try heap.makeBlock(weak: [root], body: .native { [unowned self] inv in
                if case .dictionary(let change) = inv.argument(2), let new = change.first(where: { $0.key == .string("newValue") }) {
                    try deliver(n, from: 1, new.value)
                }
                return .nil
            })
            // Combine's publisher(for:) sends the current value first (options [.initial, .new]).
            let observation = try sim.keyValueObserving.observe(object, key: key, options: .array([.string("initial"), .string("new")]), handler: .object(block))
            // The initial value may have ended the chain already (`first()`): then nothing
            // is left to observe for.
            if chains[n] != nil { chains[n]?.root = .observation(observation) } else { try sim.keyValueObserving.invalidate(observation) }
        case .dataTask(let session, let url):
            guard heap.isAlive(session) else { break }
            let block = try heap.makeBlock(strong: [root], body: .native { [unowned self] inv in
                // The completion gets (captures…, data, response, error). The task is
                // completing by itself: the chain's end must not cancel it again.
                if chains[n] != nil { chains[n]?.root = .none }
                if inv.argument(3).isNil {
                    try deliver(n, from: 1, .dictionary(sorting: [Value.Entry(key: .string("data"), value: inv.argument(1)),
                                                              Value.Entry(key: .string("response"), value: inv.argument(2))]))
                    try complete(n, from: 1)
                } else {
                    try complete(n, from: 1, failure: inv.argument(3))
                }
                return .nil
            })
            let task = try sim.urlLoading.makeDataTask(in: session, url: url, completion: .object(block))
            chains[n]?.root = .task(task)
            try sim.urlLoading.resumeTask(task)
        case .op, .autoconnect:
            break
        }
        return cancellable
    }

    // MARK: Delivery

    /// Sends `value` down chain `n` from stage `index` (rule 88): each operator in turn,
    /// then the subscriber. `receive(on:)` and `debounce` go on from a run-loop event.
    func deliver(_ n: Int, from index: Int, _ value: Value) throws {
        guard deliveryDepth < Pipelines.maxDeliveryDepth else { throw SimError.stackOverflow }
        deliveryDepth += 1
        defer { deliveryDepth -= 1 }
        var v = value
        var i = index
        while true {
            guard let c = chains[n] else { return }
            guard i < c.stages.count else { break }
            guard let op = c.operators[i] else { i += 1; continue }
            let stage = c.stages[i]
            switch op {
            case .map:
                v = try call(try heap.readSlot(stage, Subscription.transform), v)
            case .filter:
                guard try call(try heap.readSlot(stage, Subscription.transform), v).isTruthy else { return }
            case .handleEvents:
                _ = try call(try heap.readSlot(stage, Subscription.transform), v)
            case .removeDuplicates:
                if let last = c.last[i], last == v { return }
                chains[n]?.last[i] = v
            case .receiveOn:
                let next = i + 1
                sim.runLoop.schedule(at: heap.now, label: sim.eventLabel("receive(on:) delivers")) { [unowned self] in
                    try deliver(n, from: next, v)
                }
                return
            case .debounce(let seconds):
                let generation = (c.debounces[i] ?? 0) &+ 1
                chains[n]?.debounces[i] = generation
                let here = i, next = i + 1
                sim.runLoop.schedule(after: seconds, label: sim.eventLabel("debounce delivers")) { [unowned self] in
                    guard chains[n]?.debounces[here] == generation else { return }
                    try deliver(n, from: next, v)
                }
                return
            case .first, .prefix:
                let limit: Int
                if case .prefix(let k) = op { limit = k } else { limit = 1 }
                let count = (c.counts[i] ?? 0) + 1
                chains[n]?.counts[i] = count
                guard count <= limit else { return }
                try deliver(n, from: i + 1, v)
                if count == limit { try complete(n, from: i + 1) }
                return
            }
            i += 1
        }
        guard let c = chains[n], heap.isAlive(c.subscriber) else { return }
        if heap.isKind(c.subscriber, of: heap[Assign.self]) {
            guard let object = try object(c.subscriber, Assign.object), heap.isAlive(object),
                  case .string(let key) = try heap.readSlot(c.subscriber, Assign.keyPath) else { return }
            try heap.set(object, key, v)
        } else {
            _ = try call(try heap.readSlot(c.subscriber, Sink.receiveValue), v)
        }
    }

    /// Sends the completion down chain `n` from stage `index`, then ends the chain (rule
    /// 87): `receive(on:)` delivers it from a run-loop event; the sink's
    /// `receiveCompletion` gets `"finished"`, or `{ failure = error }`.
    func complete(_ n: Int, from index: Int, failure: Value = .nil) throws {
        guard let c = chains[n] else { return }
        if let j = c.operators.indices.first(where: { $0 >= index && c.operators[$0] == .receiveOn }) {
            sim.runLoop.schedule(at: heap.now, label: sim.eventLabel("receive(on:) completes")) { [unowned self] in
                try complete(n, from: j + 1, failure: failure)
            }
            return
        }
        var firstError: Error?
        if heap.isAlive(c.subscriber), heap.isKind(c.subscriber, of: heap[Sink.self]) {
            let completion: Value = failure.isNil ? .string("finished") : .dictionary(sorting: [Value.Entry(key: .string("failure"), value: failure)])
            attempt(&firstError) { _ = try call(try heap.readSlot(c.subscriber, Sink.receiveCompletion), completion) }
        }
        attempt(&firstError) { try end(n) }
        if let firstError { throw firstError }
    }

    /// `send(value)` of a subject: delivered to each live subscription before it returns,
    /// in subscription order (rule 88); nothing after `.finished`.
    func send(_ subject: ObjectID, _ value: Value) throws {
        guard !finishedSubjects.contains(subject.raw) else { return }
        for root in try objects(subject, Publisher.subscriptions) {
            if let n = chainOfRoot[root.raw] { try deliver(n, from: 1, value) }
        }
    }

    /// `send(completion: .finished)` of a subject: each subscription completes and ends.
    func finish(_ subject: ObjectID) throws {
        guard finishedSubjects.insert(subject.raw).inserted else { return }
        var firstError: Error?
        for root in try objects(subject, Publisher.subscriptions) {
            if let n = chainOfRoot[root.raw] { attempt(&firstError) { try complete(n, from: 1) } }
        }
        if let firstError { throw firstError }
    }

    /// `CurrentValueSubject.value = v`: kept, then sent.
    func setValue(_ subject: ObjectID, _ value: Value) throws {
        try write(subject, heap[CurrentValueSubject.value], value)
        try send(subject, value)
    }

    /// Calls a closure the model keeps, with one argument, and returns its result.
    private func call(_ callback: Value, _ argument: Value) throws -> Value {
        switch callback {
        case .object(let block): return try heap.callBlock(block, [argument])
        case .foreign(let f): return try heap.foreignDispatcher?.call(f.box, [argument]) ?? .nil
        default: return .nil
        }
    }

    // MARK: Timers

    /// Connects a timer publisher: a repeating timer on the main run loop, whose target is
    /// the publisher, sends the time to each subscription at every firing (rule 89).
    private func connect(_ publisher: ObjectID, interval: Double) throws {
        let timer = try sim.timers.schedule(interval: interval, repeats: true, target: publisher, selector: Pipelines.timerFired,
                                            userInfo: .nil, block: .nil)
        connectedTimers[publisher.raw] = timer
    }

    /// The selector a timer publisher's timer sends it.
    static let timerFired = Selector("timerFired")

    /// A firing of a connected timer publisher's timer: the time, in virtual seconds, to
    /// each live subscription.
    func timerFired(_ publisher: ObjectID) throws {
        let now = Value.double(Double(heap.now) / 1e9)
        for root in try objects(publisher, Publisher.subscriptions) {
            if let n = chainOfRoot[root.raw] { try deliver(n, from: 1, now) }
        }
    }

    // MARK: Cancelling

    /// `cancel()` of an `AnyCancellable` (or its deinit): its chain ends, if it has not.
    func cancel(_ cancellable: ObjectID) throws {
        guard let n = chainOfCancellable[cancellable.raw] else { return }
        try end(n)
    }

    /// Whether `cancellable`'s chain is live (the reference role of its subscription).
    func isLive(_ cancellable: ObjectID) -> Bool { chainOfCancellable[cancellable.raw] != nil }

    /// Ends chain `n` (rule 87): the subscriber lets go of its closures or object, each
    /// stage of the next, the root's keeper of the root, the cancellable of the root; an
    /// autoconnected timer publisher left without subscriptions invalidates its timer.
    /// Each object is checked alive before it is written: a release may end another.
    func end(_ n: Int) throws {
        guard let c = chains.removeValue(forKey: n) else { return }
        chainOfRoot[c.stages[0].raw] = nil
        if let cc = c.cancellable { chainOfCancellable[cc.raw] = nil }
        var firstError: Error?
        if heap.isAlive(c.subscriber) {
            if heap.isKind(c.subscriber, of: heap[Assign.self]) {
                attempt(&firstError) { try write(c.subscriber, heap[Assign.object], nil) }
            } else {
                attempt(&firstError) { try write(c.subscriber, heap[Sink.receiveValue], .nil) }
                attempt(&firstError) { try write(c.subscriber, heap[Sink.receiveCompletion], .nil) }
            }
        }
        for s in c.stages.reversed() where heap.isAlive(s) {
            attempt(&firstError) { try write(s, heap[Subscription.downstream], nil) }
            attempt(&firstError) { try write(s, heap[Subscription.transform], .nil) }
        }
        switch c.root {
        case .publisher(let p, let autoconnect):
            if heap.isAlive(p) {
                attempt(&firstError) { _ = try heap.removeElement(c.stages[0], from: p, heap[Publisher.subscriptions]) }
                if autoconnect, heap.isAlive(p), (try? objects(p, Publisher.subscriptions).isEmpty) ?? true,
                   let t = connectedTimers.removeValue(forKey: p.raw) {
                    attempt(&firstError) { try sim.timers.invalidate(t) }
                }
            }
        case .observer(let center, let token):
            if heap.isAlive(center) {
                attempt(&firstError) { try sim.notifications.removeObserver(center, token, name: nil, object: nil, filtered: false) }
            }
        case .observation(let o):
            if heap.isAlive(o) { attempt(&firstError) { try sim.keyValueObserving.invalidate(o) } }
        case .task(let t):
            if heap.isAlive(t) { attempt(&firstError) { try sim.urlLoading.completeTask(t, error: URLLoading.cancelledError) } }
        case .none:
            break
        }
        if let cc = c.cancellable, heap.isAlive(cc) {
            attempt(&firstError) { try write(cc, heap[AnyCancellable.subscription], nil) }
        }
        if let firstError { throw firstError }
    }

    /// A publisher's dealloc: its kind and finished state go with it. A connected timer
    /// publisher never gets here, as its timer keeps it.
    func forget(_ id: ObjectID) {
        publishers[id.raw] = nil
        finishedSubjects.remove(id.raw)
    }

    /// `kitsim fix`'s trial of `sink { [weak self] … }` in place of `assign(to:on:)`: the
    /// Assign lets go of its object, as the weak sink would hold nothing once it has gone.
    func releaseObject(ofAssign assign: ObjectID) throws {
        guard heap.isAlive(assign), heap.isKind(assign, of: heap[Assign.self]) else { return }
        try write(assign, heap[Assign.object], nil)
    }

    // MARK: store(in:)

    /// `store(in: &owner.cancellables)`: the owner's strong property `name` keeps the
    /// cancellable, once, as Swift's `Set<AnyCancellable>` does.
    func store(_ cancellable: ObjectID, in owner: ObjectID, _ name: String) throws {
        guard let p = heap.classOf(owner).property(named: name) else {
            throw SimError.badArgument(2, "store", "\(heap.describe(owner)) has no property '\(name)'",
                                       hint: "declare it strong: subclass(\"…\", { \(name) = \"strong\" })")
        }
        guard p.ownership.retains else {
            throw SimError.badArgument(2, "store", "\(heap.describe(owner)).\(name) is not strong; the set of cancellables is a strong property")
        }
        let current = try heap.readSlot(owner, p)
        switch current {
        case .nil, .array: break
        default:
            let type = heap.describeType(of: current)
            throw SimError.badArgument(2, "store", "\(heap.describe(owner)).\(name) holds a value of type \(type), not a set of cancellables")
        }
        guard try !heap.objects(owner, p).contains(cancellable) else { return }
        try heap.insertElement(cancellable, into: owner, p)
    }
}

extension Value {
    /// Lua's truth: everything but nil and false.
    var isTruthy: Bool {
        switch self {
        case .nil: return false
        case .bool(let b): return b
        default: return true
        }
    }
}
