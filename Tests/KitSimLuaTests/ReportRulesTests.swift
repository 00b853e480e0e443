import Testing
@testable import KitSimBridge
@testable import KitSimLua
import KitSimPlatform
import KitSimRuntime
@testable import KitSimReport

/// The HTML report (`kitsim run --report`, `HTMLReport`): every section there, everything
/// from the run escaped (a label or a printed line may be `</script>`), the same script
/// giving the same bytes, a missing `dot` said in place of the graph, and the timeline's
/// cap. scripts/test-report.sh loads a seed's report in headless Chromium.
@Suite struct ReportRulesTests {
    /// A pushed and popped screen with a strong delegate cycle (a leak), a held controller,
    /// a printed line and a clock step.
    static let scenario = RuleScript.leakyNavApp + "\nprint(\"done\")"

    /// Runs `script` from a file (so that source lines can be shown) in a fresh sandbox
    /// and returns its report, its graphs drawn by Graphviz's `dot` unless `graph` is given.
    func report(_ script: String, path: String, graph: ((ObjectID?) throws -> String)? = nil,
                limits: HTMLReport.Limits = HTMLReport.Limits()) throws -> (Outcome, String) {
        #expect(Platform.writeBytes(path, Array(script.utf8)))
        if graph == nil { #expect(Platform.hasTool("dot"), "the report tests need Graphviz's dot (apt-get install graphviz)") }
        let sb = try LuaSandbox()
        let outcome = try sb.run(file: path)
        let screen: Result<String, Pictures.Failure> = .success(try sb.sim.screenSVG())
        var r = HTMLReport(title: path, outcome: outcome, heap: sb.heap, firstScriptEvent: sb.firstScriptEvent ?? 0,
                           screen: screen, graph: graph,
                           limits: limits)
        return (outcome, r.render())
    }

    func temporaryScript() throws -> String {
        try #require(Platform.makeTemporaryFile("kitsim-report-", suffix: ".lua"))
    }

    func count(_ needle: String, in text: String) -> Int {
        text.split(separator: needle, omittingEmptySubsequences: false).count - 1
    }

    @Test(arguments: [
        "id=\"outcome\"", "id=\"timeline\"", "id=\"retain-counts\"", "id=\"graph\"", "id=\"screen\"", "id=\"objects\"",
        "id=\"timeline-object\"", "id=\"timeline-text\"", "id=\"selfcheck\"", "data-selfcheck=\"pending\"",
        "<figure class=\"plot\"", "class=\"mark m-retain\"", "class=\"mark m-release\"", "<pre class=\"why\">", "<pre class=\"history\">",
        "<pre class=\"output\">done</pre>", "<h3>Leaks</h3>", "data-focus-button=\"\"", "data-show-events=\"", "data-show-graph=\"",
    ])
    func sectionsPresent(_ marker: String) throws {
        let path = try temporaryScript()
        let (_, html) = try report(Self.scenario, path: path)
        #expect(html.contains(marker), "missing \(marker)")
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.hasSuffix("</html>\n"))
    }

    @Test func everyLabelledObjectHasAPlotWhyHistoryAndAFocusedGraph() throws {
        let path = try temporaryScript()
        let (outcome, html) = try report(Self.scenario, path: path)
        for label in ["nav", "screen", "held"] {
            let info = try #require(outcome.object(labeled: label))
            #expect(html.contains("id=\"plot-\(info.id.raw)\""), "no plot of \(label)")
            #expect(html.contains("id=\"object-\(info.id.raw)\""), "no why/history of \(label)")
            #expect(html.contains(HTMLReport.escape(info.why)), "why of \(label)")
            #expect(html.contains(HTMLReport.escape(info.history)), "history of \(label)")
            // Every object of the scenario is alive (the screen leaked), so each is focusable.
            #expect(html.contains("<div class=\"graph-view\" data-focus=\"\(info.id.raw)\" hidden>"), "no focused graph of \(label)")
            #expect(html.contains("<option value=\"\(info.id.raw)\">"), "no timeline filter for \(label)")
        }
        // The ids of each inline drawing are prefixed, so that none repeats on the page.
        #expect(html.contains("id=\"g0-node1\""))
        #expect(count("id=\"node1\"", in: html) == 0)
    }

