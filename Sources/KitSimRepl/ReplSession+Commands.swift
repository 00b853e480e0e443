import KitSim
import KitSimBridge
import KitSimLua
import KitSimPlatform
import KitSimReport

/// Meta-commands: `:screen`, `:graph [mermaid] [OBJ] [FILE]`, `:why obj`, `:history obj`, `:leaks`,
/// `:fix`, `:mark NAME`, `:since NAME`, `:trace [n]`, `:run seconds`, `:undo`, `:save FILE`,
/// `:load FILE`, `:set [name value]`, `:help`. A command refuses arguments it does not take.
extension ReplSession {
    public static let help = """
        Lua 5.4 with KitSim. Enter statements or expressions (`=expr` works too); a line's
        `local x = …` stays visible to later lines. Objects print as <Class #id rc=N>;
        `#id` names one in :why and :history, sim.object(id) in Lua.
          :screen            what a person would see (windows, covered views, key window)
          :graph [mermaid] [OBJ] [FILE]  the ownership graph (dot by default); with OBJ (a
                             label, #id or expression) only the paths to it and what it
                             owns; FILE (.dot .gv .mmd .mermaid .svg .png) is written
          :why EXPR          what keeps an object alive (EXPR may be #id)
          :history EXPR      every retain and release of an object, with its line
          :leaks             retain cycles and abandoned controllers, by their suspects
          :fix               the change that ends each leak, checked by replaying the session with it
          :mark NAME         mark a heap generation (sim.mark); marking NAME again moves it
          :since NAME        the objects allocated since the mark that are still alive
          :trace [N]         the last N trace events (20)
          :run SECONDS       advance the virtual clock (timers, animations, drains)
          :undo              replay the session without its last entry
          :save FILE         write the session as a scenario script for `kitsim run`
          :load FILE         run a scenario file in this session (require finds its lib/)
          :set [NAME VALUE]  printing: depth (2) and items (20) of tables; no argument lists them
          :help              this text;  help(obj) lists an object's properties and methods
        Tab completes globals, fields, properties and selectors (after ':' only methods),
        class methods and constants, and marks after :since and :mark.
        Ctrl-C stops running code or clears the line; Ctrl-D exits.
        """

    /// Every meta-command, sorted, for completion.
    static let commandNames = ["fix", "graph", "help", "history", "leaks", "load", "mark", "run", "save", "screen", "set",
                               "since", "trace", "undo", "why"]

    /// The commands that take no argument.
    static let bareCommands: Set<String> = ["help", "screen", "leaks", "undo", "fix"]

    func command(_ line: String) -> Reply {
        let parts = line.dropFirst().split(separator: " ", maxSplits: 1).map(String.init)
        let name = parts.first ?? ""
        let arg = parts.count > 1 ? parts[1].trimmingSpaces : ""
        let sim = sandbox.sim
        if Self.bareCommands.contains(name), !arg.isEmpty {
            return Reply(error: ":\(name) takes no argument (got '\(arg)')")
        }
        switch name {
        case "help": return Reply(output: Self.help)
        case "screen": return (try? sim.screen().description).map { Reply(output: $0) } ?? Reply(error: "screen unavailable")
        case "graph": return graph(arg)
        case "leaks":
            let leaks = sandbox.heap.leaks()
            // Each leak grouped by its suspects, with its paths' statuses (rule 85).
            return Reply(output: leaks.isEmpty ? "no leaks" : LeakTraceText.groups(leaks, in: sandbox.heap))
        case "fix": return fix()
        case "trace":
            guard arg.isEmpty || Int(arg).map({ $0 >= 0 }) == true else {
                return Reply(error: ":trace takes a number of events (got '\(arg)')")
            }
            return Reply(output: sandbox.heap.traceText(last: Int(arg) ?? 20).trimmingTrailingNewline)
        case "why", "history":
            guard !arg.isEmpty else { return Reply(error: ":\(name) needs an expression or #id, e.g. :\(name) nav or :\(name) #6") }
            switch objectOf(arg) {
            case .success(let id): return Reply(output: name == "why" ? sandbox.heap.why(id) : sandbox.heap.history(id).trimmingTrailingNewline)
            case .failure(let message): return Reply(error: message)
            }
        case "mark":
            guard let mark = Self.markName(arg) else { return Reply(error: ":mark needs one name without spaces, e.g. :mark before") }
            // Through Lua, so that the mark is an entry: `:undo` replays it and `:save` keeps it.
            return run("sim.mark(\(Self.luaString(mark)))", number: entryNumber) ?? Reply()
        case "since":
            guard let mark = Self.markName(arg) else { return Reply(error: ":since needs a mark's name, e.g. :since before") }
            guard let generation = sandbox.generation(sinceMark: mark) else {
                return Reply(error: "no mark named '\(mark)' (set one with :mark \(mark))")
            }
            return Reply(output: GenerationText.text(generation, mark: mark))
        case "run":
            guard let seconds = Double(arg.isEmpty ? "0" : arg), seconds.isFinite, seconds >= 0 else {
                return Reply(error: ":run takes a number of seconds (got '\(arg)')")
            }
            return run("sim.run(\(formatNumber(seconds)))", number: entryNumber) ?? Reply()
        case "undo": return undo()
        case "save":
            guard !arg.isEmpty else { return Reply(error: ":save needs a file name") }
            return save(to: arg)
        case "load":
            guard !arg.isEmpty else { return Reply(error: ":load needs a file name") }
            return load(file: arg)
        case "set": return set(arg)
        default:
            return Reply(error: "unknown command :\(name) (try :help)")
        }
    }

