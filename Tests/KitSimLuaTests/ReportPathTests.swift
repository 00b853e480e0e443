import Testing
@testable import KitSim
@testable import KitSimBridge
@testable import KitSimLua
import KitSimPlatform
import KitSimRuntime
@testable import KitSimReport

/// What the reports say about the paths that keep an object alive: a leak report lists
/// every owner's path (a few, then how many more), the ownership graph draws the paths
/// that keep an abandoned controller alive in bold red, a block's or closure's capture is
/// named as Swift names it, and the black screen's legend can be read.
@Suite struct ReportPathTests {
    func sandbox(_ script: String) throws -> LuaSandbox {
        let sb = try LuaSandbox()
        let outcome = sb.run(chunk: script, name: "=paths")
        #expect(outcome.status == .passed, "\(outcome.message ?? "")")
        return sb
    }

    /// A screen pushed and popped that `keepers` held objects keep through their strong
    /// `screen`, and a held box that keeps one more keeper, so that one path has two steps.
    static func keptScreen(keepers: Int) -> String {
        """
        local Keeper = NSObject:subclass("Keeper", { screen = "strong" })
        local Box = NSObject:subclass("Box", { keeper = "strong" })
        local w = sim.hold(UIWindow())
        local nav = UINavigationController(UIViewController())
        w.rootViewController = nav
        w:makeKeyAndVisible()
        local s = sim.label(UIViewController(), "screen")
        nav:pushViewController(s, false)
        sim.run(1)
        for i = 1, \(keepers) do sim.label(sim.hold(Keeper()), "keeper" .. i).screen = s end
        local box = sim.label(sim.hold(Box()), "box")
        box.keeper = sim.label(Keeper(), "boxed")
        box.keeper.screen = s
        nav:popViewController(false)
        sim.run(3)
        """
    }

    func id(_ label: String, _ sb: LuaSandbox) throws -> ObjectID {
        try #require(sb.heap.labelledObjects.first { $0.label == label }?.id)
    }

    // MARK: leak paths

    @Test(arguments: [1, 2, 6])
    func anAbandonedControllersReportListsEveryPath(keepers: Int) throws {
        let sb = try sandbox(Self.keptScreen(keepers: keepers))
        let screen = try id("screen", sb)
        let leaks = sb.heap.leaks().filter { $0.kind == .abandoned }
        #expect(leaks.count == 1)
        let text = try #require(leaks.first).message(in: sb.heap)
        // Shortest first, then by owner id: the held keepers' one-step paths, then the box's.
        var paths: [String] = []
        for i in 1...keepers { paths.append("Keeper\(try id("keeper\(i)", sb)).screen (strong)") }
        paths.append("Box\(try id("box", sb)).keeper (strong) → Keeper\(try id("boxed", sb)).screen (strong)")
        let shown = paths.prefix(5).joined(separator: "; ")
        let more = paths.count > 5 ? "; and \(paths.count - 5) more" : ""
        #expect(text.hasPrefix("UIViewController\(screen) left the UI (popped from UINavigationController#"), "\(text)")
        #expect(text.hasSuffix("; kept by \(paths.count) paths: " + shown + more), "\(text)")
    }

    @Test func aSinglePathIsNamedWithoutACount() throws {
        let sb = try sandbox(RuleScript.leakyNavApp)
        let text = try #require(sb.heap.leaks().first { $0.kind == .abandoned }).message(in: sb.heap)
        #expect(text.contains("; kept by Picker#") && text.hasSuffix(".delegate (strong)"), "\(text)")
        #expect(!text.contains("paths:"))
    }

    // MARK: the graph

    /// The edges of a DOT graph drawn bold, as `o12 -> o9`; each must be red too.
    static func boldEdges(_ dot: String) -> Set<String> {
        var out = Set<String>()
        for line in dot.split(separator: "\n") where line.hasPrefix("  o") && line.contains(" -> ") && line.contains("style=bold") {
            let arrow = line.dropFirst(2).prefix { $0 != "[" }
            out.insert(String(arrow.dropLast(arrow.hasSuffix(" ") ? 1 : 0)))
            #expect(line.contains("color=\"#d32f2f\""), "\(line)")
        }
        return out
    }

