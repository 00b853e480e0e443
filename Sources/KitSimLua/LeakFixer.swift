import KitSim
import KitSimBridge
import KitSimReport
import KitSimRuntime

/// `kitsim fix` (docs/guide.md#kitsim-fix): runs a scenario, hears of every leak — the
/// abandoned controllers at the moment MLeaksFinder's alert would show, and what is left
/// at the end — groups them by their suspects, suggests for each group the smallest change
/// that frees its objects (`Heap.suggestFix`), and checks it: the scenario runs again with
/// that change made (`--weaken`), every failed expectation recorded rather than ending the
/// run, and the verdict says whether the leak is gone and nothing else broke.
public struct LeakFixer {
    /// A scenario to run: a file with its arguments, or source with a chunk name.
    public enum Script: Sendable {
        case file(String, arguments: [String])
        case source(String, name: String)
    }

    /// One leak group as the run saw it.
    public struct Group: Sendable {
        /// When it was seen: `at 3.000 s` (an alert during the run) or `at the end`.
        public let when: String
        /// The group's text (`LeakTraceText.group`), rendered with the heap of that moment.
        public let text: String
        public let signature: [SuspectKey]
        /// The leaked objects, and their classes' names.
        public let objects: [ObjectID]
        /// The suggestion's text, nil when there is none.
        public let suggestion: String?
        /// What `--weaken` takes to try it; nil when it cannot be tried so.
        public let weakenings: [String]?
        /// The roles of the suggestion's changes.
        public let roles: [ReferenceRole]
        /// The calls the suggestion makes (an `invalidate`, a `removeObserver`), tried as
        /// each leaked controller leaves the UI; with their text for the report.
        public let releases: [Simulator.ReleaseOnDeparture]
        public let releaseText: [String]
        public var verdict: FixVerdict = .noSuggestion
    }

    public struct Report: Sendable {
        /// How the scenario itself ended.
        public let status: Outcome.Status
        public let headline: String?
        public var groups: [Group]
        /// The HTML report, when `find` was asked for one.
        public var html: String?
    }

    public var configuration: Simulator.Configuration
    public var limits: LuaSandbox.Limits

    public init(configuration: Simulator.Configuration = .init(), limits: LuaSandbox.Limits = .init()) {
        self.configuration = configuration
        self.limits = limits
    }

    /// What one run of the scenario came to, for the verdicts.
    struct Run {
        let outcome: Outcome
        let groups: [Group]
        let black: Bool
        let failures: [CollectedFailure]
        let weakeningProblems: [String]
        /// The run's sandbox, kept open for its HTML report when asked.
        var sandbox: LuaSandbox?
    }

    /// Runs `script`, then checks each group's suggestion with a run of its own. With
    /// `reportTitle`, the report's `html` is the first run's HTML report with a section of
    /// the suggestions and their verdicts.
    /// - Throws: when the file cannot be read or a sandbox cannot be made.
    public func find(_ script: Script, reportTitle: String? = nil) throws -> Report {
        let base = try run(script, weakened: [], keepsSandbox: reportTitle != nil)
        defer { base.sandbox?.close() }
        var report = Report(status: base.outcome.status, headline: headline(base.outcome),
                            groups: base.groups)
        for i in report.groups.indices {
            guard report.groups[i].suggestion != nil else { continue }
            guard let names = report.groups[i].weakenings else {
                report.groups[i].verdict = .notTried("the change cannot be named for --weaken (a block Swift code made)")
                continue
            }
            // A call that lets a reference go (`invalidate`, `removeObserver`) is made at the
            // moment the fix would make it, not stood for by a weakening: a weak timer target
            // is messaged after it is gone, where an invalidated timer never fires again.
            let calls = report.groups[i].roles.filter { if case .release = $0 { return true } else { return false } }.count
            if calls > 0 && report.groups[i].releases.isEmpty {
                report.groups[i].verdict = .notTried("the fix is a call when a controller leaves the UI, and no controller of this leak leaves it")
                continue
            }
            let trial = try run(script, weakened: names.compactMap(Weakening.init(parsing:)), releases: report.groups[i].releases)
            report.groups[i].verdict = verdict(for: report.groups[i], base: base, trial: trial, script: script)
        }
        if let reportTitle, let sandbox = base.sandbox {
            report.html = sandbox.htmlReport(base.outcome, title: reportTitle, fixes: report.text(file: reportTitle))
        }
        return report
    }

