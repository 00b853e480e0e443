import Dispatch
import KitSim
import KitSimLua
import Synchronization
import KitSimPlatform
import KitSimReport

/// `kitsim test [DIR|FILES…] [options]` (SPEC §5; `spec` lists the options): every scenario in a fresh sandbox, in worker
/// processes (`TestIsolation`: a host crash or hang is one scenario's failure), results
/// in file order, then `N passed, N failed`; `--report DIR` writes each scenario's HTML
/// report and an index. `--in-process` runs them on threads of this process instead.
/// A scenario that runs to its end but leaves a leak it does not expect fails as `leaked`
/// (`Outcome.failingUnexpectedLeaks`; `expect(obj).to.leak()` marks a leak made on
/// purpose) unless `--allow-leaks` is given.
enum TestCommand {
    /// One scenario's result, as the summary, TAP, JUnit and the report index show it.
    /// A worker process sends it to the parent (`TestIsolation`), so it holds rendered
    /// text, not the outcome's objects.
    struct Result: Sendable {
        let file: String
        /// nil: the scenario could not be run (its file is missing, say); `error` says why.
        var status: Outcome.Status?
        /// The outcome's message: the headline (`file:line: …`) and what follows it.
        var message: String?
        var error: String?
        /// The last lines the scenario printed.
        var output: [String] = []
        /// The leak reports, one line each; an expected one ends with `(expected)`
        /// (`Outcome.markedLeakLines`).
        var leaks: [String] = []
        /// Wall-clock seconds the run took: CI's timing, never part of a trace.
        var seconds: Double = 0
        /// The HTML report's file name in the `--report` folder, once written.
        var report: String?
        /// Whether writing the HTML report failed (said on stderr).
        var reportFailed = false
        var passed: Bool { status == .passed }
        var location: (file: String, line: Int)? { message.flatMap { Outcome.leadingLocation(of: $0) } }

        init(file: String, status: Outcome.Status?, message: String? = nil, error: String? = nil) {
            self.file = file
            self.status = status
            self.message = message
            self.error = error
        }

        init(file: String, outcome: Outcome) {
            self.init(file: file, status: outcome.status, message: outcome.message)
            output = Array(outcome.output.suffix(TestCommand.outputLines))
            leaks = outcome.markedLeakLines
        }
    }

    /// How many of a failed scenario's last output lines its report shows.
    static let outputLines = 20

    /// The `--shard i/n` slice: the i-th of n (1-based), every n-th file of the sorted list.
    struct Shard: Equatable {
        let index: Int
        let count: Int