    @Test func theGraphDrawsThePathsThatKeepAnAbandonedControllerInBoldRed() throws {
        let sb = try sandbox(Self.keptScreen(keepers: 2))
        let (screen, box, boxed) = (try id("screen", sb), try id("box", sb), try id("boxed", sb))
        let (k1, k2) = (try id("keeper1", sb), try id("keeper2", sb))
        let expected: Set<String> = ["o\(k1.raw) -> o\(screen.raw)", "o\(k2.raw) -> o\(screen.raw)",
                                     "o\(box.raw) -> o\(boxed.raw)", "o\(boxed.raw) -> o\(screen.raw)"]
        #expect(Self.boldEdges(sb.heap.graph(.dot)) == expected)
        #expect(Self.boldEdges(try sb.heap.graph(.dot, focus: screen)) == expected)
        #expect(sb.heap.graph(.dot).contains("legend_kept"))
        // Nothing abandoned: nothing bold, no legend entry for it.
        let none = try sandbox("local w = sim.hold(UIWindow()) w.rootViewController = UIViewController() w:makeKeyAndVisible()")
        #expect(Self.boldEdges(none.heap.graph(.dot)).isEmpty)
        #expect(!none.heap.graph(.dot).contains("legend_kept"))
    }

    // MARK: captures

    /// A controller a held block captures strongly and weakly (`sim.block`, which knows no
    /// names), and a controller whose closure property captures `self` (a retain cycle).
    static let blockScript = """
        local d = sim.label(UIViewController(), "captured")
        sim.hold(sim.block{ strong = { d }, weak = { d } })
        """
    static let closureScript = """
        local Screen = UIViewController:subclass("Screen", { onDone = "strong" })
        local s = sim.label(sim.hold(Screen()), "captured")
        function Screen:work() end
        function Screen:start() self.onDone = function() self:work() end end
        s:start()
        """

    enum Output: String, CaseIterable { case why, graph, mermaid, html }

    func output(_ o: Output, _ sb: LuaSandbox, _ script: String) throws -> String {
        let captured = try id("captured", sb)
        switch o {
        case .why: return sb.heap.why(captured)
        case .graph: return sb.heap.graph(.dot)
        case .mermaid: return sb.heap.graph(.mermaid)
        case .html:
            let path = try #require(Platform.makeTemporaryFile("kitsim-paths-", suffix: ".lua"))
            #expect(Platform.writeBytes(path, Array(script.utf8)))
            let fresh = try LuaSandbox()
            let outcome = try fresh.run(file: path)
            var r = HTMLReport(title: path, outcome: outcome, heap: fresh.heap, screen: .success(try fresh.sim.screenSVG()))
            return r.render()
        }
    }

    @Test(arguments: Output.allCases)
    func aBlocksCaptureIsNamedByItsPlace(_ o: Output) throws {
        let sb = try sandbox(Self.blockScript)
        let text = try output(o, sb, Self.blockScript)
        #expect(text.contains("capture 1 (strong)"), "\(o): \(text)")
        #expect(text.contains("capture 1 (weak)") || o == .why, "\(o): \(text)")
        #expect(!text.contains("strong[1]") && !text.contains("weak[1]"), "\(o): \(text)")
    }

    @Test(arguments: Output.allCases)
    func aClosuresCaptureIsNamedByItsVariable(_ o: Output) throws {
        let sb = try sandbox(Self.closureScript)
        let text = try output(o, sb, Self.closureScript)
        let quoted = o == .html ? "captures &#39;self&#39; (strong)" : "captures 'self' (strong)"
        #expect(text.contains(quoted), "\(o): \(text)")
        #expect(!text.contains("\"self (strong)\"") && !text.contains(">self (strong)<"), "\(o): \(text)")
    }

    @Test func aCycleThroughABlockNamesTheCapture() throws {
        let sb = try sandbox("""
            local Holder = NSObject:subclass("Holder", { block = "strong" })
            local h = Holder()
            h.block = sim.block{ strong = { h } }
            """)
        let text = sb.heap.leakText()
        #expect(text.hasPrefix("cycle: retain cycle of 2 objects: Holder#") && text.contains(".block (strong) → NSBlock#"), "\(text)")
        #expect(text.contains(" capture 1 (strong) → Holder#") && !text.contains("strong[1]"), "\(text)")
    }

    // MARK: the black screen's legend

