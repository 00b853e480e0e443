extension Heap {
    /// A cycle longer than this is labelled without the model's statuses (`leakTrace(cycle:)`).
    static let maxStatusQueries = 64

    /// The base name of a reference: `observers` for `observers[1]`, `animations` for
    /// `animations["spin"]`: a fix changes the declaration, whatever element it holds.
    public static func baseName(_ name: String) -> String {
        guard let bracket = name.firstIndex(of: "[") else { return name }
        return String(name[..<bracket])
    }

    /// What `r` is to the code that made it (`ReferenceRole`): a closure's or block's
    /// capture is known here; the model names its framework's references and the kinds it
    /// knows; any other reference from an object to one with a lower id in the same cycle
    /// is taken for a back reference (objects are made after those that own them).
    public func role(of r: Reference) -> ReferenceRole {
        if closureSites[r.owner.raw] != nil || blockCaptureNumber(r.owner, r.name) != nil { return .capture }
        if let known = referenceRole?(r) { return known }
        return .ordinary
    }

    /// The declaration a fix of `r` changes (`SuspectKey`).
    public func suspectKey(_ r: Reference) -> SuspectKey {
        if let site = closureSites[r.owner.raw] {
            return SuspectKey(kind: .capture, owner: site, name: Heap.baseName(r.name))
        }
        if let number = blockCaptureNumber(r.owner, r.name) {
            if let site = blockSites[r.owner.raw] { return SuspectKey(kind: .blockCapture, owner: site, name: String(number)) }
            return SuspectKey(kind: .anonymousCapture, owner: "NSBlock", name: String(number))
        }
        var base = Heap.baseName(r.name)
        if let body = frameLocalsProperty, r.name.hasPrefix(Heap.frameLocalPrefix) { base = body }
        guard isValid(r.owner) else { return SuspectKey(kind: .property, owner: "?", name: base) }
        // The class that declares the property: changing its declaration changes every
        // subclass's, as `--weaken` does.
        let cls = classOf(r.owner)
        let declaring = cls.property(named: base)?.declaringClassName ?? cls.name
        return SuspectKey(kind: .property, owner: declaring, name: base)
    }

    /// The model's status of `id`, `unknown` without one.
    public func leakStatus(of id: ObjectID) -> LeakStatus {
        guard isAlive(id) else { return .unknown }
        return leakStatusProvider?(id) ?? .unknown
    }

    /// LeakCanary's labels on one retain path to a leaked object (`leaked`, with the reason
    /// it leaks): the model's status of each object, the root not leaking, then the
    /// statuses propagated (before the last object that is not leaking nothing leaks; after
    /// the first leaking one after it everything does), and the suspects between them. A
    /// path that starts at no root starts at an object a cycle keeps: nothing before it
    /// is known, so its suspects start at its first reference.
    public func leakTrace(path steps: [Reference], leaked: ObjectID, because reason: String) -> LeakTrace {
        let objects = (steps.first.map { [$0.owner] } ?? [leaked]) + steps.map(\.target)
        let first = objects[0]
        let rootReasons = steps.isEmpty ? [] : rootReasons(of: first)
        let fromRoot = !rootReasons.isEmpty
        var raw = objects.map { leakStatus(of: $0) }
        if fromRoot, !raw[0].isNotLeaking, !raw[0].isLeaking {
            raw[0] = .notLeaking("a root (" + rootReasons.joined(separator: ", ") + ")")
        }
        raw[raw.count - 1] = .leaking(reason)
        let lastNot = raw.lastIndex { $0.isNotLeaking } ?? 0
        let firstLeak = raw[lastNot...].dropFirst().firstIndex { $0.isLeaking } ?? raw.count - 1
        var nodes: [LeakTrace.Node] = []
        for (i, id) in objects.enumerated() {
            switch raw[i] {
            case .unknown where i < lastNot:
                nodes.append(.init(object: id, status: .notLeaking("\(describe(objects[i + 1]))↓ is not leaking"), inferred: true))
            case .unknown where i > firstLeak:
                nodes.append(.init(object: id, status: .leaking("\(describe(objects[i - 1]))↑ is leaking"), inferred: true))
            default:
                nodes.append(.init(object: id, status: raw[i], inferred: false))
            }
        }
        let span = Array(lastNot..<max(lastNot, firstLeak))
        return LeakTrace(nodes: nodes, references: steps, suspects: suspects(among: span, of: steps),
                         rootReasons: rootReasons, fromRoot: fromRoot)
    }

    /// A cycle no root reaches as a trace: every member leaks (an abandoned controller for
    /// the model's reason, the others because the cycle keeps them), and the suspects are
    /// the cycle's references the app's code made.
    public func leakTrace(cycle c: Leak.Cycle) -> LeakTrace {
        // The model's statuses may walk the heap per object: a ring of a million objects
        // is labelled by the cycle alone.
        let asksModel = c.members.count <= Heap.maxStatusQueries
        let nodes = c.members.map { id -> LeakTrace.Node in
            let known = asksModel ? leakStatus(of: id) : .unknown
            return .init(object: id, status: known.isLeaking ? known : .leaking("in a retain cycle no root reaches"), inferred: !known.isLeaking)
        }
        return LeakTrace(nodes: nodes, references: c.edges, suspects: suspects(among: Array(c.edges.indices), of: c.edges),
                         rootReasons: [], fromRoot: false)
    }

    /// The suspects among `span`: the references the app's code made, or all of them when
    /// the framework's own are all there is (the leak is then in the order of calls, and
    /// the references still say where).
    private func suspects(among span: [Int], of steps: [Reference]) -> [Int] {
        let own = span.filter { role(of: steps[$0]) != .framework }
        return own.isEmpty ? span : own
    }

    /// Every trace of a leak: one per path that keeps an abandoned controller alive (every
    /// owner must let go), the cycle itself for a cycle.
    public func leakTraces(_ leak: Leak) -> [LeakTrace] {
        switch leak.payload {
        case .cycle(let c): return [leakTrace(cycle: c)]
        case .abandoned(let a):
            let reason = describe(a.departure) + " at \(formatTime(a.leftAt)) s, still alive \(formatTime(a.aliveFor)) s later"
            // A controller a root holds itself (a pending `perform(_:afterDelay:)`) has no path:
            // its trace is the controller, and the hold says who has it.
            if a.paths.isEmpty {
                let holds = rootReasons(of: a.controller)
                let held = holds.isEmpty ? "" : "; held by " + holds.joined(separator: ", ")
                return [LeakTrace(nodes: [.init(object: a.controller, status: .leaking(reason + held), inferred: false)], references: [],
                                  suspects: [], rootReasons: holds, fromRoot: !holds.isEmpty)]
            }
            return a.paths.map { leakTrace(path: $0, leaked: a.controller, because: reason) }
        }
    }

    /// The declarations of a leak's suspects, sorted: its signature.
    public func signature(of traces: [LeakTrace]) -> [SuspectKey] {
        var keys = Set<SuspectKey>()
        for t in traces { for i in t.suspects { keys.insert(suspectKey(t.references[i])) } }
        return keys.sorted()
    }

    /// Leaks grouped by signature, in the order of each group's first leak.
    public func leakGroups(_ leaks: [Leak]) -> [LeakGroup] {
        var order: [[SuspectKey]] = []
        var members: [[SuspectKey]: (leaks: [Leak], traces: [LeakTrace], objects: [ObjectID])] = [:]
        for leak in leaks {
            let traces = leakTraces(leak)
            let key = signature(of: traces)
            if members[key] == nil { order.append(key); members[key] = ([], [], []) }
            members[key]?.leaks.append(leak)
            members[key]?.traces.append(contentsOf: traces)
            for o in leak.objects where members[key]?.objects.contains(o) == false { members[key]?.objects.append(o) }
        }
        return order.compactMap { key in
            members[key].map { LeakGroup(signature: key, leaks: $0.leaks, traces: $0.traces, objects: $0.objects) }
        }
    }
}
