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
        return page(title: "kitsim explore " + r.file, body: body)
    }

    /// Every failure of the result, profile by profile.
    public static func failures(of r: ExploreResult) -> [ExploreFailure] { r.profiles.flatMap(\.failures) }

    /// The page of one failure; `runReport` is the file name of its run's report, if written.
    public static func failurePage(_ f: ExploreFailure, _ r: ExploreResult, runReport: String?, replay: String) -> String {
        var body = "<p><a href=\"index.html\">all results</a></p>\n"
        body += "<h1>" + esc(f.headline) + "</h1>\n"
        body += "<p>iOS \(f.ios); \(f.count) failing orders; this one has \(f.order.delays) delays and moves \(f.order.movedCount) events.</p>\n"
        body += "<div class=\"orders\">\n"
        body += "<figure><figcaption>the default order</figcaption>\n" + timeline(f.defaultOrder, scale: scale(f)) + "</figure>\n"
        body += "<figure><figcaption>the failing order</figcaption>\n" + timeline(f.order, scale: scale(f)) + "</figure>\n"
        body += "</div>\n"
        body += "<h2>Replay</h2>\n<pre class=\"replay\">" + esc(replay) + "</pre>\n"
        if !f.order.schedule.steps.isEmpty {
            body += "<p>As a regression test, the scenario's first line:</p>\n<pre class=\"schedule\">" + esc(ExploreText.scheduleLine(f.order.schedule)) + "</pre>\n"
        }
        if let runReport { body += "<p><a class=\"run-report\" href=\"" + esc(runReport) + "\">the failing run's report</a></p>\n" }
        body += "<h2>The run's report</h2>\n<pre class=\"report\">" + esc(f.report) + "</pre>\n"
        return page(title: f.headline, body: body)
    }

    /// Nanoseconds per pixel row of both timelines, so they share one time axis.
    static func scale(_ f: ExploreFailure) -> Int64 {
        max(f.order.events.last?.time ?? 0, f.defaultOrder.events.last?.time ?? 0, 1)
    }

    /// An order as an SVG: time runs down, one row per event at its place in the order; a
    /// moved event is drawn highlighted, with the events it ran ahead of.
    static func timeline(_ o: ExploredOrder, scale: Int64) -> String {
        let row = 22, width = 520, axis = 70
        let height = max(o.events.count, 1) * row + 10
        var svg = "<svg class=\"timeline\" xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\">\n"
        svg += "<line x1=\"\(axis)\" y1=\"0\" x2=\"\(axis)\" y2=\"\(height)\" stroke=\"#888\"/>\n"
        for (i, e) in o.events.enumerated() {
            let y = i * row + 16
            let cls = e.isMoved ? "event moved" : "event"
            let fill = e.isMoved ? "#d33" : "#333"
            svg += "<g class=\"\(cls)\"><title>" + esc(e.label + " — may run " + PendingEvent.window(e.earliest, e.latest)
                + (e.isMoved ? "; ran ahead of " + e.ranAhead.joined(separator: ", ") : "")) + "</title>"
            svg += "<text x=\"\(axis - 6)\" y=\"\(y)\" text-anchor=\"end\" font-size=\"11\" fill=\"#555\">" + esc(PendingEvent.seconds(e.time) + " s") + "</text>"
            svg += "<circle cx=\"\(axis)\" cy=\"\(y - 4)\" r=\"\(e.isMoved ? 5 : 3)\" fill=\"\(fill)\"/>"
            svg += "<text x=\"\(axis + 10)\" y=\"\(y)\" font-size=\"12\" fill=\"\(fill)\"" + (e.isMoved ? " font-weight=\"bold\"" : "") + ">" + esc(e.label) + "</text></g>\n"
        }
        return svg + "</svg>\n"
    }

    static func page(title: String, body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>\(esc(title))</title>
        <style>
        body { font-family: -apple-system, Helvetica, Arial, sans-serif; margin: 2em; color: #222; }
        .orders { display: flex; gap: 2em; flex-wrap: wrap; }
        figure { margin: 0; } figcaption { font-weight: bold; margin-bottom: .5em; }
        pre { background: #f4f4f4; padding: .6em; overflow-x: auto; }
        .failure a { color: #b00; }
        </style></head>
        <body>
        \(body)</body></html>

        """
    }

    static func esc(_ s: String) -> String { HTMLReport.escape(s) }
}
