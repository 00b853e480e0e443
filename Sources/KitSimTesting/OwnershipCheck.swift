import KitSimBridge
import KitSimReport

/// What an object labelled in a scenario (`sim.label(obj, "detail")`) is at the end of the run.
public enum Fate: String, Equatable, Sendable, CustomStringConvertible {
    case alive, deallocated
    public var description: String { rawValue }
}

/// The ownership checks as text, shared by the Swift Testing and XCTest assertions: nil
/// when the check holds, else the failure message — what was expected, what happened and
/// why (the object's `why` and `history`, each leak with its path).
public enum OwnershipCheck {
    /// The run passed (its own `expect`s and `sim.verify()`).
    public static func passed(_ outcome: Outcome) -> String? {
        guard outcome.status != .passed else { return nil }
        return "the scenario did not pass: \(outcome.status.rawValue)\n" + (outcome.message ?? "")
    }

    /// The object labelled `label` was deallocated by the end of the run.
    public static func deallocated(_ outcome: Outcome, _ label: String) -> String? {
        fate(outcome, label, .deallocated)
    }

    /// The object labelled `label` is alive at the end of the run.
    public static func alive(_ outcome: Outcome, _ label: String) -> String? {
        fate(outcome, label, .alive)
    }

    /// No leak was reported (no retain cycle, no abandoned controller) that the scenario
    /// does not expect: one `expect(obj).to.leak()` held for is made on purpose, as
    /// `kitsim test` counts it. The failure lists every leak, an expected one marked
    /// `(expected)`.
    public static func noLeaks(_ outcome: Outcome) -> String? {
        let count = outcome.unexpectedLeaks.count
        guard count > 0 else { return nil }
        var text = "\(count) leak\(count == 1 ? "" : "s") reported that the scenario does not expect:"
        for line in outcome.markedLeakLines { text += "\n  " + line }
        // The leaks by their suspects, with each path's statuses (rule 85): the reference to fix.
        if !outcome.leakGroups.isEmpty { text += "\n" + outcome.leakGroups }
        return text
    }

    /// The exhaustive form (in the spirit of TCA's `TestStore`): `expected` states the fate
    /// of every labelled object; a wrong one, a missing one or an unlisted one fails with a
    /// diff, expected lines marked −, actual ones +, each wrong object's `why` under it.
    public static func fates(_ outcome: Outcome, _ expected: [String: Fate]) -> String? {
        let labels = Set(expected.keys).union(outcome.labelled.keys).sorted()
        var lines: [String] = []
        var differs = false
        for label in labels {
            let actual = outcome.labelled[label].map { $0.isDeallocated ? Fate.deallocated : Fate.alive }
            let want = expected[label]
            if let want, want == actual {
                lines.append("    \(label): \(want)")
                continue
            }
            differs = true
            if let want { lines.append("  − \(label): \(want)") }
            if let actual, let info = outcome.labelled[label] {
                lines.append("  + \(label): \(actual)" + (want == nil ? " (not listed)" : ""))
                lines += indented(actual == .alive ? info.why : lastLines(info.history), by: 6)
            } else {
                lines.append("  + \(label): (no object has this label)")
            }
        }
        guard differs else { return nil }
        return (["fates differ (expected −, actual +):"] + lines).joined(separator: "\n")
    }

    static func fate(_ outcome: Outcome, _ label: String, _ want: Fate) -> String? {
        guard let info = outcome.labelled[label] else {
            let known = outcome.labelled.keys.sorted()
            return "no object is labelled \"\(label)\" (labels: \(known.isEmpty ? "none" : known.joined(separator: ", ")));"
                + " label it in the scenario with sim.label(obj, \"\(label)\")"
        }
        let actual: Fate = info.isDeallocated ? .deallocated : .alive
        guard actual != want else { return nil }
        let name = "\"\(label)\" (\(info.className)#\(info.id.raw))"
        var text = "\(name) is \(actual), expected \(want)"
        if actual == .alive { text += ", retain count \(info.retainCount)" }
        text += "\n" + info.why.trimmingTrailingNewlines
        if !info.history.isEmpty { text += "\n" + info.history.trimmingTrailingNewlines }
        return text
    }

    static func indented(_ text: String, by n: Int) -> [String] {
        text.split(separator: "\n").map { String(repeating: " ", count: n) + $0 }
    }

    /// The last lines of a history: how the object died.
    static func lastLines(_ history: String) -> String {
        history.split(separator: "\n").suffix(4).joined(separator: "\n")
    }
}

extension String {
    var trimmingTrailingNewlines: String {
        var s = Substring(self)
        while s.last == "\n" { s = s.dropLast() }
        return String(s)
    }
}
