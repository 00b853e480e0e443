import KitSimRuntime

/// The layout of the screen's wireframe: panels side by side, labels placed so that their
/// estimated boxes never overlap.
public struct ScreenSVG {
    static let margin = 16.0
    static let gap = 28.0
    static let headerHeight = 40.0
    static let bannerHeight = 30.0
    static let legendHeight = 30.0
    static let labelSize = 10.0
    static let lineHeight = 13.0

    struct Label {
        let text: String; let at: Point; let color: String; let size: Double; let bold: Bool
        var link: String? = nil
    }

    /// The SVG document.
    public let document: String

    /// Where the black screen's banner sends a reader: the rule's section of the docs.
    public static let blackScreenRule = "docs/rules.md#rule-7"

    /// `picture` drawn as Xcode's view debugger draws it in wireframe: one panel per
    /// visible window, the frontmost first, titled with the window, its level, whether it
    /// is key and its root controller; in it the screen's outline, the window's frame, and
    /// each view's frame outlined with its label. Covered views are dashed grey, hidden
    /// ones are left out (SPEC rule 10), and a black screen (rule 7) is drawn black under
    /// a red banner that links to the rule. Labels never overlap: each goes at its view's
    /// top left corner, or below the labels already there.
    public init(_ picture: ScreenPicture) {
        let screen = picture.screen
        // Each panel spans the screen and every drawn view's frame (a view may stick out of
        // the screen, as a rotated root view does on iOS 7), up to a screen's size around it.
        struct Panel { var window: ScreenPicture.Panel?; var frame: Rect?; var extent: Rect }
        var panels: [Panel] = []
        for w in picture.panels {
            var extent = screen
            let frame = w.frame
            for f in [frame] + w.views.map(\.frame) { extent = Self.union(extent, f) }
            extent = Self.intersection(extent, Rect(x: -screen.width, y: -screen.height, width: screen.width * 3, height: screen.height * 3))
            panels.append(Panel(window: w, frame: frame, extent: extent))
        }
        if panels.isEmpty { panels.append(Panel(window: nil, frame: nil, extent: screen)) }
        let black = picture.isBlack
        let top = Self.margin + (black ? Self.bannerHeight + 8 : 0)
        var titles: [[String]] = []
        for p in panels {
            guard let w = p.window else { titles.append(["no visible window", ""]); continue }
            titles.append([w.title, w.subtitle])
        }
        var x = Self.margin
        var origins: [Point] = []                          // where each panel's extent starts
        var widths: [Double] = []
        for (i, p) in panels.enumerated() {
            let titleWidth = titles[i].map { SVGWriter.estimatedWidth($0, size: 11, bold: true) }.max() ?? 0
            let width = max(p.extent.width, titleWidth)
            origins.append(Point(x: x, y: top + Self.headerHeight))
            widths.append(width)
            x += width + Self.gap
        }
        let contentHeight = panels.map(\.extent.height).max() ?? screen.height
        let width = max(x - Self.gap + Self.margin, 480)
        let height = top + Self.headerHeight + contentHeight + 12 + Self.legendHeight + Self.margin
        var svg = SVGWriter(width: width, height: height)
        var labels: [Label] = []
        if black {
            svg.rect(Rect(x: Self.margin, y: Self.margin, width: width - 2 * Self.margin, height: Self.bannerHeight),
                     fill: "#c62828", stroke: "#c62828", rx: 4)
            labels.append(Label(text: "BLACK SCREEN: no window shows content (rule 7)",
                                at: Point(x: Self.margin + 10, y: Self.margin + 20), color: "#fff", size: 13, bold: true,
                                link: Self.blackScreenRule))
        }
        let stroke = black ? "#bbb" : "#1565c0"
        let coveredStroke = black ? "#777" : "#9e9e9e"
        let text = black ? "#fff" : "#111"
        for (i, p) in panels.enumerated() {
            let o = origins[i]
            func place(_ r: Rect) -> Rect { Rect(x: o.x + r.x - p.extent.x, y: o.y + r.y - p.extent.y, width: r.width, height: r.height) }
            labels.append(Label(text: titles[i][0], at: Point(x: o.x, y: top + 14), color: "#111", size: 11, bold: true))
            labels.append(Label(text: titles[i][1], at: Point(x: o.x, y: top + 29), color: "#444", size: 10, bold: false))
            svg.rect(place(screen), fill: black ? "#000" : "#fafafa", stroke: "#555", rx: 6, strokeWidth: 2)
            if let f = p.frame, f != screen { svg.rect(place(f), fill: "none", stroke: black ? "#ddd" : "#333", dashed: false, strokeWidth: 1.5) }
            guard let w = p.window else { continue }
            var taken = labels.map(Self.box)
            let hidden = w.hiddenViews
            if hidden > 0 { svg.comment("\(hidden) hidden view\(hidden == 1 ? "" : "s") of \(w.window) left out") }
            for v in w.views {
                let r = place(v.frame)
                let fill = v.fill
                svg.rect(r, fill: fill, stroke: v.isCovered ? coveredStroke : stroke, opacity: fill == "none" ? 1 : 0.15, dashed: v.isCovered)
                let t = v.label
                let label = Self.free(Label(text: t, at: Point(x: r.x + 3, y: r.y + 11), color: v.isCovered ? coveredStroke : text,
                                            size: Self.labelSize, bold: false), among: taken)
                taken.append(Self.box(label))
                labels.append(label)
            }
        }
        // The legend, in the picture's own marks, below the panels on the page's white: it
        // takes no plate, which on a black screen would be dark under its dark text.
        let ly = height - Self.margin - 12
        svg.rect(Rect(x: Self.margin, y: ly - 9, width: 22, height: 12), fill: "none", stroke: stroke)
        svg.rect(Rect(x: Self.margin + 170, y: ly - 9, width: 22, height: 12), fill: "none", stroke: coveredStroke, dashed: true)
        let legend = [Label(text: "view (class#id \"label\")", at: Point(x: Self.margin + 28, y: ly), color: "#111", size: 10, bold: false),
                      Label(text: "covered view", at: Point(x: Self.margin + 198, y: ly), color: "#111", size: 10, bold: false),
                      Label(text: "hidden views are not drawn", at: Point(x: Self.margin + 290, y: ly), color: "#111", size: 10, bold: false)]
        // View labels sit on a translucent plate so that the outlines under them do not
        // cross the text.
        for l in labels {
            if l.size == Self.labelSize && l.at.y > top + Self.headerHeight {
                let b = Self.box(l)
                svg.rect(Rect(x: b.x - 1, y: b.y - 1, width: b.width + 2, height: b.height + 2), fill: black ? "#000" : "#fff",
                         stroke: "none", opacity: 0.8)
            }
            svg.text(l.text, at: l.at, size: l.size, anchor: "start", color: l.color, bold: l.bold, link: l.link)
        }
        for l in legend { svg.text(l.text, at: l.at, size: l.size, anchor: "start", color: l.color, bold: l.bold) }
        document = svg.document
    }

