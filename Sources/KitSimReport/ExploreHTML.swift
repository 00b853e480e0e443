import KitSimRuntime

/// `kitsim explore --report DIR`: an `index.html` of the search and, per failure, a page
/// with the default order and the failing order side by side on the virtual timeline
/// (the events the failing order moved highlighted), the replay command, and a link to
/// the failing run's own report (`HTMLReport`, written beside it).
public enum ExploreHTML {
    /// The index page; `pages[i]` is the file name of failure `i`'s page, in the order
    /// `failures(of:)` lists them.
    public static func index(_ r: ExploreResult, pages: [String]) -> String {
        var body = "<h1>kitsim explore " + esc(r.file) + "</h1>\n"
        var n = 0
        for p in r.profiles {
            body += "<h2>iOS \(p.ios)</h2>\n<p class=\"search\">" + esc(ExploreText.searchLine(r, p)) + "</p>\n"
            if p.failures.isEmpty && p.unreachedGoals.isEmpty { body += "<p class=\"passed\">every order passed</p>\n" }
            body += "<ul>\n"
            for f in p.failures {
                let page = n < pages.count ? pages[n] : ""
                n += 1
                body += "<li class=\"failure\"><a href=\"" + esc(page) + "\">" + esc(f.headline) + "</a> — \(f.count) of \(p.orders) orders, "
                    + "\(f.order.delays) delays</li>\n"
            }
            for g in p.unreachedGoals { body += "<li class=\"goal\">goal never reached: " + esc(g) + "</li>\n" }
            body += "</ul>\n"
        }
        body += "<p class=\"verdict\">" + (r.passed ? "passed" : "failed") + "</p>\n"
        return page(title: "kitsim explore " + r.file, body: body, expect: ["failures": n])
    }

    /// Every failure of the result, profile by profile.
    public static func failures(of r: ExploreResult) -> [ExploreFailure] { r.profiles.flatMap(\.failures) }

    /// The page of one failure; `runReport` is the file name of its run's report, if written.
    public static func failurePage(_ f: ExploreFailure, _ r: ExploreResult, runReport: String?, replay: String) -> String {
        var body = "<p><a href=\"index.html\">all results</a></p>\n"
        body += "<h1>" + esc(f.headline) + "</h1>\n"
        body += "<p>iOS \(f.ios); " + ExploreText.plural(f.count, "failing order") + "; this one has " + ExploreText.plural(f.order.delays, "delay")
            + " and moves " + ExploreText.plural(f.order.movedCount, "event") + " (in red, with the events it ran ahead of).</p>\n"
        let axis = TimeAxis(f.defaultOrder, f.order)
        body += "<div class=\"orders\">\n"
        body += "<figure><figcaption>the default order</figcaption>\n" + timeline(f.defaultOrder, axis) + "</figure>\n"
        body += "<figure><figcaption>the failing order</figcaption>\n" + timeline(f.order, axis) + "</figure>\n"
        body += "</div>\n"
        body += "<h2>Replay</h2>\n<pre class=\"replay\">" + esc(replay) + "</pre>\n"
        if !f.order.schedule.steps.isEmpty {
            body += "<p>As a regression test, the scenario's first line:</p>\n<pre class=\"schedule\">" + esc(ExploreText.scheduleLine(f.order.schedule)) + "</pre>\n"
        }
        if let runReport { body += "<p><a class=\"run-report\" href=\"" + esc(runReport) + "\">the failing run's report</a></p>\n" }
        body += "<h2>The run's report</h2>\n<pre class=\"report\">" + esc(f.report) + "</pre>\n"
        return page(title: f.headline, body: body,
                    expect: ["default-events": f.defaultOrder.events.count, "failing-events": f.order.events.count,
                             "moved": f.order.movedCount])
    }

    /// The virtual time axis both timelines share: time runs down from the earlier of the
    /// two orders' first events, a pixel per 4 ms, each event at least a row below the one
    /// before it (events of one moment follow each other in the order they ran).
    struct TimeAxis {
        let start: Int64
        let nanosecondsPerPixel: Int64 = 4_000_000
        let row = 18
        init(_ a: ExploredOrder, _ b: ExploredOrder) {
            start = min(a.events.first?.time ?? 0, b.events.first?.time ?? 0)
        }

        /// Each event's y, in the order's order.
        func ys(_ o: ExploredOrder) -> [Int] {
            var out: [Int] = []
            var last = -row
            for e in o.events {
                let y = max(Int((e.time - start) / nanosecondsPerPixel), last + row)
                out.append(y)
                last = y
            }
            return out
        }
    }

