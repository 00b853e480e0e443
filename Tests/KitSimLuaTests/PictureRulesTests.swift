import Testing
@testable import KitSim
@testable import KitSimBridge
@testable import KitSimLua
@testable import KitSimRepl
import KitSimPlatform
import KitSimReport

/// The pictures (SPEC §5): the ownership graph's DOT and Mermaid (leaked objects red, a
/// legend, focus), drawn by Graphviz; the screen's wireframe; and every seed's pictures
/// rendered to PNG and checked for size and for labels that overlap. Graphviz's `dot` and
/// librsvg's `rsvg-convert` must be installed (scripts/setup.sh, .ci/run): without them
/// the rendering tests fail, naming the package.
@Suite struct PictureRulesTests {
    static let seedFolder: String = {
        var path = #filePath
        for _ in 0..<3 { path = String(path[..<path.lastIndex(of: "/")!]) }   // Tests/KitSimLuaTests/<file>
        return path + "/Scenarios/seeds"
    }()

    /// The seeds' scenarios (`seed*.lua` in Scenarios/seeds/), sorted.
    static var seeds: [String] { (Platform.folderEntries(seedFolder) ?? []).filter { $0.hasPrefix("seed") && $0.hasSuffix(".lua") } }

    func sandbox(_ script: String) throws -> LuaSandbox {
        let sb = try LuaSandbox()
        let outcome = sb.run(chunk: script, name: "=pictures")
        #expect(outcome.status == .passed, "\(outcome.message ?? "")")
        return sb
    }

    /// A screen whose navigation controller pushed a screen with a strong delegate cycle and
    /// popped it: a `cycle` and an `abandoned` controller; a second, held controller.
    static let leaky = RuleScript.leakyNavApp

    // MARK: DOT and Mermaid

    @Test func dotOutlinesLeakedObjectsInRedWithALegend() throws {
        let sb = try sandbox(Self.leaky)
        let screen = try #require(sb.heap.labelledObjects.first { $0.label == "screen" }?.id)
        let dot = sb.heap.graph(.dot)
        #expect(dot.contains("  o\(screen.raw) [label=\"Screen\(screen)\\n\\\"screen\\\"\", color=\"#d32f2f\", penwidth=2.5];"))
        #expect(dot.contains("[label=\"view (strong)\", color=\"#d32f2f\"];"))      // the cycle's references too
        // The cycle's suspects (rule 85), red and bold, labelled as the text underlines them.
        #expect(dot.contains("[label=\"picker (strong)\\n~~~ suspect\", color=\"#d32f2f\", fontcolor=\"#d32f2f\", style=bold, penwidth=3];"))
        #expect(dot.contains("[label=\"UIWindow#"))
        #expect(dot.contains("\\n[sim.hold, on screen]\", style=\"rounded,bold,filled\", fillcolor=\"#e8f0fe\"];"))   // a root and its reasons
        for mark in ["legend_root [label=\"root\\n[why it is one]\"", "legend_object -> legend_leaked [label=\"weak / unowned\", style=dashed",
                     "legend_root -> legend_object [label=\"strong\"]", "legend_leaked [label=\"leaked\", color=\"#d32f2f\""] {
            #expect(dot.contains(mark), "\(mark)")
        }
        #expect(!dot.contains("legend_focus"))
        #expect(dot.contains("label=\"view (strong)\""))
        #expect(dot.contains("(weak)\", style=dashed, color=\"#777777\", constraint=false]"))
    }

    @Test func mermaidMarksTheSameLeaksAndHasTheLegend() throws {
        let sb = try sandbox(Self.leaky)
        let screen = try #require(sb.heap.labelledObjects.first { $0.label == "screen" }?.id)
        let m = sb.heap.graph(.mermaid)
        #expect(m.hasPrefix("graph TD\n"))
        #expect(m.contains("  o\(screen.raw)[\"Screen\(screen)<br/>#quot;screen#quot;\"]:::leaked\n"))
        #expect(m.contains("[sim.hold, on screen]\"]:::root\n"))
        #expect(m.contains("  subgraph legend\n    legend_root[\"root<br/>[why it is one]\"]:::root -->|strong| legend_object[\"object\"]\n"))
        #expect(m.contains("legend_object -.->|\"weak / unowned\"| legend_leaked[\"leaked\"]:::leaked"))
        #expect(m.contains("  classDef leaked stroke:#d32f2f,stroke-width:3px\n"))
        #expect(m.contains("  linkStyle "))                                          // the cycle's references red
        #expect(m.contains(" -.->|\"superview (weak)\"| "))
    }