        /// `"2/4"`, or nil when it is not `i/n` with 1 ≤ i ≤ n.
        init?(_ text: String) {
            let parts = text.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]), n >= 1, (1...n).contains(i) else { return nil }
            index = i
            count = n
        }

        func select(_ files: [String]) -> [String] {
            files.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
        }
    }

    static let spec = ArgumentSpec(
        command: "test", operands: "[DIR|FILE.lua…]",
        summary: "Runs every scenario (subfolders too, not lib/; Scenarios/ by default), each in a fresh sandbox, in worker processes: a scenario that crashes or hangs the host fails alone.",
        options: [
            .init("--junit", value: "FILE", help: "JUnit XML as Jenkins reads it (.xml)"),
            .init("--tap", help: "TAP on standard output (the summary on standard error)"),
            .init("--tap-version", value: "13|14", help: "the TAP version line (implies --tap)"),
            .init("--shard", value: "i/n", help: "the i-th of n slices of the sorted scenarios"),
            .init("--report", value: "DIR", help: "an HTML report per scenario and index.html"),
            .init("-j", "--jobs", value: "N", help: "worker processes (default: the processors)"),
            .init("--time-limit", value: "S", help: "wall-clock seconds a run may take (default 10, 0: none)"),
            .init("--in-process", help: "on threads of this process (a host crash ends the whole run)"),
            .init("--allow-leaks", help: "pass a scenario that ends with a leak it does not expect (expect(obj).to.leak())"),
        ],
        operandCount: 0...Int.max,
        epilogue: """
            A scenario fails as leaked when it runs to its end with a leak it does not expect.
            exit status: 0 all passed, 1 a scenario failed; 64 a bad command line, 66 no scenarios, 73 an output that cannot be written.
            """)

    static func main(_ args: [String]) -> Int32 {
        if args.first == "--worker" { return TestIsolation.worker(Array(args.dropFirst())) }
        let (parsed, status) = spec.parseOrReport(args)
        guard let p = parsed else { return status }
        var paths = p.operands
        let isolated = !p.flag("--in-process"), allowLeaks = p.flag("--allow-leaks")
        let junit = p.value("--junit"), reportDir = p.value("--report")
        var tap = p.flag("--tap")
        var tapVersion = 13
        var shard: Shard?
        var jobs = Platform.processorCount
        var limits = LuaSandbox.Limits()
        if let value = p.value("--time-limit") {
            guard let s = Command.timeLimit(value) else { return Command.usageError(Command.timeLimitUsage, spec) }
            limits.timeLimit = s
        }
        if let value = p.value("--shard") {
            guard let s = Shard(value) else { return Command.usageError("--shard takes i/n with 1 <= i <= n (got '\(value)')", spec) }
            shard = s
        }
        if let value = p.value("--tap-version") {
            guard value == "13" || value == "14" else { return Command.usageError("--tap-version takes 13 or 14 (got '\(value)')", spec) }
            tap = true
            tapVersion = Int(value) ?? 13
        }
        if let value = p.value("-j") {
            guard let n = Int(value), n >= 1 else { return Command.usageError("-j takes a number of jobs >= 1", spec) }
            jobs = n
        }
        // An output that cannot be written is an error before anything runs.
        if let junit, let problem = OutputPath.problem(junit, extensions: ["xml"]) {
            printError("kitsim: --junit \(junit): \(problem)")
            return ExitCode.cannotCreate
        }
        if let reportDir, let problem = ReportFiles.prepareFolder(reportDir) {
            printError("kitsim: --report \(reportDir): \(problem)")
            return ExitCode.cannotCreate
        }
        if paths.isEmpty { paths = ["Scenarios"] }
        var files: [String] = []
        for p in paths {
            if let listed = luaFiles(in: p) { files += listed }
            else if p.hasSuffix(".lua") { files.append(p) }
            else { printError("kitsim: no such scenario or folder: \(p)"); return ExitCode.noInput }
        }
        if files.isEmpty { printError("kitsim: no scenarios found in \(paths.joined(separator: " "))"); return ExitCode.noInput }
        if let shard { files = shard.select(files) }

        let reports = reportDir.map { dir in
            ReportFiles.fileNames(files).map { (dir.hasSuffix("/") ? dir : dir + "/") + $0 }
        }
        let results = isolated ? TestIsolation.runAll(files, jobs: jobs, limits: limits, reports: reports, allowLeaks: allowLeaks)
            : runAll(files, jobs: jobs, limits: limits, reports: reports, allowLeaks: allowLeaks)
        if tap { printTAP(results, version: tapVersion) } else { printPlain(results) }
        if let junit, !writeFile(junit, junitXML(results)) {
            printError("kitsim: cannot write \(junit)")
            return ExitCode.cannotCreate
        }
        if let reportDir {
            let rows = results.map { r in
                (file: r.file, report: r.report, status: r.status?.rawValue ?? "error", passed: r.passed, headline: r.passed ? "" : headline(r))
            }
            let index = (reportDir.hasSuffix("/") ? reportDir : reportDir + "/") + "index.html"
            if let status = ReportFiles.write(ReportFiles.index(rows), to: index) { return status }
            if results.contains(where: \.reportFailed) { return ExitCode.cannotCreate }
        }
        let failed = results.filter { !$0.passed }.count
        let summary = "\(results.count - failed) passed, \(failed) failed"
        // The TAP stream is stdout's alone: a harness reads every line of it.
        if tap { printError(summary) } else { print(summary) }
        return failed == 0 ? 0 : 1
    }

    /// The `.lua` files in `dir` and its subfolders, sorted by path, or nil when `dir` is
    /// not a directory. `lib` folders hold the scenarios' shared modules, not scenarios, and
    /// hidden folders are skipped.
    static func luaFiles(in dir: String) -> [String]? {
        guard let names = Platform.folderEntries(dir) else { return nil }
        var out: [String] = []
        for name in names where !name.hasPrefix(".") {
            let path = dir.hasSuffix("/") ? dir + name : dir + "/" + name
            if name.hasSuffix(".lua") {
                if luaFiles(in: path) == nil { out.append(path) }
            } else if name != "lib", let nested = luaFiles(in: path) {
                out += nested
            }
        }
        return out.sorted()
    }

    /// Runs the files on `jobs` threads; each file gets a fresh sandbox, and writes its
    /// HTML report to `reports[i]` when given. `allowLeaks` passes a scenario that ends
    /// with a leak it does not expect.
    static func runAll(_ files: [String], jobs: Int, limits: LuaSandbox.Limits = LuaSandbox.Limits(),
                       reports: [String]? = nil, allowLeaks: Bool = false) -> [Result] {
        let next = Mutex(0)
        let results = Mutex([Result?](repeating: nil, count: files.count))
        DispatchQueue.concurrentPerform(iterations: min(jobs, files.count)) { _ in
            while true {
                let index: Int = next.withLock { n in defer { n += 1 }; return n }
                guard index < files.count else { return }
                let r = runOne(files[index], limits: limits, report: reports?[index], allowLeaks: allowLeaks)
                results.withLock { $0[index] = r }
            }
        }
        return results.withLock { $0.compactMap { $0 } }
    }

    /// Runs one scenario in a fresh sandbox. Unless `allowLeaks`, one that ends with a
    /// leak it does not expect fails as `leaked`, its HTML report too.
    static func runOne(_ file: String, limits: LuaSandbox.Limits = LuaSandbox.Limits(), report: String? = nil,
                       allowLeaks: Bool = false) -> Result {
        let start = DispatchTime.now().uptimeNanoseconds
        var r: Result
        do {
            let sandbox = try LuaSandbox(limits: limits, sandboxed: true)
            sandbox.capturesTrace = false           // reports use the output, message and leaks
            let ran = try sandbox.run(file: file)
            let outcome = allowLeaks ? ran : ran.failingUnexpectedLeaks(file: file)
            r = Result(file: file, outcome: outcome)
            if let report {
                if ReportFiles.write(sandbox.htmlReport(outcome, title: file), to: report) == nil {
                    r.report = String(report[(report.lastIndex(of: "/").map { report.index(after: $0) } ?? report.startIndex)...])
                } else {
                    r.reportFailed = true
                }
            }
        } catch {
            r = Result(file: file, status: nil, error: "\(error)")
        }
        r.seconds = Double(DispatchTime.now().uptimeNanoseconds &- start) / 1e9
        return r
    }

    /// The headline of a failure: `file:line: message` (SPEC §5).
    static func headline(_ r: Result) -> String {
        if let e = r.error { return e }
        return (r.message ?? "").split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
    }

    static func failureText(_ r: Result) -> String {
        if let e = r.error { return e }
        guard let status = r.status else { return "no outcome" }
        // The headline (`file:line: …`, SPEC §5) first, then the status.
        var lines = [headline(r)]
        lines.append("status: \(status.rawValue)")
        if let rest = r.message?.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).dropFirst().first {
            lines.append(String(rest))
        }
        if !r.output.isEmpty { lines.append("output:"); lines += r.output.map { "  " + $0 } }
        if !r.leaks.isEmpty { lines.append("leaks:"); lines += r.leaks.map { "  " + $0 } }
        return lines.joined(separator: "\n")
    }

    static func printPlain(_ results: [Result]) {
        for r in results {
            if r.passed { print("ok    \(r.file)") }
            else {
                print("FAIL  \(r.file)")
                print(failureText(r).split(separator: "\n", omittingEmptySubsequences: false).map { "      " + $0 }.joined(separator: "\n"))
            }
        }
    }

    /// TAP (testanything.org): a version line, the plan, a line per scenario and, under a
    /// failed one, a YAML diagnostic (`message`, `severity`, `at: { file, line }`, `data`).
    /// Version 13 by default, which Perl's `prove` (TAP::Harness 3.44, Debian's) reads;
    /// the stream is also valid TAP 14, whose version line `--tap-version 14` writes.
    static func printTAP(_ results: [Result], version: Int) {
        var out = ["TAP version \(version)", "1..\(results.count)"]
        for (i, r) in results.enumerated() {
            out.append("\(r.passed ? "ok" : "not ok") \(i + 1) - \(r.file)")
            guard !r.passed else { continue }
            let text = failureText(r).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            out.append("  ---")
            out.append("  message: \(yamlQuoted(headline(r)))")
            out.append("  severity: \(isFailure(r) ? "fail" : "error")")
            out.append("  status: \(yamlQuoted(r.status?.rawValue ?? "error"))")
            if let at = r.location {
                out.append("  at:")
                out.append("    file: \(yamlQuoted(at.file))")
                out.append("    line: \(at.line)")
            }
            out.append("  duration_ms: \(formatSeconds(r.seconds * 1000))")
            // One double-quoted scalar, not a block: TAP::Parser's YAMLish reads no blocks.
            out.append("  data: \(yamlQuoted(text.dropFirst().joined(separator: "\n")))")
            out.append("  ...")
        }
        print(out.joined(separator: "\n"))
    }

    /// Whether the result is a failure of what the scenario checks (a failed `expect`, or
    /// a leak it does not expect) rather than an error (a crash, a script error, a limit):
    /// TAP's `severity: fail` and JUnit's `<failure>`.
    static func isFailure(_ r: Result) -> Bool { r.status == .assertionFailed || r.status == .leaked }

    /// A YAML double-quoted scalar: backslash, quote and control characters escaped.
    static func yamlQuoted(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if u.value < 0x20 || u.value == 0x7F { out += "\\x" + hex2(u.value) } else { out.unicodeScalars.append(u) }
            }
        }
        return out + "\""
    }

    static func hex2(_ v: UInt32) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(v >> 4) & 15], digits[Int(v) & 15]])
    }

    /// Seconds with three decimals (`0.012`), as JUnit's `time` takes them.
    static func formatSeconds(_ s: Double) -> String {
        let ms = Int((s * 1000).rounded())
        let frac = String(ms % 1000)
        return "\(ms / 1000)." + String(repeating: "0", count: 3 - frac.count) + frac
    }

    /// JUnit XML as Jenkins reads it (its junit-10.xsd, which `scripts/test-ci-output.sh`
    /// validates against): a `testsuite` per folder, a `testcase` per scenario named by its
    /// file, `classname` the folder with dots, `time` on each; `<failure>` for a failed
    /// assertion or a leak the scenario does not expect, `<error>` for a crash, a script
    /// error or a limit. The schema has no attribute for where a failure happened, so its
    /// `message` is the headline, which starts with `file:line:`.
    static func junitXML(_ results: [Result]) -> String {
        func folder(_ file: String) -> String { file.lastIndex(of: "/").map { String(file[..<$0]) } ?? "." }
        var folders: [String] = []
        for r in results where !folders.contains(folder(r.file)) { folders.append(folder(r.file)) }
        let failures = results.filter(isFailure).count
        let errors = results.filter { !$0.passed }.count - failures
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"kitsim\" tests=\"\(results.count)\" failures=\"\(failures)\" errors=\"\(errors)\" time=\"\(formatSeconds(results.reduce(0) { $0 + $1.seconds }))\">\n"
        for f in folders {
            let inFolder = results.filter { folder($0.file) == f }
            let classname = escapeXML(f.split(separator: "/").filter { $0 != "." }.joined(separator: "."))
            let suiteFailures = inFolder.filter(isFailure).count
            let suiteErrors = inFolder.filter { !$0.passed }.count - suiteFailures
            xml += "  <testsuite name=\"\(escapeXML(f))\" tests=\"\(inFolder.count)\" failures=\"\(suiteFailures)\" errors=\"\(suiteErrors)\" time=\"\(formatSeconds(inFolder.reduce(0) { $0 + $1.seconds }))\">\n"
            for r in inFolder {
                let name = escapeXML(String(r.file[(r.file.lastIndex(of: "/").map { r.file.index(after: $0) } ?? r.file.startIndex)...]))
                let attributes = "classname=\"\(classname)\" name=\"\(name)\" time=\"\(formatSeconds(r.seconds))\""
                if r.passed { xml += "    <testcase \(attributes)/>\n"; continue }
                let element = isFailure(r) ? "failure" : "error"
                let type = escapeXML(r.status?.rawValue ?? "error")
                xml += "    <testcase \(attributes)>\n"
                xml += "      <\(element) message=\"\(escapeXML(headline(r)))\" type=\"\(type)\">\(escapeXML(failureText(r)))</\(element)>\n"
                xml += "    </testcase>\n"
            }
            xml += "  </testsuite>\n"
        }
        return xml + "</testsuites>\n"
    }

    static func escapeXML(_ s: String) -> String { HTMLReport.escape(s) }
}

extension String {
    /// The string with every `target` replaced (no Foundation on the command line).
    func replacingAll(_ target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
