import KitSim
import KitSimLua
import KitSimPlatform
import KitSimReport

/// `kitsim test`'s scenarios run in worker processes (this executable again, as
/// `kitsim test --worker`), so that a scenario that crashes the host or hangs it inside a
/// C function is that scenario's failure and the others still run and are reported, as
/// pytest-xdist reports "worker crashed while running test X" and goes on.
///
/// Each worker runs its share of the scenarios one after the other (scenario i goes to
/// worker i mod N) and tells the parent on a pipe (its descriptor 3) when each one starts
/// and how it ended. When a worker dies in the middle of a scenario, the parent records
/// that scenario as crashed (the signal, and the last lines the worker wrote on standard
/// error) or as over its time limit (the watchdog's report, `kitsim_watch`), and starts a
/// new worker for the rest of the share. A worker that does not end a scenario within the
/// time limit plus a margin is killed.
enum TestIsolation {
    /// Seconds past the time limit (and the watchdog's own grace second) after which the
    /// parent kills a worker whose scenario has not ended: the worker's watchdog ends its
    /// process first, so this is for a worker that cannot (a blocked signal, a deadlock).
    static let killMargin = 3.0

    // MARK: - The parent

    /// Runs `files` in `jobs` workers; `reports[i]` is scenario i's HTML report path.
    /// `allowLeaks` passes a scenario that ends with a leak it does not expect.
    static func runAll(_ files: [String], jobs: Int, limits: LuaSandbox.Limits, reports: [String]?,
                       allowLeaks: Bool = false) -> [TestCommand.Result] {
        guard let executable = Platform.executablePath() else {
            return files.map { TestCommand.Result(file: $0, status: nil, error: "kitsim: cannot find the kitsim executable to start workers") }
        }
        guard let manifest = Platform.makeTemporaryFile("kitsim-test-") else {
            return files.map { TestCommand.Result(file: $0, status: nil, error: "kitsim: cannot create a temporary file") }
        }
        defer { unlink(manifest) }
        // The manifest: a line per scenario, its file and its report path (tab-separated).
        let lines = files.indices.map { i in escape(files[i]) + "\t" + escape(reports?[i] ?? "") }
        guard writeTextFile(manifest, lines.joined(separator: "\n") + "\n") else {
            return files.map { TestCommand.Result(file: $0, status: nil, error: "kitsim: cannot write \(manifest)") }
        }
        var results = [TestCommand.Result?](repeating: nil, count: files.count)
        let count = max(1, min(jobs, files.count))
        var workers: [Worker] = []
        var pending: [[Int]] = (0..<count).map { k in Array(stride(from: k, to: files.count, by: count)) }
        fflush(nil)
        for k in 0..<count where !pending[k].isEmpty {
            if let w = Worker.start(executable, manifest: manifest, indices: pending[k], limits: limits, allowLeaks: allowLeaks) {
                workers.append(w)
            } else {
                for i in pending[k] { results[i] = TestCommand.Result(file: files[i], status: nil, error: "kitsim: cannot start a worker process") }
            }
            pending[k] = []
        }
        let deadline = limits.timeLimit > 0 ? limits.timeLimit + LuaSandbox.stuckGraceSeconds + killMargin : nil
        while !workers.isEmpty {
            var fds = workers.map { pollfd(fd: $0.pipe, events: Int16(POLLIN), revents: 0) }
            let ready = poll(&fds, nfds_t(fds.count), 100)
            if ready < 0 && errno != EINTR { break }
            var finished: [Int] = []
            for (n, w) in workers.enumerated() {
                if fds[n].revents != 0 {
                    let open = w.read()
                    for record in w.takeRecords() { handle(record, of: w, files: files, into: &results) }
                    if !open { finished.append(n) }
                }
                if let deadline, let started = w.startedAt, let current = w.current, !w.killed,
                   Platform.monotonicSeconds() - started > deadline {
                    w.kill()
                    results[current] = TestCommand.Result(
                        file: files[current], status: .limitExceeded,
                        message: "\(files[current]): limit exceeded: time limit of \(formatNumber(limits.timeLimit)) s reached, "
                            + "and the scenario's worker process did not end: it was killed")
                    results[current]?.seconds = Platform.monotonicSeconds() - started
                }
            }
            for n in finished.reversed() {
                let w = workers.remove(at: n)
                let status = w.wait()
                if let current = w.current, results[current] == nil {
                    var r = diedResult(file: files[current], status: status, stderr: w.stderrTail())
                    r.seconds = w.startedAt.map { Platform.monotonicSeconds() - $0 } ?? 0
                    results[current] = r
                }
                // The rest of the share (after the one that was running, or all those that
                // did not report when the worker ended another way) goes to a new worker.
                let rest = w.indices.filter { results[$0] == nil }
                w.cleanUp()
                guard !rest.isEmpty else { continue }
                if let next = Worker.start(executable, manifest: manifest, indices: rest, limits: limits, allowLeaks: allowLeaks) {
                    workers.append(next)
                } else {
                    for i in rest { results[i] = TestCommand.Result(file: files[i], status: nil, error: "kitsim: cannot start a worker process") }
                }
            }
        }
        return files.indices.map { i in
            results[i] ?? TestCommand.Result(file: files[i], status: nil, error: "kitsim: the scenario was not run")
        }
    }

