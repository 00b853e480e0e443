import KitSimLua

/// The order chooser of one explored run: it takes the choices it is told (`forced`, by
/// index, for the systematic search; `steps`, by label, for minimising), then asks `pick`
/// (a sampling strategy) or takes the default; it records every choice offered and every
/// event that ran.
final class OrderRecorder: OrderChooser {
    /// One choice of the run: the events offered (default first) and the index run.
    struct Choice: Equatable {
        let offered: [PendingEvent]
        let chosen: Int
    }

    /// A choice of the systematic search as it stands between runs: what was offered, what
    /// runs, and the reduction's sets — the events asleep here (equivalent to an order
    /// already run, Godefroid's sleep sets) and those already explored from here, each with
    /// the footprint of its step.
    struct Node {
        var offered: [PendingEvent]
        var chosen: Int
        var sleep: [Explored] = []
        var done: [Explored] = []
    }

    /// An event explored (or asleep) at a choice, with its step's footprint.
    struct Explored: Equatable {
        let sequence: UInt64
        let footprint: Footprint
    }

    /// Thrown when every event offered is asleep: the rest of the run is equivalent to an
    /// order already run, so it stops (`pruned`).
    struct Pruned: Error {}

    private let forcedCount: Int
    private let steps: [String]?
    private let pick: (([PendingEvent], Int) -> Int)?
    /// Whether the run measures its steps' footprints for the reduction.
    let reduces: Bool
    /// The search's choices: the prefix it was given, then the ones this run made.
    private(set) var nodes: [Node]
    /// The footprint of the step each choice began (nil until the step ended).
    private(set) var footprints: [Footprint?] = []
    private(set) var events: [ExploredEvent] = []
    /// A forced choice met other events than the first time: the script is not
    /// deterministic.
    private(set) var diverged = false
    /// Every event offered at a choice was asleep: the run stopped there.
    private(set) var pruned = false
    private var lastChosen: PendingEvent?
    private var ranAhead: [String] = []
    private weak var sandbox: LuaSandbox?
    private var segment = (events: 0, lua: 0, shared: 0)

    /// A run of the systematic search from `prefix` (its choices made as they are), with
    /// the reduction when `reduces`.
    init(prefix: [Node], reduces: Bool) {
        nodes = prefix
        forcedCount = prefix.count
        steps = nil
        pick = nil
        self.reduces = reduces
    }

    /// A run that makes the choices `forced` (by index), then `steps` (by label), then
    /// asks `pick` or takes the default.
    init(forced: [Int] = [], steps: [String]? = nil, pick: (([PendingEvent], Int) -> Int)? = nil) {
        nodes = forced.map { Node(offered: [], chosen: $0) }
        forcedCount = forced.count
        self.steps = steps
        self.pick = pick
        reduces = false
    }

    /// Watches `sandbox`'s trace and counters for the steps' footprints.
    func attach(_ sandbox: LuaSandbox) {
        self.sandbox = sandbox
        startSegment()
    }

    private func startSegment() {
        guard reduces, let sb = sandbox else { return }
        segment = (sb.heap.events.count, sb.luaEntries, sb.heap.sharedStateWrites)
        sb.heap.messagedObjects?.removeAll(keepingCapacity: true)
    }

    /// The footprint of the step since the last choice.
    private func endSegment(everything: Bool) -> Footprint {
        guard reduces, let sb = sandbox, !everything else { return .everything }
        let log = sb.heap.events
        return Footprint.of(log, segment.events..<log.count, messaged: sb.heap.messagedObjects ?? [],
                            ranScript: sb.luaEntries != segment.lua, shared: sb.heap.sharedStateWrites != segment.shared)
    }

    func choose(_ offered: [PendingEvent], now: Int64) throws -> Int {
        // A script that caught the stop (`pcall(sim.run, 1)`) is stopped again.
        if pruned { throw Pruned() }
        let k = footprints.count
        if k > 0, footprints[k - 1] == nil {
            // The end of a run hands control back to the script: it touches everything.
            footprints[k - 1] = endSegment(everything: chosenEvent(at: k - 1)?.isEndOfRun ?? true)
        }
        var i = 0
        if k < forcedCount {
            i = nodes[k].chosen
            if i >= offered.count || (!nodes[k].offered.isEmpty && nodes[k].offered.map(\.label) != offered.map(\.label)) {
                diverged = true
                i = min(i, offered.count - 1)
            }
            nodes[k].offered = offered
            nodes[k].chosen = i
        } else {
            var sleep: [Explored] = []
            if reduces, k > 0, let step = footprints[k - 1] {
                sleep = (nodes[k - 1].sleep + nodes[k - 1].done).filter { $0.footprint.commutes(with: step) }
            }
            let asleep = Set(sleep.map(\.sequence))
            if let steps {
                // A minimising run replays labels after a changed choice, so a step's event
                // may not be offered at its choice; the default runs, and the recorded
                // choices say which order the run took.
                if k < steps.count, let j = offered.firstIndex(where: { $0.label == steps[k] }) { i = j }
            } else if let pick {
                i = min(max(pick(offered, k), 0), offered.count - 1)
            } else if reduces {
                guard let awake = offered.firstIndex(where: { !asleep.contains($0.sequence) }) else {
                    pruned = true
                    throw Pruned()
                }
                i = awake
            }
            nodes.append(Node(offered: offered, chosen: i, sleep: sleep))
        }
        footprints.append(nil)
        lastChosen = offered[i]
        ranAhead = offered[..<i].map(\.label)
        startSegment()
        return i
    }

    /// Ends the last step when the run is over: `complete` when the script ran to its end.
    func finish(complete: Bool) {
        if let last = footprints.indices.last, footprints[last] == nil {
            footprints[last] = endSegment(everything: !complete || (chosenEvent(at: last)?.isEndOfRun ?? true))
        }
    }

    private func chosenEvent(at k: Int) -> PendingEvent? {
        guard nodes.indices.contains(k), nodes[k].offered.indices.contains(nodes[k].chosen) else { return nil }
        return nodes[k].offered[nodes[k].chosen]
    }

    func ran(_ event: PendingEvent, at time: Int64) {
        // The label it was offered under, ` #2` and all, when a choice picked it.
        let picked = lastChosen?.sequence == event.sequence
        events.append(ExploredEvent(label: picked ? lastChosen?.label ?? event.label : event.label, time: time,
                                    earliest: event.earliest, latest: event.latest, ranAhead: picked ? ranAhead : []))
        lastChosen = nil
        ranAhead = []
    }

    /// The choices of the run, first first (those it reached: a pruned or failed run may
    /// stop before a forced one).
    var choices: [Choice] {
        nodes.prefix(footprints.count).map { Choice(offered: $0.offered, chosen: $0.chosen) }
    }

    /// The indices chosen, first choice first.
    var indices: [Int] { choices.map(\.chosen) }

    /// Delays: each event skipped in favour of a later one of the default order.
    var delays: Int { choices.reduce(0) { $0 + $1.chosen } }

    /// The labels chosen at every choice.
    var labels: [String] { choices.map { $0.offered[$0.chosen].label } }

    /// The schedule that replays this order: the labels up to the last choice that was not
    /// the default.
    var schedule: Schedule {
        let c = choices
        guard let last = c.lastIndex(where: { $0.chosen != 0 }) else { return Schedule(steps: []) }
        return Schedule(steps: Array(labels[...last]))
    }

    var order: ExploredOrder { ExploredOrder(events: events, schedule: schedule, delays: delays) }
}
