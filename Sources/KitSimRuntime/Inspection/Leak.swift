/// A leak report (SPEC §2).
public struct Leak: Equatable, Sendable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        /// Alive but unreachable from every root: a retain cycle.
        case cycle
        /// A view controller that left the UI and is still alive 2 s later (MLeaksFinder).
        case abandoned
    }

    public let kind: Kind
    /// For a cycle, its members in cycle order starting at the lowest id (SPEC rule 49);
    /// for an abandoned controller, the controller.
    public let objects: [ObjectID]
    /// For a cycle, the references that close it, in order: the first is the lowest
    /// member's.
    public let references: [Reference]
    /// Objects on no reported cycle that no root keeps alive and this report's objects are
    /// the first to reach (SPEC rule 49), in id order.
    public let retained: [ObjectID]
    /// The report's text.
    public let message: String
    /// For a cycle, which strongly connected component it is in (1, 2, … in the order of
    /// their lowest ids): the cycles of one component share it.
    public let component: Int?

    public init(kind: Kind, objects: [ObjectID], references: [Reference] = [], retained: [ObjectID] = [], message: String,
                component: Int? = nil) {
        self.kind = kind
        self.objects = objects
        self.references = references
        self.retained = retained
        self.message = message
        self.component = component
    }

    public var description: String { "\(kind): \(message)" }
}
