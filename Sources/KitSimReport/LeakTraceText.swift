import KitSimRuntime

/// The text of leak traces, leak groups and suggested fixes (LeakCanary's layout): each
/// object on a path with its status, each reference under it, the suspects underlined
/// with `~`. The one place they are written, for `kitsim fix`, `kitsim run` and `kitsim
/// test`, `sim.why`, the REPL and the HTML report.
public enum LeakTraceText {
    /// How many paths of a group its text shows; the rest are counted.
    static let shownTraces = 2
    /// How many objects of one trace its text shows.
    static let shownNodes = 24

    /// One trace, one line per object and per reference, indented by `indent`:
    ///
    ///     UIWindow#4  not leaking: a window in the window list
    ///       ↓ rootViewController (strong)
    ///     …
    ///     Timer#12  unknown
    ///       ↓ target (strong)
    ///         ~~~~~~ suspect
    ///     Detail#10  leaking: popped from UINavigationController#6 at 2.000 s, …
    public static func trace(_ t: LeakTrace, in heap: Heap, indent: String = "  ") -> String {
        var lines: [String] = []
        for (i, node) in t.nodes.enumerated() {
            // A long cycle shows its start and its suspects' count: the rest is in `references`.
            if i == shownNodes, t.nodes.count > shownNodes + 1 {
                let hidden = t.suspects.filter { $0 >= shownNodes }.count
                lines.append(indent + "… \(t.nodes.count - shownNodes) more objects" + (hidden > 0 ? ", \(hidden) more suspects" : ""))
                break
            }
            let site = heap.closureSite(node.object).map { " (closure at \($0))" } ?? ""
            lines.append(indent + heap.describe(node.object) + site + "  " + status(node.status))
            guard i < t.references.count else { continue }
            let r = t.references[i]
            let label = heap.referenceLabel(r.owner, r.name)
            let cycleEnd = !t.fromRoot && i == t.references.count - 1 ? " → back to \(heap.describe(r.target))" : ""
            lines.append(indent + "  ↓ " + label + " (" + r.ownership.description + ")" + cycleEnd)
            if t.isSuspect(i) {
                lines.append(indent + "    " + String(repeating: "~", count: label.count) + " suspect")
            }
        }
        if !t.fromRoot {
            lines.insert(indent + "(a cycle no root reaches)", at: 0)
        }
        return lines.joined(separator: "\n")
    }

    /// `not leaking: on screen`, `leaking: popped …`, `unknown`.
    public static func status(_ s: LeakStatus) -> String {
        switch s {
        case .notLeaking(let r): return "not leaking: " + r
        case .leaking(let r): return "leaking: " + r
        case .unknown: return "unknown"
        }
    }

    /// The group's heading: its signature, how many reports, which objects.
    public static func heading(_ g: LeakGroup, in heap: Heap) -> String {
        let suspects = g.signature.isEmpty ? "no suspect the app declares" : g.signature.map(\.description).joined(separator: ", ")
        let cycles = g.leaks.filter { $0.kind == .cycle }.count, abandoned = g.leaks.count - cycles
        var kinds: [String] = []
        if abandoned > 0 { kinds.append("\(abandoned) abandoned controller\(abandoned == 1 ? "" : "s")") }
        if cycles > 0 { kinds.append("\(cycles) retain cycle\(cycles == 1 ? "" : "s")") }
        let objects = g.objects.prefix(5).map(heap.describe).joined(separator: ", ") + (g.objects.count > 5 ? ", …" : "")
        return "suspects: " + suspects + " (" + kinds.joined(separator: ", ") + ": " + objects + ")"
    }

    /// The group: its heading, each leak's line, its first traces, the count of the rest.
    public static func group(_ g: LeakGroup, in heap: Heap, indent: String = "  ") -> String {
        var lines = [heading(g, in: heap)]
        for leak in g.leaks { lines.append(indent + LeakText.line(leak, in: heap)) }
        for (i, t) in g.traces.prefix(shownTraces).enumerated() {
            if g.traces.count > 1 { lines.append(indent + "path \(i + 1) of \(g.traces.count):") }
            lines.append(trace(t, in: heap, indent: indent + (g.traces.count > 1 ? "  " : "")))
        }
        if g.traces.count > shownTraces {
            lines.append(indent + "… and \(g.traces.count - shownTraces) more path\(g.traces.count - shownTraces == 1 ? "" : "s") with these suspects")
        }
        return lines.joined(separator: "\n")
    }

