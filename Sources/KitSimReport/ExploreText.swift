import KitSimRuntime

/// `kitsim explore`'s report as text: what was searched, and for each failure its
/// headline, the failing order with the events it moved, the command that replays it and
/// the line that pins it in the scenario (docs/explore.md).
public enum ExploreText {
    /// The whole report. `runFlags` are the options `kitsim run` needs besides
    /// `--schedule` and `--ios` to replay a run as explored (`--sandbox`, `-- ARGS`).
    public static func render(_ r: ExploreResult, runFlags: [String] = [], iosGiven: Bool = false) -> String {
        var out: [String] = []
        for p in r.profiles {
            out.append("kitsim explore \(r.file): \(strategyText(r)), iOS \(p.ios)\(r.shard.map { ", shard \($0.index)/\($0.count)" } ?? "")")
            out.append(searchLine(r, p))
            if p.nondeterministic {
                out.append("NOT DETERMINISTIC: the same choices met different events in two runs (the wall clock, unseeded math.random?); the search is not what it says")
            }
            for f in p.failures {
                out.append("")
                out += failureLines(f, r, p, runFlags: runFlags, iosFlag: iosGiven || p.ios != 17)
            }
            for g in p.unreachedGoals {
                out.append("")
                out.append("GOAL NEVER REACHED in \(p.orders) \(p.orders == 1 ? "order" : "orders")\(p.partOfSearch ? " of this shard (another may reach it)" : ""): \(g) (sim.sometimes)")
            }
            out.append("")
        }
        let failed = r.profiles.filter { !$0.passed }.map { "iOS \($0.ios)" }
        out.append(failed.isEmpty ? "passed" : "failed on \(failed.joined(separator: ", "))")
        return out.joined(separator: "\n") + "\n"
    }

    static func strategyText(_ r: ExploreResult) -> String {
        switch r.strategy {
        case .dfs: return "dfs up to \(plural(r.delays, "delay"))"
        case .pct: return "pct of depth \(r.delays + 1), seed \(r.seed ?? 0)"
        case .random: return "random, seed \(r.seed ?? 0)"
        }
    }

    /// `2,431 orders, exhaustive up to 2 delays; the reduction saved 120`.
    static func searchLine(_ r: ExploreResult, _ p: ExploreProfileResult) -> String {
        var line = plural(p.orders, "order")
        switch r.strategy {
        case .dfs:
            line += p.exhaustive ? ", exhaustive up to \(plural(r.delays, "delay"))" : ", not exhaustive: the budget of \(grouped(r.budget)) orders ran out"
            if p.savedByReduction > 0 { line += "; the reduction saved \(plural(p.savedByReduction, "order"))" }
        case .pct, .random:
            line += " sampled (budget \(grouped(r.budget)))"
        }
        return line
    }

    static func failureLines(_ f: ExploreFailure, _ r: ExploreResult, _ p: ExploreProfileResult, runFlags: [String], iosFlag: Bool) -> [String] {
        var out: [String] = []
        let what = f.kind == .crash ? "CRASHED" : "FAILED"
        out.append("\(what) in \(grouped(f.count)) of \(plural(p.orders, "order")): \(f.headline)")
        let o = f.order
        if o.delays == 0 {
            out.append("  the default order fails (no event moved):")
        } else {
            out.append("  the order (\(plural(o.delays, "delay")), \(plural(o.movedCount, "event")) moved):")
        }
        out += orderLines(o).map { "    " + $0 }
        out.append("  replay:")
        out.append("    " + replayCommand(f, file: r.file, runFlags: runFlags, iosFlag: iosFlag))
        if !o.schedule.steps.isEmpty {
            out.append("  regression test (the scenario's first line):")
            out.append("    " + scheduleLine(o.schedule))
        }
        if !f.report.isEmpty {
            out.append("  the run's report:")
            out += f.report.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "    " + $0 }
        }
        return out
    }

    /// `kitsim run FILE --ios 8 --schedule '…'`: the command that replays a failure.
    public static func replayCommand(_ f: ExploreFailure, file: String, runFlags: [String], iosFlag: Bool) -> String {
        var command = ["kitsim", "run", shellQuoted(file)]
        if iosFlag { command += ["--ios", String(f.ios)] }
        if !f.order.schedule.steps.isEmpty { command += ["--schedule", shellQuoted(f.order.schedule.description)] }
        return (command + runFlags).joined(separator: " ")
    }

    /// The events of an order, one a line: `> 0.2 s  tap B   ran ahead of: transition end`.
    public static func orderLines(_ o: ExploredOrder) -> [String] {
        let times = o.events.map { PendingEvent.seconds($0.time) + " s" }
        let width = times.map(\.count).max() ?? 0
        return zip(o.events, times).map { e, t in
            let pad = String(repeating: " ", count: width - t.count)
            var line = (e.isMoved ? "> " : "  ") + pad + t + "  " + e.label
            if e.isMoved { line += "   ran ahead of: " + e.ranAhead.joined(separator: ", ") }
            return line
        }
    }

    /// `sim.schedule"tap B; transition end"`, quoted as Lua reads it back.
    public static func scheduleLine(_ s: Schedule) -> String {
        var text = ""
        for c in s.description.unicodeScalars {
            switch c {
            case "\\": text += "\\\\"
            case "\"": text += "\\\""
            default: text.unicodeScalars.append(c)
            }
        }
        return "sim.schedule\"\(text)\""
    }

    /// A word for the shell: as it is when it is plain, else in single quotes.
    public static func shellQuoted(_ s: String) -> String {
        let plain = !s.isEmpty && s.unicodeScalars.allSatisfy {
            ($0.value < 128 && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || "-_./:=,+@%".unicodeScalars.contains($0)
        }
        return plain ? s : "'" + s.replacingAll("'", "'\\''") + "'"
    }

    static func plural(_ n: Int, _ word: String) -> String { "\(grouped(n)) \(word)\(n == 1 ? "" : "s")" }

    /// `2,431`: thousands grouped as the issue's own numbers are.
    static func grouped(_ n: Int) -> String {
        let digits = String(n.magnitude)
        var out = ""
        for (i, c) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(c)
        }
        return (n < 0 ? "-" : "") + out
    }
}

extension String {
    /// Every occurrence of `target` replaced.
    func replacingAll(_ target: String, _ replacement: String) -> String {
        split(separator: Character(target), omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
