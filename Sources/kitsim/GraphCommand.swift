import KitSim
import KitSimLua

/// `kitsim graph FILE.lua --format dot|svg|mermaid` (SPEC §5): runs the scenario and
/// prints the ownership graph at its end.
enum GraphCommand {
    static func main(_ args: [String]) -> Int32 {
        var file: String?
        var format = "dot"
        var i = 0
        while i < args.count {
            if args[i] == "--format" {
                guard i + 1 < args.count, ["dot", "svg", "mermaid"].contains(args[i + 1]) else {
                    return Command.usageError("--format takes dot, svg or mermaid")
                }
                format = args[i + 1]; i += 2; continue
            }
            if args[i].hasPrefix("-") || file != nil { return Command.usageError("usage: kitsim graph FILE.lua --format dot|svg|mermaid") }
            file = args[i]; i += 1
        }
        guard let file else { return Command.usageError("usage: kitsim graph FILE.lua --format dot|svg|mermaid") }
        guard let sandbox = try? LuaSandbox(), let outcome = try? sandbox.run(file: file) else {
            printError("kitsim: cannot run \(file)")
            return 66
        }
        switch format {
        case "svg": print(sandbox.heap.graphSVG(), terminator: "")
        case "mermaid": print(sandbox.heap.graph(.mermaid), terminator: "")
        default: print(sandbox.heap.graph(.dot), terminator: "")
        }
        if outcome.status != .passed { printError("kitsim: the scenario \(outcome.status.rawValue): \(outcome.message ?? "")") }
        return outcome.status.exitCode
    }
}
