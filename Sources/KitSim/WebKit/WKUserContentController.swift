/// `WKUserContentController`, as the model names it: its class and the properties the model reads and writes.
package enum WKUserContentController: ModelClass {
    package static let handle = ClassHandle("WKUserContentController")
    package static var declaration: SimulatorClassDeclaration { ScriptMessageHandlers.userContentControllerDeclaration }
}

/// A user content controller's handler names: in the order they were added (what
/// `removeAllScriptMessageHandlers` releases in), and as a set, so that a script adding
/// many handlers pays a hash per lookup rather than a scan.
struct ScriptMessageHandlerNames {
    private(set) var order: [String] = []
    private(set) var names: Set<String> = []

    mutating func insert(_ name: String) {
        if names.insert(name).inserted { order.append(name) }
    }

    /// Removes `name`; false when it was not there.
    mutating func remove(_ name: String) -> Bool {
        guard names.remove(name) != nil else { return false }
        order.removeAll { $0 == name }
        return true
    }
}

/// The user content controllers' script message handlers (SPEC rule 42): the names of each
/// controller's handlers, in the order they were added; the controller keeps each handler
/// as an associated object under its name. The web views and their configurations are
/// declared here too (rule 41), since what they keep decides how long a handler lives,
/// and so are the messages a page posts to a handler.
final class ScriptMessageHandlers: Subsystem {
    unowned(unsafe) var sim: Simulator!
    let heap: Heap
    /// The names of each user content controller's handlers, by controller id.
    private(set) var names: [UInt32: ScriptMessageHandlerNames] = [:]
    var log = InvariantLog()

    init(_ heap: Heap) {
        self.heap = heap
    }

    /// Each controller's names are listed once each, in order and as a set alike, and a
    /// controller with no handler has no entry.
    func violations() -> [String] {
        var out = log.failures
        for (ucc, n) in names.sorted(by: { $0.key < $1.key }) {
            if n.order.isEmpty || n.order.count != n.names.count || Set(n.order) != n.names {
                out.append("the script message handler names of #\(ucc) disagree or are empty"); break
            }
        }
        return out
    }
}

extension ScriptMessageHandlers {
    /// `WKUserContentController` (SPEC rule 42): the page's script message handlers by
    /// name. It retains each handler, as WebKit's `ScriptMessageHandlerDelegate` keeps a
    /// `RetainPtr` to it, so a controller that adds itself to its own web view's
    /// controller is in a retain cycle until it removes itself.
    static let userContentControllerDeclaration = ClassDeclaration(WKUserContentController.handle,
        summary: "Keeps the page's script message handlers by name, strongly.") {
        Method("add", swift: "add(_:name:)", .object("handler", "NSObject"), .string("name"),
               summary: "Retains the handler under the name (`scriptMessageHandlers[\"name\"]`); a name in use raises (rule 42).") { sim, inv in
            try sim.scriptMessageHandlers.add(inv.objectArgument(0), name: inv.stringArgument(1) ?? "", to: inv.receiver)
            return .nil
        }
        Method("removeScriptMessageHandler", swift: "removeScriptMessageHandler(forName:)", .string("name"),
               summary: "Releases the handler of that name; nothing when there is none.") { sim, inv in
            try sim.scriptMessageHandlers.remove(named: inv.stringArgument(0) ?? "", from: inv.receiver)
            return .nil
        }
        Method("removeAllScriptMessageHandlers", introduced: 14,
               summary: "Releases every handler, in the order they were added.") { sim, inv in
            try sim.scriptMessageHandlers.removeAll(from: inv.receiver)
            return .nil
        }
    }

    /// The associated key a handler is kept under, which `why`, `history` and leak reports
    /// print after the controller (`WKUserContentController#14.scriptMessageHandlers["dummy"]`,
    /// SPEC rule 42): the name as a Lua string literal, so any name reads back unambiguously.
    static func key(_ name: String) -> String { "scriptMessageHandlers[" + name.luaQuoted + "]" }

}

extension ScriptMessageHandlers {
    /// The handler registered under `name`, or nil.
    func handler(named name: String, in ucc: ObjectID) throws -> ObjectID? {
        guard names[ucc.raw]?.names.contains(name) == true else { return nil }
        return try heap.associatedValue(ucc, key: ScriptMessageHandlers.key(name)).objectID
    }

    /// `add(_:name:)`: retains `handler` under `name` (SPEC rule 42).
    func add(_ handler: ObjectID, name: String, to ucc: ObjectID) throws {
        guard try self.handler(named: name, in: ucc) == nil else {
            throw sim.raise(.crash(.duplicateScriptMessageHandler(name: name), object: ucc))
        }
        try heap.setAssociated(ucc, key: ScriptMessageHandlers.key(name), .object(handler), ownership: .strong)
        names[ucc.raw, default: ScriptMessageHandlerNames()].insert(name)
        log.note(names[ucc.raw]?.order.last == name ? nil : "the handler name '\(name)' of #\(ucc) was not added last")
    }

    /// `removeScriptMessageHandler(forName:)`: releases the handler of `name`, if any.
    func remove(named name: String, from ucc: ObjectID) throws {
        guard var n = names[ucc.raw], n.remove(name) else { return }
        names[ucc.raw] = n.order.isEmpty ? nil : n
        // The bookkeeping changes first: the release may deallocate a handler whose
        // `deinit` adds or removes handlers of this controller.
        try heap.setAssociated(ucc, key: ScriptMessageHandlers.key(name), .nil, ownership: .strong)
    }

    /// `removeAllScriptMessageHandlers()`: releases every handler, in the order they were
    /// added. The names are forgotten first, so a handler's `deinit` that adds a handler
    /// finds the name free, and the one it adds stays (it is not released here).
    func removeAll(from ucc: ObjectID) throws {
        guard let removed = names.removeValue(forKey: ucc.raw) else { return }
        for name in removed.order where names[ucc.raw]?.names.contains(name) != true {
            try heap.setAssociated(ucc, key: ScriptMessageHandlers.key(name), .nil, ownership: .strong)
        }
    }
}
