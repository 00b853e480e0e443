import KitSim
import KitSimBridge
import KitSimLua
import KitSimReport

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
        /// The entry's number in the session (see `entryNumber`), kept so that `:undo`
        /// replays it under the same chunk name and its traces read the same.
        public let number: Int
    }

    public internal(set) var sandbox: LuaSandbox
    /// The session's Lua side: its environment, its locals (kept by `LocalRewriter`'s
    /// wrappers), the pretty printer and its settings (`:set depth 4`).
    var console: LuaConsole
    let configuration: Simulator.Configuration
    let limits: LuaSandbox.Limits
    var pending: [String] = []
    /// Every entry that ran without error, in order.
    public internal(set) var entries: [Entry] = []
    /// The number of the latest complete entry: every entry typed at the prompt counts,
    /// meta-commands and entries that failed included, so that the N-th entry is the N-th
    /// prompt's. An entry's chunk is named `stdin:N` (errors read `stdin:3:1: …`, traces
    /// `@ stdin:3:1`) rather than prefixed with newlines, which would make a long piped
    /// session quadratic.
    public internal(set) var entryNumber = 0

    /// The chunk name of entry `number`.
    static func chunkName(_ number: Int) -> String { "stdin:\(number)" }

    public init(configuration: Simulator.Configuration = Simulator.Configuration(),
                limits: LuaSandbox.Limits = LuaSandbox.Limits()) throws {
        self.configuration = configuration
        self.limits = limits
        sandbox = try LuaSandbox(configuration: configuration, limits: limits)
        console = try Self.makeConsole(sandbox)
    }

    /// True while an entry is incomplete (the prompt is `_PROMPT2`).
    public var isContinuing: Bool { !pending.isEmpty }

    /// `_PROMPT` or `_PROMPT2` from the session's globals, as lua.c reads them.
    public var prompt: String {
        console.string(named: isContinuing ? "_PROMPT2" : "_PROMPT") ?? (isContinuing ? ">> " : "> ")
    }

    /// The session's console over `sandbox`: an environment whose misses fall through to
    /// the globals, the pretty printer, and `help`.
    static func makeConsole(_ sandbox: LuaSandbox) throws -> LuaConsole {
        sandbox.echoOutput = false
        // Entering a class's definition again replaces it, as one corrects a line.
        sandbox.redefinesClasses = true
        // Completion reads classes and class tables without using them: every class is
        // made now, as a script's first use would make it.
        sandbox.materializeClasses()
        let console = try LuaConsole(sandbox: sandbox, printer: replPrelude, chunkName: "repl") { text, locals, keepsLocals in
            LocalRewriter.wrap(text, sessionLocals: locals, keepsLocals: keepsLocals)
        }
        // help(obj): an object's or a class's properties (with ownership) and methods.
        console.define("help") { sb, argument in sb.helpText(argument) }
        return console
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
        if pending.isEmpty, line.hasPrefix(":") {
            entryNumber += 1
            return command(line)
        }
        pending.append(line)
        var source = pending.joined(separator: "\n")
        if pending.count == 1, source.hasPrefix("=") { source = String(source.dropFirst()) }   // `=expr`
        let number = entryNumber + 1
        guard let reply = run(source, number: number) else { return nil }
        entryNumber = number
        return reply
    }

    /// Runs a complete Lua entry as entry `number` (its chunk is `stdin:number`): nil when
    /// it is incomplete, else its reply. A meta-command that runs Lua (`:mark`, `:run`)
    /// runs it under its own number.
    func run(_ source: String, number: Int) -> Reply? {
        let chunk = Self.chunkName(number)
        let printed = sandbox.output.count
        var result: Evaluation
        // lua.c: first as an expression, whose values are printed.
        if var r = evaluate(source, expression: true, chunkName: chunk) {
            // A declared method without a result gives the bridge's one nil: the prompt prints
            // nothing for it, as lua.c prints nothing for a call that returns nothing.
            if case .values(_, 1) = r, returnsNothing(source) { r = .values("", count: 0) }
            result = r
            if case .values(_, let count) = r {
                // An expression with no value (a call such as sim.run(1)) is saved as a statement.
                record(Entry(source: source, kind: count > 0 ? .expression : .statement, number: number))
            }
        } else {
            result = evaluate(source, expression: false, chunkName: chunk) ?? .error("?", .scriptError)
            if case .incomplete = result { return nil }
            if case .values = result { record(Entry(source: source, kind: .statement, number: number)) }
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

    /// Whether `source` is a call of a declared method that returns nothing
    /// (`nav:pushViewController(vc, true)`, `UIView.animate(…)`), on a receiver named by a
    /// plain chain of names, which is resolved by raw reads (`LuaConsole.resolve`) and not
    /// run again. Any other call, a method a script wrote among them, is not known to
    /// return nothing.
    func returnsNothing(_ source: String) -> Bool {
        guard let call = Self.chainCall(source) else { return false }
        let method: MethodSignature?
        switch (console.resolve(call.receiver), call.separator) {
        case (.object(let cls), ":"): method = console.declaredMethod(call.method, of: cls, classMethod: false)
        case (.classTable(let cls), "."): method = console.declaredMethod(call.method, of: cls, classMethod: true)
        default: method = nil
        }
        return method?.returns == .void
    }

    /// `a.b:m(…)` or `A.m(…)` split into the receiver's chain, the separator and the method's
    /// name; nil for any other text (the call must end the entry; a long string or a
    /// comment in the arguments, which the scan does not follow, also gives nil).
    static func chainCall(_ source: String) -> (receiver: String, separator: Character, method: String)? {
        let chars = Array(source.trimmingSpaces.utf8)
        func isIdent(_ c: UInt8) -> Bool { c == 95 || (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) }
        var i = 0
        var lastSeparator = -1
        // The chain and the method's name: names separated by '.', at most one ':' last.
        while i < chars.count, chars[i] != 40 {                        // (
            let c = chars[i]
            if c == 46 || c == 58 {                                    // . :
                guard i > 0, lastSeparator != i - 1, i + 1 < chars.count, isIdent(chars[i + 1]) else { return nil }
                if lastSeparator >= 0, chars[lastSeparator] == 58 { return nil }
                lastSeparator = i
            } else if !isIdent(c) || (c >= 48 && c <= 57 && (i == 0 || lastSeparator == i - 1)) {
                return nil
            }
            i += 1
        }
        guard lastSeparator > 0, i < chars.count else { return nil }
        // The arguments: the parenthesis that closes the first must end the entry.
        var depth = 0
        var k = i
        while k < chars.count {
            let c = chars[k]
            switch c {
            case 40: depth += 1
            case 41:
                depth -= 1
                if depth == 0 { guard k == chars.count - 1 else { return nil }; break }
            case 34, 39:                                               // a quoted string
                k += 1
                while k < chars.count, chars[k] != c {
                    if chars[k] == 92 { k += 1 }
                    k += 1
                }
            case 91 where k + 1 < chars.count && (chars[k + 1] == 91 || chars[k + 1] == 61): return nil
            case 45 where k + 1 < chars.count && chars[k + 1] == 45: return nil
            default: break
            }
            if depth == 0 { break }
            k += 1
        }
        guard depth == 0, k == chars.count - 1 else { return nil }
        let text = { (a: Int, b: Int) in String(decoding: chars[a..<b], as: UTF8.self) }
        return (text(0, lastSeparator), Character(UnicodeScalar(chars[lastSeparator])), text(lastSeparator + 1, i))
    }

    /// Abandons an incomplete entry (Ctrl-C at a continuation prompt).
    public func cancelEntry() { pending = [] }

    /// The end of input with an entry still incomplete: Lua's syntax error for it (`…
    /// near <eof>`), or nil when no entry is pending.
    public func finishInput() -> Reply? {
        guard !pending.isEmpty else { return nil }
        let source = pending.joined(separator: "\n")
        pending = []
        entryNumber += 1
        return console.syntaxError(in: source, chunkName: Self.chunkName(entryNumber)).map { Reply(error: $0, failure: .scriptError) }
    }

    func record(_ e: Entry) { entries.append(e) }

    /// What an entry did: its printed values and how many there were, an error, or
    /// nothing yet (more input needed).
    typealias Evaluation = LuaConsole.Evaluation

    /// Loads and runs an entry in the session's environment. An expression that does not
    /// compile returns nil (the caller tries it as a statement).
    func evaluate(_ source: String, expression: Bool, chunkName: String) -> Evaluation? {
        console.evaluate(source, expression: expression, chunkName: chunkName)
    }

    /// Runs a scenario file in the session (`kitsim repl -i FILE`, `:load FILE`): its
    /// globals stay; its locals end with it, as with `dofile`. As with `kitsim run`,
    /// `require` finds modules in the file's folder, then in the folder above it
    /// (`Scenarios/lib/…` from `Scenarios/seeds/`).
    public func load(file path: String) -> Reply {
        guard let source = readTextFile(path) else { return Reply(error: "cannot read \(path)") }
        sandbox.useScriptFolder(of: path)
        let printed = sandbox.output.count
        let failure = console.run(source: source, path: path)
        let out = sandbox.output[printed...].joined(separator: "\n")
        if let failure {
            return Reply(output: out, error: failure.message, failure: failure.status)
        }
        record(Entry(source: source, kind: .file(path), number: entryNumber))
        return Reply(output: out)
    }

    /// Ctrl-C: the running code stops at its next instruction with "interrupted".
    /// Safe to call from a signal handler.
    public static func interrupt(_ state: OpaquePointer) { LuaConsole.interrupt(state) }

    /// The Lua state, for `interrupt` from a signal handler.
    public var luaState: OpaquePointer { console.interruptTarget }
}
