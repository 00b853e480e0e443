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

    private let forced: [Int]
    private let steps: [String]?
    private let pick: (([PendingEvent], Int) -> Int)?
    private(set) var choices: [Choice] = []
    private(set) var events: [ExploredEvent] = []
    /// A forced index beyond the events offered: the same choices met different events
    /// in two runs, so the script is not deterministic.
    private(set) var diverged = false
    private var lastChosen: PendingEvent?
    private var ranAhead: [String] = []

    init(forced: [Int] = [], steps: [String]? = nil, pick: (([PendingEvent], Int) -> Int)? = nil) {
        self.forced = forced
        self.steps = steps
        self.pick = pick
    }

    func choose(_ offered: [PendingEvent], now: Int64) throws -> Int {
        let k = choices.count
        var i = 0
        if k < forced.count {
            i = forced[k]
            if i >= offered.count { diverged = true; i = 0 }
        } else if let steps {
            // Minimising changes earlier choices, so a later step's event may not be offered
            // where it was: the default then, and the run says what it became.
            if k < steps.count, let j = offered.firstIndex(where: { $0.label == steps[k] }) { i = j }
        } else if let pick {
            i = min(max(pick(offered, k), 0), offered.count - 1)
        }
        choices.append(Choice(offered: offered, chosen: i))
        lastChosen = offered[i]
        ranAhead = offered[..<i].map(\.label)
        return i
    }

    func ran(_ event: PendingEvent, at time: Int64) {
        // The label it was offered under, ` #2` and all, when a choice picked it.
        let label = lastChosen?.sequence == event.sequence && lastChosen?.earliest == event.earliest ? lastChosen?.label ?? event.label : event.label
        events.append(ExploredEvent(label: label, time: time, earliest: event.earliest, latest: event.latest,
                                    ranAhead: lastChosen?.sequence == event.sequence ? ranAhead : []))
        lastChosen = nil
        ranAhead = []
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
        guard let last = choices.lastIndex(where: { $0.chosen != 0 }) else { return Schedule(steps: []) }
        return Schedule(steps: Array(labels[...last]))
    }

    var order: ExploredOrder { ExploredOrder(events: events, schedule: schedule, delays: delays) }
}
