/// A leak report (SPEC §2), as typed data: what was found and the facts its text states.
/// The runtime renders no text for it; KitSimReport's `LeakText` does, for every reader
/// (`sim.leaks()`, `kitsim run` and `kitsim test`, the HTML report, the Swift assertions).
public struct Leak: Equatable, Sendable {
    public enum Kind: String, Sendable {
        /// Alive but unreachable from every root: a retain cycle.
        case cycle
        /// A view controller that left the UI and is still alive 2 s later (MLeaksFinder).
        case abandoned
    }

    /// What the report is about, with what its text is built from.
    public enum Payload: Equatable, Sendable {
        case cycle(Cycle)
        case abandoned(Abandoned)
    }

    /// A retain cycle (SPEC rules 49 and 50).
    public struct Cycle: Equatable, Sendable {
        /// Where the cycle stands in its strongly connected component, as far as the report
        /// says anything about it.
        public enum Place: Equatable, Sendable {
            /// Nothing to say: the component's only cycle, covering all of it, or the
            /// shortest cycle of a component it covers.
            case whole
            /// Report `index` (1-based) of the `listed` reports of a component that has
            /// other cycles or objects; `more` when it may have cycles not listed (the
            /// search did not finish it, or the report limit cut some off).
            case among(index: Int, listed: Int, more: Bool)
            /// The shortest cycle of a larger component that has none of at most
            /// `maxLength` objects (rule 49).
            case shortest(maxLength: Int)
        }

        /// Why the search stopped before it had found every cycle; carried by the last
        /// report listed.
        public enum Stop: Equatable, Sendable {
            /// At the report limit (`CycleSearch.maxReports`): there are more cycles.
            case reportLimit(Int)
            /// At the search's bound of steps (`CycleSearch.maxSteps`): there may be more.
            case stepBound(Int)
        }

        /// The members in cycle order, starting at the lowest id (SPEC rule 49).
        public let members: [ObjectID]
        /// The references that close the cycle, in order: the first is the lowest member's.
        public let edges: [Reference]
        /// Objects on no reported cycle that no root keeps alive and this cycle is the
        /// first report to reach (SPEC rule 49), in id order.
        public let retained: [ObjectID]
        /// Which strongly connected component the cycle is in (1, 2, … in the order of
        /// their lowest ids): the cycles of one component share it.
        public let component: Int
        /// How many objects that component has.
        public let componentSize: Int
        public let place: Place
        public let stop: Stop?

        public init(members: [ObjectID], edges: [Reference], retained: [ObjectID] = [], component: Int, componentSize: Int,
                    place: Place = .whole, stop: Stop? = nil) {
            self.members = members
            self.edges = edges
            self.retained = retained
            self.component = component
            self.componentSize = componentSize
            self.place = place
            self.stop = stop
        }
    }

    /// A view controller that left the UI and is still alive `abandonedDelay` later
    /// (SPEC rule 47, MLeaksFinder's check).
    public struct Abandoned: Equatable, Sendable {
        /// How the controller left: what took it off, named by the container involved.
        public enum Departure: Equatable, Sendable {
            /// Popped from a navigation controller.
            case popped(from: ObjectID)
            /// Dismissed (with what was presented above it, or an alert's action).
            case dismissed
            /// Removed from a container (its parent, or a tab bar controller's tabs).
            case removed(from: ObjectID)
            /// Taken out of a navigation controller's stack by `setViewControllers`.
            case removedFromStack(of: ObjectID)
            /// Replaced as a window's root.
            case replacedAsRoot(of: ObjectID)
        }

        public let controller: ObjectID
        public let departure: Departure
        /// When it left, in nanoseconds of virtual time.
        public let leftAt: Int64
        /// How long it has been alive since, in nanoseconds.
        public let aliveFor: Int64
        /// The references of every retain path that keeps it alive, one per owner, in
        /// `Heap.retainPaths`'s order (from a root first, shortest first, then by owner).
        /// A root holding it directly is no path: empty when only roots hold it, or nothing
        /// was found.
        public let paths: [[Reference]]

        /// The first of `paths`; empty when there is none.
        public var keptBy: [Reference] { paths.first ?? [] }

        public init(controller: ObjectID, departure: Departure, leftAt: Int64, aliveFor: Int64, paths: [[Reference]] = []) {
            self.controller = controller
            self.departure = departure
            self.leftAt = leftAt
            self.aliveFor = aliveFor
            self.paths = paths
        }
    }

    public let payload: Payload

    public init(_ payload: Payload) { self.payload = payload }
    public static func cycle(_ c: Cycle) -> Leak { Leak(.cycle(c)) }
    public static func abandoned(_ a: Abandoned) -> Leak { Leak(.abandoned(a)) }

    public var kind: Kind {
        switch payload {
        case .cycle: return .cycle
        case .abandoned: return .abandoned
        }
    }

    /// For a cycle, its members in cycle order starting at the lowest id (SPEC rule 49);
    /// for an abandoned controller, the controller.
    public var objects: [ObjectID] {
        switch payload {
        case .cycle(let c): return c.members
        case .abandoned(let a): return [a.controller]
        }
    }

    /// For a cycle, the references that close it, in order: the first is the lowest
    /// member's.
    public var references: [Reference] {
        if case .cycle(let c) = payload { return c.edges }
        return []
    }

    /// Objects on no reported cycle that no root keeps alive and this report's objects are
    /// the first to reach (SPEC rule 49), in id order.
    public var retained: [ObjectID] {
        if case .cycle(let c) = payload { return c.retained }
        return []
    }

    /// For a cycle, which strongly connected component it is in (1, 2, … in the order of
    /// their lowest ids): the cycles of one component share it.
    public var component: Int? {
        if case .cycle(let c) = payload { return c.component }
        return nil
    }
}

extension Heap {
    /// How a controller left the UI, as reports say it: `popped from UINavigationController#6`.
    public func describe(_ d: Leak.Abandoned.Departure) -> String {
        switch d {
        case .popped(let nav): return "popped from \(describe(nav))"
        case .dismissed: return "dismissed"
        case .removed(let container): return "removed from \(describe(container))"
        case .removedFromStack(let nav): return "removed from \(describe(nav))'s stack"
        case .replacedAsRoot(let window): return "replaced as \(describe(window))'s root"
        }
    }
}
