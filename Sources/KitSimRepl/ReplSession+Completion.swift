import KitSim
import KitSimBridge
import KitSimLua

/// Tab completion, computed from the runtime's metadata and raw table reads —
/// it never runs user code: no getter, no `__index`, no method.
extension ReplSession {
    static let keywords = ["and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if",
                           "in", "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while"]

    /// Candidates replacing `token` (the text before the cursor after the last word
    /// break, e.g. `nav:pus` or `UIWindow.Le`), sorted. `before` is the line's text before
    /// the token: after `:since ` or `:mark ` the candidates are the marks' names.
    public func completions(for token: String, before: String = "") -> [String] {
        let words = before.split(separator: " ")
        if words.count == 1, before.hasSuffix(" "), words[0] == ":since" || words[0] == ":mark" {
            return sandbox.markNames.filter { $0.hasPrefix(token) }
        }
        guard let sepIndex = token.lastIndex(where: { $0 == "." || $0 == ":" }) else {
            var names = Set(Self.keywords).union(console.localNames)
            names.formUnion(console.environmentKeys())
            return names.filter { $0.hasPrefix(token) && !$0.hasPrefix("__") }.sorted()
        }
        let prefix = String(token[..<sepIndex])
        let sep = token[sepIndex]
        // Lua never starts a token with ':' (a method needs its receiver): it is a meta-command.
        if sep == ":", prefix.isEmpty, sepIndex == token.startIndex {
            let partial = token.dropFirst()
            return Self.commandNames.filter { $0.hasPrefix(partial) }.map { ":" + $0 }
        }
        let partial = String(token[token.index(after: sepIndex)...])
        let names: [String]
        switch console.resolve(prefix) {
        case .none: return []
        case .table(let keys, let functionKeys): names = sep == ":" ? functionKeys : keys
        case .object(let cls): names = members(of: cls, methodsOnly: sep == ":")
        case .classTable(let cls): names = classMembers(cls, methodsOnly: sep == ":")
        }
        return Set(names).filter { $0.hasPrefix(partial) && !$0.hasPrefix("__") }.sorted().map { prefix + String(sep) + $0 }
    }

    func members(of cls: SimClass, methodsOnly: Bool) -> [String] {
        let properties = Set(cls.properties.map(\.name))
        var out = cls.allSelectors.map(\.name).filter { !properties.contains($0) && $0 != "deinit" && $0 != "init" }
        out += ["isKind", "responds"]
        if !methodsOnly { out += Array(properties) + (sandbox.extensions[cls.id].map { Array($0.keys) } ?? []) }
        return out
    }

    func classMembers(_ cls: SimClass, methodsOnly: Bool) -> [String] {
        var out = ["subclass", "swizzle", "extend", "isSubclass"]
        if !methodsOnly {
            out += ["new", "name", "superclass"] + cls.allSelectors.map(\.name).filter { $0 != "deinit" }
            out += console.staticNames(of: cls)
        }
        return out
    }
}

extension LuaSandbox {
    /// `help(obj)` / `help(Class)`: the class, its properties with ownership and type,
    /// and its methods, inherited included.
    func helpText(_ argument: LuaConsole.Argument) -> String {
        let cls: SimClass
        var object: ObjectID?
        switch argument {
        case .object(let id): cls = heap.classOf(id); object = id
        case .classTable(let c): cls = c
        case .other: return ReplSession.help
        }
        var lines = ["\(cls.name) : " + cls.lineage.dropFirst().map(\.name).joined(separator: " : ")]
        if let o = object {
            lines[0] = heap.describe(o) + (heap.isAlive(o) ? " (retain count \(heap.retainCount(o)))" : " (deallocated)") + " — " + lines[0]
        }
        lines.append("properties:")
        for p in cls.properties.sorted(by: { $0.name < $1.name }) {
            var l = "  \(p.name): \(p.type) (\(p.ownership)\(p.isReadOnly ? ", read-only" : ""))"
            if p.declaringClassName != cls.name { l += " — from \(p.declaringClassName)" }
            lines.append(l)
        }
        for (name, own) in (extensions[cls.id] ?? [:]).sorted(by: { $0.key < $1.key }) {
            lines.append("  \(name): any (\(own), added with extend)")
        }
        let properties = Set(cls.properties.map(\.name))
        let methods = cls.allSelectors.map(\.name).filter { !properties.contains($0) && $0 != "deinit" }
        lines.append("methods:")
        lines.append("  " + methods.joined(separator: ", "))
        return lines.joined(separator: "\n")
    }
}
