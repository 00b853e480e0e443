/// How a property (or an associated reference, or a block capture) holds an object.
/// SPEC §2: the semantics of each kind are exact.
public enum Ownership: UInt8, Sendable, CaseIterable, CustomStringConvertible {
    /// Retains the target; released when overwritten or when the owner deallocates.
    case strong
    /// Does not retain; reads `nil` once the target deallocates (zeroed at once).
    case weak
    /// Does not retain; reading it after the target died is a crash (Swift's unowned).
    case unowned
    /// Does not retain and is never zeroed (`assign` / `unowned(unsafe)`): the value
    /// dangles, and using it after the target died is a zombie crash.
    case assign
    /// Strong, for value-like objects. The simulated objects are immutable as far as
    /// copying goes, so a copy retains the same object, as `-copy` of an immutable
    /// Foundation object does.
    case copy

    /// Whether this kind adds to the target's retain count.
    @inlinable public var retains: Bool { self == .strong || self == .copy }

    /// The attribute as written in a declaration.
    public var description: String {
        switch self {
        case .strong: return "strong"
        case .weak: return "weak"
        case .unowned: return "unowned"
        case .assign: return "assign"
        case .copy: return "copy"
        }
    }

    /// Parses a declaration attribute. Accepts `unowned(unsafe)` as a synonym of
    /// `assign`, as Swift and Objective-C spell the same thing.
    public init?(attribute: String) {
        switch attribute {
        case "strong": self = .strong
        case "weak": self = .weak
        case "unowned": self = .unowned
        case "assign", "unowned(unsafe)": self = .assign
        case "copy": self = .copy
        default: return nil
        }
    }

    /// The attributes accepted by `init(attribute:)`, for error messages.
    public static let attributeList = "strong, weak, unowned, assign, unowned(unsafe) or copy"
}

/// The ownership a declared property had on platform versions before `version`, where the
/// platform changed it: UIKit declared its table views' data sources `assign` through iOS 8
/// and `weak` from iOS 9 (rule 78). A heap gives the property this ownership while its
/// `platformVersion` is below `version`, and the declared one from `version` on. Neither kind
/// may retain: a change of profile then never retains or releases anything, it only decides
/// whether the reference is zeroed when its target goes.
public struct EarlierOwnership: Sendable, Equatable, CustomStringConvertible {
    /// The ownership before `version`.
    public let ownership: Ownership
    /// The first platform version with the declared ownership.
    public let version: Int

    public init(_ ownership: Ownership, before version: Int) {
        self.ownership = ownership
        self.version = version
    }

    /// `assign` (dangling when the target goes) before `version`.
    public static func assign(before version: Int) -> EarlierOwnership { EarlierOwnership(.assign, before: version) }

    /// As the API reference prints it: `assign before iOS 9`.
    public var description: String { "\(ownership) before iOS \(version)" }
}
