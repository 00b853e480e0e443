import KitSimRuntime

/// One event of an explored order, as it ran: what it was, when it could run and when it
/// did, and the events it ran ahead of (`kitsim explore`, docs/explore.md).
public struct ExploredEvent: Equatable, Sendable {
    /// The label the choice offered it under (` #2` added when two shared it).
    public let label: String
    /// The virtual time it ran at, in nanoseconds.
    public let time: Int64
    public let earliest: Int64
    public let latest: Int64
    /// The events due before it in the default order that this order ran after it (a
    /// delay each): empty for an event that ran in its default place.
    public let ranAhead: [String]

    public init(label: String, time: Int64, earliest: Int64, latest: Int64, ranAhead: [String]) {
        self.label = label
        self.time = time
        self.earliest = earliest
        self.latest = latest
        self.ranAhead = ranAhead
    }

    /// Whether this order moved it: it ran ahead of an event the default order runs first.
    public var isMoved: Bool { !ranAhead.isEmpty }
}

/// An order of events one run took: every event the run loop ran, and the schedule that
/// reproduces it.
public struct ExploredOrder: Equatable, Sendable {
    public let events: [ExploredEvent]
    /// The labels chosen up to the last choice that was not the default.
    public let schedule: Schedule
    /// How many times the order ran another event than the default one (CHESS's and
    /// Coyote's delay bound counts these: skipping two events is two delays).
    public let delays: Int

    public init(events: [ExploredEvent], schedule: Schedule, delays: Int) {
        self.events = events
        self.schedule = schedule
        self.delays = delays
    }

    /// How many events ran ahead of their default place.
    public var movedCount: Int { events.filter(\.isMoved).count }
}

/// What went wrong in an explored order, typed: the usual headline of a run.
public struct ExploreFailure: Equatable, Sendable {
    public enum Kind: String, Sendable {
        case crash, assertion, scriptError = "script error", limit, leak, blackScreen = "black screen"
    }

    public let kind: Kind
    /// The headline, without object ids that differ between orders: `NSInvalidArgumentException:
    /// Can't add self as subview` and the line, `sim.always failed …`, a leak's line.
    public let headline: String
    /// The full report of the failing run, as `kitsim run` prints it.
    public let report: String
    /// The order that failed, minimised (fewest delays, then fewest events moved).
    public let order: ExploredOrder
    /// The default order of the same scenario, for the report's side-by-side timeline.
    public let defaultOrder: ExploredOrder
    /// The iOS version of the profile it failed on.
    public let ios: Int
    /// How many explored orders failed this way.
    public let count: Int

    public init(kind: Kind, headline: String, report: String, order: ExploredOrder, defaultOrder: ExploredOrder, ios: Int, count: Int) {
        self.kind = kind
        self.headline = headline
        self.report = report
        self.order = order
        self.defaultOrder = defaultOrder
        self.ios = ios
        self.count = count
    }
}

/// The search of one profile: how many orders, whether it was exhaustive, what failed.
public struct ExploreProfileResult: Equatable, Sendable {
    public let ios: Int
    /// Distinct orders run.
    public let orders: Int
    /// Whether every order within the delay bound was run (dfs only).
    public let exhaustive: Bool
    /// Orders the reduction proved equivalent to one already run, so never ran.
    public let savedByReduction: Int
    public let failures: [ExploreFailure]
    /// Coverage goals (`sim.sometimes`) no order reached.
    public let unreachedGoals: [String]
    /// Whether two runs of the same choices met different choices: a script that is not
    /// deterministic (reads the wall clock, `math.random` unseeded), so the search is not
    /// what it says.
    public let nondeterministic: Bool

    public init(ios: Int, orders: Int, exhaustive: Bool, savedByReduction: Int, failures: [ExploreFailure],
                unreachedGoals: [String], nondeterministic: Bool) {
        self.ios = ios
        self.orders = orders
        self.exhaustive = exhaustive
        self.savedByReduction = savedByReduction
        self.failures = failures
        self.unreachedGoals = unreachedGoals
        self.nondeterministic = nondeterministic
    }

    /// Whether this profile passed: nothing failed, every goal reached, the runs agreed.
    /// A shard sees part of the search, so a goal it never reached may be another's: it
    /// reports the goal and passes (`partOfSearch`).
    public var passed: Bool { failures.isEmpty && (unreachedGoals.isEmpty || partOfSearch) && !nondeterministic }
    /// Whether this is one shard's part of a search.
    public var partOfSearch = false
}

/// What `kitsim explore` found, as typed data; `ExploreText` and `ExploreHTML` render it.
public struct ExploreResult: Equatable, Sendable {
    public enum Strategy: String, Sendable, CaseIterable {
        case dfs, pct, random
    }

    public let file: String
    public let strategy: Strategy
    /// The delay bound (dfs), or PCT's depth.
    public let delays: Int
    public let budget: Int
    /// The seed of a sampling strategy.
    public let seed: UInt64?
    /// `(index, count)` of a shard, 1-based, or nil for the whole search.
    public let shard: (index: Int, count: Int)?
    public let profiles: [ExploreProfileResult]

    public init(file: String, strategy: Strategy, delays: Int, budget: Int, seed: UInt64?, shard: (index: Int, count: Int)?,
                profiles: [ExploreProfileResult]) {
        self.file = file
        self.strategy = strategy
        self.delays = delays
        self.budget = budget
        self.seed = seed
        self.shard = shard
        self.profiles = profiles
    }

    public static func == (a: ExploreResult, b: ExploreResult) -> Bool {
        a.file == b.file && a.strategy == b.strategy && a.delays == b.delays && a.budget == b.budget && a.seed == b.seed
            && a.shard?.index == b.shard?.index && a.shard?.count == b.shard?.count && a.profiles == b.profiles
    }

    public var passed: Bool { profiles.allSatisfy(\.passed) }
}