    /// One run with `weakened`, hearing of every leak.
    func run(_ script: Script, weakened: [Weakening], releases: [Simulator.ReleaseOnDeparture] = [],
             keepsSandbox: Bool = false) throws -> Run {
        var configuration = self.configuration
        configuration.weakened = weakened
        configuration.releasesOnDeparture = releases
        let sandbox = try LuaSandbox(configuration: configuration, limits: limits)
        defer { if !keepsSandbox { sandbox.close() } }
        sandbox.collectsFailures = !weakened.isEmpty || !releases.isEmpty
        var groups: [Group] = []
        let heap = sandbox.heap
        heap.onLeakSighted = { leaks in
            // The alert's moment: when the controller left, and the delay after it.
            let time = leaks.compactMap { leak -> Int64? in
                if case .abandoned(let a) = leak.payload { return a.leftAt + a.aliveFor } else { return nil }
            }.min() ?? heap.now
            groups.append(contentsOf: LeakFixer.groups(leaks, in: heap, when: "at \(heap.formatTime(time)) s"))
        }
        let outcome: Outcome
        switch script {
        case .file(let path, let arguments): outcome = try sandbox.run(file: path, arguments: arguments)
        case .source(let text, let name): outcome = sandbox.run(chunk: text, name: name)
        }
        heap.onLeakSighted = nil
        // What is left at the end; a controller heard of during the run and still there
        // is the same leak, once.
        let seen = Set(groups.flatMap(\.objects))
        let end = outcome.leaks.filter { leak in !(leak.kind == .abandoned && leak.objects.allSatisfy(seen.contains)) }
        groups.append(contentsOf: LeakFixer.groups(end, in: heap, when: "at the end"))
        let black = (try? sandbox.sim.screen().black) ?? false
        return Run(outcome: outcome, groups: LeakFixer.merged(groups), black: black, failures: sandbox.collectedFailures,
                   weakeningProblems: heap.weakeningProblems(), sandbox: keepsSandbox ? sandbox : nil)
    }

    /// The groups of `leaks`, rendered and with their suggestions, now.
    static func groups(_ leaks: [Leak], in heap: Heap, when: String) -> [Group] {
        heap.leakGroups(leaks).map { g in
            let s = heap.suggestFix(freeing: g.objects)
            let changes = s?.changes ?? []
            func isCall(_ c: FixSuggestion.Change) -> Bool { if case .release = c.role { return true } else { return false } }
            // A declaration is tried weakened; a call is made for the reference the run
            // found, as each of the group's controllers leaves the UI.
            let declared = changes.filter { !isCall($0) }
            let names = declared.compactMap(\.key.weakening)
            let controllers = g.objects.filter { heap.isKind($0, of: UIViewController.handle) }
            var releases: [Simulator.ReleaseOnDeparture] = []
            var releaseText: [String] = []
            for c in changes where isCall(c) {
                for vc in controllers {
                    releases.append(.init(owner: c.example.owner, name: c.example.name, target: c.example.target, controller: vc))
                }
                releaseText.append("\(heap.edgeName(c.example.owner, c.example.name)) let go as "
                                   + controllers.map(heap.describe).joined(separator: ", ") + " leaves the UI")
            }
            return Group(when: when, text: LeakTraceText.group(g, in: heap), signature: g.signature, objects: g.objects,
                         suggestion: s.map { LeakTraceText.suggestion($0, in: heap) },
                         weakenings: names.count == declared.count ? names : nil,
                         roles: changes.map(\.role), releases: releases, releaseText: releaseText)
        }
    }

    /// Each leak once: groups with one signature and suggestion, or the same suggestion
    /// for some of the same objects, keep the first.
    static func merged(_ groups: [Group]) -> [Group] {
        var out: [Group] = []
        for g in groups {
            // The same objects with the same fix are one leak seen twice (an alert during
            // the run, then the cycle left at the end).
            let same = out.contains { o in
                o.signature == g.signature && o.suggestion == g.suggestion
                    || (o.suggestion != nil && o.suggestion == g.suggestion && o.objects.contains(where: g.objects.contains))
            }
            if !same { out.append(g) }
        }
        return out
    }

    /// Whether a failed expectation is about the leak itself: its subject is one of the
    /// leaked objects, or its line reads the leak reports (`sim.leaks`, `sim.cycles`,
    /// `sim.why` or a `why` it returned, `leak()`). A fix is expected to make those fail.
    static func isAboutLeak(_ f: CollectedFailure, objects: [ObjectID], lines: [String: [Substring]]) -> Bool {
        if let s = f.subject, objects.contains(s) { return true }
        guard let loc = Outcome.leadingLocation(of: f.message), let text = lines[loc.file],
              text.indices.contains(loc.line - 1) else { return false }
        return readsLeakReports(text[loc.line - 1])
    }

    /// Whether a scenario's line reads the leak reports or a `why` it kept.
    static func readsLeakReports(_ line: Substring) -> Bool {
        ["leaks", "cycles", "why(", "why:", "leak(", "abandoned"].contains { line.contains($0) }
    }