    /// The one word `:mark` and `:since` take, or nil.
    static func markName(_ arg: String) -> String? {
        arg.isEmpty || arg.contains(" ") ? nil : arg
    }

    /// `text` as a Lua string literal: quotes and backslashes escaped.
    static func luaString(_ text: String) -> String {
        var out = "\""
        for c in text {
            if c == "\\" || c == "\"" { out.append("\\") }
            out.append(c)
        }
        return out + "\""
    }

    /// `:graph [mermaid] [OBJ] [FILE]`: OBJ is `#id`, a label, or else an expression; a
    /// last word with a picture's extension (`Pictures.Format(path:)`) is the file to write
    /// the graph to, in the format the extension names, as `kitsim run --graph` writes it.
    func graph(_ arg: String) -> Reply {
        var rest = Substring(arg)
        var format = Heap.GraphFormat.dot
        var mermaid = false
        if rest == "mermaid" || rest.hasPrefix("mermaid ") {
            format = .mermaid
            mermaid = true
            rest = rest.dropFirst("mermaid".count).drop(while: { $0 == " " })
        }
        var file: (path: String, format: Pictures.Format)?
        let lastWord = rest.split(separator: " ").last.map(String.init) ?? ""
        if let f = Pictures.Format(path: lastWord) {
            if mermaid && f != .mermaid {
                return Reply(error: ":graph mermaid \(lastWord): the file's extension names another format; use .mmd or .mermaid")
            }
            guard Platform.folderExists(of: lastWord) else { return Reply(error: ":graph \(lastWord): no such folder") }
            file = (lastWord, f)
            rest = Substring(String(rest.dropLast(lastWord.count)).trimmingSpaces)
        }
        guard !rest.isEmpty else {
            if let file { return write(graphOf: nil, to: file.path, as: file.format) }
            return Reply(output: sandbox.heap.graph(format).trimmingTrailingNewline)
        }
        let name = String(rest)
        let id: ObjectID
        if name.hasPrefix("#") || sandbox.heap.labelledObjects.contains(where: { $0.label == name }) {
            switch Pictures.object(named: name, in: sandbox.heap) {
            case .success(let found): id = found
            case .failure(let f): return Reply(error: ":graph \(name): \(f)")
            }
        } else {
            switch objectOf(name) {
            case .success(let found): id = found
            case .failure(let message): return Reply(error: message)
            }
        }
        if let file { return write(graphOf: id, to: file.path, as: file.format) }
        do { return Reply(output: try sandbox.heap.graph(format, focus: id).trimmingTrailingNewline) } catch { return Reply(error: "\(error)") }
    }

    /// Writes the graph (focused on `focus`, when given) to `path` as `format`, drawn by
    /// Graphviz for SVG and PNG, and says where it went.
    func write(graphOf focus: ObjectID?, to path: String, as format: Pictures.Format) -> Reply {
        let bytes: [UInt8]
        do { bytes = try Pictures.graph(sandbox.heap, format, focus: focus) } catch { return Reply(error: ":graph: \(error)") }
        guard Platform.writeBytes(path, bytes) else { return Reply(error: ":graph: cannot write \(path)") }
        return Reply(output: "wrote the graph to \(path)")
    }

