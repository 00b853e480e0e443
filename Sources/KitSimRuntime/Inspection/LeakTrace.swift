/// Whether one object on a retain path is leaking, as LeakCanary labels the nodes of its
/// leak traces: a model says what it knows of an object (on screen, popped, invalidated),
/// and `Heap.leakTrace` propagates the rest along the path.
public enum LeakStatus: Equatable, Sendable {
    /// The object is where it belongs (on screen, the application, a singleton): the
    /// references that keep it are not the bug.
    case notLeaking(String)
    /// The object should have gone (popped, dismissed, invalidated, in a cycle no root
    /// reaches).
    case leaking(String)
    /// Nothing says either way.
    case unknown

    /// The reason given with the status; nil for `unknown`.
    public var reason: String? {
        switch self {
        case .notLeaking(let r), .leaking(let r): return r
        case .unknown: return nil
        }
    }

    public var isLeaking: Bool { if case .leaking = self { return true } else { return false } }
    public var isNotLeaking: Bool { if case .notLeaking = self { return true } else { return false } }
}

/// What a reference is to the code that made it, so that a suggested fix changes a
/// reference the app's code owns, and the one such code most often gets wrong: a model
/// names its framework's own references and the kinds it knows (a timer's target), and the
/// runtime knows closures' captures.
public enum ReferenceRole: Equatable, Sendable {
    /// The framework's own structure (a window's root, a view's subviews, a controller's
    /// view): never suspected while the path has another reference, never cut.
    case framework
    /// A delegate or data source: weak by convention, strong here.
    case delegate
    /// A closure's or block's capture: `[weak self]` is the fix.
    case capture
    /// A reference Foundation or UIKit keeps until a call lets it go (a timer's target
    /// until `invalidate`, an observer until it is removed): the fix is that call, which
    /// the model's advice names.
    case release(String)
    /// A reference from an object back to one that owns it (a child's parent).
    case backReference
    /// Any other reference the app's code declared.
    case ordinary

    /// The cost of changing it in a fix (`Heap.suggestFix`): the conventions' preferred
    /// kinds cost 1, any other reference of the app 3; the framework's are never chosen.
    public var weight: Int? {
        switch self {
        case .framework: return nil
        case .delegate, .capture, .release, .backReference: return 1
        case .ordinary: return 3
        }
    }
}

/// What a fix changes: a declaration rather than one object's reference, since changing
/// `weak var delegate` or a closure's capture list changes every instance it makes.
/// Leaks with the same suspects share a signature (`LeakGroup`).
public struct SuspectKey: Hashable, Comparable, Sendable, CustomStringConvertible {
    public enum Kind: Int, Sendable {
        /// `Class.property` (an element of a collection property counts as the property).
        case property
        /// A closure's capture, by the line the closure was written at and the name.
        case capture
        /// A `sim.block`'s capture, by the line of the `sim.block` call and its number.
        case blockCapture
        /// A capture of a block whose line is not known, by number.
        case anonymousCapture
    }

    public let kind: Kind
    /// The class name, or the closure's `file.lua:LINE`.
    public let owner: String
    /// The property, the captured name, or the capture's number.
    public let name: String

    public init(kind: Kind, owner: String, name: String) {
        self.kind = kind
        self.owner = owner
        self.name = name
    }

    /// `Picker.delegate`, `closure (profile.lua:14) captures 'self'`, `sim.block (profile.lua:20) capture 1`.
    public var description: String {
        switch kind {
        case .property: return owner + "." + name
        case .capture: return "closure (\(owner)) captures '\(name)'"
        case .blockCapture: return "sim.block (\(owner)) capture \(name)"
        case .anonymousCapture: return "NSBlock capture \(name)"
        }
    }

    /// What `kitsim run --weaken` takes to make it weak for one run, or nil when nothing
    /// can name it (a block made by Swift code).
    public var weakening: String? {
        switch kind {
        case .property: return owner + "." + name
        case .capture: return owner + ":" + name
        case .blockCapture: return owner
        case .anonymousCapture: return nil
        }
    }

    public static func < (a: SuspectKey, b: SuspectKey) -> Bool {
        (a.kind.rawValue, a.owner, a.name) < (b.kind.rawValue, b.owner, b.name)
    }
}

/// One retain path of a leak with LeakCanary's labels: each object's status, and the
/// suspects, the references between the last object that is not leaking and the first
/// that is. For a cycle no root reaches, the path is the cycle.
public struct LeakTrace: Equatable, Sendable {
    public struct Node: Equatable, Sendable {
        public let object: ObjectID
        public let status: LeakStatus
        /// Whether the status was inferred from its neighbours on the path rather than
        /// known of the object itself.
        public let inferred: Bool
    }

    /// The objects, root first; for a cycle, its members in cycle order.
    public let nodes: [Node]
    /// `references[i]` goes from `nodes[i]` to the next node (for a cycle the last goes
    /// back to the first).
    public let references: [Reference]
    /// Indices into `references` of the suspects, in path order.
    public let suspects: [Int]
    /// Why the first node is a root; empty for a cycle no root reaches.
    public let rootReasons: [String]
    /// Whether the path starts at a root (false: a cycle no root reaches).
    public let fromRoot: Bool

    public func isSuspect(_ index: Int) -> Bool { suspects.contains(index) }
}

/// Leaks grouped by the declarations of their suspects, as LeakCanary groups leaks by a
/// signature: the same bug leaking twice is one group with a count.
public struct LeakGroup: Equatable, Sendable {
    /// The suspects' declarations, sorted: empty when every suspect is the framework's own.
    public let signature: [SuspectKey]
    /// The leaks, in report order.
    public let leaks: [Leak]
    /// One trace per leak's path (an abandoned controller's every path, a cycle's cycle).
    public let traces: [LeakTrace]
    /// The objects the group leaks: the abandoned controllers and the cycles' members.
    public let objects: [ObjectID]
}
