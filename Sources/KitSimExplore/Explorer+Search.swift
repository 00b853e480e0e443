import KitSimLua

extension Explorer {
    /// What the search of one profile has found so far.
    struct Findings {
        /// The first failing run of each headline, in the order found, with how many failed so.
        var failures: [(run: Run, count: Int)] = []
        var goals: [String] = []
        var reached: Set<String> = []
        var orders = 0
        var nondeterministic = false
        var defaultOrder: ExploredOrder?

        mutating func add(_ run: Run) {
            orders += 1
            if defaultOrder == nil, run.recorder.delays == 0 { defaultOrder = run.recorder.order }
            if run.recorder.diverged { nondeterministic = true }
            for g in run.goals {
                if !goals.contains(g.message) { goals.append(g.message) }
                if g.reached { reached.insert(g.message) }
            }
            guard let f = run.failure else { return }
            if let i = failures.firstIndex(where: { $0.run.failure?.headline == f.headline && $0.run.failure?.kind == f.kind }) {
                failures[i].count += 1
            } else {
                failures.append((run, 1))
            }
        }
    }

    /// Explores profile `ios` with the chosen strategy, then minimises each failure found.
    func explore(ios: Int) throws -> ExploreProfileResult {
        var findings = Findings()
        var exhaustive = false
        var saved = 0
        switch options.strategy {
        case .dfs:
            (exhaustive, saved) = try systematic(ios: ios, &findings)
        case .random, .pct:
            try sample(ios: ios, &findings)
        }
        if findings.defaultOrder == nil {
            findings.defaultOrder = try runOrder(ios: ios, recorder: OrderRecorder()).recorder.order
        }
        let defaultOrder = findings.defaultOrder ?? ExploredOrder(events: [], schedule: Schedule(steps: []), delays: 0)
        var failures: [ExploreFailure] = []
        for (first, count) in findings.failures {
            guard let f = first.failure else { continue }
            let best = try minimise(ios: ios, first)
            failures.append(ExploreFailure(kind: f.kind, headline: f.headline, report: best.report, order: best.recorder.order,
                                           defaultOrder: defaultOrder, ios: ios, count: count))
        }
        return ExploreProfileResult(ios: ios, orders: findings.orders, exhaustive: exhaustive, savedByReduction: saved,
                                    failures: failures, unreachedGoals: findings.goals.filter { !findings.reached.contains($0) },
                                    nondeterministic: findings.nondeterministic)
    }

    // MARK: The systematic search

    /// `dfs`: every order within the delay bound, depth first, the default order first
    /// (CHESS's and Coyote's delay-bounded search). A run is replayed from the start with the
    /// choices of its prefix made. With the reduction, an event whose step commutes with the
    /// one taken instead (`Footprint.commutes`) sleeps below it until a step that does not
    /// commute with it wakes it (Godefroid's sleep sets): the orders it would start are
    /// equivalent to ones already run. Returns whether the search ran every order within
    /// the bound (not cut short by the budget) and at least how many orders the reduction
    /// saved (each branch it skipped holds one or more).
    func systematic(ios: Int, _ findings: inout Findings) throws -> (exhaustive: Bool, saved: Int) {
        var units: [[Int]] = [[]]
        if let shard = options.shard, shard.count > 1 {
            units = try shardUnits(ios: ios, count: shard.count).enumerated()
                .filter { $0.offset % shard.count == shard.index - 1 }.map(\.element)
        }
        var saved = 0
        for unit in units {
            var prefix = unit.map { OrderRecorder.Node(offered: [], chosen: $0) }
            while true {
                guard findings.orders < options.budget else { return (false, saved) }
                let recorder = OrderRecorder(prefix: prefix, reduces: options.reduction)
                let run = try runOrder(ios: ios, recorder: recorder)
                if recorder.pruned { saved += 1 } else { findings.add(run) }
                guard let next = Self.next(after: recorder, floor: unit.count, bound: options.delays, saved: &saved) else { break }
                prefix = next
            }
        }
        return (true, saved)
    }

    /// The prefix of the next order of the depth-first search after `recorder`'s run: at
    /// the deepest choice at or after `floor` with an event neither explored there nor
    /// asleep, within the bound, the first such event; nil when there is none. The events
    /// a choice leaves asleep when it is done with count in `saved`.
    static func next(after recorder: OrderRecorder, floor: Int, bound: Int, saved: inout Int) -> [OrderRecorder.Node]? {
        var nodes = Array(recorder.nodes.prefix(recorder.footprints.count))
        var delaysBefore = [Int](repeating: 0, count: nodes.count + 1)
        for (j, n) in nodes.enumerated() { delaysBefore[j + 1] = delaysBefore[j] + n.chosen }
        var j = nodes.count - 1
        while j >= floor {
            let n = nodes[j]
            let step = recorder.footprints[j] ?? .everything
            nodes[j].done.append(.init(sequence: n.offered[n.chosen].sequence, footprint: step))
            let done = Set(nodes[j].done.map(\.sequence)), asleep = Set(n.sleep.map(\.sequence))
            let within = n.offered.indices.filter { delaysBefore[j] + $0 <= bound }
            if let i = within.first(where: { !done.contains(n.offered[$0].sequence) && !asleep.contains(n.offered[$0].sequence) }) {
                nodes[j].chosen = i
                return Array(nodes[...j])
            }
            saved += within.filter { asleep.contains(n.offered[$0].sequence) && !done.contains(n.offered[$0].sequence) }.count
            j -= 1
        }
        return nil
    }

