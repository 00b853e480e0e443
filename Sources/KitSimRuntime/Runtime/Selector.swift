import Synchronization

/// A method name, interned process-wide so that method tables hash a small integer
/// instead of a string (DEVELOPERS.md rule 5).
///
/// Selectors use UIKit's Swift base names (`pushViewController`, `viewDidLoad`), as the
/// Lua API does (SPEC §4).
///
/// A selector is only its id (a trivial 4-byte value): copying one into every message,
/// method-table key and cache costs no reference counting. The name is looked
/// up in the process-wide table when needed (messages, traces, the Lua method tables).
public struct Selector: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The interned index; equal names have equal ids.
    public let id: UInt32
    /// The name as written (a lookup under the table's lock: not for hot paths).
    public var name: String { SelectorTable.shared.name(of: id) }

    /// Interns `name`. This takes a lock and hashes the string: create selectors once
    /// (as static constants or per class), not per call.
    public init(_ name: String) {
        self.id = SelectorTable.shared.intern(name)
    }

    public init(stringLiteral value: String) { self.init(value) }

    public static func == (a: Selector, b: Selector) -> Bool { a.id == b.id }
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
    /// Method tables are looked up on every message: a multiplicative hash of the interned
    /// id (mixed with the table's seed) instead of SipHash keeps a lookup a few
    /// instructions. Ids are dense small integers, so the spread is good.
    public func _rawHashValue(seed: Int) -> Int {
        let x = (UInt64(id) &+ UInt64(bitPattern: Int64(seed))) &* 0x9E37_79B9_7F4A_7C15
        return Int(bitPattern: UInt(x ^ (x >> 29)))
    }
    public var description: String { name }
}

/// The process-wide selector table. Scenarios may run on several threads at once
/// (`kitsim test -j N`), so interning and name lookups are guarded by a mutex.
final class SelectorTable: Sendable {
    static let shared = SelectorTable()
    private struct State {
        var ids: [String: UInt32] = [:]
        var names: [String] = [""]          // id 0 is never handed out
    }
    private let state = Mutex(State())

    func intern(_ name: String) -> UInt32 {
        state.withLock { s in
            if let id = s.ids[name] { return id }
            let id = UInt32(s.names.count)
            s.ids[name] = id
            s.names.append(name)
            return id
        }
    }

    func name(of id: UInt32) -> String {
        state.withLock { s in Int(id) < s.names.count ? s.names[Int(id)] : "?" }
    }
}
