import CLua
import CLuaShim
import KitSim
import KitSimLua

/// Tab completion, computed from the runtime's metadata and raw table reads —
/// it never runs user code: no getter, no `__index`, no method.
extension ReplSession {
    static let keywords = ["and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if",
                           "in", "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while"]

    /// What a prefix chain resolves to.
    enum Target {
        case table          // a plain Lua table (on the stack top)
        case object(SimClass)
        case classTable(SimClass)
        case none
    }

    /// Candidates replacing `token` (the text before the cursor after the last word
    /// break, e.g. `nav:pus` or `UIWindow.Le`), sorted.
    public func completions(for token: String) -> [String] {
        let L = sandbox.L
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        guard let sepIndex = token.lastIndex(where: { $0 == "." || $0 == ":" }) else {
            var names = Set(Self.keywords).union(locals.keys)
            for t in [env, Int32(-1)] {
                if t == -1 { lua_rawgeti(L, kitsim_registryindex(), lua_Integer(LUA_RIDX_GLOBALS)) } else { sandbox.rawGetRef(L, t) }
                names.formUnion(stringKeys(L, -1))
                kitsim_pop(L, 1)
            }
            return names.filter { $0.hasPrefix(token) && !$0.hasPrefix("__") }.sorted()
        }
        let prefix = String(token[..<sepIndex])
        let sep = token[sepIndex]
        let partial = String(token[token.index(after: sepIndex)...])
        let names: [String]
        switch resolve(prefix) {
        case .none: return []
        case .table: names = sep == ":" ? functionKeys(L, -1) : stringKeys(L, -1)
        case .object(let cls): names = members(of: cls, methodsOnly: sep == ":")
        case .classTable(let cls): names = classMembers(cls, methodsOnly: sep == ":")
        }
        return Set(names).filter { $0.hasPrefix(partial) && !$0.hasPrefix("__") }.sorted().map { prefix + String(sep) + $0 }
    }

    /// Resolves `a.b.c` with raw reads; leaves a table on the stack for `.table`.
    func resolve(_ chain: String) -> Target {
        let L = sandbox.L
        let names = chain.split(whereSeparator: { $0 == "." || $0 == ":" }).map(String.init)
        guard let first = names.first, !first.isEmpty else { return .none }
        // The first name: the session's locals, its environment, then the globals.
        sandbox.rawGetRef(L, env)
        sandbox.pushString(L, first)
        if pushLocal(first) {
            lua_rotate(L, -2, 1)                // the local's value replaces the key
            kitsim_pop(L, 1)
        } else if lua_rawget(L, -2) == LUA_TNIL {
            kitsim_pop(L, 1)
            lua_rawgeti(L, kitsim_registryindex(), lua_Integer(LUA_RIDX_GLOBALS))
            sandbox.pushString(L, first)
            lua_rawget(L, -2)
        }
        var target = classify(L)
        for name in names.dropFirst() {
            switch target {
            case .table:
                sandbox.pushString(L, name)
                lua_rawget(L, -2)
                target = classify(L)
            case .object(let cls):
                // A typed property tells the class of what it holds; nothing is read.
                guard let p = cls.property(named: name), case .object(let c?) = p.type else { return .none }
                target = .object(c)
            case .classTable(let cls):
                // Statics (UIWindow.Level, UIApplication.shared) are in the class's table.
                guard let info = sandbox.classInfo[cls.id], info.statics != LUA_NOREF else { return .none }
                sandbox.rawGetRef(L, info.statics)
                sandbox.pushString(L, name)
                lua_rawget(L, -2)
                target = classify(L)
            case .none: return .none
            }
        }
        return target
    }

    func classify(_ L: OpaquePointer) -> Target {
        let id = kitsim_handle_id(L, -1)
        if id != 0 { return .object(sandbox.heap.classOf(ObjectID(id))) }
        if let cls = sandbox.classOfTable(L, -1) { return .classTable(cls) }
        return lua_type(L, -1) == LUA_TTABLE ? .table : .none
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
            if let info = sandbox.classInfo[cls.id], info.statics != LUA_NOREF {
                let L = sandbox.L
                sandbox.rawGetRef(L, info.statics)
                out += stringKeys(L, -1)
                kitsim_pop(L, 1)
            }
        }
        return out
    }

    func stringKeys(_ L: OpaquePointer, _ index: Int32) -> [String] {
        let t = lua_absindex(L, index)
        guard lua_type(L, t) == LUA_TTABLE else { return [] }
        var out: [String] = []
        lua_pushnil(L)
        while lua_next(L, t) != 0 {
            if lua_type(L, -2) == LUA_TSTRING, let k = sandbox.string(L, -2) { out.append(k) }
            kitsim_pop(L, 1)
        }
        return out
    }

    func functionKeys(_ L: OpaquePointer, _ index: Int32) -> [String] {
        let t = lua_absindex(L, index)
        guard lua_type(L, t) == LUA_TTABLE else { return [] }
        var out: [String] = []
        lua_pushnil(L)
        while lua_next(L, t) != 0 {
            if lua_type(L, -2) == LUA_TSTRING, lua_type(L, -1) == LUA_TFUNCTION, let k = sandbox.string(L, -2) { out.append(k) }
            kitsim_pop(L, 1)
        }
        return out
    }
}

extension LuaSandbox {
    /// `help(obj)` / `help(Class)`: the class, its properties with ownership and type,
    /// and its methods, inherited included.
    func helpText(_ L: OpaquePointer, _ index: Int32) -> String {
        let cls: SimClass
        let id = kitsim_handle_id(L, index)
        if id != 0 { cls = heap.classOf(ObjectID(id)) }
        else if let c = classOfTable(L, index) { cls = c }
        else { return ReplSession.help }
        var lines = ["\(cls.name) : " + cls.lineage.dropFirst().map(\.name).joined(separator: " : ")]
        if id != 0 {
            let o = ObjectID(id)
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