    @Test func theLeaksAreTheLeakReports() throws {
        let sb = try sandbox(Self.leaky)
        let kinds = Set(sb.heap.leaks().map(\.kind))
        #expect(kinds == [.cycle, .abandoned])
        let dot = sb.heap.graph(.dot)
        let red = dot.split(separator: "\n").filter { $0.contains("penwidth=2.5") && !$0.contains("legend_") }
        #expect(red.count == 3)                                   // the screen, its picker, and its view the cycle keeps
    }

    // MARK: focus

    @Test func aFocusedGraphHasThePathsToTheObjectAndWhatItOwns() throws {
        let sb = try sandbox("""
            local w = sim.hold(UIWindow())
            local nav = sim.label(UINavigationController(sim.label(UIViewController(), "first")), "nav")
            w.rootViewController = nav
            w:makeKeyAndVisible()
            local other = sim.label(sim.hold(UIViewController()), "other")
            local _ = other.view
            """)
        let first = try #require(sb.heap.labelledObjects.first { $0.label == "first" }?.id)
        let dot = try sb.heap.graph(.dot, focus: first)
        #expect(dot.contains("\"first\\\"\", style=\"rounded,filled\", fillcolor=\"#fff3c4\"]"))   // selected
        #expect(dot.contains("[sim.hold, on screen]\", style=\"rounded,bold,filled\", fillcolor=\"#e8f0fe\"]"))   // the root on its path
        #expect(!dot.contains("UIApplication#1"))                                    // held by sim.hold, not the app
        #expect(dot.contains("\\\"nav\\\""))
        #expect(dot.contains("label=\"view (strong)\""))                               // what it owns
        #expect(!dot.contains("\\\"other\\\""))                                        // not on a path
        #expect(!dot.contains("UIScreen#2"))
        #expect(!dot.contains("UINavigationBar#"))                                   // the nav's, not first's
        #expect(dot.contains("legend_focus [label=\"selected\""))
        let m = try sb.heap.graph(.mermaid, focus: first)
        #expect(m.contains(":::selected\n") && m.contains("legend_focus[\"selected\"]:::selected"))
    }

    @Test func aLeakedObjectsFocusIsItsCycle() throws {
        let sb = try sandbox(Self.leaky)
        let screen = try #require(sb.heap.labelledObjects.first { $0.label == "screen" }?.id)
        let dot = try sb.heap.graph(.dot, focus: screen)
        #expect(dot.contains("Picker#") && dot.contains("label=\"delegate (strong)\\n~~~ suspect\", color=\"#d32f2f\""))
        #expect(!dot.contains("UIWindow#") && !dot.contains("\\\"held\\\""))
    }

    @Test(arguments: [
        ("sim.graph('dot', 5)", "bad argument #2 to 'graph' (object expected, got number)"),
        ("sim.graph('svg')", "bad argument #1 to 'graph'"),
        ("local v = UIView() sim.run(0) sim.graph('dot', v)", "-[UIView graph]: message sent to deallocated instance #"),
    ])
    func simGraphRefusesBadArguments(_ script: String, _ message: String) throws {
        let sb = try LuaSandbox()
        let outcome = sb.run(chunk: script, name: "=pictures")
        #expect(outcome.status != .passed)
        #expect(outcome.message?.contains(message) == true, "\(outcome.message ?? "")")
    }

    @Test func simGraphTakesAFocus() throws {
        let sb = try sandbox("""
            local w = sim.label(sim.hold(UIWindow()), "w")
            local g = sim.graph("mermaid", w)
            expect(g:find(":::selected", 1, true) ~= nil).to.be.truthy()
            expect(g:find("UIApplication#1", 1, true)).to.be.falsy()
            """)
        _ = sb
    }

