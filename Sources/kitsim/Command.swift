import KitSim
import KitSimLua

/// Parses the command line and runs the command. Returns the process exit code
/// (`ExitCode`).
enum Command {
    /// Each command's declaration and entry point, in the order the help lists them.
    static let commands: [(spec: ArgumentSpec, main: @Sendable ([String]) -> Int32)] = [
        (RunCommand.spec, RunCommand.main),
        (TestCommand.spec, TestCommand.main),
        (ReplCommand.spec, ReplCommand.main),
        (GraphCommand.spec, GraphCommand.main),
        (ApiCommand.spec, ApiCommand.main),
        (FuzzCommand.spec, FuzzCommand.main),
        (ExploreCommand.spec, ExploreCommand.main),
        (FixCommand.spec, FixCommand.main),
    ]

    /// `kitsim --help`: each command's usage line and what it does.
    static var usage: String {
        var lines = ["usage: kitsim COMMAND [options]   (kitsim COMMAND --help for a command's options)", ""]
        for (spec, _) in commands {
            lines.append("  kitsim \(spec.command)\(spec.operands.isEmpty ? "" : " " + spec.operands)")
            lines += wrap(spec.summary, width: 88, indent: "      ")
        }
        lines += ["", "  kitsim --help | --version"]
        return lines.joined(separator: "\n")
    }

    static func main(_ args: [String]) -> Int32 {
        guard let first = args.first else {
            print(usage)
            return ExitCode.usage
        }
        switch first {
        case "--help", "-h", "help":
            print(usage)
            return ExitCode.success
        case "--version":
            print("kitsim \(kitsimVersion)")
            return ExitCode.success
        default:
            guard let command = commands.first(where: { $0.spec.command == first }) else {
                let hint = Spelling.nearest(to: first, among: commands.map(\.spec.command)).map { "; did you mean '\($0)'?" } ?? ""
                return usageError("unknown command '\(first)'\(hint)")
            }
            return command.main(Array(args.dropFirst()))
        }
    }

    /// The value of `--time-limit`: seconds, finite and at least 0 (0: no time limit).
    static func timeLimit(_ text: String) -> Double? {
        guard let s = Double(text), s.isFinite, s >= 0 else { return nil }
        return s
    }

    static let timeLimitUsage = "--time-limit takes seconds, a number >= 0 (0: none)"

    /// A bad command line: the message, then the command's usage line (or every command's).
    static func usageError(_ message: String, _ spec: ArgumentSpec? = nil) -> Int32 {
        if let spec {
            printError("kitsim: \(message)\n\(spec.usage)\n(kitsim \(spec.command) --help for more)")
        } else {
            printError("kitsim: \(message)\n\(usage)")
        }
        return ExitCode.usage
    }
}

func printError(_ s: String) {
    var err = StandardError()
    print(s, to: &err)
}

struct StandardError: TextOutputStream {
    mutating func write(_ string: String) {
        var s = string
        s.withUTF8 { buf in _ = KitSimPlatform.write(2, buf.baseAddress, buf.count) }
    }
}

import KitSimPlatform