    static func handle(_ record: [String], of w: Worker, files: [String], into results: inout [TestCommand.Result?]) {
        guard let kind = record.first, record.count >= 2, let i = Int(record[1]), files.indices.contains(i) else { return }
        if kind == "S" {
            w.current = i
            w.startedAt = Platform.monotonicSeconds()
        } else if kind == "R", let r = decode(record, file: files[i]) {
            if results[i] == nil { results[i] = r }
            w.current = nil
            w.startedAt = nil
        }
    }

    /// The result of a scenario whose worker ended while running it.
    static func diedResult(file: String, status: Int32, stderr: [String]) -> TestCommand.Result {
        let signal = status & 0x7F
        // The watchdog's report of a run stuck past the time limit (`kitsim_watch`).
        if signal == 0, (status >> 8) & 0xFF == 4, let line = stderr.last(where: { $0.contains("limit exceeded: ") }) {
            var r = TestCommand.Result(file: file, status: .limitExceeded, message: line.hasPrefix(file) ? line : "\(file): \(line)")
            r.output = []
            return r
        }
        let how = signal != 0 ? "host signal \(signal)\(signalName(signal))" : "the host exited with status \((status >> 8) & 0xFF)"
        var message = "\(file): crashed (\(how)): the KitSim process died while running this scenario, which is a bug in KitSim, not in the scenario"
        let said = stderr.filter { !$0.isEmpty }.suffix(6)
        if !said.isEmpty { message += "\nthe process said:\n" + said.map { "  " + $0 }.joined(separator: "\n") }
        return TestCommand.Result(file: file, status: .crashed, message: message)
    }

    /// A worker process and what the parent knows of it.
    final class Worker {
        let pid: pid_t
        let pipe: Int32
        let indices: [Int]
        let stderrPath: String
        var buffer: [UInt8] = []
        var current: Int?
        var startedAt: Double?
        var killed = false

        init(pid: pid_t, pipe: Int32, indices: [Int], stderrPath: String) {
            self.pid = pid
            self.pipe = pipe
            self.indices = indices
            self.stderrPath = stderrPath
        }

        static func start(_ executable: String, manifest: String, indices: [Int], limits: LuaSandbox.Limits,
                          allowLeaks: Bool) -> Worker? {
            guard let stderrPath = Platform.makeTemporaryFile("kitsim-worker-") else { return nil }
            let argv = [executable, "test", "--worker", manifest, "--time-limit", "\(limits.timeLimit)",
                        "--indices", indices.map(String.init).joined(separator: ",")] + (allowLeaks ? ["--allow-leaks"] : [])
            switch Platform.spawnWithPipe(executable, argv, pipeFD: 3, standardError: stderrPath) {
            case .success(let (pid, fd)): return Worker(pid: pid, pipe: fd, indices: indices, stderrPath: stderrPath)
            case .failure:
                unlink(stderrPath)
                return nil
            }
        }

        /// Reads what is available; false at the end of the stream.
        func read() -> Bool {
            var chunk = [UInt8](repeating: 0, count: 65536)
            let n = chunk.withUnsafeMutableBytes { KitSimPlatform.read(pipe, $0.baseAddress, $0.count) }
            if n < 0 { return errno == EINTR || errno == EAGAIN }
            if n == 0 { return false }
            buffer += chunk[0..<n]
            return true
        }