    /// Each text of an SVG document with the colour under its first letter: the fill of the
    /// last opaque (at least half) rectangle drawn before it that covers that point.
    static func textsOnBackgrounds(_ svg: String) -> [(text: String, color: String, background: String)] {
        struct Box { let x, y, w, h: Double; let fill: String }
        var boxes: [Box] = []
        var out: [(String, String, String)] = []
        var rest = Substring(svg)
        func attribute(_ name: String, _ element: Substring) -> String? {
            guard let r = element.firstRange(of: " " + name + "=\"") else { return nil }
            return String(element[r.upperBound...].prefix { $0 != "\"" })
        }
        while let start = rest.firstRange(of: "<") {
            guard let close = rest[start.upperBound...].firstIndex(of: ">") else { break }
            let element = rest[start.lowerBound...close]
            rest = rest[rest.index(after: close)...]
            if element.hasPrefix("<rect ") {
                let fill = attribute("fill", element) ?? "black"
                let opacity = Double(attribute("fill-opacity", element) ?? "1") ?? 1
                guard fill != "none", opacity >= 0.5 else { continue }
                func number(_ n: String) -> Double {
                    let v = attribute(n, element) ?? "0"
                    return v.hasSuffix("%") ? 1e9 : Double(v) ?? 0
                }
                boxes.append(Box(x: number("x"), y: number("y"), w: number("width"), h: number("height"), fill: fill))
            } else if element.hasPrefix("<text ") {
                let x = Double(attribute("x", element) ?? "") ?? 0, y = Double(attribute("y", element) ?? "") ?? 0
                let size = Double(attribute("font-size", element) ?? "") ?? 10
                let (px, py) = (x + 1, y - size * 0.3)
                let under = boxes.last { px >= $0.x && px <= $0.x + $0.w && py >= $0.y && py <= $0.y + $0.h }
                let text = String(rest.prefix { $0 != "<" })
                out.append((text, attribute("fill", element) ?? "black", under?.fill ?? "white"))
            }
        }
        return out
    }

    /// WCAG's contrast ratio of two colours written `#rgb`, `#rrggbb`, `white` or `black`.
    static func contrast(_ a: String, _ b: String) -> Double {
        func luminance(_ c: String) -> Double {
            let hex: String
            switch c {
            case "white": hex = "ffffff"
            case "black": hex = "000000"
            default:
                let h = String(c.dropFirst())
                hex = h.count == 3 ? h.map { "\($0)\($0)" }.joined() : h
            }
            let v = Int(hex, radix: 16) ?? 0
            func channel(_ shift: Int) -> Double {
                let s = Double((v >> shift) & 0xFF) / 255
                return s <= 0.03928 ? s / 12.92 : pow24((s + 0.055) / 1.055)
            }
            return 0.2126 * channel(16) + 0.7152 * channel(8) + 0.0722 * channel(0)
        }
        let (la, lb) = (luminance(a), luminance(b))
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    /// `x` to the power 2.4, without Foundation.
    static func pow24(_ x: Double) -> Double {
        // x^2.4 = x^2 · x^0.4 = x^2 · (x^(1/5))^2; the fifth root by Newton's method.
        guard x > 0 else { return 0 }
        var r = x
        for _ in 0..<60 { r -= (r * r * r * r * r - x) / (5 * r * r * r * r) }
        return x * x * r * r
    }

    @Test(arguments: ["local w = sim.hold(UIWindow()) w:makeKeyAndVisible()", ""])
    func theBlackScreensTextsCanBeRead(_ script: String) throws {
        let svg = try sandbox(script).sim.screenSVG()
        #expect(svg.contains("BLACK SCREEN"))
        let texts = Self.textsOnBackgrounds(svg)
        #expect(texts.contains { $0.text == "covered view" })
        for t in texts {
            #expect(Self.contrast(t.color, t.background) >= 4.5, "\(t.text): \(t.color) on \(t.background)")
        }
    }

    @Test func theContrastCheckTellsDarkOnBlack() {
        #expect(Self.contrast("#111", "#000") < 1.5)
        #expect(Self.contrast("#fff", "#000") == 21)
        #expect(Self.contrast("#111", "white") > 15)
        #expect(abs(Self.pow24(0.5) - 0.18946457081379978) < 1e-9)
    }
}