    /// `:set`: lists the printing settings; `:set depth 4` changes one.
    func set(_ arg: String) -> Reply {
        let names = ["depth", "items"]
        guard !arg.isEmpty else {
            return Reply(output: names.map { "\($0) \(console.setting($0))" }.joined(separator: "\n"))
        }
        let words = arg.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard names.contains(words[0]) else {
            return Reply(error: ":set: unknown setting '\(words[0])' (depth or items)")
        }
        guard words.count == 2, let n = Int(words[1]), (1...100).contains(n) else {
            return Reply(error: ":set \(words[0]) takes a whole number from 1 to 100, e.g. :set \(words[0]) 4")
        }
        console.setSetting(words[0], n)
        return Reply(output: "\(words[0]) \(n)")
    }

    enum ObjectResult { case success(ObjectID), failure(String) }

    /// The object `expression` names: `#id`, or what the expression evaluates to.
    func objectOf(_ expression: String) -> ObjectResult {
        if expression.hasPrefix("#") {
            guard let n = UInt32(expression.dropFirst()) else { return .failure("\(expression) is not an object id (#6 is one)") }
            let id = ObjectID(n)
            return sandbox.heap.isValid(id) ? .success(id) : .failure("no object \(expression) exists")
        }
        switch console.evaluateObject(expression, chunkName: Self.chunkName(entryNumber)) {
        case .object(let id)?: return .success(id)
        case .notAnObject(let typeName)?: return .failure("\(expression) is not an object (it is a \(typeName))")
        case .error(let message)?: return .failure(message)
        case nil: return .failure("\(expression) is not an expression")
        }
    }

    /// `:undo`: a fresh session replays every entry but the last. Deterministic, so the
    /// state is exactly the one before the last entry.
    func undo() -> Reply {
        guard let last = entries.last else { return Reply(error: "nothing to undo") }
        let replay = entries.dropLast()
        do {
            sandbox = try LuaSandbox(configuration: configuration, limits: limits)
            console = try Self.makeConsole(sandbox)
        } catch {
            return Reply(error: "undo failed: \(error)")
        }
        entries = []
        pending = []
        let number = entryNumber
        for e in replay {
            switch e.kind {
            case .file(let path):
                entryNumber = e.number
                _ = load(file: path)
            case .expression, .statement: _ = run(e.source, number: e.number)
            }
        }
        entryNumber = number
        return Reply(output: "undone: \(last.source.split(separator: "\n").first.map(String.init) ?? "")")
    }

    /// The session as a scenario script: statements as written, expressions without the
    /// printing the prompt gave them (`savedExpression`), loaded files inline, and a
    /// closing `sim.verify()`.
    public func script() -> String {
        var lines = ["-- Saved from a kitsim repl session.", ""]
        for e in entries {
            switch e.kind {
            case .statement: lines.append(e.source)
            case .expression: if let line = savedExpression(e.source) { lines.append(line) }
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

    /// An expression entry as a scenario's statement, without the value the prompt printed:
    /// a call (`nav:popViewController(true)`) as written; a bare name, which reading
    /// changes nothing, not at all; anything else (`nav.view`, whose getter may load the
    /// view) evaluated and dropped, so that the scenario's state is the session's.
    func savedExpression(_ source: String) -> String? {
        if Self.isName(source) { return nil }
        if console.syntaxError(in: source) == nil { return source }
        return "do local _ = \(source) end"
    }

    /// Whether `text` is one Lua name (not a keyword).
    static func isName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic) else { return false }
        return text.unicodeScalars.allSatisfy { $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) }
            && !keywords.contains(text)
    }

    /// `:fix`: `kitsim fix` of the session as `:save` would write it: the session is
    /// replayed in fresh sandboxes, once as it is and once per suggested change, so nothing
    /// of this session's state changes.
    func fix() -> Reply {
        var fixer = LeakFixer(configuration: sandbox.sim.configuration)
        fixer.limits = limits
        do {
            let report = try fixer.find(.source(script(), name: "=session"))
            return Reply(output: report.text(file: "the session"))
        } catch {
            return Reply(error: "cannot replay the session: \(error)")
        }
    }

    func save(to path: String) -> Reply {
        writeTextFile(path, script()) ? Reply(output: "saved \(entries.count) entr\(entries.count == 1 ? "y" : "ies") to \(path)")
            : Reply(error: "cannot write \(path)")
    }
}

extension String {
    var trimmingSpaces: String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
    var trimmingTrailingNewline: String { hasSuffix("\n") ? String(dropLast()) : self }
}
