import KitSim
import KitSimLua
import KitSimPlatform
import KitSimReport

/// `kitsim graph FILE.lua [--format dot|mermaid|svg|png] [--focus OBJ]` (SPEC §5): runs
/// the scenario and writes the ownership graph at its end to standard output; SVG and PNG
/// are drawn by Graphviz's `dot`.
enum GraphCommand {
    static let spec = ArgumentSpec(
        command: "graph", operands: "FILE.lua",
        summary: "Runs the scenario and writes the ownership graph at its end to standard output (svg and png drawn by Graphviz).",
        options: [
            .init("--format", value: "dot|mermaid|svg|png", help: "the graph's format (default dot)"),
            .init("--focus", value: "OBJ", help: "only the paths from the roots to OBJ (a label, Class#id or #id)"),
        ],
        operandCount: 1...1,
        epilogue: "exit status: the scenario's (as kitsim run's); 65 a focus that names nothing, 66 a file that cannot be run, 69 Graphviz missing.")

    static func main(_ args: [String]) -> Int32 {
        let (parsed, status) = spec.parseOrReport(args)
        guard let p = parsed else { return status }
        let file = p.operands[0]
        let focus = p.value("--focus")
        var format = Pictures.Format.dot
        if let value = p.value("--format") {
            guard let f = Pictures.Format(rawValue: value) else {
                return Command.usageError("--format takes dot, mermaid, svg or png, got '\(value)'", spec)
            }
            format = f
        }
        guard let sandbox = try? LuaSandbox(), let outcome = try? sandbox.run(file: file) else {
            printError("kitsim: cannot run \(file)")
            return ExitCode.noInput
        }
        var focusID: ObjectID?
        if let focus {
            switch Pictures.object(named: focus, in: sandbox.heap) {
            case .success(let id): focusID = id
            case .failure(let f):
                printError("kitsim: --focus \(focus): \(f)")
                return ExitCode.dataError
            }
        }
        let bytes: [UInt8]
        do { bytes = try Pictures.graph(sandbox.heap, format, focus: focusID) } catch {
            printError("kitsim: \(error)")
            return ExitCode.unavailable
        }
        var written = 0
        while written < bytes.count {
            let n = bytes[written...].withUnsafeBufferPointer { KitSimPlatform.write(1, $0.baseAddress, $0.count) }
            guard n > 0 else { printError("kitsim: cannot write the graph"); return ExitCode.cannotCreate }
            written += n
        }
        if outcome.status != .passed { printError("kitsim: the scenario \(outcome.status.rawValue): \(outcome.message ?? "")") }
        return outcome.status.exitCode
    }
}
