import CLua
import CLuaShim
import KitSim
import KitSimLua

/// The engine of `kitsim repl`, independent of the terminal so tests can drive
/// it: lua.c's input rules (try `return <line>` first, `<eof>` means more input, `=expr`),
/// locals that survive between entries, pretty printing, meta-commands, completion from
/// the runtime's metadata, and a record of the session for `:undo` and `:save`.
public final class ReplSession {
    /// An accepted entry, for `:undo` (replay) and `:save` (a scenario script).
    public struct Entry: Equatable, Sendable {
        public enum Kind: Equatable, Sendable { case statement, expression, file(String) }
        public let source: String
        public let kind: Kind
    }

    public internal(set) var sandbox: LuaSandbox
    let configuration: Simulator.Configuration
    let limits: LuaSandbox.Limits
    var env: Int32 = 0
    var prettyRef: Int32 = 0
    var pending: [String] = []
    /// Every entry that ran without error, in order.
    public internal(set) var entries: [Entry] = []

    public init(configuration: Simulator.Configuration = Simulator.Configuration(),
                limits: LuaSandbox.Limits = LuaSandbox.Limits()) throws {
        self.configuration = configuration
        self.limits = limits
        sandbox = try LuaSandbox(configuration: configuration, limits: limits)
        try setUp()
    }

    /// True while an entry is incomplete (the prompt is `_PROMPT2`).
    public var isContinuing: Bool { !pending.isEmpty }

    /// `_PROMPT` or `_PROMPT2` from the session's globals, as lua.c reads them.
    public var prompt: String {
        let L = sandbox.L
        let name = isContinuing ? "_PROMPT2" : "_PROMPT"
        for table in [env, Int32(-1)] {
            if table == -1 { lua_rawgeti(L, kitsim_registryindex(), lua_Integer(LUA_RIDX_GLOBALS)) } else { sandbox.rawGetRef(L, table) }
            sandbox.pushString(L, name)
            lua_rawget(L, -2)
            defer { kitsim_pop(L, 2) }
            if let s = sandbox.string(L, -1) { return s }
        }
        return isContinuing ? ">> " : "> "
    }

    /// The session's environment: a table whose misses fall through to the globals.
    func setUp() throws {
        let L = sandbox.L
        sandbox.echoOutput = false
        lua_createtable(L, 0, 8)
        lua_createtable(L, 0, 1)
        lua_rawgeti(L, kitsim_registryindex(), lua_Integer(LUA_RIDX_GLOBALS))
        lua_setfield(L, -2, "__index")
        lua_setmetatable(L, -2)
        env = sandbox.makeRef(L)
        guard kitsim_dostring(L, replPrelude, replPrelude.utf8.count, "=repl") == LUA_OK else {
            throw SimError(.invalidUse, "repl prelude: \(sandbox.describe(L, -1))")
        }
        prettyRef = sandbox.makeRef(L)
        // help(obj): an object's or a class's properties (with ownership) and methods.
        sandbox.rawGetRef(L, env)
        sandbox.pushFunction(L) { sb, L in
            sb.pushString(L, sb.helpText(L, 1))
            return 1
        }
        lua_setfield(L, -2, "help")
        kitsim_pop(L, 1)
    }

    // MARK: Feeding input

    /// Feeds one line. Returns nil when the entry is incomplete (more lines needed), else
    /// what to print (possibly empty).
    public func feed(_ line: String) -> String? {
        if pending.isEmpty, line.hasPrefix(":") { return command(line) }
        pending.append(line)
        var source = pending.joined(separator: "\n")
        if pending.count == 1, source.hasPrefix("=") { source = String(source.dropFirst()) }   // `=expr`
        let printed = sandbox.output.count
        var result: Evaluation
        // lua.c: first as an expression, whose values are printed.
        if let r = evaluate("return " + source, onlyIfItCompiles: true) {
            result = r
            if case .values(_, let count) = r {
                // An expression with no value (a call such as sim.run(1)) is saved as a statement.
                record(Entry(source: source, kind: count > 0 ? .expression : .statement))
            }
        } else {
            let rewritten = LocalRewriter.rewrite(source)
            result = evaluate(rewritten, onlyIfItCompiles: false) ?? .error("?")
            if case .incomplete = result { return nil }
            if case .values = result { record(Entry(source: source, kind: .statement)) }
        }
        pending = []
        var out = Array(sandbox.output[printed...])
        switch result {
        case .values(let text, _): if !text.isEmpty { out.append(text) }
        case .error(let message): out.append(message)
        case .incomplete: break
        }
        return out.joined(separator: "\n")
    }

