import KitSim
import KitSimLua
import KitSimPlatform

/// `kitsim graph FILE.lua [--format dot|mermaid|svg|png] [--focus OBJ]` (SPEC §5): runs
/// the scenario and writes the ownership graph at its end to standard output; SVG and PNG
/// are drawn by Graphviz's `dot`.
enum GraphCommand {
    static let usage = "usage: kitsim graph FILE.lua [--format dot|mermaid|svg|png] [--focus OBJ]"

    static func main(_ args: [String]) -> Int32 {
        var file: String?
        var format = Pictures.Format.dot
        var focus: String?
        var i = 0
        while i < args.count {
            if args[i] == "--format" || args[i] == "--focus" {
                guard i + 1 < args.count else { return Command.usageError("\(args[i]) needs a value") }
                if args[i] == "--focus" { focus = args[i + 1] } else {
                    guard let f = Pictures.Format(rawValue: args[i + 1]) else {
                        return Command.usageError("--format takes dot, mermaid, svg or png, got '\(args[i + 1])'")
                    }
                    format = f
                }
                i += 2; continue
            }
            if args[i].hasPrefix("-") || file != nil { return Command.usageError(usage) }
            file = args[i]; i += 1
        }
        guard let file else { return Command.usageError(usage) }
        guard let sandbox = try? LuaSandbox(), let outcome = try? sandbox.run(file: file) else {
            printError("kitsim: cannot run \(file)")
            return 66
        }
        var focusID: ObjectID?
        if let focus {
            switch Pictures.object(named: focus, in: sandbox.heap) {
            case .success(let id): focusID = id
            case .failure(let f):
                printError("kitsim: --focus \(focus): \(f)")
                return PictureFiles.dataError
            }
        }
        let bytes: [UInt8]
        do { bytes = try Pictures.graph(sandbox.heap, format, focus: focusID) } catch {
            printError("kitsim: \(error)")
            return PictureFiles.unavailable
        }
        var written = 0
        while written < bytes.count {
            let n = bytes[written...].withUnsafeBufferPointer { KitSimPlatform.write(1, $0.baseAddress, $0.count) }
            guard n > 0 else { printError("kitsim: cannot write the graph"); return PictureFiles.cannotCreate }
            written += n
        }
        if outcome.status != .passed { printError("kitsim: the scenario \(outcome.status.rawValue): \(outcome.message ?? "")") }
        return outcome.status.exitCode
    }
}