    func verdict(for group: Group, base: Run, trial: Run, script: Script) -> FixVerdict {
        if !trial.weakeningProblems.isEmpty { return .notTried(trial.weakeningProblems.joined(separator: "; ")) }
        if trial.outcome.status == .crashed, let crash = trial.outcome.crash, !stoppedAtLeakCheck(trial, group: group, script: script) {
            return .crash(headline(trial.outcome) ?? crash.description, death: crash.death)
        }
        if trial.black && !base.black { return .blackScreen }
        if let still = trial.groups.first(where: { g in g.signature == group.signature || g.objects.contains(where: group.objects.contains) }) {
            return .leakRemains(still.text)
        }
        let known = Set(base.groups.map(\.signature))
        if let new = trial.groups.first(where: { !known.contains($0.signature) }) { return .newLeak(new.text) }
        var lines: [String: [Substring]] = [:]
        for f in trial.failures {
            guard let file = Outcome.leadingLocation(of: f.message)?.file, lines[file] == nil else { continue }
            lines[file] = LeakFixer.sourceLines(file, script: script)
        }
        let (aboutLeak, broken) = (trial.failures.filter { LeakFixer.isAboutLeak($0, objects: group.objects, lines: lines) },
                                   trial.failures.filter { !LeakFixer.isAboutLeak($0, objects: group.objects, lines: lines) })
        // Whether a failed check asserts the leak's symptoms (a counter of what the leaked
        // screen did) or is broken by the fix, only its reader can tell.
        if !broken.isEmpty { return .checksFail(broken.map { LeakFixer.firstLine($0.message) }) }
        let checks = aboutLeak.map { LeakFixer.firstLine($0.message) }
        if trial.outcome.status != .passed && trial.outcome.status != base.outcome.status {
            let stop = headline(trial.outcome) ?? trial.outcome.status.rawValue
            // A scenario that reproduces the leak on purpose reads its report (`sim.leaks()[1]`)
            // and stops there once the leak is gone: what ran before is still checked.
            if stoppedAtLeakCheck(trial, group: group, script: script) { return .verified(leakChecks: checks + [stop]) }
            return .stopped(stop)
        }
        return .verified(leakChecks: checks)
    }

    /// Whether the trial stopped at a line that checks the leak itself, which a scenario
    /// reproducing the leak on purpose has once the leak is gone: a script error on a line
    /// that reads the leak reports (`sim.leaks()[1].kind`), or a message to a leaked object,
    /// now deallocated, from an `expect` line (`expect(detail.ticks >= 4)`). What ran before
    /// it is still checked; the app's own code messaging a freed object is a crash.
    func stoppedAtLeakCheck(_ trial: Run, group: Group, script: Script) -> Bool {
        guard let loc = trial.outcome.location else { return false }
        let lines = LeakFixer.sourceLines(loc.file, script: script)
        guard lines.indices.contains(loc.line - 1) else { return false }
        let line = lines[loc.line - 1]
        switch trial.outcome.status {
        case .scriptError:
            return LeakFixer.readsLeakReports(line)
        case .crashed:
            guard let o = trial.outcome.crash?.object, group.objects.contains(o) else { return false }
            return line.contains("expect(")
        default:
            return false
        }
    }

    func headline(_ o: Outcome) -> String? { o.message.map(LeakFixer.firstLine) }

    static func firstLine(_ text: String) -> String { String(text.prefix { $0 != "\n" }) }

    /// The lines of the file a failure names (the scenario's own source for a chunk).
    static func sourceLines(_ file: String, script: Script) -> [Substring] {
        if case .source(let text, _) = script { return text.split(separator: "\n", omittingEmptySubsequences: false) }
        // Lua shortens a long chunk name from its start (`...rios/patterns/x.lua`): the
        // scenario's own path ends with what is left.
        var path = file
        if case .file(let scenario, _) = script, file.hasPrefix("..."), scenario.hasSuffix(file.dropFirst(3)) { path = scenario }
        guard let text = readTextFile(path) else { return [] }
        return text.split(separator: "\n", omittingEmptySubsequences: false)
    }
}

extension LeakFixer.Report {
    /// The report as `kitsim fix` prints it: how the run ended, then each group with its
    /// suggestion, the command that tries it, and the verdict.
    public func text(file: String) -> String {
        var lines: [String] = []
        if status != .passed { lines.append("the scenario itself ended: \(headline ?? status.rawValue)") }
        guard !groups.isEmpty else {
            lines.append("\(file): no leak: nothing to fix")
            return lines.joined(separator: "\n")
        }
        let verified = groups.filter(\.verdict.isVerified).count
        lines.append("\(file): \(groups.count) leak group\(groups.count == 1 ? "" : "s"), \(verified) with a verified fix")
        for (i, g) in groups.enumerated() {
            lines.append("")
            lines.append("leak group \(i + 1) of \(groups.count), seen \(g.when): " + g.text)
            if let s = g.suggestion {
                lines.append("  suggested fix: " + s)
                if let w = g.weakenings, !w.isEmpty { lines.append("  tried as: kitsim run \(file) " + w.map { "--weaken \($0)" }.joined(separator: " ")) }
                for call in g.releaseText { lines.append("  tried as: the run again, " + call) }
            }
            lines.append("  " + g.verdict.text)
        }
        return lines.joined(separator: "\n")
    }
}
