import KitSimRuntime

/// The command line's one argument parser. Each command declares its options once (an
/// `ArgumentSpec`): the parser, the error messages and the command's `--help` all come from
/// that declaration, as swift-argument-parser does it (which cannot be fetched here).
///
/// Options are GNU style: `--name value`, `--name=value`, `-j2`, flags without a value, `-h` and
/// `--help` on every command, and `--` ending the options where a command passes what
/// follows on (`kitsim run FILE -- ARGS…`).
struct ArgumentSpec: Sendable {
    struct Option: Sendable {
        /// The spellings, the first being the one the help shows (`--time-limit`).
        let names: [String]
        /// The value's name in the help (`S`), or nil for a flag.
        let value: String?
        let help: String

        init(_ names: String..., value: String? = nil, help: String) {
            self.names = names
            self.value = value
            self.help = help
        }
    }

    /// `run`, `test`, …
    let command: String
    /// The operands after the command's name, as the usage line shows them (`FILE.lua`).
    let operands: String
    /// What the command does, for its help.
    let summary: String
    let options: [Option]
    /// How many operands the command takes.
    let operandCount: ClosedRange<Int>
    /// Whether `--` ends the options and the rest goes to the command (`arguments.rest`).
    var passesRest = false
    /// What follows the options in the help (exit statuses, examples).
    var epilogue = ""

    /// The parsed command line: flags given, values given (each option's last, and every
    /// one in order for an option that may be repeated), operands, and what followed `--`.
    struct Parsed {
        var flags: Set<String> = []
        var values: [String: String] = [:]
        var allValues: [String: [String]] = [:]
        var operands: [String] = []
        var rest: [String] = []

        func flag(_ name: String) -> Bool { flags.contains(name) }
        func value(_ name: String) -> String? { values[name] }
        /// Every value given to a repeatable option (`--weaken A.b --weaken C.d`), in order.
        func values(_ name: String) -> [String] { allValues[name] ?? [] }
    }

    enum Result {
        case parsed(Parsed)
        /// `--help` or `-h`: print `help` and exit 0.
        case help
        /// A usage error, worded as the message after `kitsim: `.
        case error(String)
    }

    /// Parses `args`, and answers `--help` (on stdout) or a usage error (on stderr) itself:
    /// the parsed command line, or nil and the status to exit with.
    func parseOrReport(_ args: [String]) -> (Parsed?, Int32) {
        switch parse(args) {
        case .parsed(let p): return (p, ExitCode.success)
        case .help:
            print(help)
            return (nil, ExitCode.success)
        case .error(let m): return (nil, Command.usageError(m, self))
        }
    }

    /// The option a spelling names, by its first spelling.
    func option(named name: String) -> Option? { options.first { $0.names.contains(name) } }

    func parse(_ args: [String]) -> Result {
        var parsed = Parsed()
        var i = 0
        while i < args.count {
            let a = args[i]
            i += 1
            if a == "--help" || a == "-h" { return .help }
            if a == "--" && passesRest {
                parsed.rest = Array(args[i...])
                break
            }
            guard a.hasPrefix("-") && a != "-" else {
                parsed.operands.append(a)
                continue
            }
            // `--name=value`.
            var name = a, inline: String?
            if a.hasPrefix("--"), let eq = a.firstIndex(of: "=") {
                name = String(a[..<eq])
                inline = String(a[a.index(after: eq)...])
            } else if !a.hasPrefix("--"), a.count > 2, let o = option(named: String(a.prefix(2))), o.value != nil {
                // `-j2`: a short option's value attached.
                name = String(a.prefix(2))
                inline = String(a.dropFirst(2))
            }
            guard let option = option(named: name) else {
                return .error("unknown option '\(a)' for \(command)\(nearest(name).map { "; did you mean '\($0)'?" } ?? "")")
            }
            let key = option.names[0]
            if option.value == nil {
                guard inline == nil else { return .error("\(key) takes no value") }
                parsed.flags.insert(key)
            } else if let inline {
                parsed.values[key] = inline
                parsed.allValues[key, default: []].append(inline)
            } else {
                guard i < args.count else { return .error("\(key) needs a value (\(option.value ?? ""))") }
                parsed.values[key] = args[i]
                parsed.allValues[key, default: []].append(args[i])
                i += 1
            }
        }
        if parsed.operands.count < operandCount.lowerBound {
            return .error(operandCount.lowerBound == 1 && operandCount.upperBound == 1 ? "missing \(operands)" : "missing operands: \(operands)")
        }
        if parsed.operands.count > operandCount.upperBound {
            return .error("unexpected argument '\(parsed.operands[operandCount.upperBound])'")
        }
        return .parsed(parsed)
    }

