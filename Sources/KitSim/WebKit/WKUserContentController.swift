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

extension Simulator {
    /// `WKUserContentController` (SPEC rule 42): the page's script message handlers by
    /// name. It retains each handler, as WebKit's `ScriptMessageHandlerDelegate` keeps a
    /// `RetainPtr` to it, so a controller that adds itself to its own web view's
    /// controller is in a retain cycle until it removes itself.
    static let userContentControllerDeclaration = ClassDeclaration("WKUserContentController",
        summary: "Keeps the page's script message handlers by name, strongly.") {
        Method("add", swift: "add(_:name:)", .object("handler", "NSObject"), .string("name"),
               summary: "Retains the handler under the name (`scriptMessageHandlers[\"name\"]`); a name in use raises (rule 42).") { sim, inv in
            try sim.addScriptMessageHandler(inv.objectArgument(0), name: inv.stringArgument(1) ?? "", to: inv.receiver)
            return .nil
        }
        Method("removeScriptMessageHandler", swift: "removeScriptMessageHandler(forName:)", .string("name"),
               summary: "Releases the handler of that name; nothing when there is none.") { sim, inv in
            try sim.removeScriptMessageHandler(named: inv.stringArgument(0) ?? "", from: inv.receiver)
            return .nil
        }
        Method("removeAllScriptMessageHandlers", introduced: 14,
               summary: "Releases every handler, in the order they were added.") { sim, inv in
            try sim.removeAllScriptMessageHandlers(from: inv.receiver)
            return .nil
        }
    }

    /// The associated key a handler is kept under, which `why`, `history` and leak reports
    /// print after the controller (`WKUserContentController#14.scriptMessageHandlers["dummy"]`,
    /// SPEC rule 42): the name as a Lua string literal, so any name reads back unambiguously.
    static func scriptMessageHandlerKey(_ name: String) -> String { "scriptMessageHandlers[" + name.luaQuoted + "]" }

    /// The handler registered under `name`, or nil.
    func scriptMessageHandler(named name: String, in ucc: ObjectID) throws -> ObjectID? {
        guard scriptMessageHandlerNames[ucc.raw]?.names.contains(name) == true else { return nil }
        return try heap.associatedValue(ucc, key: Simulator.scriptMessageHandlerKey(name)).objectID
    }

    /// `add(_:name:)`: retains `handler` under `name` (SPEC rule 42).
    func addScriptMessageHandler(_ handler: ObjectID, name: String, to ucc: ObjectID) throws {
        guard try scriptMessageHandler(named: name, in: ucc) == nil else {
            throw raise(.invalidArgument("Attempt to add script message handler with name '\(name)' when one already exists.", object: ucc))
        }
        try heap.setAssociated(ucc, key: Simulator.scriptMessageHandlerKey(name), .object(handler), ownership: .strong)
        scriptMessageHandlerNames[ucc.raw, default: ScriptMessageHandlerNames()].insert(name)
    }

    /// `removeScriptMessageHandler(forName:)`: releases the handler of `name`, if any.
    func removeScriptMessageHandler(named name: String, from ucc: ObjectID) throws {
        guard var names = scriptMessageHandlerNames[ucc.raw], names.remove(name) else { return }
        scriptMessageHandlerNames[ucc.raw] = names.order.isEmpty ? nil : names
        // The bookkeeping changes first: the release may deallocate a handler whose
        // `deinit` adds or removes handlers of this controller.
        try heap.setAssociated(ucc, key: Simulator.scriptMessageHandlerKey(name), .nil, ownership: .strong)
    }

    /// `removeAllScriptMessageHandlers()`: releases every handler, in the order they were
    /// added. The names are forgotten first, so a handler's `deinit` that adds a handler
    /// finds the name free, and the one it adds stays (it is not released here).
    func removeAllScriptMessageHandlers(from ucc: ObjectID) throws {
        guard let names = scriptMessageHandlerNames.removeValue(forKey: ucc.raw) else { return }
        for name in names.order where scriptMessageHandlerNames[ucc.raw]?.names.contains(name) != true {
            try heap.setAssociated(ucc, key: Simulator.scriptMessageHandlerKey(name), .nil, ownership: .strong)
        }
    }
}
