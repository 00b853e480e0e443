import Dispatch
import KitSim
import KitSimLua
import Synchronization
import KitSimPlatform

/// `kitsim test [DIR|FILES…] [--junit out.xml] [--tap] [-j N]` (SPEC §5): every scenario in
/// a fresh sandbox, in parallel, results in file order, then `N passed, N failed`.
enum TestCommand {
    struct Result: Sendable {
        let file: String
        let outcome: Outcome?
        let error: String?
        var passed: Bool { outcome?.status == .passed }
    }

    static func main(_ args: [String]) -> Int32 {
        var paths: [String] = []
        var junit: String?
        var tap = false
        var jobs = Platform.processorCount
        var i = 0
        while i < args.count {
            let a = args[i]
            switch a {
            case "--tap": tap = true
            case "--junit", "-j":
                guard i + 1 < args.count else { return Command.usageError("\(a) needs a value") }
                i += 1
                if a == "--junit" { junit = args[i] } else {
                    guard let n = Int(args[i]), n >= 1 else { return Command.usageError("-j takes a number of jobs >= 1") }
                    jobs = n
                }
            default:
                if a.hasPrefix("-j"), let n = Int(a.dropFirst(2)), n >= 1 { jobs = n }
                else if a.hasPrefix("-") { return Command.usageError("unknown option '\(a)'") }
                else { paths.append(a) }
            }
            i += 1
        }
        if paths.isEmpty { paths = ["scripts"] }
        var files: [String] = []
        for p in paths {
            if let listed = luaFiles(in: p) { files += listed }
            else if p.hasSuffix(".lua") { files.append(p) }
            else { printError("kitsim: no such scenario or folder: \(p)"); return 66 }
        }
        if files.isEmpty { printError("kitsim: no scenarios found in \(paths.joined(separator: " "))"); return 66 }

        let results = runAll(files, jobs: jobs)
        if tap { printTAP(results) } else { printPlain(results) }
        if let junit, !writeFile(junit, junitXML(results)) { printError("kitsim: cannot write \(junit)") }
        let failed = results.filter { !$0.passed }.count
        print("\(results.count - failed) passed, \(failed) failed")
        return failed == 0 ? 0 : 1
    }

    /// The `.lua` files directly in `dir`, sorted, or nil when `dir` is not a directory.
    static func luaFiles(in dir: String) -> [String]? {
        guard let d = opendir(dir) else { return nil }
        defer { closedir(d) }
        var out: [String] = []
        while let e = readdir(d) {
            let name = withUnsafeBytes(of: e.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasSuffix(".lua") { out.append(dir.hasSuffix("/") ? dir + name : dir + "/" + name) }
        }
        return out.sorted()
    }

    /// Runs the files on `jobs` threads; each file gets a fresh sandbox.
    static func runAll(_ files: [String], jobs: Int) -> [Result] {
        let next = Mutex(0)
        let results = Mutex([Result?](repeating: nil, count: files.count))
        DispatchQueue.concurrentPerform(iterations: min(jobs, files.count)) { _ in
            while true {
                let index: Int = next.withLock { n in defer { n += 1 }; return n }
                guard index < files.count else { return }
                let r = runOne(files[index])
                results.withLock { $0[index] = r }
            }
        }
        return results.withLock { $0.compactMap { $0 } }
    }

    static func runOne(_ file: String) -> Result {
        do {
            let sandbox = try LuaSandbox(sandboxed: true)
            sandbox.capturesTrace = false           // reports use the output, message and leaks
            return Result(file: file, outcome: try sandbox.run(file: file), error: nil)
        } catch {
            return Result(file: file, outcome: nil, error: "\(error)")
        }
    }

    static func failureText(_ r: Result) -> String {
        if let e = r.error { return e }
        guard let o = r.outcome else { return "no outcome" }
        // The headline (`file:line: …`, SPEC §5) first, then the status.
        var lines = [(o.message ?? "").split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""]
        lines.append("status: \(o.status.rawValue)")
        if let rest = o.message?.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).dropFirst().first {
            lines.append(String(rest))
        }
        if !o.output.isEmpty { lines.append("output:"); lines += o.output.suffix(20).map { "  " + $0 } }
        if !o.leaks.isEmpty { lines.append("leaks:"); lines += o.leaks.map { "  " + $0.description } }
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

    static func printTAP(_ results: [Result]) {
        print("TAP version 13")
        print("1..\(results.count)")
        for (i, r) in results.enumerated() {
            print("\(r.passed ? "ok" : "not ok") \(i + 1) - \(r.file)")
            if !r.passed {
                // A YAML diagnostic block: the headline, the status, where, and the details.
                let text = failureText(r).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                print("  ---")
                print("  message: '\(text.first?.replacingAll("'", with: "''") ?? "")'")
                print("  severity: \(r.outcome?.status.rawValue ?? "error")")
                if let at = r.outcome?.location {
                    print("  at:")
                    print("    file: '\(at.file.replacingAll("'", with: "''"))'")
                    print("    line: \(at.line)")
                }
                print("  data: |")
                for line in text.dropFirst() { print("    \(line)") }
                print("  ...")
            }
        }
    }

    static func junitXML(_ results: [Result]) -> String {
        let failures = results.filter { $0.outcome?.status == .assertionFailed }.count
        let errors = results.filter { !$0.passed }.count - failures
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuite name=\"kitsim\" tests=\"\(results.count)\" failures=\"\(failures)\" errors=\"\(errors)\">\n"
        for r in results {
            let name = escapeXML(r.file)
            if r.passed { xml += "  <testcase classname=\"scenarios\" name=\"\(name)\"/>\n"; continue }
            let text = failureText(r)
            let first = text.split(separator: "\n").first.map(String.init) ?? ""
            // SPEC §5: file and line of the line that raised it; <error> for crashes and
            // script errors, <failure> for a failed assertion.
            let at = r.outcome?.location.map { " file=\"\(escapeXML($0.file))\" line=\"\($0.line)\"" } ?? ""
            let element = r.outcome?.status == .assertionFailed ? "failure" : "error"
            let type = escapeXML(r.outcome?.status.rawValue ?? "error")
            xml += "  <testcase classname=\"scenarios\" name=\"\(name)\"\(at)>\n"
            xml += "    <\(element) message=\"\(escapeXML(first))\" type=\"\(type)\">\(escapeXML(text))</\(element)>\n"
            xml += "  </testcase>\n"
        }
        return xml + "</testsuite>\n"
    }

    static func escapeXML(_ s: String) -> String { SVGWriter.escape(s) }
}

extension String {
    /// The string with every `target` replaced (no Foundation on the command line).
    func replacingAll(_ target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