    /// The option spelled most like `name`, for the error's hint.
    func nearest(_ name: String) -> String? { Spelling.nearest(to: name, among: options.flatMap(\.names)) }

    /// The usage line.
    var usage: String {
        let shown = options.map { o in "[\(o.names[0])\(o.value.map { " " + $0 } ?? "")]" }.joined(separator: " ")
        return "usage: kitsim \(command)\(operands.isEmpty ? "" : " " + operands) \(shown)\(passesRest ? " [-- ARGS…]" : "")"
    }

    /// `kitsim COMMAND --help`.
    var help: String {
        var lines = [usage, ""] + wrap(summary, width: 88)
        if !options.isEmpty {
            lines += ["", "options:"]
            let labels = options.map { o in (o.names.joined(separator: ", ") + (o.value.map { " " + $0 } ?? ""), o.help) }
            let width = min(28, labels.map(\.0.count).max() ?? 0)
            for (label, text) in labels {
                let pad = label.count < width ? String(repeating: " ", count: width - label.count) : ""
                lines.append("  \(label)\(pad)  \(text)")
            }
            lines.append("  -h, --help\(String(repeating: " ", count: max(0, width - 10)))  this help")
        }
        if !epilogue.isEmpty { lines += ["", epilogue] }
        return lines.joined(separator: "\n")
    }
}

/// `text`'s words in lines of at most `width` characters (a longer word stands alone).
func wrap(_ text: String, width: Int, indent: String = "") -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
        if !line.isEmpty && indent.count + line.count + 1 + word.count > width {
            lines.append(indent + line)
            line = ""
        }
        line += (line.isEmpty ? "" : " ") + word
    }
    if !line.isEmpty { lines.append(indent + line) }
    return lines
}

/// The command line's exit statuses, by name: a scenario's outcome (0–4, the same as its
/// `Outcome.Status.exitCode`), then sysexits.h's for the command line itself.
enum ExitCode {
    static let success: Int32 = 0
    static let assertionFailed: Int32 = 1
    static let crashed: Int32 = 2
    static let scriptError: Int32 = 3
    static let limitExceeded: Int32 = 4
    /// A scenario of `kitsim test` failed, or `kitsim fuzz` found a failure.
    static let failed: Int32 = 1
    /// EX_USAGE: a bad command line.
    static let usage: Int32 = 64
    /// EX_DATAERR: an argument that names nothing (`--focus` of an unknown object).
    static let dataError: Int32 = 65
    /// EX_NOINPUT: a scenario or folder that does not exist or cannot be read.
    static let noInput: Int32 = 66
    /// EX_UNAVAILABLE: a tool KitSim needs is missing (Graphviz's `dot`).
    static let unavailable: Int32 = 69
    /// EX_SOFTWARE: KitSim could not start (a sandbox, a child process).
    static let software: Int32 = 70
    /// EX_CANTCREAT: an output file cannot be written.
    static let cannotCreate: Int32 = 73
    /// A child process that could not start its work (the fuzzer's).
    static let childCannotStart: Int32 = 71
    /// The REPL's session ended by a second Ctrl-C (128 + SIGINT, as a shell reports it).
    static let interrupted: Int32 = 130
}
