import KitSim
import KitSimLua

/// Parses the command line and runs the command. Returns the process exit code:
/// 0 success, 1 a scenario's expectation failed, 64 usage error (sysexits' EX_USAGE).
enum Command {
    static let usage = """
        usage: kitsim run FILE.lua [--trace] [--sandbox] [--graph out.dot|.mmd|.svg|.png] [--graph-focus OBJ]
                              [--screen out.svg|.png] [--report out.html] [--ios N] [--time-limit S] [-- ARGS...]
                                         run a scenario script; exit 0 passed, 1 assertion
                                         failed, 2 crashed, 3 script error, 4 limit exceeded
               kitsim test [DIR|FILES…] [--junit out.xml] [--tap] [--tap-version 13|14] [--shard i/n]
                           [--report DIR] [-j N] [--time-limit S] [--in-process]
                                         run every scenario (subfolders too, not lib/) in a
                                         fresh sandbox, in N worker processes: a scenario that
                                         crashes or hangs the host fails alone; --shard 2/4
                                         runs a quarter; --report DIR: an HTML report each and
                                         index.html; --time-limit S: wall-clock seconds a run
                                         may take (default 10, 0: none); --in-process: on
                                         threads of one process (a host crash ends the run)
               kitsim repl [-i FILE] [--ios N] [--time-limit S]
                                         interactive Lua with the simulator (:help inside)
               kitsim graph FILE.lua [--format dot|mermaid|svg|png] [--focus OBJ]
                                         the ownership graph at the end (svg, png: Graphviz)
               kitsim api --luals | --markdown | --luacheck
                                         LuaLS annotations, the API reference (docs/API.md),
                                         or a luacheck std of the globals (.luacheckrc)
               kitsim fuzz [--seed S] [--count N | --long] [--replay FILE]
                                         random API and Lua-level call sequences (the
                                         standard library, metatables, coroutines, loaded
                                         chunks, thousands of values), every call checked;
                                         exit 0 clean, 1 a failure (seed and script printed)
               kitsim --help | --version
        """

    static func main(_ args: [String]) -> Int32 {
        guard let first = args.first else {
            print(usage)
            return 64
        }
        switch first {
        case "--help", "-h", "help":
            print(usage)
            return 0
        case "--version":
            print("kitsim \(kitsimVersion)")
            return 0
        case "run":
            return RunCommand.main(Array(args.dropFirst()))
        case "test":
            return TestCommand.main(Array(args.dropFirst()))
        case "repl":
            return ReplCommand.main(Array(args.dropFirst()))
        case "graph":
            return GraphCommand.main(Array(args.dropFirst()))
        case "api":
            return ApiCommand.main(Array(args.dropFirst()))
        case "fuzz":
            return FuzzCommand.main(Array(args.dropFirst()))
        default:
            return usageError("unknown command '\(first)'")
        }
    }

    /// The value of `--time-limit`: seconds, finite and at least 0 (0: no time limit).
    static func timeLimit(_ text: String) -> Double? {
        guard let s = Double(text), s.isFinite, s >= 0 else { return nil }
        return s
    }

    static let timeLimitUsage = "--time-limit takes seconds, a number >= 0 (0: none)"

    static func usageError(_ message: String) -> Int32 {
        printError("kitsim: \(message)\n\(usage)")
        return 64
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
