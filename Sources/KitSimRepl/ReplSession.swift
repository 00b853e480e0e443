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
    /// The pretty printer's settings (`:set depth 4`), a table the printer reads.
    var settingsRef: Int32 = 0
    /// `__kitsim_keep`, handed to every entry's wrapper (`LocalRewriter`).
    var keepRef: Int32 = 0
    /// A session local: upvalue `index` of the keeping closure at registry reference `function`.
    struct Binding { let function: Int32; let index: Int32 }
    /// The session's locals by name: the variable the latest declaration made.
    var locals: [String: Binding] = [:]
    /// How many locals refer to each keeping closure.
    var bindingCounts: [Int32: Int] = [:]
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
        // Completion reads classes and class tables without using them: every class is
        // made now, as a script's first use would make it.
        sandbox.materializeClasses()
        lua_createtable(L, 0, 8)
        lua_createtable(L, 0, 1)
        lua_rawgeti(L, kitsim_registryindex(), lua_Integer(LUA_RIDX_GLOBALS))
        lua_setfield(L, -2, "__index")
        lua_setmetatable(L, -2)
        env = sandbox.makeRef(L)
        locals = [:]
        bindingCounts = [:]
        guard kitsim_load(L, replPrelude, replPrelude.utf8.count, "=repl") == LUA_OK, kitsim_pcall(L, 0, 2) == LUA_OK else {
            throw SimError(.invalidUse, "repl prelude: \(sandbox.describe(L, -1))")
        }
        settingsRef = sandbox.makeRef(L)
        prettyRef = sandbox.makeRef(L)
        sandbox.pushFunction(L) { [weak self] _, L in
            self?.keep(L)
            return 0
        }
        keepRef = sandbox.makeRef(L)
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

    /// What an entry came to: what it printed and returned, and its error.
    public struct Reply: Equatable, Sendable {
        /// The lines it printed (`print`, `sim.log`) and the values it returned.
        public var output: String
        /// The error, when it failed.
        public var error: String?
        /// How it failed, as `kitsim run` classifies a run (for a piped session's exit status).
        public var failure: Outcome.Status?

        public init(output: String = "", error: String? = nil, failure: Outcome.Status? = nil) {
            self.output = output
            self.error = error
            self.failure = error == nil ? nil : (failure ?? .scriptError)
        }

        /// Output and error together, as a terminal shows them.
        public var text: String { [output, error ?? ""].filter { !$0.isEmpty }.joined(separator: "\n") }
    }

    /// Feeds one line. Returns nil when the entry is incomplete (more lines needed), else
    /// what to print (possibly empty).
    public func feed(_ line: String) -> String? { submit(line)?.text }

    /// Feeds one line: nil when the entry is incomplete, else its reply.
    public func submit(_ line: String) -> Reply? {
        if pending.isEmpty, line.hasPrefix(":") { return command(line) }
        pending.append(line)
        var source = pending.joined(separator: "\n")
        if pending.count == 1, source.hasPrefix("=") { source = String(source.dropFirst()) }   // `=expr`
        let printed = sandbox.output.count
        var result: Evaluation
        // lua.c: first as an expression, whose values are printed.
        if let r = evaluate(source, expression: true) {
            result = r
            if case .values(_, let count) = r {
                // An expression with no value (a call such as sim.run(1)) is saved as a statement.
                record(Entry(source: source, kind: count > 0 ? .expression : .statement))
            }
        } else {
            result = evaluate(source, expression: false) ?? .error("?", .scriptError)
            if case .incomplete = result { return nil }
            if case .values = result { record(Entry(source: source, kind: .statement)) }
        }
        pending = []
        var out = Array(sandbox.output[printed...])
        switch result {
        case .values(let text, _):
            if !text.isEmpty { out.append(text) }
            return Reply(output: out.joined(separator: "\n"))
        case .error(let message, let status):
            return Reply(output: out.joined(separator: "\n"), error: message, failure: status)
        case .incomplete:
            return Reply(output: out.joined(separator: "\n"))
        }
    }

    /// Abandons an incomplete entry (Ctrl-C at a continuation prompt).
    public func cancelEntry() { pending = [] }

    /// The end of input with an entry still incomplete: Lua's syntax error for it (`…
    /// near <eof>`), or nil when no entry is pending.
    public func finishInput() -> Reply? {
        guard !pending.isEmpty else { return nil }
        let source = pending.joined(separator: "\n")
        pending = []
        let L = sandbox.L
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        guard kitsim_load(L, source, source.utf8.count, "=stdin") != LUA_OK else { return nil }
        return Reply(error: sandbox.describe(L, -1), failure: .scriptError)
    }

    func record(_ e: Entry) { entries.append(e) }

    /// What an entry did: its printed values and how many there were, an error, or
    /// nothing yet (more input needed).
    enum Evaluation { case values(String, count: Int), error(String, Outcome.Status), incomplete }

    /// What compiling an entry came to: its function on the stack top, more input needed,
    /// or a syntax error.
    enum Compiled { case ready, incomplete, error(String) }

    /// Compiles `source` (as `return source` for an `expression`) into a function of the
    /// session's environment whose free names include the session's locals
    /// (`LocalRewriter`). The syntax is checked on the entry as written, so messages and
    /// `<eof>` are Lua's own. An expression that does not compile returns nil (the caller
    /// tries another reading).
    func compile(_ source: String, expression: Bool) -> Compiled? {
        let L = sandbox.L
        let text = expression ? "return " + source : source
        let status = kitsim_load(L, text, text.utf8.count, "=stdin")
        if status != LUA_OK {
            let message = sandbox.describe(L, -1)
            kitsim_pop(L, 1)
            if expression { return nil }
            if status == LUA_ERRSYNTAX && message.hasSuffix("<eof>") { return .incomplete }
            return .error(message)
        }
        kitsim_pop(L, 1)
        let wrapped = LocalRewriter.wrap(text, sessionLocals: Set(locals.keys), keepsLocals: !expression)
        guard kitsim_load(L, wrapped, wrapped.utf8.count, "=stdin") == LUA_OK else {
            let message = sandbox.describe(L, -1)
            kitsim_pop(L, 1)
            return .error(message)
        }
        sandbox.rawGetRef(L, env)
        _ = lua_setupvalue(L, -2, 1)                      // _ENV = the session's environment
        sandbox.rawGetRef(L, keepRef)
        guard kitsim_pcall(L, 1, 1) == LUA_OK else {      // the wrapper only makes the entry's function
            let message = sandbox.describe(L, -1)
            kitsim_pop(L, 1)
            return .error(message)
        }
        let f = lua_gettop(L)
        var i: Int32 = 1
        while let name = lua_getupvalue(L, f, i) {
            kitsim_pop(L, 1)
            if let b = locals[String(cString: name)] {
                sandbox.rawGetRef(L, b.function)
                lua_upvaluejoin(L, f, i, -1, b.index)
                kitsim_pop(L, 1)
            }
            i += 1
        }
        return .ready
    }

    /// Loads and runs an entry in the session's environment. An expression that does not
    /// compile returns nil (the caller tries it as a statement).
    func evaluate(_ source: String, expression: Bool) -> Evaluation? {
        let L = sandbox.L
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        switch compile(source, expression: expression) {
        case nil: return nil
        case .incomplete?: return .incomplete
        case .error(let message)?: return .error(message, .scriptError)
        case .ready?: break
        }
        sandbox.resetBudget()   // a fresh budget per entry
        let base = lua_gettop(L) - 1
        guard kitsim_pcall(L, 0, LUA_MULTRET) == LUA_OK else {
            let status = sandbox.failureStatus(L, -1)
            let message = errorText(L)
            kitsim_clear_stop(L)
            return .error(message, status)
        }
        let n = lua_gettop(L) - base
        guard n > 0 else { return .values("", count: 0) }
        sandbox.rawGetRef(L, prettyRef)
        lua_rotate(L, base + 1, 1)
        guard kitsim_pcall(L, n, 1) == LUA_OK else { return .values(sandbox.describe(L, -1), count: Int(n)) }
        return .values(sandbox.string(L, -1) ?? "", count: Int(n))
    }

    /// `__kitsim_keep(closure)`: the closure's upvalues are the variables of an entry's
    /// top-level locals; later entries join theirs to them.
    func keep(_ L: OpaquePointer) {
        guard lua_type(L, 1) == LUA_TFUNCTION else { return }
        lua_pushvalue(L, 1)
        let ref = sandbox.makeRef(L)
        var i: Int32 = 1
        var kept = 0
        while let name = lua_getupvalue(L, 1, i) {
            kitsim_pop(L, 1)
            let key = String(cString: name)
            if let old = locals[key] { forget(old.function) }
            locals[key] = Binding(function: ref, index: i)
            kept += 1
            i += 1
        }
        if kept == 0 { luaL_unref(L, kitsim_registryindex(), ref) } else { bindingCounts[ref, default: 0] += kept }
    }

    /// Drops one use of a keeping closure; the last one frees it.
    func forget(_ ref: Int32) {
        let n = (bindingCounts[ref] ?? 1) - 1
        if n > 0 { bindingCounts[ref] = n; return }
        bindingCounts[ref] = nil
        luaL_unref(sandbox.L, kitsim_registryindex(), ref)
    }

    /// The current value of the session local `name`, pushed, or false (nothing pushed).
    func pushLocal(_ name: String) -> Bool {
        guard let b = locals[name] else { return false }
        let L = sandbox.L
        sandbox.rawGetRef(L, b.function)
        guard lua_getupvalue(L, -1, b.index) != nil else { kitsim_pop(L, 1); return false }
        lua_rotate(L, -2, 1)
        kitsim_pop(L, 1)
        return true
    }

    /// An error value as the REPL shows it: exceptions and assertion failures by their
    /// `tostring`, with an exception's hint (a selector's nearest name, why a message
    /// reached a deallocated object) after it; strings (with their traceback) as they are.
    func errorText(_ L: OpaquePointer) -> String {
        var text = sandbox.describe(L, -1)
        if let hint = sandbox.exceptionHint(L, -1) { text += hint }
        if lua_type(L, -1) == LUA_TTABLE, let tb = sandbox.fieldString(L, -1, "traceback") { text += "\n" + tb }
        return text
    }

    /// Runs a scenario file in the session (`kitsim repl -i FILE`, `:load FILE`): its
    /// globals stay; its locals end with it, as with `dofile`. As with `kitsim run`,
    /// `require` finds modules in the file's folder, then in the folder above it
    /// (`Scenarios/lib/…` from `Scenarios/seeds/`).
    public func load(file path: String) -> Reply {
        guard let source = readTextFile(path) else { return Reply(error: "cannot read \(path)") }
        sandbox.useScriptFolder(of: path)
        let printed = sandbox.output.count
        let L = sandbox.L
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        guard kitsim_load(L, source, source.utf8.count, "@" + path) == LUA_OK else {
            return Reply(error: sandbox.describe(L, -1), failure: .scriptError)
        }
        sandbox.rawGetRef(L, env)
        _ = lua_setupvalue(L, -2, 1)
        sandbox.resetBudget()
        let status = kitsim_pcall(L, 0, 0)
        let out = sandbox.output[printed...].joined(separator: "\n")
        guard status == LUA_OK else {
            let failure = sandbox.failureStatus(L, -1)
            let message = errorText(L)
            kitsim_clear_stop(L)
            return Reply(output: out, error: message, failure: failure)
        }
        record(Entry(source: source, kind: .file(path)))
        return Reply(output: out)
    }

    /// Ctrl-C: the running code stops at its next instruction with "interrupted".
    /// Safe to call from a signal handler.
    public static func interrupt(_ state: OpaquePointer) { kitsim_interrupt(state) }

    /// The Lua state, for `interrupt` from a signal handler.
    public var luaState: OpaquePointer { sandbox.L }
}
