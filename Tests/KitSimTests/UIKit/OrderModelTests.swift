import Testing
@testable import KitSim
import KitSimRuntime

/// The model of time and order (docs/explore.md): which pending events the run loop offers
/// an explorer, in the default order; schedules' text.
@Suite struct OrderModelTests {
    /// A timer: earliest and latest moments in tenths of a second, and its label.
    typealias T = (earliest: Int64, latest: Int64, label: String)

    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let timers: [(Int64, Int64, String)]
        let end: Int64
        let offered: [String]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "certain timers offer only the first", timers: [(2, 2, "b"), (1, 1, "a"), (1, 1, "c")], end: 10, offered: ["a"]),
        Case(name: "an uncertain one beside the first certain", timers: [(0, 6, "tap"), (2, 2, "anim")], end: 10, offered: ["tap", "anim"]),
        Case(name: "not after the earliest deadline", timers: [(3, 6, "late"), (2, 2, "anim")], end: 10, offered: ["anim"]),
        Case(name: "a deadline before a certain timer forces the uncertain one", timers: [(0, 1, "tap"), (2, 2, "anim")], end: 10, offered: ["tap"]),
        Case(name: "the run may end first when everything may wait", timers: [(0, 20, "response")], end: 10, offered: ["response", "end of sim.run"]),
        Case(name: "no end while an event is due by it", timers: [(0, 10, "response")], end: 10, offered: ["response"]),
        Case(name: "events not yet due leave only the end", timers: [(12, 20, "later")], end: 10, offered: ["end of sim.run"]),
        Case(name: "shared labels are numbered in scheduling order", timers: [(0, 5, "tap"), (0, 5, "tap"), (1, 5, "tap")], end: 10,
             offered: ["tap", "tap #2", "tap #3"]),
        Case(name: "default order: earliest first, then scheduled first", timers: [(3, 8, "x"), (1, 9, "y"), (1, 9, "z")], end: 10,
             offered: ["y", "z", "x"]),
    ]

    @Test(arguments: cases) func theRunLoopOffers(_ c: Case) {
        Simulator.checksInvariants = true
        var q = RunLoopQueues()
        for (lo, hi, label) in c.timers { q.schedule(at: lo * 100_000_000, latest: hi * 100_000_000, label: label) {} }
        #expect(q.candidates(until: c.end * 100_000_000).map(\.label) == c.offered)
        #expect(q.violations().isEmpty)
    }

    @Test func removingAnUncertainTimerKeepsTheCount() {
        Simulator.checksInvariants = true
        var q = RunLoopQueues()
        q.schedule(at: 0, latest: 5, label: "a") {}
        q.schedule(at: 1, label: "b") {}
        let offered = q.candidates(until: 10)
        #expect(q.uncertainCount == 1)
        #expect(q.remove(sequence: offered[0].sequence)?.label == "a")
        #expect(q.uncertainCount == 0)
        #expect(q.violations().isEmpty)
    }

    @Test func aChooserPicksAndHearsEveryEvent() throws {
        let h = try UIKitHarness()
        final class Last: OrderChooser {
            var offers: [[String]] = []
            var ran: [String] = []
            func choose(_ candidates: [PendingEvent], now: Int64) throws -> Int {
                offers.append(candidates.map(\.label))
                return candidates.count - 1
            }
            func ran(_ event: PendingEvent, at time: Int64) { ran.append(event.label) }
        }
        let chooser = Last()
        h.heap.orderChooser = chooser
        var order: [String] = []
        h.sim.atUncertainMoment(between: 0, and: 1, label: "early") { order.append("early") }
        h.sim.atUncertainMoment(between: 0.5, and: 2, label: "late") { order.append("late") }
        try h.sim.run(3)
        // The only choice: both windows are open before the earliest deadline (1 s), and the
        // run may not end first; "late" runs first at 0.5 s, then "early" is all that is left.
        #expect(chooser.offers == [["early", "late"]])
        #expect(order == ["late", "early"])
        #expect(chooser.ran == ["late", "early"])
        #expect(h.sim.now == 3)
        try h.verify()
    }

    @Test func schedulesReadAndWriteTheirText() {
        #expect(Schedule(parsing: "tap B; transition end (a.lua:3)")?.steps == ["tap B", "transition end (a.lua:3)"])
        #expect(Schedule(parsing: "  ")?.steps == [])
        #expect(Schedule(parsing: "a;;b") == nil)
        #expect(Schedule(steps: ["a", "b"]).description == "a; b")
        #expect(Schedule.problem(withLabel: "a;b") != nil)
        #expect(Schedule.problem(withLabel: "a\nb") != nil)
        #expect(Schedule.problem(withLabel: " a") != nil)
        #expect(Schedule.problem(withLabel: "tap B") == nil)
    }

    @Test func aReplayThatNoLongerFitsSaysWhere() throws {
        let replay = ScheduleReplay(Schedule(steps: ["b", "c"]))
        let offered = [PendingEvent(label: "a", earliest: 0, latest: 0, sequence: 1), PendingEvent(label: "b", earliest: 0, latest: 500_000_000, sequence: 2)]
        #expect(try replay.choose(offered, now: 0) == 1)
        #expect(throws: SimError.script(.scheduleDiverged(step: 2, wanted: "c", offered: ["a (0 s)", "b (0–0.5 s)"]))) {
            try replay.choose(offered, now: 0)
        }
        let unfinished = ScheduleReplay(Schedule(steps: ["b", "c"]))
        _ = try unfinished.choose(offered, now: 0)
        #expect(throws: SimError.script(.scheduleUnfinished(met: 1, steps: 2, next: "c"))) { try unfinished.scriptEnded() }
    }
}
