import KitSimExplore
import KitSimBridge
import KitSimPlatform
import KitSimReport

/// `--report out.html` of `kitsim run` and `--report DIR` of `kitsim test` (SPEC §5): the
/// HTML report (`HTMLReport`), its paths checked before anything runs as the pictures'
/// are, a file per scenario and an `index.html` for a suite.
enum ReportFiles {
    /// The extensions a report file may have.
    static let extensions = ["html", "htm"]

    /// Writes a report; nil on success, else the exit code after printing why.
    static func write(_ html: String, to path: String) -> Int32? {
        if Platform.writeBytes(path, Array(html.utf8)) { return nil }
        printError("kitsim: cannot write \(path): \(String(cString: strerror(errno)))")
        return ExitCode.cannotCreate
    }

    /// Why `dir` cannot take a suite's reports, or nil: a folder that exists, or one whose
    /// parent does, which is then created.
    static func prepareFolder(_ dir: String) -> String? {
        if let d = opendir(dir) { closedir(d); return nil }
        var s = stat()
        if stat(dir, &s) == 0 { return "is not a folder" }
        guard Platform.folderExists(of: dir.hasSuffix("/") ? String(dir.dropLast()) : dir) else {
            return "no such folder '\(parent(of: dir))'"
        }
        guard mkdir(dir, 0o755) == 0 else { return "cannot create it: \(String(cString: strerror(errno)))" }
        return nil
    }

    private static func parent(of path: String) -> String {
        let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
        return trimmed.lastIndex(of: "/").map { String(trimmed[..<$0]) } ?? "."
    }

    /// The report file name of each scenario, in order: its path without `.lua`, folders
    /// joined with `-` (`Scenarios/seeds/a.lua` is `Scenarios-seeds-a.html`), made unique with `-2`,
    /// `-3`… in file order, and never `index.html`.
    static func fileNames(_ files: [String]) -> [String] {
        var taken: Set<String> = ["index"]
        return files.map { file in
            var base = file.hasSuffix(".lua") ? String(file.dropLast(4)) : file
            while base.hasPrefix("./") { base = String(base.dropFirst(2)) }
            base = base.split(separator: "/").filter { $0 != "." && $0 != ".." }.joined(separator: "-")
            if base.isEmpty { base = "scenario" }
            var name = base, n = 1
            while taken.contains(name) { n += 1; name = "\(base)-\(n)" }
            taken.insert(name)
            return name + ".html"
        }
    }

    /// `index.html` of a suite: each scenario with its status, headline and a link to its
    /// report, and the summary. No time in it: the same suite gives the same page.
    static func index(_ rows: [(file: String, report: String?, status: String, passed: Bool, headline: String)]) -> String {
        let failed = rows.filter { !$0.passed }.count
        var out = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <title>kitsim test: \(rows.count - failed) passed, \(failed) failed</title>
            <style>
            body{font:14px/1.4 -apple-system,"Helvetica Neue",Helvetica,Arial,sans-serif;margin:0 24px 40px;color:#222}
            table{border-collapse:collapse;font-size:13px} th,td{text-align:left;padding:2px 8px;border-bottom:1px solid #eee;vertical-align:top}
            .passed{color:#1a7f37} .failed{color:#c62828;font-weight:bold} code{font-size:12px}
            </style>
            </head>
            <body>
            <h1>kitsim test</h1>
            <p id="summary">\(rows.count - failed) passed, \(failed) failed</p>
            <table id="scenarios"><thead><tr><th>scenario</th><th>status</th><th>headline</th></tr></thead>
            <tbody>

            """
        for r in rows {
            let name = HTMLReport.escape(r.file)
            let link = r.report.map { "<a href=\"\(HTMLReport.escape(percentEncoded($0)))\">\(name)</a>" } ?? name
            out += "<tr><td>\(link)</td><td class=\"\(r.passed ? "passed" : "failed")\">\(HTMLReport.escape(r.status))</td>"
            out += "<td><code>\(HTMLReport.escape(r.headline))</code></td></tr>\n"
        }
        return out + "</tbody></table>\n</body>\n</html>\n"
    }

    /// A file name as a relative URL: bytes outside the unreserved set percent-encoded
    /// (a scenario's name may hold `#`, `?` or spaces).
    static func percentEncoded(_ name: String) -> String {
        var out = ""
        for b in name.utf8 {
            switch b {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(b))
            default:
                out += "%" + TestCommand.hex2(UInt32(b))
            }
        }
        return out
    }
}

extension ReportFiles {
    /// `kitsim explore --report DIR`: `index.html`, a page per failure (`failure-1.html`…)
    /// and the failing run's own report beside it (`failure-1-run.html`). Nil on success,
    /// else the exit code after printing why.
    static func writeExplore(_ result: ExploreResult, explorer: Explorer, replays: [String], to dir: String) -> Int32? {
        if let problem = prepareFolder(dir) {
            printError("kitsim: --report \(dir): \(problem)")
            return ExitCode.cannotCreate
        }
        let base = dir.hasSuffix("/") ? dir : dir + "/"
        let failures = ExploreHTML.failures(of: result)
        var pages: [String] = []
        for (i, f) in failures.enumerated() {
            let page = "failure-\(i + 1).html", run = "failure-\(i + 1)-run.html"
            var runReport: String? = run
            if let html = try? explorer.runReportHTML(f) {
                if let status = write(html, to: base + run) { return status }
            } else {
                runReport = nil
            }
            let replay = i < replays.count ? replays[i] : ""
            if let status = write(ExploreHTML.failurePage(f, result, runReport: runReport, replay: replay), to: base + page) { return status }
            pages.append(page)
        }
        return write(ExploreHTML.index(result, pages: pages), to: base + "index.html")
    }
}