        /// The complete records received so far, each split into its fields.
        func takeRecords() -> [[String]] {
            var records: [[String]] = []
            while let nl = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<nl], as: UTF8.self)
                buffer.removeSubrange(...nl)
                records.append(line.split(separator: "\t", omittingEmptySubsequences: false).map { unescape(String($0)) })
            }
            return records
        }

        func kill() {
            killed = true
            _ = KitSimPlatform.kill(pid, SIGKILL)
        }

        /// The worker's wait status.
        func wait() -> Int32 {
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            return status
        }

        /// The last lines the worker wrote on standard error.
        func stderrTail() -> [String] {
            (readTextFile(stderrPath) ?? "").split(separator: "\n", omittingEmptySubsequences: false).map(String.init).suffix(12)
        }

        func cleanUp() {
            close(pipe)
            unlink(stderrPath)
        }
    }

    // MARK: - The worker

    /// `kitsim test --worker MANIFEST --time-limit S --indices I,J,… [--allow-leaks]` (started by the
    /// parent, not for people): runs the listed scenarios of the manifest in order and
    /// writes a start record and a result record for each to descriptor 3.
    static func worker(_ args: [String]) -> Int32 {
        var manifest: String?, indices: [Int] = [], allowLeaks = false
        var limits = LuaSandbox.Limits()
        var i = 0
        while i < args.count {
            let value = i + 1 < args.count ? args[i + 1] : ""
            switch args[i] {
            case "--time-limit": limits.timeLimit = Command.timeLimit(value) ?? limits.timeLimit; i += 1
            case "--indices": indices = value.split(separator: ",").compactMap { Int($0) }; i += 1
            case "--allow-leaks": allowLeaks = true
            default: manifest = args[i]
            }
            i += 1
        }
        guard let manifest, let text = readTextFile(manifest) else {
            printError("kitsim test --worker: no manifest")
            return ExitCode.childCannotStart
        }
        let entries = text.split(separator: "\n").map { line in
            line.split(separator: "\t", omittingEmptySubsequences: false).map { unescape(String($0)) }
        }
        Platform.installCrashReport(context: "a kitsim test worker")
        let injected = getenv("KITSIM_TEST_INJECT").map { String(cString: $0) }
        for index in indices where entries.indices.contains(index) && entries[index].count == 2 {
            let file = entries[index][0], report = entries[index][1]
            send(["S", "\(index)"])
            Platform.setCrashContext("the scenario \(file)")
            // `KITSIM_TEST_INJECT=crash:NAME`: the worker dies of SIGSEGV when it starts the
            // scenario whose path ends in NAME. How scripts/test-isolation.sh checks that a
            // host crash is one scenario's failure: only the test's environment reaches
            // here, never a script (no script can crash the host on purpose).
            if let injected, injected.hasPrefix("crash:"), file.hasSuffix(injected.dropFirst(6)) {
                printError("injected host crash running \(file) (KITSIM_TEST_INJECT)")
                raise(SIGSEGV)
            }
            let r = TestCommand.runOne(file, limits: limits, report: report.isEmpty ? nil : report, allowLeaks: allowLeaks)
            send(encode(r, index: index))
        }
        return ExitCode.success
    }

    static func send(_ fields: [String]) {
        var line = fields.map(escape).joined(separator: "\t") + "\n"
        line.withUTF8 { buf in
            var p = buf.baseAddress, left = buf.count
            while left > 0, let base = p {
                let n = KitSimPlatform.write(3, base, left)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return }
                p = base + n
                left -= n
            }
        }
    }

    // MARK: - Records

    /// A result record: `R`, the index, then each field (`-` for nil, `+value` otherwise).
    static func encode(_ r: TestCommand.Result, index: Int) -> [String] {
        func opt(_ s: String?) -> String { s.map { "+" + $0 } ?? "-" }
        return ["R", "\(index)", opt(r.status?.rawValue), opt(r.message), opt(r.error),
                list(r.output), list(r.leaks),
                "\(r.seconds)", opt(r.report), r.reportFailed ? "1" : "0",
                r.output.isEmpty ? "0" : "1", r.leaks.isEmpty ? "0" : "1"]
    }

    static func decode(_ f: [String], file: String) -> TestCommand.Result? {
        guard f.count == 12 else { return nil }
        func opt(_ s: String) -> String? { s.hasPrefix("+") ? String(s.dropFirst()) : nil }
        let status = opt(f[2]).flatMap(Outcome.Status.init(rawValue:))
        var r = TestCommand.Result(file: file, status: status, message: opt(f[3]), error: opt(f[4]))
        if f[10] == "1" { r.output = unlist(f[5]) }
        if f[11] == "1" { r.leaks = unlist(f[6]) }
        r.seconds = Double(f[7]) ?? 0
        r.report = opt(f[8])
        r.reportFailed = f[9] == "1"
        return r
    }

    /// A list as one field: each element escaped (a printed line may hold newlines), then
    /// joined with newlines, which the field's own escaping keeps apart from the elements'.
    static func list(_ items: [String]) -> String { items.map(escape).joined(separator: "\n") }

    static func unlist(_ field: String) -> [String] {
        field.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { unescape(String(String.UnicodeScalarView($0))) }
    }

    /// A field without tabs or newlines: backslash, tab and newline escaped.
    static func escape(_ s: String) -> String {
        guard s.unicodeScalars.contains(where: { escapes[$0] != nil }) else { return s }
        var out = ""
        for c in s.unicodeScalars {
            if let e = escapes[c] { out += e } else { out.unicodeScalars.append(c) }
        }
        return out
    }

    static let escapes: [Unicode.Scalar: String] = ["\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r"]

    static func unescape(_ s: String) -> String {
        guard s.contains("\\") else { return s }
        var out = ""
        var escaped = false
        for c in s.unicodeScalars {
            if escaped {
                switch c {
                case "t": out += "\t"
                case "n": out += "\n"
                case "r": out += "\r"
                default: out.unicodeScalars.append(c)
                }
                escaped = false
            } else if c == "\\" {
                escaped = true
            } else {
                out.unicodeScalars.append(c)
            }
        }
        return out
    }
}
