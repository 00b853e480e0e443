/// A minimal SVG writer for the ownership graph and the screen (`kitsim graph --format
/// svg`, `kitsim run --screen out.svg`). Deterministic: numbers are printed with at most
/// one decimal, elements in the order they are added.
public struct SVGWriter {
    private var body: [String] = []
    public let width: Double
    public let height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    static func n(_ v: Double) -> String {
        let r = (v * 10).rounded() / 10
        return r == r.rounded() ? String(Int(r)) : String(r)
    }

    /// Escapes text for XML.
    public static func escape(_ s: String) -> String {
        var out = ""
        for c in s {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(c)
            }
        }
        return out
    }

    public mutating func rect(_ r: Rect, fill: String, stroke: String = "#333", opacity: Double = 1, dashed: Bool = false, rx: Double = 0) {
        var s = "<rect x=\"\(Self.n(r.x))\" y=\"\(Self.n(r.y))\" width=\"\(Self.n(r.width))\" height=\"\(Self.n(r.height))\""
        s += " fill=\"\(fill)\" stroke=\"\(stroke)\""
        if opacity < 1 { s += " fill-opacity=\"\(Self.n(opacity))\"" }
        if dashed { s += " stroke-dasharray=\"4 3\"" }
        if rx > 0 { s += " rx=\"\(Self.n(rx))\"" }
        body.append(s + "/>")
    }

    public mutating func line(from a: Point, to b: Point, stroke: String = "#333", dashed: Bool = false) {
        var s = "<line x1=\"\(Self.n(a.x))\" y1=\"\(Self.n(a.y))\" x2=\"\(Self.n(b.x))\" y2=\"\(Self.n(b.y))\" stroke=\"\(stroke)\""
        if dashed { s += " stroke-dasharray=\"4 3\"" }
        body.append(s + " marker-end=\"url(#arrow)\"/>")
    }

    public mutating func text(_ t: String, at p: Point, size: Double = 11, anchor: String = "middle", color: String = "#111") {
        body.append("<text x=\"\(Self.n(p.x))\" y=\"\(Self.n(p.y))\" font-family=\"Helvetica, Arial, sans-serif\" font-size=\"\(Self.n(size))\" text-anchor=\"\(anchor)\" fill=\"\(color)\">\(Self.escape(t))</text>")
    }

    /// The document.
    public var document: String {
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Self.n(width))\" height=\"\(Self.n(height))\" viewBox=\"0 0 \(Self.n(width)) \(Self.n(height))\">\n"
        out += "<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto-start-reverse\"><path d=\"M 0 0 L 10 5 L 0 10 z\" fill=\"#333\"/></marker></defs>\n"
        out += "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
        for line in body { out += line + "\n" }
        return out + "</svg>\n"
    }
}

extension Heap {
    /// The ownership graph as SVG: roots on the top row, every other live object on the
    /// row of its distance from the roots (objects no root reaches, such as leaked cycles,
    /// on a last row, outlined in red); strong references solid, others dashed.
    public func graphSVG() -> String {
        let live = liveObjects
        let rootSet = Set(roots)
        var layer: [ObjectID: Int] = [:]
        var queue = live.filter { rootSet.contains($0) }
        for r in queue { layer[r] = 0 }
        var head = 0
        while head < queue.count {
            let n = queue[head]; head += 1
            for r in references(from: n) where isAlive(r.target) && layer[r.target] == nil {
                layer[r.target] = layer[n]! + 1
                queue.append(r.target)
            }
        }
        let reached = Set(queue)
        let deepest = layer.values.max() ?? 0
        for id in live where layer[id] == nil { layer[id] = deepest + 1 }
        var rows: [[ObjectID]] = Array(repeating: [], count: (layer.values.max() ?? 0) + 1)
        for id in live { rows[layer[id]!].append(id) }
        let boxHeight = 28.0, rowGap = 70.0, colGap = 24.0, margin = 20.0
        func nodeLabel(_ id: ObjectID) -> String { describe(id) + (self.label(of: id).map { " \"\($0)\"" } ?? "") }
        func boxWidth(_ id: ObjectID) -> Double { Double(nodeLabel(id).count) * 6.6 + 16 }
        var frames: [ObjectID: Rect] = [:]
        var width = 0.0
        for (i, row) in rows.enumerated() {
            var x = margin
            for id in row {
                let w = boxWidth(id)
                frames[id] = Rect(x: x, y: margin + Double(i) * (boxHeight + rowGap), width: w, height: boxHeight)
                x += w + colGap
            }
            width = max(width, x)
        }
        let height = margin * 2 + Double(rows.count) * (boxHeight + rowGap) - rowGap
        var svg = SVGWriter(width: max(width, 200), height: max(height, 80))
        for id in live {
            guard let a = frames[id] else { continue }
            for r in references(from: id) {
                guard let b = frames[r.target] else { continue }
                let from = Point(x: a.x + a.width / 2, y: a.y + a.height)
                let to = Point(x: b.x + b.width / 2, y: b.y)
                svg.line(from: from, to: to, dashed: !r.ownership.retains)
                svg.text("\(r.name) (\(r.ownership))", at: Point(x: (from.x + to.x) / 2, y: (from.y + to.y) / 2 - 3), size: 9, color: "#555")
            }
        }
        for id in live {
            guard let f = frames[id] else { continue }
            let unreachable = !reached.contains(id)
            svg.rect(f, fill: rootSet.contains(id) ? "#e8f0fe" : "#f7f7f7", stroke: unreachable ? "#c62828" : "#333", rx: 4)
            svg.text(nodeLabel(id), at: Point(x: f.x + f.width / 2, y: f.y + 18))
        }
        return svg.document
    }
}
