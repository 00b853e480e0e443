import KitSim
import KitSimLua
import KitSimPlatform
import KitSimReport

/// `--graph FILE` and `--screen FILE` of `kitsim run` (SPEC §5): the format comes from the
/// file's extension, checked before the scenario runs together with the file's folder, so
/// that a typo costs no run and is never silently written as DOT.
enum PictureFiles {
    /// The format of a `--graph` path, or the message refusing it.
    static func graphFormat(_ path: String) -> Result<Pictures.Format, Pictures.Failure> {
        guard let f = Pictures.Format(path: path) else {
            return .failure(Pictures.Failure("--graph \(path): unknown extension; use \(Pictures.graphExtensions)"))
        }
        return checkFolder("--graph", path).map { f }
    }

    /// The format of a `--screen` path (SVG or PNG), or the message refusing it.
    static func screenFormat(_ path: String) -> Result<Pictures.Format, Pictures.Failure> {
        guard let f = Pictures.Format(path: path), f == .svg || f == .png else {
            return .failure(Pictures.Failure("--screen \(path): unknown extension; use \(Pictures.screenExtensions)"))
        }
        return checkFolder("--screen", path).map { f }
    }

    private static func checkFolder(_ option: String, _ path: String) -> Result<Void, Pictures.Failure> {
        Platform.folderExists(of: path) ? .success(()) : .failure(Pictures.Failure("\(option) \(path): no such folder"))
    }

    /// Writes the graph (focused on the object `focus` names, when given); nil on success,
    /// else the exit code after printing why.
    static func writeGraph(_ sandbox: LuaSandbox, to path: String, as format: Pictures.Format, focus: String?) -> Int32? {
        var focusID: ObjectID?
        if let focus {
            switch Pictures.object(named: focus, in: sandbox.heap) {
            case .success(let id): focusID = id
            case .failure(let f):
                printError("kitsim: --graph-focus \(focus): \(f)")
                return ExitCode.dataError
            }
        }
        let bytes: [UInt8]
        do { bytes = try Pictures.graph(sandbox.heap, format, focus: focusID) } catch {
            printError("kitsim: \(error)")
            return ExitCode.unavailable
        }
        return write(bytes, to: path)
    }

    /// Writes the screen's wireframe as SVG or PNG; nil on success, else the exit code.
    static func writeScreen(_ sandbox: LuaSandbox, to path: String, as format: Pictures.Format) -> Int32? {
        do {
            let svg = try sandbox.sim.screenSVG()
            return write(format == .png ? try Pictures.png(fromSVG: svg) : Array(svg.utf8), to: path)
        } catch let f as Pictures.Failure {
            printError("kitsim: \(f)")
            return ExitCode.unavailable
        } catch {
            printError("kitsim: cannot draw the screen: \(error)")
            return ExitCode.cannotCreate
        }
    }

    private static func write(_ bytes: [UInt8], to path: String) -> Int32? {
        if Platform.writeBytes(path, bytes) { return nil }
        printError("kitsim: cannot write \(path): \(String(cString: strerror(errno)))")
        return ExitCode.cannotCreate
    }
}
