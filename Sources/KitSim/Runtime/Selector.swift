import Synchronization

/// A method name, interned process-wide so that method tables hash a small integer
/// instead of a string (DEVELOPERS.md rule 5).
///
/// Selectors use UIKit's Swift base names (`pushViewController`, `viewDidLoad`), as the
/// Lua API does (SPEC §4).
public struct Selector: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The interned index; equal names have equal ids.
    public let id: UInt32
    /// The name as written.
    public let name: String

    /// Interns `name`. This takes a lock and hashes the string: create selectors once
    /// (as static constants or per class), not per call.
    public init(_ name: String) {
        self.name = name
        self.id = SelectorTable.shared.intern(name)
    }

    public init(stringLiteral value: String) { self.init(value) }

    public static func == (a: Selector, b: Selector) -> Bool { a.id == b.id }
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
    /// Method tables are looked up on every message: a multiplicative hash of the interned
    /// id (mixed with the table's seed) instead of SipHash keeps a lookup a few
    /// instructions (issue 7). Ids are dense small integers, so the spread is good.
    public func _rawHashValue(seed: Int) -> Int {
        let x = (UInt64(id) &+ UInt64(bitPattern: Int64(seed))) &* 0x9E37_79B9_7F4A_7C15
        return Int(bitPattern: UInt(x ^ (x >> 29)))
    }
    public var description: String { name }
}

/// The process-wide selector table. Scenarios may run on several threads at once
/// (`kitsim test -j N`), so interning is guarded by a mutex; lookups by id never happen
/// because every `Selector` carries its own name.
final class SelectorTable: Sendable {
    static let shared = SelectorTable()
    private let ids = Mutex<[String: UInt32]>([:])

    func intern(_ name: String) -> UInt32 {
        ids.withLock { table in
            if let id = table[name] { return id }
            let id = UInt32(table.count + 1)
            table[name] = id
            return id
        }
    }
}