    @Test func retainsCarryTheirSourceLineOnHover() throws {
        let path = try temporaryScript()
        let (_, html) = try report(Self.scenario, path: path)
        // Line 10 pushes the screen: the navigation controller's array retains it.
        #expect(html.contains("@ \(path):10: nav:pushViewController(s, false)</title>"))
        #expect(html.contains("<span title=\"nav:pushViewController(s, false)\"><code>\(path):10</code></span>"))
    }

    @Test func theCrashAndItsLocationAreInTheOutcome() throws {
        let path = try temporaryScript()
        let script = "local v = UIView()\nsim.hold(v)\nv:addSubview(v)\n"
        let (outcome, html) = try report(script, path: path)
        #expect(outcome.status == .crashed)
        #expect(html.contains("<p class=\"status status-failed\">CRASHED</p>"))
        #expect(html.contains("<dt>crash</dt><dd class=\"crash\">NSInvalidArgumentException: Can&#39;t add self as subview"))
        #expect(html.contains("<dt>at</dt><dd><code>\(path):3</code> <code class=\"source\">v:addSubview(v)</code></dd>"))
        #expect(html.contains("class=\"k-exception\""))
    }

    /// A label, a printed line, a log line and an error message that are markup are text on
    /// the page, in the page's own parts and in the SVG that `dot` and the screen draw.
    @Test func everythingFromTheRunIsEscaped() throws {
        let path = try temporaryScript()
        let hostile = "</script><script>alert(1)</script><b onclick='x'>&amp;"
        let script = """
            local v = sim.label(sim.hold(UIView()), \(luaQuoted(hostile)))
            print(\(luaQuoted(hostile)))
            sim.log(\(luaQuoted(hostile)))
            error(\(luaQuoted(hostile)))
            """
        let (_, html) = try report(script, path: path)
        #expect(!html.contains(hostile))
        #expect(!html.contains("<script>alert"))
        #expect(count("<script>", in: html) == 1)
        #expect(count("</script>", in: html) == 1)
        #expect(html.contains("&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;b onclick=&#39;x&#39;&gt;&amp;amp;"))
        #expect(HTMLReport.escape("a\u{0}b\u{1B}c\td") == "a\u{FFFD}b\u{FFFD}c\td")
    }

    @Test func theSameScriptGivesTheSameBytes() throws {
        let path = try temporaryScript()
        let (_, a) = try report(Self.scenario, path: path)
        let (_, b) = try report(Self.scenario, path: path)
        #expect(a == b)
        #expect(a.utf8.count > 10_000)
    }

    /// Without Graphviz the page says why in place of the graph, and everything else is there.
    @Test func aMissingDotIsSaidInPlaceOfTheGraph() throws {
        let path = try temporaryScript()
        let (_, html) = try report(Self.scenario, path: path, graph: { _ in throw Pictures.Failure(Pictures.missingDot) })
        #expect(html.contains("<p class=\"unavailable\">The ownership graph is not drawn: \(HTMLReport.escape(Pictures.missingDot))</p>"))
        #expect(!html.contains("class=\"graph-view\""))
        #expect(html.contains("id=\"screen\""))
    }

    @Test func aLongTimelineKeepsItsLastRows() throws {
        let path = try temporaryScript()
        var limits = HTMLReport.Limits()
        limits.timelineRows = 10
        let (_, html) = try report(Self.scenario, path: path, limits: limits)
        #expect(html.contains("<table id=\"timeline-table\" data-rows=\"10\">"))
        #expect(count("<tr class=\"k-", in: html) == 10)
        #expect(html.contains(" are left out; the last 10 are shown.</p>"))
    }

    /// Graphviz's SVG in the page: no XML declaration or DOCTYPE, ids prefixed.
    @Test func inlineSVGDropsItsPrologAndPrefixesIds() {
        let svg = "<?xml version=\"1.0\"?>\n<!DOCTYPE svg>\n<svg id=\"graph0\"><g id=\"node1\"/></svg>\n"
        #expect(HTMLReport.inline(svg: svg, prefix: "g3-") == "<svg id=\"g3-graph0\"><g id=\"g3-node1\"/></svg>\n")
        #expect(HTMLReport.inline(svg: "not svg", prefix: "x") == "")
    }

    func luaQuoted(_ s: String) -> String {
        "\"" + s.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
    }
}
