import KitSimRuntime

/// The text of heap generations (`sim.since`, the REPL's `:since`) and of growth reports
/// (`sim.growth`), rendered from the runtime's typed reports: one line per class, the class
/// with the most objects first, each with the script lines that allocated its objects. The
/// text names no address and follows the reports' own order, so identical runs print the
/// same bytes.
public enum GenerationText {
    /// How many allocation lines a class's line names before it counts the rest.
    static let shownSites = 5

    /// `since mark 'visits': 3 objects allocated since then are alive`, then a line per class
    /// (`  3 ProfileViewController (gen.lua:7)`).
    public static func text(_ generation: Generation, mark: String) -> String {
        let total = generation.count
        guard total > 0 else { return "since mark '\(mark)': no object allocated since then is alive" }
        var lines = ["since mark '\(mark)': \(total) object\(total == 1 ? "" : "s") allocated since then \(total == 1 ? "is" : "are") alive"]
        let width = String(generation.classes.first?.count ?? 0).count
        for c in generation.classes {
            let count = String(c.count)
            lines.append("  " + String(repeating: " ", count: max(0, width - count.count)) + count + " " + c.className + " (" + sites(c.sites) + ")")
        }
        return lines.joined(separator: "\n")
    }

    /// `growth over 3 rounds: 1 class grows in every round`, then a line per class
    /// (`  ProfileViewController +1 each round (1, 2, 3), made at gen.lua:7`).
    public static func text(_ growth: Growth) -> String {
        let head = "growth over \(growth.rounds) rounds: "
        guard !growth.classes.isEmpty else { return head + "nothing grows in every round" }
        let n = growth.classes.count
        var lines = [head + "\(n) class\(n == 1 ? "" : "es") grow\(n == 1 ? "s" : "") in every round"]
        for c in growth.classes {
            lines.append("  " + c.className + " " + steps(c) + " (" + c.counts.map(String.init).joined(separator: ", ") + ")"
                         + (c.allocated.map { ", made at " + sites($0.sites) } ?? ""))
        }
        return lines.joined(separator: "\n")
    }

    /// `+1 each round` when every round added the same number, else each round's gain.
    static func steps(_ c: GrowingClass) -> String {
        var previous = c.before
        var gains: [Int] = []
        for n in c.counts { gains.append(n - previous); previous = n }
        if let first = gains.first, gains.allSatisfy({ $0 == first }) { return "+\(first) each round" }
        return gains.map { "+\($0)" }.joined(separator: ", ")
    }

    /// `gen.lua:7`, `gen.lua:7 ×2, gen.lua:9`, `outside the script`.
    static func sites(_ sites: [AllocationSite]) -> String {
        var parts = sites.prefix(shownSites).map { s in
            (s.location?.description ?? "outside the script") + (sites.count > 1 ? " ×\(s.count)" : "")
        }
        if sites.count > shownSites {
            let rest = sites.dropFirst(shownSites).reduce(0) { $0 + $1.count }
            parts.append("… (\(rest) more from \(sites.count - shownSites) other line\(sites.count - shownSites == 1 ? "" : "s"))")
        }
        return parts.joined(separator: ", ")
    }

    /// A site as `sim.since` lists it in a class's `lines`: `gen.lua:7`, or `?` when the
    /// object was made outside the script.
    public static func line(_ site: AllocationSite) -> String { site.location?.description ?? "?" }
}
