import KitSim
import KitSimLua

/// `kitsim run FILE.lua [--trace] [--sandbox] [--graph out.dot] [--ios N] [-- ARGS…]`
/// (SPEC §5). The arguments after `--` are the script's (`arg[1]…`, `...`), as `lua FILE ARGS`.
enum RunCommand {
    static func main(_ args: [String]) -> Int32 {
        var file: String?
        var trace = false, sandboxed = false
        var graphPath: String?
        var screenPath: String?
        var configuration = Simulator.Configuration()
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
            case "--graph", "--screen", "--ios":
                guard i + 1 < args.count else { return Command.usageError("\(a) needs a value") }
                i += 1
                if a == "--graph" { graphPath = args[i] } else if a == "--screen" { screenPath = args[i] } else {
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
        let sandbox: LuaSandbox
        do {
            sandbox = try LuaSandbox(configuration: configuration, sandboxed: sandboxed)
        } catch {
            printError("kitsim: \(error)")
            return 70
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
        if let graphPath {
            let text = graphPath.hasSuffix(".svg") ? sandbox.heap.graphSVG()
                : sandbox.heap.graph(graphPath.hasSuffix(".mmd") ? .mermaid : .dot)
            if !writeFile(graphPath, text) { printError("kitsim: cannot write \(graphPath)") }
        }
        if let screenPath {
            if let svg = try? sandbox.sim.screenSVG(), writeFile(screenPath, svg) {} else { printError("kitsim: cannot write \(screenPath)") }
        }
        if outcome.status != .passed { report(outcome, sandbox) }
        return outcome.status.exitCode
    }

    /// The failure report (`LuaSandbox.failureReport`) on stderr.
    static func report(_ o: Outcome, _ sandbox: LuaSandbox) {
        printError(sandbox.failureReport(o))
    }
}

func writeFile(_ path: String, _ text: String) -> Bool { writeTextFile(path, text) }

import KitSimPlatform
