import KitSimRuntime

/// A minimal SVG writer for the screen's wireframe (`kitsim run --screen out.svg`; the
/// ownership graph is drawn by Graphviz). Deterministic: numbers are printed with at most
/// one decimal, elements in the order they are added.
public struct SVGWriter {
    private var body: [String] = []
    public let width: Double
    public let height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// A number with at most one decimal (`12`, `0.5`, `-0.5`).
    package static func n(_ v: Double) -> String {
        let r = (v * 10).rounded() / 10
        return r == r.rounded() ? String(Int(r)) : String(r)
    }

    /// Text for XML or HTML (content or a quoted attribute: SVG, the HTML report, JUnit):
    /// the markup characters escaped, and the characters neither allows (control
    /// characters but tab, newline and return; U+FFFE, U+FFFF) replaced with U+FFFD — a
    /// script may print any byte, `</script>` included.
    public static func escape(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for u in s.unicodeScalars {
            switch u {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\t", "\n", "\r": out.unicodeScalars.append(u)
            default:
                if u.value < 0x20 || u.value == 0x7F || u.value == 0xFFFE || u.value == 0xFFFF {
                    out += "\u{FFFD}"
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        return out
    }

    public mutating func rect(_ r: Rect, fill: String, stroke: String = "#333", opacity: Double = 1, dashed: Bool = false, rx: Double = 0,
                              strokeWidth: Double = 1) {
        var s = "<rect x=\"\(Self.n(r.x))\" y=\"\(Self.n(r.y))\" width=\"\(Self.n(r.width))\" height=\"\(Self.n(r.height))\""
        s += " fill=\"\(fill)\" stroke=\"\(stroke)\""
        if strokeWidth != 1 { s += " stroke-width=\"\(Self.n(strokeWidth))\"" }
        if opacity < 1 { s += " fill-opacity=\"\(Self.n(opacity))\"" }
        if dashed { s += " stroke-dasharray=\"5 3\"" }
        if rx > 0 { s += " rx=\"\(Self.n(rx))\"" }
        body.append(s + "/>")
    }

    /// A line of text; with `link`, a link to that address (`<a href="…">`).
    public mutating func text(_ t: String, at p: Point, size: Double = 11, anchor: String = "middle", color: String = "#111", bold: Bool = false,
                              link: String? = nil) {
        let weight = bold ? " font-weight=\"bold\"" : ""
        let open = link.map { "<a href=\"\(Self.escape($0))\">" } ?? ""
        let close = link == nil ? "" : "</a>"
        body.append(open + "<text x=\"\(Self.n(p.x))\" y=\"\(Self.n(p.y))\" font-family=\"Helvetica, Arial, sans-serif\" font-size=\"\(Self.n(size))\"\(weight) text-anchor=\"\(anchor)\" fill=\"\(color)\">\(Self.escape(t))</text>" + close)
    }

    /// A comment, for what a picture leaves out (`<!-- … -->`; `--` cannot appear in one).
    public mutating func comment(_ t: String) {
        body.append("<!-- " + t.split(separator: "-", omittingEmptySubsequences: false).joined(separator: "- ") + " -->")
    }

    /// The width of `text` in Helvetica at `size`, estimated from the font's widths by
    /// classes of letters (rounded up: narrow `il.,` 0.28 em, `frtIJ ()[]` 0.34, wide `mwMW`
    /// 0.9, other capitals 0.72, the rest 0.58; bold 8 % wider): what the wireframe's label
    /// placement and the picture tests use to keep labels apart.
    public static func estimatedWidth(_ text: String, size: Double, bold: Bool = false) -> Double {
        var em = 0.0
        for c in text.unicodeScalars {
            switch c {
            case "i", "l", "j", ".", ",", ":", ";", "'", "|", "!": em += 0.28
            case "f", "r", "t", "I", "J", " ", "(", ")", "[", "]", "-", "/", "\"": em += 0.34
            case "m", "w", "M", "W": em += 0.9
            case "A"..."Z": em += 0.72
            default: em += 0.58
            }
        }
        return em * size * (bold ? 1.08 : 1)
    }

    /// The document.
    public var document: String {
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Self.n(width))\" height=\"\(Self.n(height))\" viewBox=\"0 0 \(Self.n(width)) \(Self.n(height))\">\n"
        out += "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
        for line in body { out += line + "\n" }
        return out + "</svg>\n"
    }
}
