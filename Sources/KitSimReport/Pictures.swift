import KitSimPlatform
import KitSimRuntime

/// The pictures KitSim writes: the ownership graph as DOT or Mermaid text, or drawn as SVG
/// or PNG by Graphviz's `dot`; the screen's wireframe (SVG written by the model) as PNG by
/// librsvg's `rsvg-convert`. Callable from Swift so that other outputs (an HTML report) can
/// embed the same SVG.
public enum Pictures {
    /// A picture's format, chosen by its file's extension.
    public enum Format: String, Sendable, CaseIterable {
        case dot, mermaid, svg, png

        /// The format a file name's extension names (`.dot`/`.gv`, `.mmd`/`.mermaid`,
        /// `.svg`, `.png`, in any case), or nil.
        public init?(path: String) {
            guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
            switch path[path.index(after: dot)...].lowercased() {
            case "dot", "gv": self = .dot
            case "mmd", "mermaid": self = .mermaid
            case "svg": self = .svg
            case "png": self = .png
            default: return nil
            }
        }
    }

    /// The extensions a graph may be written as, for messages.
    public static let graphExtensions = ".dot, .gv, .mmd, .mermaid, .svg or .png"
    /// The extensions the screen may be written as, for messages.
    public static let screenExtensions = ".svg or .png"

    /// Why a picture could not be drawn.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public let description: String
        public init(_ description: String) { self.description = description }
    }

    /// The message for a missing `dot`: the package to install and how to get DOT text.
    public static let missingDot = """
        drawing the graph as SVG or PNG needs Graphviz's `dot`, which is not in PATH: install \
        the `graphviz` package (Debian and Ubuntu: `apt-get install graphviz`; macOS: \
        `brew install graphviz`; or run scripts/setup.sh), or write DOT text instead \
        (`--graph out.dot`, `kitsim graph FILE --format dot`) and render it elsewhere
        """

    /// The message for a missing `rsvg-convert`.
    public static let missingRsvg = """
        drawing the screen as PNG needs librsvg's `rsvg-convert`, which is not in PATH: install \
        `librsvg2-bin` (Debian and Ubuntu) or `librsvg` (macOS, Homebrew), or run \
        scripts/setup.sh; or write the screen as SVG (`--screen out.svg`)
        """

    /// Renders DOT text with Graphviz's `dot` as SVG or PNG (DOT and Mermaid text are
    /// returned as they are). `tool` is the program's name, another only in tests.
    public static func render(dot: String, as format: Format, tool: String = "dot") throws(Failure) -> [UInt8] {
        guard format == .svg || format == .png else { return Array(dot.utf8) }
        let output: Platform.ToolOutput
        switch Platform.runTool(tool, ["-T" + format.rawValue], input: Array(dot.utf8)) {
        case .success(let o): output = o
        case .failure(.notFound): throw Failure(missingDot)
        case .failure(let e): throw Failure("cannot run dot: \(e)")
        }
        guard output.status == 0, !output.standardOutput.isEmpty else {
            throw Failure("dot failed (exit \(output.status)): \(String(decoding: output.standardError, as: UTF8.self))")
        }
        return output.standardOutput
    }

    /// The ownership graph (or the graph focused on `focus`, `Heap.graph(_:focus:)`) in
    /// `format`: DOT or Mermaid text, or the DOT drawn by `dot` as SVG or PNG.
    public static func graph(_ heap: Heap, _ format: Format, focus: ObjectID? = nil) throws -> [UInt8] {
        let text: String
        let textFormat: Heap.GraphFormat = format == .mermaid ? .mermaid : .dot
        if let focus { text = try heap.graph(textFormat, focus: focus) } else { text = heap.graph(textFormat) }
        return try render(dot: text, as: format)
    }

    /// The ownership graph as SVG drawn by `dot`.
    public static func graphSVG(_ heap: Heap, focus: ObjectID? = nil) throws -> String {
        String(decoding: try graph(heap, .svg, focus: focus), as: UTF8.self)
    }

    /// An SVG document as PNG, by `rsvg-convert` (the screen's wireframe).
    public static func png(fromSVG svg: String, tool: String = "rsvg-convert") throws(Failure) -> [UInt8] {
        let output: Platform.ToolOutput
        switch Platform.runTool(tool, ["--format=png"], input: Array(svg.utf8)) {
        case .success(let o): output = o
        case .failure(.notFound): throw Failure(missingRsvg)
        case .failure(let e): throw Failure("cannot run rsvg-convert: \(e)")
        }
        guard output.status == 0, !output.standardOutput.isEmpty else {
            throw Failure("rsvg-convert failed (exit \(output.status)): \(String(decoding: output.standardError, as: UTF8.self))")
        }
        return output.standardOutput
    }

    /// The object a `--graph-focus` or `:graph` argument names: `#12` (an id) or a label
    /// given with `sim.label`. A failure's message says what was wrong and lists the
    /// labels there are.
    public static func object(named name: String, in heap: Heap) -> Result<ObjectID, Failure> {
        if name.hasPrefix("#") {
            guard let n = UInt32(name.dropFirst()), n > 0 else {
                return .failure(Failure("'\(name)' is not an object id (#1, #2, …)"))
            }
            let id = ObjectID(n)
            guard heap.isValid(id) else { return .failure(Failure("no object \(name)")) }
            guard heap.isUsable(id) else { return .failure(Failure("\(heap.describe(id)) was deallocated")) }
            return .success(id)
        }
        let labelled = heap.labelledObjects
        guard let match = labelled.last(where: { $0.label == name }) else {
            let names = labelled.map(\.label)
            let list = names.isEmpty ? "no object is labelled (sim.label(obj, name))" : "the labels are " + names.joined(separator: ", ")
            return .failure(Failure("no object labelled '\(name)' and it is not an id like #12; \(list)"))
        }
        guard heap.isUsable(match.id) else { return .failure(Failure("'\(name)' (\(heap.describe(match.id))) was deallocated")) }
        return .success(match.id)
    }
}
