import CLineEdit
import KitSim
import KitSimLua
import KitSimRepl
import KitSimPlatform

/// `kitsim repl [-i FILE] [--ios N]`: line editing with libedit and a history
/// file in the home folder when stdin is a terminal; plain lines otherwise, so pipes can
/// drive it. A piped session stops at its first error, written to stderr, with the exit
/// code `kitsim run` gives that failure.
enum ReplCommand {
    nonisolated(unsafe) static var session: ReplSession?
    nonisolated(unsafe) static var state: OpaquePointer?

    static let spec = ArgumentSpec(
        command: "repl", operands: "",
        summary: "Interactive Lua with the simulator (:help inside); piped input runs as a script under kitsim run's limits.",
        options: [
            .init("-i", value: "FILE", help: "run the scenario first and keep its state (its folder and the one above on package.path)"),
            .init("--ios", value: "N", help: "the iOS version UIKit behaves as (7…17; default 17)"),
            .init("--time-limit", value: "S", help: "wall-clock seconds an entry may take (at a terminal none: Ctrl-C stops it)"),
        ],
        operandCount: 0...0,
        epilogue: "exit status (piped): as kitsim run's for the first entry that fails; 130 after a second Ctrl-C that ended the session.")

    static func main(_ args: [String]) -> Int32 {
        let (parsed, status) = spec.parseOrReport(args)
        guard let p = parsed else { return status }
        let initial = p.value("-i")
        var configuration = Simulator.Configuration()
        var timeLimit: Double?
        if let value = p.value("--time-limit") {
            guard let s = Command.timeLimit(value) else { return Command.usageError(Command.timeLimitUsage, spec) }
            timeLimit = s
        }
        if let value = p.value("--ios") {
            guard let n = Int(value), (7...17).contains(n) else { return Command.usageError("--ios takes 7…17", spec) }
            configuration.ios = n
        }
        let tty = isatty(0) != 0
        // A piped session (a script of REPL input) runs under `kitsim run`'s limits; at a
        // terminal Ctrl-C is the usual stop (it arms the same stop as the watchdog), so
        // there is no time limit and the work budget is larger.
        var limits = LuaSandbox.Limits()
        if tty {
            limits.work = 1_000_000_000
            limits.timeLimit = 0
        }
        if let timeLimit { limits.timeLimit = timeLimit }
        guard let repl = try? ReplSession(configuration: configuration, limits: limits) else {
            printError("kitsim: cannot start the REPL")
            return ExitCode.software
        }
        session = repl
        state = repl.luaState
        Platform.installCrashReport(context: "the REPL")
        if tty {
            print("KitSim \(kitsimVersion) — Lua 5.4 with a simulated UIKit. :help for commands, Ctrl-D to quit.")
            let home = getenv("HOME").map { String(cString: $0) } ?? "."
            kitsim_edit_init(home + "/.kitsim_history", complete)
        }
        kitsim_edit_set_interrupt(onInterrupt, 0)
        /// Shows a reply: at a terminal all of it on stdout; piped, the error on stderr, and
        /// the session ends with `kitsim run`'s exit code for that kind of failure.
        func show(_ reply: ReplSession.Reply) -> Int32? {
            if tty {
                if !reply.text.isEmpty { print(reply.text) }
                return nil
            }
            if !reply.output.isEmpty { print(reply.output) }
            guard let error = reply.error else { return nil }
            printError(error)
            return (reply.failure ?? .scriptError).exitCode
        }
        if let initial {
            Platform.setCrashContext("the scenario \(initial) (repl -i)")
            if let code = show(evaluate { repl.load(file: initial) }) { return code }
        }
        var entry: [String] = []
        while true {
            let prompt = repl.prompt
            let line: String?
            if tty {
                guard let raw = kitsim_edit_readline(prompt) else {
                    // Ctrl-C at the prompt or a `>>` continuation clears the entry, as lua.c does.
                    if kitsim_edit_take_interrupt() != 0 {
                        print("")
                        repl.cancelEntry()
                        entry = []
                        continue
                    }
                    break
                }
                line = String(cString: raw)
                free(raw)
            } else {
                line = readLine(strippingNewline: true)
            }
            guard let line else { break }
            entry.append(line)
            Platform.setCrashContext("the REPL entry '\(entry.joined(separator: "\n").prefix(200))'")
            guard let reply = evaluate({ repl.submit(line) }) else { continue }     // more input needed
            if tty { kitsim_edit_remember(entry.joined(separator: "\n")) }
            entry = []
            state = repl.luaState                                               // :undo makes a new state
            if let code = show(reply) { return code }
        }
        if tty { print("") }
        // An entry left incomplete at the end of piped input is an error, as lua.c reports it.
        if !tty, repl.isContinuing, let reply = repl.finishInput(), let code = show(reply) { return code }
        return ExitCode.success
    }

    /// Runs `body` with Ctrl-C armed to interrupt the Lua code.
    static func evaluate<T>(_ body: () -> T) -> T {
        kitsim_edit_set_interrupt(onInterrupt, 1)
        defer { kitsim_edit_set_interrupt(onInterrupt, 0) }
        return body()
    }

    static let onInterrupt: @convention(c) () -> Void = {
        if let s = ReplCommand.state { ReplSession.interrupt(s) }
    }

    /// libedit's completion hook: the candidates, preceded by their common prefix.
    static let complete: @convention(c) (UnsafePointer<CChar>?, Int32, UnsafePointer<CChar>?) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = { line, end, text in
        guard let text, let session = ReplCommand.session else { return nil }
        let token = String(cString: text)
        // The line's text before the token: what `:since ` completes depends on it.
        var before = ""
        if let line {
            let bytes = Array(String(cString: line).utf8.prefix(max(0, Int(end))))
            before = String(decoding: bytes.dropLast(min(bytes.count, token.utf8.count)), as: UTF8.self)
        }
        let candidates = session.completions(for: token, before: before)
        guard !candidates.isEmpty else { return nil }
        var common = candidates[0]
        for c in candidates.dropFirst() {
            while !c.hasPrefix(common) { common.removeLast() }
        }
        let list = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: candidates.count + 2)
        list[0] = strdup(common)
        for (i, c) in candidates.enumerated() { list[i + 1] = strdup(c) }
        list[candidates.count + 1] = nil
        // libedit frees the strings and the array with free(3): allocate the array with malloc.
        let bytes = (candidates.count + 2) * MemoryLayout<UnsafeMutablePointer<CChar>?>.stride
        guard let raw = malloc(bytes) else { list.deallocate(); return nil }
        let out = raw.bindMemory(to: UnsafeMutablePointer<CChar>?.self, capacity: candidates.count + 2)
        out.update(from: list, count: candidates.count + 2)
        list.deallocate()
        return out
    }
}