    @Test(arguments: [
        ("#abc", "'#abc' is not an object id (#1, #2, …)"),
        ("#0", "'#0' is not an object id (#1, #2, …)"),
        ("#99999", "no object #99999"),
        ("gone", "'gone' (UIView#"),
        ("nope", "no object labelled 'nope' and it is not an id like #12; the labels are gone, kept"),
    ])
    func focusNamesALabelOrAnId(_ name: String, _ message: String) throws {
        let sb = try sandbox("sim.label(UIView(), 'gone') sim.label(sim.hold(UIView()), 'kept') sim.run(0)")
        switch Pictures.object(named: name, in: sb.heap) {
        case .success(let id): Issue.record("\(name) found \(id)")
        case .failure(let f): #expect(f.description.hasPrefix(message), "\(f)")
        }
        if case .success(let id) = Pictures.object(named: "kept", in: sb.heap) { #expect(sb.heap.label(of: id) == "kept") }
        else { Issue.record("kept not found") }
        if case .success(let id) = Pictures.object(named: "#1", in: sb.heap) { #expect(sb.heap.describe(id) == "UIApplication#1") }
        else { Issue.record("#1 not found") }
    }

    @Test func theReplDrawsAFocusedGraph() throws {
        let r = try ReplSession()
        _ = r.feed("local w = sim.label(sim.hold(UIWindow()), 'win')")
        let byLabel = r.feed(":graph win") ?? ""
        #expect(byLabel.hasPrefix("digraph ownership") && byLabel.contains("fillcolor=\"#fff3c4\""))
        #expect(!byLabel.contains("UIScreen#2"))
        #expect(r.feed(":graph w") == byLabel)                                        // an expression
        #expect(r.feed(":graph #1")?.contains("UIApplication#1\\n[UIApplication.shared]\", style=\"rounded,bold,filled\", fillcolor=\"#fff3c4\"") == true)
        #expect(r.feed(":graph mermaid win")?.hasPrefix("graph TD") == true)
        #expect(r.feed(":graph mermaid")?.contains("UIScreen#2") == true)
        #expect(r.feed(":graph #x") == ":graph #x: '#x' is not an object id (#1, #2, …)")
    }

    // MARK: formats and tools

    @Test(arguments: [
        ("g.dot", Pictures.Format.dot), ("out/g.GV", .dot), ("g.mmd", .mermaid), ("g.mermaid", .mermaid),
        ("a.b/g.svg", .svg), ("G.PNG", .png), ("g.txt", nil), ("g", nil), ("dir.svg/g", nil), ("g.", nil),
    ])
    func theExtensionChoosesTheFormat(_ path: String, _ format: Pictures.Format?) {
        #expect(Pictures.Format(path: path) == format)
    }

    @Test func aMissingToolNamesItsPackage() throws {
        #expect(throws: Pictures.Failure(Pictures.missingDot)) {
            try Pictures.render(dot: "digraph {}", as: .svg, tool: "kitsim-no-such-dot")
        }
        #expect(Pictures.missingDot.contains("`graphviz`") && Pictures.missingDot.contains("brew install graphviz")
                && Pictures.missingDot.contains("--graph out.dot"))
        #expect(throws: Pictures.Failure(Pictures.missingRsvg)) {
            try Pictures.png(fromSVG: "<svg/>", tool: "kitsim-no-such-rsvg-convert")
        }
        #expect(Pictures.missingRsvg.contains("librsvg2-bin") && Pictures.missingRsvg.contains("--screen out.svg"))
        // Text formats need no tool.
        #expect(try Pictures.render(dot: "digraph {}", as: .dot, tool: "kitsim-no-such-dot") == Array("digraph {}".utf8))
    }

    @Test func graphvizAndRsvgAreInstalled() {
        #expect(Platform.hasTool("dot"), "\(Pictures.missingDot)")
        #expect(Platform.hasTool("rsvg-convert"), "\(Pictures.missingRsvg)")
    }

    // MARK: the screen's wireframe

    @Test func theWireframeOutlinesEachWindowAndView() throws {
        let sb = try sandbox("""
            local w = sim.hold(UIWindow())
            local root = sim.label(UIViewController(), "root")
            w.rootViewController = root
            w:makeKeyAndVisible()
            root.view.backgroundColor = "white"
            local box = sim.label(UIView(CGRect(20, 100, 200, 80)), "box")
            root.view:addSubview(box)
            local ghost = UIView(CGRect(0, 0, 50, 50))
            ghost.isHidden = true
            root.view:addSubview(ghost)
            local banner = UIWindow(CGRect(0, 0, 390, 60))
            banner.windowLevel = 1000
            banner.isHidden = false
            sim.hold(banner)
            local under = UIView(CGRect(10, 10, 40, 20))
            under.backgroundColor = "red"
            banner:addSubview(under)
            local over = UIView(CGRect(0, 0, 390, 60))
            over.backgroundColor = "brown"
            banner:addSubview(over)
            """)
        let svg = try sb.sim.screenSVG()
        let texts = SVGText.parse(svg).map(\.text)
        #expect(texts.contains { $0.hasPrefix("UIWindow#") && $0.hasSuffix(" · level 1000") })
        #expect(texts.contains { $0.hasPrefix("UIWindow#") && $0.hasSuffix(" · level 0 · key window") })
        #expect(texts.contains { $0.hasPrefix("root: UIViewController#") && $0.hasSuffix(" \"root\"") })
        #expect(texts.contains { $0.hasPrefix("UIView#") && $0.contains(" (view of UIViewController#") && $0.hasSuffix(" \"root\")") })
        #expect(texts.contains { $0.hasSuffix(" \"box\"") })
        #expect(texts.contains { $0.hasPrefix("UIView#") && $0.hasSuffix(" covered") })
        #expect(svg.contains("stroke=\"#9e9e9e\" stroke-dasharray=\"5 3\""))        // the covered view, dashed
        #expect(svg.contains("<!-- 1 hidden view of UIWindow#"))                     // left out
        #expect(!svg.contains("BLACK SCREEN"))
        // The frontmost window's panel is first (left).
        let titles = SVGText.parse(svg).filter { $0.text.hasPrefix("UIWindow#") }
        #expect(titles.count == 2 && titles[0].text.hasSuffix("level 1000") && titles[0].x < titles[1].x)
        #expect(SVGText.overlaps(in: svg).isEmpty)
    }

    @Test func aBlackScreenIsMarked() throws {
        let sb = try sandbox("local w = sim.hold(UIWindow()) w:makeKeyAndVisible()")
        let svg = try sb.sim.screenSVG()
        #expect(svg.contains("<a href=\"docs/rules.md#rule-7\"><text ") && svg.contains(">BLACK SCREEN: no window shows content (rule 7)</text></a>"))
        #expect(svg.contains("fill=\"#000\""))
        let none = try sandbox("").sim.screenSVG()
        #expect(none.contains(">no visible window</text>") && none.contains("BLACK SCREEN"))
    }

    // MARK: every seed, drawn and looked at

    @Test func thereAreSeeds() { #expect(Self.seeds.count >= 20) }

    @Test(arguments: seeds)
    func seedPicturesAreReadable(_ name: String) throws {
        let sb = try LuaSandbox()
        _ = try sb.run(file: Self.seedFolder + "/" + name)
        // The graph, drawn by dot: every live object's node, no two labels on each other.
        let svg = try Pictures.graphSVG(sb.heap)
        let texts = SVGText.parse(svg)
        for id in sb.heap.liveObjects { #expect(texts.contains { $0.text == sb.heap.describe(id) }, "\(name): \(sb.heap.describe(id))") }
        #expect(texts.contains { $0.text == "legend" })
        let graphOverlaps = SVGText.overlaps(in: svg)
        #expect(graphOverlaps.isEmpty, "\(name): the graph's labels overlap: \(graphOverlaps)")
        let png = try Pictures.graph(sb.heap, .png)
        let (w, h) = try #require(PNG.size(png), "\(name): the graph's PNG has no IHDR")
        #expect((200...20000).contains(w) && (150...20000).contains(h), "\(name): graph \(w)×\(h)")
        // The screen.
        let screen = try sb.sim.screenSVG()
        let screenOverlaps = SVGText.overlaps(in: screen)
        #expect(screenOverlaps.isEmpty, "\(name): the screen's labels overlap: \(screenOverlaps)")
        let screenPNG = try Pictures.png(fromSVG: screen)
        let (sw, shh) = try #require(PNG.size(screenPNG), "\(name): the screen's PNG has no IHDR")
        #expect(sw >= Int(sb.sim.screenBounds.width) && shh >= Int(sb.sim.screenBounds.height), "\(name): screen \(sw)×\(shh)")
    }

    @Test func theOverlapCheckFindsOverlaps() {
        let svg = """
            <svg><text x="10" y="20" font-size="10">UIViewController#12</text>
            <text text-anchor="middle" x="40" y="24" font-size="10">window (strong)</text>
            <text x="10" y="60" font-size="10">apart</text></svg>
            """
        #expect(SVGText.overlaps(in: svg) == ["\"UIViewController#12\" and \"window (strong)\""])
        #expect(SVGText.parse(svg).map(\.text) == ["UIViewController#12", "window (strong)", "apart"])
    }
}

/// The text elements of an SVG document, with the boxes they cover as estimated from
/// their position, anchor and font size (`SVGWriter.estimatedWidth`, Helvetica's widths
/// rounded up; ascent 0.75 em, descent 0.2 em).
enum SVGText {
    struct Text { let text: String; let x: Double; let y: Double; let size: Double; let anchor: String; let bold: Bool }

    static func parse(_ svg: String) -> [Text] {
        var out: [Text] = []
        var rest = Substring(svg)
        while let start = rest.firstRange(of: "<text") {
            guard let close = rest[start.upperBound...].firstIndex(of: ">"),
                  let end = rest[close...].firstRange(of: "</text>") else { break }
            let attributes = rest[start.upperBound..<close]
            func attribute(_ name: String) -> String? {
                guard let r = attributes.firstRange(of: " " + name + "=\"") else { return nil }
                return String(attributes[r.upperBound...].prefix { $0 != "\"" })
            }
            let raw = String(rest[rest.index(after: close)..<end.lowerBound])
            let text = raw.replacing("&lt;", with: "<").replacing("&gt;", with: ">").replacing("&quot;", with: "\"")
                .replacing("&#45;", with: "-").replacing("&amp;", with: "&")
            out.append(Text(text: text, x: Double(attribute("x") ?? "") ?? 0, y: Double(attribute("y") ?? "") ?? 0,
                            size: Double(attribute("font-size") ?? "") ?? 14, anchor: attribute("text-anchor") ?? "start",
                            bold: attribute("font-weight") == "bold"))
            rest = rest[end.upperBound...]
        }
        return out
    }

    static func box(_ t: Text) -> (x0: Double, y0: Double, x1: Double, y1: Double) {
        let w = SVGWriter.estimatedWidth(t.text, size: t.size, bold: t.bold)
        let x0 = t.anchor == "middle" ? t.x - w / 2 : t.anchor == "end" ? t.x - w : t.x
        return (x0, t.y - t.size * 0.75, x0 + w, t.y + t.size * 0.2)
    }

    /// Each pair of texts whose boxes overlap, as `"a" and "b"`.
    static func overlaps(in svg: String) -> [String] {
        let texts = parse(svg).filter { !$0.text.allSatisfy { $0 == " " } }
        var out: [String] = []
        for i in texts.indices {
            let a = box(texts[i])
            for j in texts.indices where j > i {
                let b = box(texts[j])
                if a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1 { out.append("\"\(texts[i].text)\" and \"\(texts[j].text)\"") }
            }
        }
        return out
    }
}

/// A PNG's width and height, from its IHDR chunk.
enum PNG {
    static func size(_ bytes: [UInt8]) -> (Int, Int)? {
        guard bytes.count > 24, bytes[0..<8] == [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
              String(decoding: bytes[12..<16], as: UTF8.self) == "IHDR" else { return nil }
        func be(_ i: Int) -> Int { bytes[i..<i + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (be(16), be(20))
    }
}
