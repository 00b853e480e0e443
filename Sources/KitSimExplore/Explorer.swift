import KitSimLua
import KitSimPlatform

/// `kitsim explore`: runs a scenario in many orders of its events and reports the orders
/// that crash, fail an assertion or a property, leak or leave the screen black
/// (docs/explore.md). Each order runs in a fresh simulator, in this process, under the
/// usual limits; the search itself is deterministic, so two explorations of one script
/// with one seed print the same.
public final class Explorer {
    /// What to explore and how.
    public struct Options: Sendable {
        public var file: String
        public var arguments: [String] = []
        /// The profile; `iosVersions` repeats the search per version.
        public var configuration = Simulator.Configuration()
        public var iosVersions: [Int] = []
        public var limits = LuaSandbox.Limits()
        public var sandboxed = false
        public var strategy: ExploreResult.Strategy = .dfs
        /// The delay bound of `dfs`; PCT's depth is one more.
        public var delays = 2
        /// The most orders to run per profile.
        public var budget = 10_000
        public var seed: UInt64 = 1
        /// `(index, count)`, 1-based: this machine's part of a search split across `count`.
        public var shard: (index: Int, count: Int)?
        public var reduction = true

        public init(file: String) { self.file = file }
    }

    public let options: Options
    /// The scenario and its modules compiled once for every order of the search: an order
    /// differs from another in when events run, never in the files it loads.
    let chunks = ChunkCache()

    public init(_ options: Options) { self.options = options }

    /// How many of the runs' file loads the compiled scenario and modules answered.
    public var compiledLoads: Int { chunks?.hits ?? 0 }

    /// What one run of the scenario came to.
    struct Run {
        let recorder: OrderRecorder
        let outcome: Outcome
        let failure: (kind: ExploreFailure.Kind, headline: String)?
        let report: String
        let goals: [Goal]
    }

    /// Explores every profile asked for. Throws only when the file cannot be read.
    public func explore() throws -> ExploreResult {
        guard let f = fopen(options.file, "rb") else { throw SimError.script(.unreadableFile(path: options.file)) }
        fclose(f)
        let versions = options.iosVersions.isEmpty ? [options.configuration.ios] : options.iosVersions
        var profiles: [ExploreProfileResult] = []
        for ios in versions {
            var profile = try explore(ios: ios)
            profile.partOfSearch = (options.shard?.count ?? 1) > 1
            profiles.append(profile)
        }
        return ExploreResult(file: options.file, strategy: options.strategy, delays: options.delays, budget: options.budget,
                             seed: options.strategy == .dfs ? nil : options.seed, shard: options.shard, profiles: profiles)
    }

    /// Runs the scenario once on profile `ios` with `recorder` choosing the order.
    func runScenario(ios: Int, _ recorder: OrderChooser & AnyObject) throws -> (Outcome, LuaSandbox) {
        var configuration = options.configuration
        configuration.ios = ios
        let sandbox = try LuaSandbox(configuration: configuration, limits: options.limits, sandboxed: options.sandboxed)
        sandbox.capturesTrace = false
        sandbox.describesLabelledObjects = false
        sandbox.chunkCache = chunks
        sandbox.heap.orderChooser = recorder
        sandbox.chooserIsHosts = true
        let footprints = recorder as? OrderRecorder
        if let footprints, footprints.reduces {
            // The reduction's footprints name the objects each step messaged, too.
            sandbox.heap.messagedObjects = []
            footprints.attach(sandbox)
        }
        let outcome = try sandbox.run(file: options.file, arguments: options.arguments)
        footprints?.finish(complete: outcome.status == .passed)
        return (outcome, sandbox)
    }

    /// Runs one order and classifies how it ended.
    func runOrder(ios: Int, recorder: OrderRecorder) throws -> Run {
        let (outcome, sandbox) = try runScenario(ios: ios, recorder)
        defer { sandbox.close() }
        let failure = Self.failure(of: outcome, sandbox)
        let report = failure == nil ? "" : Self.report(of: outcome, sandbox, failure)
        return Run(recorder: recorder, outcome: outcome, failure: failure, report: report, goals: sandbox.goals)
    }

    /// The failure of a run, or nil when it passed: the outcome's status, then (for a run
    /// that ended normally) a leak at the end or a black screen at the end of an app that
    /// had a window.
    static func failure(of outcome: Outcome, _ sandbox: LuaSandbox) -> (kind: ExploreFailure.Kind, headline: String)? {
        let first = outcome.message.map { String($0.prefix { $0 != "\n" }) } ?? ""
        switch outcome.status {
        case .crashed: return (.crash, first)
        case .assertionFailed: return (.assertion, first)
        case .scriptError: return (.scriptError, first)
        case .limitExceeded: return (.limit, first)
        case .leaked: return (.leak, first)
        case .passed:
            if let leak = outcome.unexpectedLeakLines.first { return (.leak, "leak at the end: " + leak) }
            if sandbox.sim.everHadAWindow, (try? sandbox.sim.screen().black) == true { return (.blackScreen, "black screen at the end") }
            return nil
        }
    }

    /// The report `kitsim run` prints for the failing run (for a leak or a black screen
    /// at the end, which `kitsim run` does not fail, the leak's report or the screen).
    static func report(of outcome: Outcome, _ sandbox: LuaSandbox, _ failure: (kind: ExploreFailure.Kind, headline: String)?) -> String {
        switch failure?.kind {
        case .leak?: return outcome.unexpectedLeakLines.joined(separator: "\n")
        case .blackScreen?: return (try? sandbox.sim.screen().description) ?? "black screen"
        default:
            // Without the blank line `kitsim run` prints before it on stderr.
            return String(sandbox.failureReport(outcome).drop { $0 == "\n" })
        }
    }
}

extension Explorer {
    /// Runs the search of the first profile without minimising what it finds and returns
    /// how many orders it ran: the benchmark's measure of orders per second.
    public func searchOnly() throws -> Int {
        var findings = Findings()
        let ios = options.iosVersions.first ?? options.configuration.ios
        switch options.strategy {
        case .dfs: _ = try systematic(ios: ios, &findings)
        case .random, .pct: try sample(ios: ios, &findings)
        }
        return findings.orders
    }

    /// The failing run of `failure` replayed from its schedule, as `kitsim run --schedule
    /// … --report` writes its HTML report.
    public func runReportHTML(_ failure: ExploreFailure) throws -> String {
        let (outcome, sandbox) = try runScenario(ios: failure.ios, ScheduleReplay(failure.order.schedule))
        defer { sandbox.close() }
        return sandbox.htmlReport(outcome, title: options.file)
    }
}