    /// An order as an SVG on the shared axis: a dot per event at its moment, its time and
    /// label; a moved event drawn in red, with the events it ran ahead of.
    static func timeline(_ o: ExploredOrder, _ axis: TimeAxis) -> String {
        let width = 480, x = 70, top = 16
        let ys = axis.ys(o)
        let height = (ys.last ?? 0) + top + 14
        var svg = "<svg class=\"timeline\" xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\">\n"
        svg += "<line x1=\"\(x)\" y1=\"0\" x2=\"\(x)\" y2=\"\(height)\" stroke=\"#bbb\"/>\n"
        for (e, y0) in zip(o.events, ys) {
            let y = y0 + top
            let cls = e.isMoved ? "event moved" : "event"
            let fill = e.isMoved ? "#c22" : "#333"
            svg += "<g class=\"\(cls)\"><title>" + esc(e.label + " — may run " + PendingEvent.window(e.earliest, e.latest)) + "</title>"
            svg += "<text x=\"\(x - 8)\" y=\"\(y + 4)\" text-anchor=\"end\" font-size=\"11\" fill=\"#666\">" + esc(PendingEvent.seconds(e.time) + " s") + "</text>"
            svg += "<circle cx=\"\(x)\" cy=\"\(y)\" r=\"\(e.isMoved ? 5 : 3)\" fill=\"\(fill)\"/>"
            svg += "<text x=\"\(x + 10)\" y=\"\(y + 4)\" font-size=\"12\" fill=\"\(fill)\"" + (e.isMoved ? " font-weight=\"bold\"" : "") + ">" + esc(e.label)
            if e.isMoved { svg += "<tspan font-weight=\"normal\" font-size=\"11\"> ran ahead of " + esc(e.ranAhead.joined(separator: ", ")) + "</tspan>" }
            svg += "</text></g>\n"
        }
        return svg + "</svg>\n"
    }

    /// A page: `expect` are the counts its self-check compares with what it drew (each
    /// a `data-` attribute of the body), as the run report's page checks itself in a
    /// browser (scripts/test-report.sh).
    static func page(title: String, body: String, expect: [String: Int]) -> String {
        let attributes = expect.sorted { $0.key < $1.key }.map { " data-\($0.key)=\"\($0.value)\"" }.joined()
        return """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>\(esc(title))</title>
        <style>
        body { font-family: -apple-system, Helvetica, Arial, sans-serif; margin: 2em; color: #222; }
        h1 { font-size: 1.25em; } h2 { font-size: 1.1em; }
        .orders { display: flex; gap: 2em; flex-wrap: wrap; }
        figure { margin: 0; } figcaption { font-weight: bold; margin-bottom: .5em; }
        pre { background: #f4f4f4; padding: .6em; overflow-x: auto; }
        .failure a { color: #b00; }
        #selfcheck { color: #888; font-size: 11px; margin-top: 30px; }
        </style></head>
        <body data-selfcheck="pending"\(attributes)>
        \(body)<p id="selfcheck">self-check: not run (the page's script did not run)</p>
        <script>\(selfCheck)</script>
        </body></html>

        """
    }

    /// The page's check of itself: what it drew matches the counts it was written with.
    static let selfCheck = """
        (function () {
          var b = document.body, d = b.dataset, problems = [];
          function count(selector) { return document.querySelectorAll(selector).length; }
          if (d.failures !== undefined && count("li.failure") !== Number(d.failures)) problems.push("failures listed");
          if (d.failingEvents !== undefined) {
            var figures = document.querySelectorAll(".orders figure");
            if (figures.length !== 2) problems.push("two orders");
            else {
              if (figures[0].querySelectorAll("g.event").length !== Number(d.defaultEvents)) problems.push("default order's events");
              if (figures[1].querySelectorAll("g.event").length !== Number(d.failingEvents)) problems.push("failing order's events");
              if (figures[1].querySelectorAll("g.moved").length !== Number(d.moved)) problems.push("moved events");
            }
            if (!document.querySelector("pre.replay") || !document.querySelector("pre.replay").textContent) problems.push("replay");
          }
          var ok = problems.length === 0;
          b.setAttribute("data-selfcheck", ok ? "ok" : "failed");
          document.getElementById("selfcheck").textContent = ok ? "self-check: ok" : "self-check failed: " + problems.join(", ");
        })();
        """

    static func esc(_ s: String) -> String { HTMLReport.escape(s) }
}
