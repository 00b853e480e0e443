import CLua
import CLuaShim
import KitSim
import KitSimLua

/// Meta-commands: `:screen`, `:graph`, `:why obj`, `:history obj`, `:leaks`,
/// `:trace [n]`, `:run seconds`, `:undo`, `:save FILE`, `:load FILE`, `:help`.
extension ReplSession {
    public static let help = """
        Lua 5.4 with KitSim. Enter statements or expressions (`=expr` works too); a line's
        `local x = …` stays visible to later lines. Objects print as <Class #id rc=N>.
          :screen            what a person would see (windows, covered views, key window)
          :graph [mermaid] [OBJ]  the ownership graph (dot by default); with OBJ (a label,
                             #id or expression) only the paths to it and what it owns
          :why EXPR          what keeps an object alive
          :history EXPR      every retain and release of an object, with its line
          :leaks             retain cycles and abandoned controllers
          :trace [N]         the last N trace events (20)
          :run SECONDS       advance the virtual clock (timers, animations, drains)
          :undo              replay the session without its last entry
          :save FILE         write the session as a scenario script for `kitsim run`
          :load FILE         run a scenario file in this session
          :help              this text;  help(obj) lists an object's properties and methods
        Tab completes globals, fields, properties and selectors (after ':' only methods).
        Ctrl-C stops running code; Ctrl-D exits.
        """

    func command(_ line: String) -> String {
        let parts = line.dropFirst().split(separator: " ", maxSplits: 1).map(String.init)
        let name = parts.first ?? ""
        let arg = parts.count > 1 ? parts[1].trimmingSpaces : ""
        let sim = sandbox.sim
        switch name {
        case "help": return Self.help
        case "screen": return (try? sim.screen().description) ?? "screen unavailable"
        case "graph": return graph(arg)
        case "leaks":
            let leaks = sandbox.heap.leaks()
            return leaks.isEmpty ? "no leaks" : leaks.map(\.description).joined(separator: "\n")
        case "trace":
            return sandbox.heap.traceText(last: Int(arg) ?? 20).trimmingTrailingNewline
        case "why", "history":
            guard !arg.isEmpty else { return ":\(name) needs an expression, e.g. :\(name) nav" }
            switch objectOf(arg) {
            case .success(let id): return name == "why" ? sandbox.heap.why(id) : sandbox.heap.history(id).trimmingTrailingNewline
            case .failure(let message): return message
            }
        case "run":
            guard let seconds = Double(arg.isEmpty ? "0" : arg) else { return ":run needs a number of seconds" }
            return feed("sim.run(\(formatNumber(seconds)))") ?? ""
        case "undo": return undo()
        case "save":
            guard !arg.isEmpty else { return ":save needs a file name" }
            return save(to: arg)
        case "load":
            guard !arg.isEmpty else { return ":load needs a file name" }
            return load(file: arg)
        default:
            return "unknown command :\(name) (try :help)"
        }
    }

    /// `:graph [mermaid] [OBJ]`: OBJ is `#id`, a label, or else an expression.
    func graph(_ arg: String) -> String {
        var rest = Substring(arg)
        var format = Heap.GraphFormat.dot
        if rest == "mermaid" || rest.hasPrefix("mermaid ") {
            format = .mermaid
            rest = rest.dropFirst("mermaid".count).drop(while: { $0 == " " })
        }
        guard !rest.isEmpty else { return sandbox.heap.graph(format).trimmingTrailingNewline }
        let name = String(rest)
        let id: ObjectID
        if name.hasPrefix("#") || sandbox.heap.labelledObjects.contains(where: { $0.label == name }) {
            switch Pictures.object(named: name, in: sandbox.heap) {
            case .success(let found): id = found
            case .failure(let f): return ":graph \(name): \(f)"
            }
        } else {
            switch objectOf(name) {
            case .success(let found): id = found
            case .failure(let message): return message
            }
        }
        do { return try sandbox.heap.graph(format, focus: id).trimmingTrailingNewline } catch { return "\(error)" }
    }

    enum ObjectResult { case success(ObjectID), failure(String) }

    /// Evaluates `expression` and returns the object it names.
    func objectOf(_ expression: String) -> ObjectResult {
        let L = sandbox.L
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        let source = "return " + expression
        guard kitsim_load(L, source, source.utf8.count, "=stdin") == LUA_OK else { return .failure(sandbox.describe(L, -1)) }
        sandbox.rawGetRef(L, env)
        _ = lua_setupvalue(L, -2, 1)
        guard kitsim_pcall(L, 0, 1) == LUA_OK else {
            let m = errorText(L); kitsim_clear_stop(L); return .failure(m)
        }
        let id = kitsim_handle_id(L, -1)
        return id == 0 ? .failure("\(expression) is not an object (it is a \(sandbox.typeName(L, -1)))") : .success(ObjectID(id))
    }

    /// `:undo`: a fresh session replays every entry but the last. Deterministic, so the
    /// state is exactly the one before the last entry.
    func undo() -> String {
        guard let last = entries.last else { return "nothing to undo" }
        let replay = entries.dropLast()
        do {
            sandbox = try LuaSandbox(configuration: configuration, limits: limits)
            try setUp()
        } catch {
            return "undo failed: \(error)"
        }
        entries = []
        pending = []
        for e in replay {
            switch e.kind {
            case .file(let path): _ = load(file: path)
            case .expression, .statement: _ = feed(e.source)
            }
        }
        return "undone: \(last.source.split(separator: "\n").first.map(String.init) ?? "")"
    }

    /// The session as a scenario script: statements as written, expressions printed,
    /// loaded files inline, and a closing `sim.verify()`.
    public func script() -> String {
        var lines = ["-- Saved from a kitsim repl session.", ""]
        for e in entries {
            switch e.kind {
            case .statement: lines.append(e.source)
            case .expression: lines.append("print(\(e.source))")
            case .file(let path):
                lines.append("-- from \(path):")
                lines.append("do")
                lines.append(e.source)
                lines.append("end")
            }
        }
        lines.append("")
        lines.append("sim.verify()")
        return lines.joined(separator: "\n") + "\n"
    }

    func save(to path: String) -> String {
        writeTextFile(path, script()) ? "saved \(entries.count) entr\(entries.count == 1 ? "y" : "ies") to \(path)" : "cannot write \(path)"
    }
}

extension String {
    var trimmingSpaces: String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
    var trimmingTrailingNewline: String { hasSuffix("\n") ? String(dropLast()) : self }
}
