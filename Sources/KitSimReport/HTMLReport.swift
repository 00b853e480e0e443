import KitSimPlatform
import KitSimRuntime

/// The HTML report of one run (`kitsim run FILE --report out.html`, `kitsim test --report
/// DIR`): one self-contained page with the outcome, the timeline of events on the virtual
/// clock, a retain-count plot per labelled object, the ownership graph (whole, or focused
/// on one labelled object), the screen's wireframe and `why`/`history` of each labelled
/// object. Everything is inline (CSS, SVG and a small script; no network, no fonts), so
/// the page works from `file://`. Every text from the run (labels, messages, output,
/// source lines) is escaped, and nothing depends on the wall clock: the same script
/// gives the same bytes.
public struct HTMLReport {
    /// How much of a long run the page shows.
    public struct Limits: Sendable {
        /// The timeline keeps its last this many events.
        public var timelineRows = 5000
        /// A plot keeps its object's last this many retains and releases.
        public var plotPoints = 1500
        /// Focused graphs are drawn for the first this many live labelled objects.
        public var focusedGraphs = 40
        public init() {}
    }

    let title: String
    let outcome: Outcome
    let heap: Heap
    let firstScriptEvent: Int
    let screen: Result<String, Pictures.Failure>
    let graph: (ObjectID?) throws -> String
    let limits: Limits
    private var sourceFiles: [String: [Substring]?] = [:]

    /// A report of `outcome`, whose heap is `heap`. `firstScriptEvent` is the index of the
    /// script's first event (earlier ones are the start-up's, hidden until asked for);
    /// `screen` is the wireframe's SVG or why there is none; `graph` draws the ownership
    /// graph as SVG, focused on an object or whole (Graphviz's `dot` by default).
    /// `kitsim fix`'s text for the page's "Suggested fixes" section; nil leaves it out.
    public var fixes: String?

    public init(title: String, outcome: Outcome, heap: Heap, firstScriptEvent: Int = 0,
                screen: Result<String, Pictures.Failure>,
                graph: ((ObjectID?) throws -> String)? = nil, limits: Limits = Limits()) {
        self.title = title
        self.outcome = outcome
        self.heap = heap
        self.firstScriptEvent = firstScriptEvent
        self.screen = screen
        self.graph = graph ?? { try Pictures.graphSVG(heap, focus: $0) }
        self.limits = limits
    }

