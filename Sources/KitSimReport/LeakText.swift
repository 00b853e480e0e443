import KitSimRuntime

/// The text of leak reports (SPEC §2), rendered from the runtime's typed `Leak`: the one
/// place it is written, for `sim.leaks()` and `sim.cycles()`, `kitsim run` and `kitsim
/// test`, the REPL, the HTML report and the Swift assertions. Objects are named by `heap`
/// (`Class#12`); everything else comes from the report itself, so a report renders the
/// same whenever it is rendered against the heap it came from.
public enum LeakText {
    /// A cycle longer than this is shown by its first `shownReferences` references; the
    /// report's `references` has them all.
    static let longCycle = 12
    static let shownReferences = 10
    /// How many of the objects a cycle keeps alive its text names.
    static let shownRetained = 5
    /// How many of the paths that keep an abandoned controller alive its text names.
    static let shownPaths = 5

    /// The report's text: `retain cycle of 2 objects: …`, `X#4 left the UI (…) at …`.
    public static func message(_ leak: Leak, in heap: Heap) -> String {
        switch leak.payload {
        case .cycle(let c): return message(c, in: heap)
        case .abandoned(let a): return message(a, in: heap)
        }
    }

    /// The report's line, `kind: message`, as `kitsim run`, `kitsim test`, the REPL, the
    /// HTML report and a Leak's `tostring` in Lua show it.
    public static func line(_ leak: Leak, in heap: Heap) -> String {
        leak.kind.rawValue + ": " + message(leak, in: heap)
    }

    /// Every report's line, then `(truncated)` when the cycle search stopped early.
    public static func lines(_ reports: LeakReports, in heap: Heap) -> String {
        reports.map { line($0, in: heap) }.joined(separator: "\n") + (reports.truncated ? "\n(truncated)" : "")
    }

    static func message(_ c: Leak.Cycle, in heap: Heap) -> String {
        let count = c.members.count
        var text = "retain cycle of \(count) object\(count == 1 ? "" : "s"): "
        let shown = c.edges.count > longCycle ? Array(c.edges.prefix(shownReferences)) : c.edges
        text += shown.map(heap.describe).joined(separator: " → ")
        text += shown.count < c.edges.count ? " → … (\(c.edges.count - shown.count) more)" : ""
        if let first = c.members.first { text += " → " + heap.describe(first) }
        switch c.place {
        case .whole: break
        case .shortest(let maxLength):
            text += " (the shortest cycle of a component of \(c.componentSize) objects that has none of at most \(maxLength))"
        case .among(let index, let listed, let more):
            text += " (cycle \(index) of \(listed)\(more ? "+" : "") in one component of \(c.componentSize) objects)"
        }
        if !c.retained.isEmpty {
            let names = c.retained.prefix(shownRetained).map(heap.describe).joined(separator: ", ")
            text += "; it also keeps alive \(c.retained.count) object\(c.retained.count == 1 ? "" : "s"): "
                + names + (c.retained.count > shownRetained ? ", …" : "")
        }
        switch c.stop {
        case nil: break
        case .stepBound(let steps)?: text += "; the search stopped after its bound of \(steps) steps: there may be more cycles"
        case .reportLimit(let reports)?: text += "; the search stopped at \(reports) reports: there are more cycles"
        }
        return text
    }

    static func message(_ a: Leak.Abandoned, in heap: Heap) -> String {
        var text = "\(heap.describe(a.controller)) left the UI (\(heap.describe(a.departure))) at \(heap.formatTime(a.leftAt)) s "
            + "and is still alive \(heap.formatTime(a.aliveFor)) s later"
        func path(_ steps: [Reference]) -> String { steps.map(heap.describe).joined(separator: " → ") }
        switch a.paths.count {
        case 0: break
        case 1: text += "; kept by " + path(a.paths[0])
        default:
            // Every owner must let go for the controller to go, so each path is named.
            text += "; kept by \(a.paths.count) paths: " + a.paths.prefix(shownPaths).map(path).joined(separator: "; ")
            if a.paths.count > shownPaths { text += "; and \(a.paths.count - shownPaths) more" }
        }
        return text
    }

}

extension Leak {
    /// The report's text (`LeakText.message`).
    public func message(in heap: Heap) -> String { LeakText.message(self, in: heap) }

    /// The report's line, `kind: message` (`LeakText.line`).
    public func description(in heap: Heap) -> String { LeakText.line(self, in: heap) }
}

extension LeakReports {
    /// Every report's line, then `(truncated)` when the search stopped early (`LeakText.lines`).
    public func description(in heap: Heap) -> String { LeakText.lines(self, in: heap) }
}

extension Heap {
    /// `leakReports()` as text: each leak's `kind: message` line, then `(truncated)` when
    /// the cycle search stopped early.
    public func leakText() -> String { LeakText.lines(leakReports(), in: self) }
}