    /// Abandons an incomplete entry (Ctrl-C at a continuation prompt).
    public func cancelEntry() { pending = [] }

    func record(_ e: Entry) { entries.append(e) }

    /// What an entry did: its printed values and how many there were, an error, or
    /// nothing yet (more input needed).
    enum Evaluation { case values(String, count: Int), error(String), incomplete }

    /// Loads and runs `source` in the session's environment. With `onlyIfItCompiles`, a
    /// syntax error returns nil (the caller tries another reading).
    func evaluate(_ source: String, onlyIfItCompiles: Bool) -> Evaluation? {
        let L = sandbox.L
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        let status = kitsim_load(L, source, source.utf8.count, "=stdin")
        if status != LUA_OK {
            if onlyIfItCompiles { return nil }
            let message = sandbox.describe(L, -1)
            if status == LUA_ERRSYNTAX && message.hasSuffix("<eof>") { return .incomplete }
            return .error(message)
        }
        sandbox.rawGetRef(L, env)
        _ = lua_setupvalue(L, -2, 1)                      // _ENV = the session's environment
        kitsim_set_budget(L, limits.instructions, 1000)   // a fresh budget per entry
        let base = lua_gettop(L) - 1
        guard kitsim_pcall(L, 0, LUA_MULTRET) == LUA_OK else {
            let message = errorText(L)
            kitsim_clear_stop(L)
            return .error(message)
        }
        let n = lua_gettop(L) - base
        guard n > 0 else { return .values("", count: 0) }
        sandbox.rawGetRef(L, prettyRef)
        lua_rotate(L, base + 1, 1)
        guard kitsim_pcall(L, n, 1) == LUA_OK else { return .values(sandbox.describe(L, -1), count: Int(n)) }
        return .values(sandbox.string(L, -1) ?? "", count: Int(n))
    }

    /// An error value as the REPL shows it: exceptions and assertion failures by their
    /// `tostring`, strings (with their traceback) as they are.
    func errorText(_ L: OpaquePointer) -> String {
        var text = sandbox.describe(L, -1)
        if lua_type(L, -1) == LUA_TTABLE, let tb = sandbox.fieldString(L, -1, "traceback") { text += "\n" + tb }
        return text
    }

    /// Runs a scenario file in the session (`kitsim repl -i FILE`, `:load FILE`): its
    /// globals stay; its locals end with it, as with `dofile`.
    public func load(file path: String) -> String {
        guard let source = readTextFile(path) else { return "cannot read \(path)" }
        let printed = sandbox.output.count
        let L = sandbox.L
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        var out: [String]
        if kitsim_load(L, source, source.utf8.count, "@" + path) != LUA_OK {
            out = [sandbox.describe(L, -1)]
        } else {
            sandbox.rawGetRef(L, env)
            _ = lua_setupvalue(L, -2, 1)
            kitsim_set_budget(L, limits.instructions, 1000)
            if kitsim_pcall(L, 0, 0) == LUA_OK {
                record(Entry(source: source, kind: .file(path)))
                out = Array(sandbox.output[printed...])
            } else {
                out = Array(sandbox.output[printed...]) + [errorText(L)]
                kitsim_clear_stop(L)
            }
        }
        return out.joined(separator: "\n")
    }

    /// Ctrl-C: the running code stops at its next instruction with "interrupted".
    /// Safe to call from a signal handler.
    public static func interrupt(_ state: OpaquePointer) { kitsim_interrupt(state) }

    /// The Lua state, for `interrupt` from a signal handler.
    public var luaState: OpaquePointer { sandbox.L }
}