    /// The box a label's text covers (baseline at `at.y`, ascent 0.8 em, descent 0.25 em).
    static func box(_ l: Label) -> Rect {
        Rect(x: l.at.x, y: l.at.y - l.size * 0.8, width: SVGWriter.estimatedWidth(l.text, size: l.size, bold: l.bold),
             height: l.size * 1.05)
    }

    /// `label` where it is, or moved down a line at a time until it overlaps none of `taken`.
    static func free(_ label: Label, among taken: [Rect]) -> Label {
        var l = label
        while taken.contains(where: { overlaps($0, box(l)) }) {
            l = Label(text: l.text, at: Point(x: l.at.x, y: l.at.y + lineHeight), color: l.color, size: l.size, bold: l.bold, link: l.link)
        }
        return l
    }

    static func overlaps(_ a: Rect, _ b: Rect) -> Bool {
        a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
    }

    static func union(_ a: Rect, _ b: Rect) -> Rect {
        let x = min(a.x, b.x), y = min(a.y, b.y)
        return Rect(x: x, y: y, width: max(a.x + a.width, b.x + b.width) - x, height: max(a.y + a.height, b.y + b.height) - y)
    }

    static func intersection(_ a: Rect, _ b: Rect) -> Rect {
        let x = max(a.x, b.x), y = max(a.y, b.y)
        return Rect(x: x, y: y, width: max(0, min(a.x + a.width, b.x + b.width) - x), height: max(0, min(a.y + a.height, b.y + b.height) - y))
    }
}

