/// An event a run loop may run next, as an `OrderChooser` is offered it: a timer, a block
/// on the main queue, a user's action at an uncertain moment, or the end of a
/// `sim.run(seconds)`.
///
/// An event runs at its `earliest` time or later, and at its `latest` time at the
/// latest; an event whose time is certain has both equal. The run loop offers the events
/// that may run next in the default order (the first one offered is the one a run without
/// a chooser runs): by earliest time, ties in the order they were scheduled, the end of a
/// run after every event due at its time.
public struct PendingEvent: Equatable, Sendable, CustomStringConvertible {
    /// What the event is, unique among the events offered with it: `tap push (seed.lua:12)`,
    /// `transition end`; a second event of the same name offered at the same time gets
    /// ` #2`, a third ` #3`, in the order they were scheduled.
    public let label: String
    /// The earliest virtual time it may run, in nanoseconds.
    public let earliest: Int64
    /// The latest virtual time it may run, in nanoseconds (`earliest` when certain).
    public let latest: Int64
    /// The order it was scheduled in, from 1; 0 for the end of a run.
    public let sequence: UInt64

    public init(label: String, earliest: Int64, latest: Int64, sequence: UInt64) {
        self.label = label
        self.earliest = earliest
        self.latest = latest
        self.sequence = sequence
    }

    /// The label the end of a `sim.run` is offered under.
    public static let endOfRunLabel = "end of sim.run"

    /// Whether this stands for the end of a `sim.run(seconds)`: choosing it leaves the
    /// other events pending for a later run.
    public var isEndOfRun: Bool { sequence == 0 }

    /// `tap push (0.1–0.6 s)`, `transition end (0.35 s)`: the label and when it may run.
    public var description: String { "\(label) (\(Self.window(earliest, latest)))" }

    /// `0.35 s`, or `0.1–0.6 s` for a window.
    public static func window(_ earliest: Int64, _ latest: Int64) -> String {
        earliest == latest ? "\(seconds(earliest)) s" : "\(seconds(earliest))–\(seconds(latest)) s"
    }

    /// Nanoseconds as seconds, as KitSim prints a virtual time (`0.35`, `1`, `0.000001`).
    public static func seconds(_ ns: Int64) -> String { formatNumber(Double(ns) / 1e9) }
}

/// Decides, where more than one event may run next, which one does: the order explorer
/// (`kitsim explore`), a schedule replayed (`kitsim run --schedule`, `sim.schedule`).
/// A run loop without one runs the default order.
public protocol OrderChooser: AnyObject {
    /// Called when two or more events may run next, offered in the default order; returns
    /// the index of the one to run. A chooser that cannot go on (a schedule that no longer
    /// fits the script) throws, and the run stops with its error.
    func choose(_ candidates: [PendingEvent], now: Int64) throws -> Int
    /// Called after the run loop ran an event (chosen or the only one due) at `time`.
    func ran(_ event: PendingEvent, at time: Int64)
    /// Called when the script ended normally: a chooser that expected more choices
    /// throws.
    func scriptEnded() throws
}

extension OrderChooser {
    public func ran(_ event: PendingEvent, at time: Int64) {}
    public func scriptEnded() throws {}
}