    /// The parts a sharded search splits into: prefixes of choices, each the root of a
    /// subtree of the search, found by opening the shallowest one until there are four
    /// per shard (or the search has no more). Every order lies in exactly one, so the
    /// shards' union is the whole search; each shard opens the same ones, in the same
    /// order, so they agree on the split without talking.
    func shardUnits(ios: Int, count: Int) throws -> [[Int]] {
        var open: [[Int]] = [[]]
        var closed: [[Int]] = []
        while !open.isEmpty, open.count + closed.count < 4 * count {
            let i = open.indices.min { (open[$0].count, $0) < (open[$1].count, $1) } ?? 0
            let prefix = open.remove(at: i)
            let recorder = OrderRecorder(forced: prefix)
            _ = try runOrder(ios: ios, recorder: recorder)
            guard recorder.choices.count > prefix.count else { closed.append(prefix); continue }
            let spent = prefix.reduce(0, +)
            for k in 0..<recorder.choices[prefix.count].offered.count where spent + k <= options.delays {
                open.append(prefix + [k])
            }
        }
        return (open + closed).sorted { $0.lexicographicallyPrecedes($1) }
    }

    // MARK: Sampling

    /// `random` and `pct`: `budget` orders, the default one first, each drawn from the seed
    /// and its number, so a seed names the same orders on every machine. `random` picks
    /// uniformly at each choice; `pct` (Burckhardt et al., ASPLOS 2010) gives each event a
    /// random priority and runs the highest, lowering the running one's at `delays`
    /// change points drawn over the default order's choices.
    func sample(ios: Int, _ findings: inout Findings) throws {
        let first = try runOrder(ios: ios, recorder: OrderRecorder())
        findings.add(first)
        let length = max(first.recorder.choices.count, 1)
        var seen: Set<[Int]> = [first.recorder.indices]
        var k: UInt64 = 0
        while findings.orders < options.budget, k < UInt64(options.budget) * 4 {
            k += 1
            var rng = SplitMix64(seed: options.seed ^ (k &* 0x9E37_79B9_7F4A_7C15))
            let recorder: OrderRecorder
            switch options.strategy {
            case .pct:
                var priorities: [UInt64: UInt64] = [:]
                let changes = Set((0..<max(options.delays, 1)).map { _ in rng.below(length) })
                var lowered: UInt64 = 0
                recorder = OrderRecorder { offered, choice in
                    for e in offered where priorities[e.sequence] == nil { priorities[e.sequence] = rng.next() | (1 << 63) }
                    var best = 0
                    for (i, e) in offered.enumerated() where (priorities[e.sequence] ?? 0) > (priorities[offered[best].sequence] ?? 0) { best = i }
                    if changes.contains(choice) {
                        lowered += 1
                        priorities[offered[best].sequence] = lowered
                        best = 0
                        for (i, e) in offered.enumerated() where (priorities[e.sequence] ?? 0) > (priorities[offered[best].sequence] ?? 0) { best = i }
                    }
                    return best
                }
            default:
                recorder = OrderRecorder { offered, _ in rng.below(offered.count) }
            }
            let run = try runOrder(ios: ios, recorder: recorder)
            // Distinct orders only: a sample that repeats one is not counted again.
            guard seen.insert(run.recorder.indices).inserted else { continue }
            findings.add(run)
        }
    }

    // MARK: Minimising

    /// The failing order made smaller: each choice that was not the default is tried as
    /// the default, then as the event one place earlier, and kept when the run still
    /// fails the same way with fewer delays (or as many, and fewer events moved); until no
    /// change helps. The result is checked by replaying its schedule as `kitsim run
    /// --schedule` would, whose report it carries.
    func minimise(ios: Int, _ failing: Run) throws -> Run {
        guard let target = failing.failure else { return failing }
        func same(_ r: Run) -> Bool { r.failure?.kind == target.kind && r.failure?.headline == target.headline }
        func better(_ a: OrderRecorder, than b: OrderRecorder) -> Bool {
            (a.delays, a.order.movedCount) < (b.delays, b.order.movedCount)
        }
        var best = failing
        var tries = 0
        var improved = true
        while improved, tries < 200 {
            improved = false
            let choices = best.recorder.choices
            for j in choices.indices.reversed() where choices[j].chosen > 0 {
                for replacement in [0, choices[j].chosen - 1] where replacement < choices[j].chosen {
                    var steps = best.recorder.labels
                    steps[j] = choices[j].offered[replacement].label
                    tries += 1
                    let candidate = try runOrder(ios: ios, recorder: OrderRecorder(steps: steps))
                    if same(candidate), better(candidate.recorder, than: best.recorder) {
                        best = candidate
                        improved = true
                        break
                    }
                }
                if improved { break }
            }
        }
        // The replay a user runs: its report is the one to show, and it must fail the same way.
        let replay = ScheduleReplay(best.recorder.schedule)
        let (outcome, sandbox) = try runScenario(ios: ios, replay)
        defer { sandbox.close() }
        let failure = Self.failure(of: outcome, sandbox)
        guard failure?.kind == target.kind, failure?.headline == target.headline else { return best }
        return Run(recorder: best.recorder, outcome: outcome, failure: failure, report: Self.report(of: outcome, sandbox, failure),
                   goals: sandbox.goals)
    }
}
