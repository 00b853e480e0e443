import Testing
@testable import KitSimRuntime
@testable import KitSim
import KitSimReport

/// The SVG writer and the ownership graph's DOT: small, deterministic, well formed.
@Suite struct SVGTests {
    @Test func writerEscapesAndRoundsNumbers() {
        var svg = SVGWriter(width: 100, height: 50.25)
        svg.rect(Rect(x: 1.04, y: 2, width: 3.5, height: 4), fill: "#fff")
        svg.text("a < b & \"c\"", at: Point(x: 0, y: 0))
        let doc = svg.document
        #expect(doc.contains("<rect x=\"1\" y=\"2\" width=\"3.5\" height=\"4\" fill=\"#fff\" stroke=\"#333\"/>"))
        #expect(doc.contains(">a &lt; b &amp; &quot;c&quot;</text>"))
        #expect(doc.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"100\" height=\"50.3\""))
        #expect(doc.hasSuffix("</svg>\n"))
    }

    @Test func graphShowsObjectsReferencesAndLeakedCyclesInRed() throws {
        let f = try Fixture()
        let root = try f.held()
        f.heap.label(root, "root")
        let child = f.fresh()
        try f.heap.set(root, "strongRef", .object(child))
        try f.heap.set(child, "weakRef", .object(root))
        let a = f.fresh(), b = f.fresh()
        try f.heap.set(a, "strongRef", .object(b))
        try f.heap.set(b, "strongRef", .object(a))
        try f.heap.drain()
        let dot = f.heap.graph(.dot)
        #expect(dot.contains("  o1 [label=\"Node#1\\n\\\"root\\\"\\n["))                   // class#id, label, root reasons
        #expect(dot.contains("]\", style=\"rounded,bold,filled\", fillcolor=\"#e8f0fe\"];"))
        #expect(dot.contains("o1 -> o2 [label=\"strongRef (strong)\"];"))
        #expect(dot.contains("o2 -> o1 [label=\"weakRef (weak)\", style=dashed, color=\"#777777\", constraint=false];"))
        #expect(dot.contains("o\(a.raw) [label=\"Node\(a)\", color=\"#d32f2f\", penwidth=2.5];"))   // the leaked cycle
        // Both references of the unrooted cycle are the app's: both are its suspects (rule 85).
        #expect(dot.contains("o\(a.raw) -> o\(b.raw) [label=\"strongRef (strong)\\n~~~ suspect\", color=\"#d32f2f\", fontcolor=\"#d32f2f\", style=bold, penwidth=3];"))
        #expect(dot.contains("subgraph cluster_legend"))
        #expect(dot == f.heap.graph(.dot))                                // deterministic
    }

    @Test func screenSVGDrawsBlackAndCoveredViews() throws {
        let sim = Simulator()
        let w = try sim.make(sim[UIWindow.self])
        try sim.heap.set(sim.appDelegate!, "window", .object(w))
        _ = try sim.heap.send(w, "makeKeyAndVisible")
        #expect(ScreenSVG(try sim.screenPicture()).document.contains("fill=\"#000\""))
        let under = try sim.make(sim[UIView.self], [.rect(Rect(x: 10, y: 10, width: 50, height: 50))])
        try sim.heap.set(under, "backgroundColor", .string("white"))
        let over = try sim.make(sim[UIView.self], [.rect(sim.screenBounds)])
        try sim.heap.set(over, "backgroundColor", .string("brown"))
        _ = try sim.heap.send(w, "addSubview", [.object(under)])
        _ = try sim.heap.send(w, "addSubview", [.object(over)])
        let svg = ScreenSVG(try sim.screenPicture()).document
        #expect(svg.contains(">UIView\(under) covered</text>"))
        #expect(svg.contains("stroke-dasharray=\"5 3\""))
        #expect(svg.contains("fill=\"#996633\""))
    }
}