    /// Every group of `leaks`, numbered, each with the change `Heap.suggestFix` suggests
    /// (not tried here: `kitsim fix` re-runs the scenario to verify it).
    public static func groups(_ leaks: [Leak], in heap: Heap) -> String {
        let groups = heap.leakGroups(leaks)
        return groups.enumerated().map { i, g in
            var text = "leak group \(i + 1) of \(groups.count): " + group(g, in: heap)
            if let s = heap.suggestFix(freeing: g.objects) {
                text += "\n  suggested fix (kitsim fix verifies it): " + suggestion(s, in: heap)
            }
            return text
        }.joined(separator: "\n")
    }

    /// A suggested change as the Swift edit: `make Picker.delegate weak (weak var delegate)`,
    /// `capture 'self' weakly in the closure at profile.lua:14 ([weak self])`, or the call
    /// the model names (`invalidate Timer#12 …`).
    public static func change(_ c: FixSuggestion.Change, in heap: Heap) -> String {
        switch c.role {
        case .release(let advice): return advice
        case .capture:
            switch c.key.kind {
            case .capture: return "capture '\(c.key.name)' weakly in the closure at \(c.key.owner) ([weak \(c.key.name)])"
            case .blockCapture:
                return "capture it weakly in the block at \(c.key.owner): list it under `weak` in sim.block ([weak self] in Swift)"
            case .anonymousCapture, .property:
                return "capture it weakly in the block that holds it (\(heap.edgeName(c.example.owner, c.example.name))) ([weak self])"
            }
        case .framework, .delegate, .backReference, .ordinary:
            return "make \(c.key.owner).\(c.key.name) weak (weak var \(c.key.name))"
        }
    }

    /// The suggestion: its changes joined with `and`.
    public static func suggestion(_ s: FixSuggestion, in heap: Heap) -> String {
        s.changes.map { change($0, in: heap) }.joined(separator: "; and ")
    }
}

/// What checking a suggested fix came to (`kitsim fix`): the scenario re-run with the
/// change made.
public enum FixVerdict: Equatable, Sendable {
    /// The leak is gone, nothing crashed, the screen is not black, no new leak, and every
    /// check still passes but those about the leak itself (listed), which a fix must fail.
    case verified(leakChecks: [String])
    /// The app crashes with the change: the headline, and how the object died.
    case crash(String, death: String?)
    /// The screen is black at the end with the change, and was not without it.
    case blackScreen
    /// The leak is still there (the group's text in the trial).
    case leakRemains(String)
    /// The change makes another leak.
    case newLeak(String)
    /// The leak is gone and nothing crashed, went black or leaked anew, but checks of the
    /// scenario that passed now fail: they assert the leak's symptoms, or the change breaks
    /// them, which only their reader can tell.
    case checksFail([String])
    /// The run stopped otherwise (a script error, a limit).
    case stopped(String)
    /// The change could not be tried, for the reason given.
    case notTried(String)
    /// No change the app's code owns frees the objects.
    case noSuggestion

    public var isVerified: Bool { if case .verified = self { return true } else { return false } }
    /// Whether the trial showed the change to be wrong.
    public var isRefuted: Bool {
        switch self {
        case .crash, .blackScreen, .leakRemains, .newLeak: return true
        default: return false
        }
    }

    /// `fix verified: …`, `fix refuted: …`, `not verified: …`.
    public var text: String {
        switch self {
        case .verified(let checks):
            var t = "fix verified: the leak is gone and every check still passes"
            if !checks.isEmpty {
                t += " (but \(checks.count) that assert\(checks.count == 1 ? "s" : "") the leak itself: "
                    + checks.prefix(3).joined(separator: "; ") + (checks.count > 3 ? "; …" : "") + ")"
            }
            return t
        case .crash(let headline, let death):
            return "fix refuted: with this change the app crashes: " + headline + (death.map { "\n    " + $0 } ?? "")
        case .blackScreen:
            return "fix refuted: with this change the screen is black at the end: the reference is what keeps what the user sees; keep it strong"
        case .leakRemains(let text):
            return "fix refuted: the leak remains:\n    " + text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n    ")
        case .newLeak(let text):
            return "fix refuted: the change makes another leak:\n    " + text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n    ")
        case .checksFail(let checks):
            return "the leak is gone with this change (nothing crashes, the screen is not black, no new leak), but "
                + "\(checks.count) check\(checks.count == 1 ? "" : "s") of the scenario fail\(checks.count == 1 ? "s" : ""): "
                + "they assert the leak's symptoms, or the change breaks them: "
                + checks.prefix(3).joined(separator: "; ") + (checks.count > 3 ? "; …" : "")
        case .stopped(let headline): return "not verified: with this change the run stopped: " + headline
        case .notTried(let why): return "not verified: " + why
        case .noSuggestion:
            return "no suggestion: only the framework's own references keep these objects; the fix is in the order of calls (see the suspects)"
        }
    }
}