    /// The page.
    public mutating func render() -> String {
        let timeline = heap.timeline()
        var out = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>kitsim report: \(Self.escape(title))</title>
            <style>\(Self.style)</style>
            </head>
            <body data-selfcheck="pending">
            <header><h1>\(Self.escape(title))</h1>
            <p class="status status-\(outcome.status == .passed ? "passed" : "failed")">\(Self.escape(outcome.status.rawValue.uppercased()))</p>
            <nav><a href="#outcome">Outcome</a> <a href="#timeline">Timeline</a> <a href="#retain-counts">Retain counts</a> \
            <a href="#graph">Ownership graph</a> <a href="#screen">Screen</a> <a href="#objects">Objects</a></nav>
            </header>

            """
        out += outcomeSection()
        if let fixes {
            // `kitsim fix --report`: each leak group's suggestion and what its re-run found.
            out += "<h2 id=\"fixes\">Suggested fixes</h2>\n<pre class=\"fixes\">\(Self.escape(fixes))</pre>\n"
        }
        out += timelineSection(timeline)
        out += plotSection(timeline)
        out += graphSection()
        out += screenSection()
        out += objectsSection()
        out += "<p id=\"selfcheck\">self-check: not run (the page's script did not run)</p>\n"
        out += "<script>\n\(Self.script)</script>\n</body>\n</html>\n"
        return out
    }

    // MARK: Sections

    private mutating func outcomeSection() -> String {
        var s = "<section id=\"outcome\"><h2>Outcome</h2>\n<dl>\n"
        s += "<dt>status</dt><dd class=\"status-\(outcome.status == .passed ? "passed" : "failed")\">\(Self.escape(outcome.status.rawValue))</dd>\n"
        if let crash = outcome.crash {
            var text = crash.description
            if let id = crash.object { text += " (" + describe(id) + ")" }
            s += "<dt>crash</dt><dd class=\"crash\">\(Self.escape(text))</dd>\n"
            if let death = crash.death { s += "<dt>how it died</dt><dd class=\"death\">\(Self.escape(death))</dd>\n" }
        }
        if let loc = outcome.location {
            let at = SourceLocation(file: loc.file, line: loc.line)
            s += "<dt>at</dt><dd><code>\(Self.escape(at.description))</code>"
            if let line = sourceLine(at) { s += " <code class=\"source\">\(Self.escape(line))</code>" }
            s += "</dd>\n"
        }
        s += "<dt>leaks</dt><dd>\(outcome.leaks.isEmpty ? "none" : "\(outcome.leaks.count)")</dd>\n</dl>\n"
        if let m = outcome.message { s += "<h3>Message</h3>\n<pre class=\"message\">\(Self.escape(m))</pre>\n" }
        if !outcome.leaks.isEmpty {
            s += "<h3>Leaks</h3>\n<ul class=\"leaks\">\n"
            for l in outcome.markedLeakLines { s += "<li>\(Self.escape(l))</li>\n" }
            s += "</ul>\n"
            if !outcome.leakGroups.isEmpty {
                // The suspects' lines (`~~~ suspect`) in red, the reference above each underlined.
                s += "<h4>Leak traces: statuses and suspects</h4>\n<pre class=\"traces\">"
                let rows = outcome.leakGroups.split(separator: "\n", omittingEmptySubsequences: false)
                for (i, row) in rows.enumerated() {
                    let suspectNext = i + 1 < rows.count && rows[i + 1].hasSuffix(" suspect") && rows[i + 1].contains("~")
                    if row.hasSuffix(" suspect") && row.contains("~") {
                        s += "<span class=\"suspect\">\(Self.escape(String(row)))</span>\n"
                    } else if suspectNext {
                        s += "<span class=\"suspect-ref\">\(Self.escape(String(row)))</span>\n"
                    } else {
                        s += Self.escape(String(row)) + "\n"
                    }
                }
                s += "</pre>\n"
            }
        }
        if !outcome.invariantViolations.isEmpty {
            s += "<h3>Heap invariant violations</h3>\n<ul>\n"
            for v in outcome.invariantViolations { s += "<li>\(Self.escape(v))</li>\n" }
            s += "</ul>\n"
        }
        s += "<h3>Output</h3>\n"
        s += outcome.output.isEmpty ? "<p class=\"none\">(nothing printed)</p>\n"
            : "<pre class=\"output\">\(Self.escape(outcome.output.joined(separator: "\n")))</pre>\n"
        return s + "</section>\n"
    }

    private mutating func timelineSection(_ timeline: [Heap.TimelineEntry]) -> String {
        let shown = timeline.suffix(limits.timelineRows)
        var objects = Set<ObjectID>()
        for e in shown {
            if let o = e.object { objects.insert(o) }
            if let o = e.other { objects.insert(o) }
        }
        // The undone retains and releases of temporary holds; an allocation is always shown.
        var temporary = Set<Int>()
        for p in heap.retainPairs() where p.isTemporary {
            guard let release = p.release else { continue }
            temporary.insert(release)
            if let r = p.retain, heap.events[r].kind != .alloc { temporary.insert(r) }
        }
        var s = "<section id=\"timeline\"><h2>Timeline</h2>\n"
        s += "<p>Every event on the virtual clock: allocations, retains and releases with their owners, deallocations, weak references zeroed, logs, warnings and exceptions, each with the source line that caused it. The start-up's events (the application, its screen and delegate) are hidden until asked for, and so are the retains and releases of temporary holds that were undone (the autorelease pool's, and the model's own, as for a transition in flight), so that what the script's code did stands out.</p>\n"
        if shown.count < timeline.count {
            s += "<p class=\"note\">The first \(timeline.count - shown.count) of \(timeline.count) events are left out; the last \(shown.count) are shown.</p>\n"
        }
        s += "<div class=\"controls\"><label>object <select id=\"timeline-object\"><option value=\"\">all objects</option>\n"
        let labelled = Set(heap.labelledObjects.map(\.id))
        // Labelled objects first (the ones a scenario asks about), then every other, by id.
        let ordered = objects.sorted { a, b in
            let la = labelled.contains(a), lb = labelled.contains(b)
            return la != lb ? la : a < b
        }
        for id in ordered { s += "<option value=\"\(id.raw)\">\(Self.escape(describe(id)))</option>\n" }
        s += "</select></label> <label>text <input id=\"timeline-text\" type=\"search\" placeholder=\"filter\"></label> "
        s += "<label><input id=\"timeline-startup\" type=\"checkbox\"> start-up events</label> "
        s += "<label><input id=\"timeline-temporary\" type=\"checkbox\"> temporary holds</label> <span id=\"timeline-count\"></span></div>\n"
        s += "<div class=\"timeline-scroll\"><table id=\"timeline-table\" data-rows=\"\(shown.count)\"><thead><tr><th>#</th><th>time (s)</th><th>event</th><th>source</th></tr></thead>\n<tbody>\n"
        for e in shown {
            var ids = " "
            if let o = e.object { ids += "\(o.raw) " }
            if let o = e.other { ids += "\(o.raw) " }
            let startup = e.index < firstScriptEvent ? " startup" : ""
            let temp = temporary.contains(e.index) ? " temporary" : ""
            s += "<tr class=\"k-\(e.kind)\(startup)\(temp)\" data-objects=\"\(ids)\"><td>\(e.index)</td><td>\(heap.formatTime(e.time))</td>"
            s += "<td>\(Self.escape(e.text))</td><td>\(sourceCell(e.location))</td></tr>\n"
        }
        return s + "</tbody></table></div>\n</section>\n"
    }

    private mutating func plotSection(_ timeline: [Heap.TimelineEntry]) -> String {
        var s = "<section id=\"retain-counts\"><h2>Retain counts</h2>\n"
        let labelled = heap.labelledObjects
        guard !labelled.isEmpty else {
            return s + "<p class=\"none\">No object is labelled: label one with <code>sim.label(obj, name)</code> to plot its retain count.</p>\n</section>\n"
        }
        s += "<p>Each labelled object's retain count, one step per event in order (the axis below gives the virtual time at which the clock moved). Retains are green, releases red; hover a mark for the event and its source line.</p>\n"
        var perObject: [ObjectID: [Heap.TimelineEntry]] = [:]
        for e in timeline {
            guard let o = e.object else { continue }
            switch e.kind {
            case .alloc, .retain, .release, .dealloc: perObject[o, default: []].append(e)
            default: break
            }
        }
        for (label, id) in labelled {
            s += "<figure class=\"plot\" id=\"plot-\(id.raw)\"><figcaption>\(Self.escape(label)): \(Self.escape(heap.describe(id)))</figcaption>\n"
            s += plot(Array((perObject[id] ?? []).suffix(limits.plotPoints)))
            s += "</figure>\n"
        }
        return s + "</section>\n"
    }

    private mutating func plot(_ events: [Heap.TimelineEntry]) -> String {
        guard !events.isEmpty else { return "<p class=\"none\">(no retain or release recorded)</p>\n" }
        let left = 44.0, right = 16.0, top = 12.0, plotHeight = 120.0, bottom = 34.0
        let step = 14.0
        let width = max(320.0, left + right + step * Double(events.count))
        let height = top + plotHeight + bottom
        let maxCount = max(1, events.map(\.retainCount).max() ?? 1)
        func x(_ i: Int) -> Double { left + step * (Double(i) + 0.5) }
        func y(_ rc: Int) -> Double { top + plotHeight - plotHeight * Double(rc) / Double(maxCount) }
        var s = "<svg class=\"plot-svg\" xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Self.n(width))\" height=\"\(Self.n(height))\" viewBox=\"0 0 \(Self.n(width)) \(Self.n(height))\">\n"
        // Axes and the count scale.
        s += "<line x1=\"\(Self.n(left))\" y1=\"\(Self.n(top))\" x2=\"\(Self.n(left))\" y2=\"\(Self.n(top + plotHeight))\" class=\"axis\"/>"
        s += "<line x1=\"\(Self.n(left))\" y1=\"\(Self.n(top + plotHeight))\" x2=\"\(Self.n(width - right))\" y2=\"\(Self.n(top + plotHeight))\" class=\"axis\"/>\n"
        for rc in Set([0, maxCount, maxCount / 2]).sorted() {
            s += "<text x=\"\(Self.n(left - 6))\" y=\"\(Self.n(y(rc) + 4))\" text-anchor=\"end\" class=\"tick\">\(rc)</text>"
            s += "<line x1=\"\(Self.n(left))\" y1=\"\(Self.n(y(rc)))\" x2=\"\(Self.n(width - right))\" y2=\"\(Self.n(y(rc)))\" class=\"grid\"/>\n"
        }
        s += "<text x=\"6\" y=\"\(Self.n(top + plotHeight / 2))\" class=\"tick\" transform=\"rotate(-90 10 \(Self.n(top + plotHeight / 2)))\" text-anchor=\"middle\">rc</text>\n"
        // The count as a step line: it holds its value until the next event.
        var path = ""
        for (i, e) in events.enumerated() {
            let rc = e.kind == .dealloc ? 0 : e.retainCount
            path += i == 0 ? "M\(Self.n(x(i))) \(Self.n(y(rc)))" : " H\(Self.n(x(i))) V\(Self.n(y(rc)))"
        }
        s += "<path d=\"\(path)\" class=\"count\"/>\n"
        // The virtual time under the axis, wherever it moved (and at the first event).
        var lastTime: Int64? = nil
        var lastLabelX = -1000.0
        for (i, e) in events.enumerated() where e.time != lastTime {
            lastTime = e.time
            s += "<line x1=\"\(Self.n(x(i)))\" y1=\"\(Self.n(top + plotHeight))\" x2=\"\(Self.n(x(i)))\" y2=\"\(Self.n(top + plotHeight + 4))\" class=\"axis\"/>"
            if x(i) - lastLabelX >= 44 {
                s += "<text x=\"\(Self.n(x(i)))\" y=\"\(Self.n(top + plotHeight + 16))\" text-anchor=\"middle\" class=\"tick\">\(heap.formatTime(e.time)) s</text>"
                lastLabelX = x(i)
            }
            s += "\n"
        }
        // One mark per event, its text and source line as the hover title.
        for (i, e) in events.enumerated() {
            let rc = e.kind == .dealloc ? 0 : e.retainCount
            var tip = "[\(heap.formatTime(e.time)) s] \(e.text)"
            if let loc = e.location {
                tip += "\n@ \(loc)"
                if let line = sourceLine(loc) { tip += ": " + line }
            }
            let (cx, cy) = (Self.n(x(i)), Self.n(y(rc)))
            s += "<g class=\"mark m-\(e.kind)\"><title>\(Self.escape(tip))</title>"
            switch e.kind {
            case .dealloc:
                s += "<path d=\"M\(Self.n(x(i) - 4)) \(Self.n(y(rc) - 4)) l8 8 m0 -8 l-8 8\"/>"
            default:
                s += "<circle cx=\"\(cx)\" cy=\"\(cy)\" r=\"4\"/>"
            }
            s += "</g>\n"
        }
        s += "<text x=\"\(Self.n(width - right))\" y=\"\(Self.n(height - 4))\" text-anchor=\"end\" class=\"tick\">events in order; virtual time below the axis</text>\n"
        return s + "</svg>\n"
    }

    private func graphSection() -> String {
        var s = "<section id=\"graph\"><h2>Ownership graph</h2>\n"
        let whole: String
        do { whole = try graph(nil) } catch {
            return s + "<p class=\"unavailable\">The ownership graph is not drawn: \(Self.escape("\(error)"))</p>\n</section>\n"
        }
        let focusable = heap.labelledObjects.filter { heap.isUsable($0.id) }
        s += "<p>The live objects at the end of the run. Click a labelled object (a button below, or its box in the graph) to see only the paths from the roots to it and what it owns.</p>\n"
        s += "<div class=\"controls\" id=\"graph-buttons\"><button type=\"button\" data-focus-button=\"\" class=\"selected\">whole graph</button>\n"
        var views = "<div class=\"graph-view\" data-focus=\"\">\(Self.inline(svg: whole, prefix: "g0-"))</div>\n"
        var drawn = 0
        for (label, id) in focusable {
            guard drawn < limits.focusedGraphs else { break }
            let svg: String
            do { svg = try graph(id) } catch {
                views += "<div class=\"graph-view\" data-focus=\"\(id.raw)\" hidden><p class=\"unavailable\">\(Self.escape("\(error)"))</p></div>\n"
                continue
            }
            drawn += 1
            s += "<button type=\"button\" data-focus-button=\"\(id.raw)\">\(Self.escape(label))</button>\n"
            views += "<div class=\"graph-view\" data-focus=\"\(id.raw)\" hidden>\(Self.inline(svg: svg, prefix: "g\(id.raw)-"))</div>\n"
        }
        for (label, id) in heap.labelledObjects where !heap.isUsable(id) {
            s += "<button type=\"button\" disabled title=\"deallocated: not in the graph\">\(Self.escape(label)) (deallocated)</button>\n"
        }
        return s + "</div>\n" + views + "</section>\n"
    }

    private func screenSection() -> String {
        var s = "<section id=\"screen\"><h2>Screen</h2>\n"
        switch screen {
        case .success(let svg): s += "<div class=\"screen-view\">\(Self.inline(svg: svg, prefix: "s-"))</div>\n"
        case .failure(let f): s += "<p class=\"unavailable\">The screen is not drawn: \(Self.escape(f.description))</p>\n"
        }
        return s + "</section>\n"
    }

    private func objectsSection() -> String {
        var s = "<section id=\"objects\"><h2>Objects</h2>\n"
        let infos = outcome.labelled.sorted { $0.key < $1.key }
        guard !infos.isEmpty else { return s + "<p class=\"none\">No object is labelled.</p>\n</section>\n" }
        for (label, info) in infos {
            let state = info.isDeallocated ? "deallocated" : "alive, retain count \(info.retainCount)"
            s += "<article class=\"object\" id=\"object-\(info.id.raw)\"><h3>\(Self.escape(label)): \(Self.escape(info.className))\(info.id) <span class=\"state\">(\(state))</span></h3>\n"
            s += "<p class=\"links\"><a href=\"#timeline\" data-show-events=\"\(info.id.raw)\">its events</a> · <a href=\"#plot-\(info.id.raw)\">its retain count</a>"
            if !info.isDeallocated { s += " · <a href=\"#graph\" data-show-graph=\"\(info.id.raw)\">its graph</a>" }
            s += "</p>\n"
            s += "<h4>why</h4>\n<pre class=\"why\">\(Self.escape(info.why))</pre>\n"
            s += "<h4>history</h4>\n<pre class=\"history\">\(Self.escape(info.history))</pre>\n</article>\n"
        }
        return s + "</section>\n"
    }

    // MARK: Helpers

    private func describe(_ id: ObjectID) -> String {
        let d = heap.describe(id)
        guard let label = heap.label(of: id) else { return d }
        return "\(d) '\(label)'"
    }

    private mutating func sourceCell(_ loc: SourceLocation?) -> String {
        guard let loc else { return "" }
        var cell = "<code>\(Self.escape(loc.description))</code>"
        if let line = sourceLine(loc) { cell = "<span title=\"\(Self.escape(line))\">" + cell + "</span>" }
        return cell
    }

    /// The text of a source line (trimmed), when its file can be read.
    private mutating func sourceLine(_ loc: SourceLocation) -> String? {
        if sourceFiles[loc.file] == nil {
            sourceFiles[loc.file] = Platform.readBytes(loc.file).map { bytes in
                String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            }
        }
        guard let lines = sourceFiles[loc.file] ?? nil, loc.line >= 1, loc.line <= lines.count else { return nil }
        let text = lines[loc.line - 1].trimmingPrefix(while: { $0 == " " || $0 == "\t" })
        return text.isEmpty ? nil : String(text.prefix(200))
    }

    /// An SVG document as an element of the page: without its XML declaration and DOCTYPE,
    /// and with its ids prefixed, so that several drawings on one page never share one.
    static func inline(svg: String, prefix: String) -> String {
        guard let start = svg.firstRange(of: "<svg") else { return "" }
        return String(svg[start.lowerBound...]).replacing(" id=\"", with: " id=\"\(prefix)")
    }

    /// A number for SVG: at most one decimal.
    static func n(_ v: Double) -> String { SVGWriter.n(v) }

    /// Text for HTML (`SVGWriter.escape`, the one escape of the SVG, the report and JUnit).
    public static func escape(_ s: String) -> String { SVGWriter.escape(s) }

    // MARK: Style and script

    static let style = """
        body{font:14px/1.4 -apple-system,"Helvetica Neue",Helvetica,Arial,sans-serif;margin:0 24px 40px;color:#222;background:#fff}
        header{border-bottom:1px solid #ccc;padding:8px 0}
        h1{font-size:20px;margin:8px 0 4px;word-break:break-all}
        h2{font-size:17px;border-bottom:1px solid #eee;padding-bottom:2px;margin-top:28px}
        h3{font-size:15px;margin:14px 0 4px} h4{font-size:13px;margin:8px 0 2px;color:#555}
        nav a{margin-right:12px}
        pre.traces .suspect{color:#c62828;font-weight:bold} pre.traces .suspect-ref{color:#c62828;text-decoration:underline}
        .status{display:inline-block;font-weight:bold;padding:2px 8px;border-radius:4px;margin:0}
        .status-passed{color:#1a7f37} .status-failed{color:#c62828}
        p.status.status-passed{background:#e6f4ea} p.status.status-failed{background:#fdecea}
        dl{display:grid;grid-template-columns:max-content auto;gap:2px 12px} dt{font-weight:bold} dd{margin:0}
        .crash{color:#c62828;font-weight:bold}
        .death{color:#c62828}
        pre{background:#f6f8fa;border:1px solid #e1e4e8;padding:8px;overflow:auto;white-space:pre-wrap;word-break:break-word;font-size:12px}
        code{font-size:12px} code.source{color:#555}
        .none,.note{color:#666} .unavailable{color:#a15c00;background:#fff8e1;padding:6px}
        .controls{margin:6px 0;display:flex;flex-wrap:wrap;gap:8px;align-items:center}
        .timeline-scroll{max-height:480px;overflow:auto;border:1px solid #eee}
        table{border-collapse:collapse;font-size:12px;width:100%}
        thead th{position:sticky;top:0;background:#fff}
        th,td{text-align:left;padding:1px 6px;border-bottom:1px solid #f0f0f0;vertical-align:top}
        tr.k-retain td:nth-child(3){color:#1a7f37} tr.k-release td:nth-child(3){color:#c62828}
        tr.k-dealloc td:nth-child(3),tr.k-exception td:nth-child(3){font-weight:bold}
        tr.k-exception{background:#fdecea} tr.k-warning{background:#fff8e1} tr.startup{color:#888}
        .plot{margin:10px 0;overflow-x:auto} figcaption{font-weight:bold;margin-bottom:2px}
        .plot-svg .axis{stroke:#888} .plot-svg .grid{stroke:#eee} .plot-svg .tick{font-size:10px;fill:#555}
        .plot-svg .count{fill:none;stroke:#1565c0;stroke-width:1.5}
        .plot-svg .m-retain circle{fill:#2e7d32} .plot-svg .m-release circle{fill:#c62828}
        .plot-svg .m-alloc circle{fill:#1565c0} .plot-svg .m-dealloc path{stroke:#000;stroke-width:2}
        .plot-svg .mark:hover circle{r:6}
        button{font:inherit;padding:2px 10px;border:1px solid #bbb;border-radius:4px;background:#f6f8fa;cursor:pointer}
        button.selected{background:#1565c0;color:#fff;border-color:#1565c0} button:disabled{cursor:default;color:#999}
        .graph-view,.screen-view{overflow:auto;border:1px solid #eee;padding:4px}
        .graph-view svg{max-width:100%;height:auto}
        .graph-view g.node.focusable{cursor:pointer}
        p.links{margin:2px 0;font-size:12px}
        #selfcheck{color:#888;font-size:11px;margin-top:30px}
        """

    /// The page's behaviour: the timeline's filters, the graph's focus, and a self-check
    /// that writes its verdict into the page (`data-selfcheck`, `#selfcheck`), with any
    /// script error, for a test driving a browser to read back.
    static let script = """
        (function () {
          "use strict";
          var errors = [];
          var body = document.body;
          function verdict(failed) {
            var ok = failed.length === 0 && errors.length === 0;
            body.setAttribute("data-selfcheck", ok ? "ok" : "failed");
            document.getElementById("selfcheck").textContent = ok ? "self-check: ok"
              : "self-check: failed: " + failed.concat(errors).join("; ");
          }
          window.addEventListener("error", function (e) { errors.push(String(e.message)); verdict([]); });
          function all(selector, root) { return Array.prototype.slice.call((root || document).querySelectorAll(selector)); }

          var rows = all("#timeline-table tbody tr");
          var objectSelect = document.getElementById("timeline-object");
          var textBox = document.getElementById("timeline-text");
          var startup = document.getElementById("timeline-startup");
          var temporary = document.getElementById("timeline-temporary");
          var count = document.getElementById("timeline-count");
          function filterTimeline() {
            var object = objectSelect.value, text = textBox.value.toLowerCase(), shown = 0;
            rows.forEach(function (row) {
              var visible = (startup.checked || !row.classList.contains("startup"))
                && (temporary.checked || !row.classList.contains("temporary"))
                && (object === "" || row.getAttribute("data-objects").indexOf(" " + object + " ") >= 0)
                && (text === "" || row.textContent.toLowerCase().indexOf(text) >= 0);
              row.hidden = !visible;
              if (visible) { shown += 1; }
            });
            count.textContent = shown + " of " + rows.length + " events shown";
            return shown;
          }
          objectSelect.addEventListener("change", filterTimeline);
          textBox.addEventListener("input", filterTimeline);
          startup.addEventListener("change", filterTimeline);
          temporary.addEventListener("change", filterTimeline);

          var views = all(".graph-view"), buttons = all("[data-focus-button]");
          function focus(id) {
            views.forEach(function (v) { v.hidden = v.getAttribute("data-focus") !== id; });
            buttons.forEach(function (b) { b.classList.toggle("selected", b.getAttribute("data-focus-button") === id); });
          }
          buttons.forEach(function (b) {
            b.addEventListener("click", function () { focus(b.getAttribute("data-focus-button")); });
          });
          var focusable = {};
          views.forEach(function (v) { focusable[v.getAttribute("data-focus")] = true; });
          // Graphviz names each node's group by its DOT id, `o12` for object #12.
          all(".graph-view g.node").forEach(function (g) {
            var title = g.querySelector("title");
            var m = title ? /^o(\\d+)$/.exec(title.textContent) : null;
            if (!m || !focusable[m[1]]) { return; }
            g.classList.add("focusable");
            g.addEventListener("click", function () { focus(m[1]); });
          });

          // The objects' links: the timeline filtered to one object, the graph focused on it.
          all("[data-show-events]").forEach(function (a) {
            a.addEventListener("click", function () { objectSelect.value = a.getAttribute("data-show-events"); filterTimeline(); });
          });
          all("[data-show-graph]").forEach(function (a) {
            a.addEventListener("click", function () { focus(a.getAttribute("data-show-graph")); });
          });

          var failed = [];
          ["outcome", "timeline", "retain-counts", "graph", "screen", "objects"].forEach(function (id) {
            if (!document.getElementById(id)) { failed.push("section " + id + " missing"); }
          });
          var table = document.getElementById("timeline-table");
          if (rows.length !== Number(table.getAttribute("data-rows"))) { failed.push("timeline rows"); }
          var scriptRows = rows.filter(function (r) {
            return !r.classList.contains("startup") && !r.classList.contains("temporary");
          }).length;
          if (filterTimeline() !== scriptRows) { failed.push("timeline filter"); }
          // Filtering by an object shows its events and only them (start-up ones included
          // when asked for), then every filter is reset.
          if (objectSelect.options.length > 1) {
            var object = objectSelect.options[1].value;
            objectSelect.value = object;
            startup.checked = true;
            temporary.checked = true;
            var n = filterTimeline();
            var wrong = rows.filter(function (r) {
              return !r.hidden && r.getAttribute("data-objects").indexOf(" " + object + " ") < 0;
            });
            if (n === 0 || wrong.length > 0) { failed.push("timeline object filter"); }
            objectSelect.value = "";
            startup.checked = false;
            temporary.checked = false;
          }
          // The controls are back as the page was written, so the table is filtered again
          // by them: the page opens showing what its controls say.
          if (filterTimeline() !== scriptRows) { failed.push("timeline filter after the self-check"); }
          if (buttons.length > 1) {
            var id = buttons[1].getAttribute("data-focus-button");
            focus(id);
            var visible = views.filter(function (v) { return !v.hidden; });
            if (visible.length !== 1 || visible[0].getAttribute("data-focus") !== id) { failed.push("graph focus"); }
          }
          focus("");
          verdict(failed);
        })();

        """
}
