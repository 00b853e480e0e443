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
