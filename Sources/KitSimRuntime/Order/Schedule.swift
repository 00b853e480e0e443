/// An order of events written down: at each choice the run loop meets (a point where more
/// than one event may run next), the label of the event that runs. After the last step
/// the default order goes on. `kitsim explore` prints a failing order as one, `kitsim run
/// --schedule "…"` and `sim.schedule"…"` replay it.
///
/// The text is the labels in order, separated by `; ` (`tap push; transition end`): a
/// label cannot contain `;` or a line break, which is why `sim.tap` and the others refuse
/// one in a label.
public struct Schedule: Equatable, Sendable, CustomStringConvertible {
    /// The label chosen at each choice, first choice first.
    public var steps: [String]

    public init(steps: [String]) { self.steps = steps }

    /// Reads a schedule's text; nil when a step is empty (`a;;b`).
    public init?(parsing text: String) {
        let trimmed = text.trimmingSpaces
        if trimmed.isEmpty { steps = []; return }
        var out: [String] = []
        for part in trimmed.split(separator: ";", omittingEmptySubsequences: false) {
            let step = String(part).trimmingSpaces
            if step.isEmpty { return nil }
            out.append(step)
        }
        steps = out
    }

    public var description: String { steps.joined(separator: "; ") }

    /// Why `label` cannot name an event in a schedule, or nil when it can.
    public static func problem(withLabel label: String) -> String? {
        if label.trimmingSpaces.isEmpty { return "a label cannot be empty" }
        if label.contains(";") || label.contains("\n") || label.contains("\r") {
            return "a label cannot contain ';' or a line break (a schedule separates its steps with ';')"
        }
        if label.trimmingSpaces != label { return "a label cannot begin or end with a space" }
        return nil
    }
}

/// Replays a `Schedule`: at each choice the event of the step's label runs, and the
/// default order after the last step. A step whose label none of the offered events has
/// stops the run where it diverged; so does a script that ends before the last step.
public final class ScheduleReplay: OrderChooser {
    public let schedule: Schedule
    /// How many choices the run has met.
    public private(set) var choices = 0

    public init(_ schedule: Schedule) { self.schedule = schedule }

    public func choose(_ candidates: [PendingEvent], now: Int64) throws -> Int {
        defer { choices += 1 }
        guard choices < schedule.steps.count else { return 0 }
        let wanted = schedule.steps[choices]
        if let i = candidates.firstIndex(where: { $0.label == wanted }) { return i }
        throw SimError.script(.scheduleDiverged(step: choices + 1, wanted: wanted, offered: candidates.map(\.description)))
    }

    public func scriptEnded() throws {
        guard choices < schedule.steps.count else { return }
        throw SimError.script(.scheduleUnfinished(met: choices, steps: schedule.steps.count, next: schedule.steps[choices]))
    }
}

extension String {
    /// Without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { $0 != " " && $0 != "\t" }),
              let last = scalars.lastIndex(where: { $0 != " " && $0 != "\t" }) else { return "" }
        return String(scalars[first...last])
    }
}
