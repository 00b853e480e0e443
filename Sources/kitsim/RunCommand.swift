import KitSim
import KitSimLua

/// `kitsim run FILE.lua [--trace] [--sandbox] [--graph out.dot|.mmd|.svg|.png]
/// [--graph-focus OBJ] [--screen out.svg|.png] [--report out.html] [--ios N] [--time-limit S] [-- ARGS…]` (SPEC §5). The arguments after `--` are the script's (`arg[1]…`, `...`), as `lua FILE ARGS`.
enum RunCommand {
    static func main(_ args: [String]) -> Int32 {
        var file: String?
        var trace = false, sandboxed = false
        var graphPath: String?
        var screenPath: String?
        var graphFocus: String?
        var reportPath: String?
        var configuration = Simulator.Configuration()
        var limits = LuaSandbox.Limits()
        var scriptArguments: [String] = []
        var i = 0
        while i < args.count {
            let a = args[i]
            if a == "--" {
                scriptArguments = Array(args[(i + 1)...])
                break
            }
            switch a {
            case "--trace": trace = true
            case "--sandbox": sandboxed = true
            case "--graph", "--screen", "--graph-focus", "--report", "--ios", "--time-limit":
                guard i + 1 < args.count else { return Command.usageError("\(a) needs a value") }
                i += 1
                if a == "--time-limit" {
                    guard let s = Command.timeLimit(args[i]) else { return Command.usageError(Command.timeLimitUsage) }
                    limits.timeLimit = s
                } else if a == "--graph" { graphPath = args[i] } else if a == "--screen" { screenPath = args[i] }
                else if a == "--graph-focus" { graphFocus = args[i] } else if a == "--report" { reportPath = args[i] } else {
                    guard let n = Int(args[i]), (7...17).contains(n) else { return Command.usageError("--ios takes 7…17") }
                    configuration.ios = n
                }
            default:
                if a.hasPrefix("-") { return Command.usageError("unknown option '\(a)'") }
                if file != nil { return Command.usageError("unexpected argument '\(a)'") }
                file = a
            }
            i += 1
        }
        guard let file else { return Command.usageError("missing scenario file") }
        if graphFocus != nil && graphPath == nil { return Command.usageError("--graph-focus needs --graph FILE") }
        var graphFormat: Pictures.Format?, screenFormat: Pictures.Format?
        if let graphPath {
            switch PictureFiles.graphFormat(graphPath) {
            case .success(let f): graphFormat = f
            case .failure(let f): printError("kitsim: \(f)"); return PictureFiles.cannotCreate
            }
        }
        if let screenPath {
            switch PictureFiles.screenFormat(screenPath) {
            case .success(let f): screenFormat = f
            case .failure(let f): printError("kitsim: \(f)"); return PictureFiles.cannotCreate
            }
        }
        if let reportPath, let problem = OutputPath.problem(reportPath, extensions: ReportFiles.extensions) {
            printError("kitsim: --report \(reportPath): \(problem)")
            return PictureFiles.cannotCreate
        }
        Platform.installCrashReport(context: "the scenario \(file)")
        let sandbox: LuaSandbox
        do {
            sandbox = try LuaSandbox(configuration: configuration, limits: limits, sandboxed: sandboxed)
        } catch {
            printError("kitsim: \(error)")
            return 70
        }
        // The process exits after this command: the Lua state is closed as on any exit
        // (finalizers, open files), and the rest of the memory goes with the process.
        defer {
            sandbox.close()
            _ = Unmanaged.passRetained(sandbox)
        }
        sandbox.echoOutput = true
        sandbox.heap.tracesCalls = trace
        sandbox.capturesTrace = trace
        let outcome: Outcome
        do { outcome = try sandbox.run(file: file, arguments: scriptArguments) } catch {
            printError("kitsim: \(error)")
            return 66
        }
        if trace { print(outcome.trace, terminator: "") }
        // A picture that cannot be written fails the run, after the scenario's own report.
        var pictureStatus: Int32?
        if let graphPath, let graphFormat {
            pictureStatus = PictureFiles.writeGraph(sandbox, to: graphPath, as: graphFormat, focus: graphFocus)
        }
        if let screenPath, let screenFormat {
            pictureStatus = PictureFiles.writeScreen(sandbox, to: screenPath, as: screenFormat) ?? pictureStatus
        }
        if let reportPath {
            pictureStatus = ReportFiles.write(sandbox.htmlReport(outcome, title: file), to: reportPath) ?? pictureStatus
        }
        if outcome.status != .passed { report(outcome, sandbox) }
        return outcome.status == .passed ? pictureStatus ?? 0 : outcome.status.exitCode
    }

    /// The failure report (`LuaSandbox.failureReport`) on stderr.
    static func report(_ o: Outcome, _ sandbox: LuaSandbox) {
        printError(sandbox.failureReport(o))
    }
}

func writeFile(_ path: String, _ text: String) -> Bool { writeTextFile(path, text) }

import KitSimPlatform
