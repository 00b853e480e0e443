/// What both benchmarks print (issues 2 and 7): a Markdown table with padded columns, then
/// notes, then failed checks. A benchmark is not a timed test: a failed check (a run that
/// did not do what it claims) is what makes it exit non-zero, never a time.
open class BenchReport {
    public var rows: [[String]] = []
    public var notes: [String] = []
    public var failures: [String] = []
    private let header: [String]
    private let rightAligned: Set<Int>

    /// `rightAligned`: the indices of the numeric columns.
    public init(header: [String], rightAligned: Set<Int>) {
        self.header = header
        self.rightAligned = rightAligned
    }

    /// Records a correctness check; a failed one makes the run exit non-zero.
    @discardableResult
    public func check(_ ok: Bool, _ what: @autoclosure () -> String) -> Bool {
        if !ok { failures.append(what()) }
        return ok
    }

    public func note(_ line: String) { notes.append(line) }

    /// The table as lines (header, rule, rows), every cell padded to its column's width.
    public func tableLines() -> [String] {
        let all = [header] + rows.map { $0 + Array(repeating: "", count: max(0, header.count - $0.count)) }
        let widths = header.indices.map { c in all.map { $0[c].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            "| " + header.indices.map { c in cells[c].padded(widths[c], right: rightAligned.contains(c)) }
                .joined(separator: " | ") + " |"
        }
        return [line(all[0]), "|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|"]
            + all.dropFirst().map(line)
    }

    public func print() {
        for l in tableLines() { Swift.print(l) }
        if !notes.isEmpty {
            Swift.print("")
            for n in notes { Swift.print(n) }
        }
        if !failures.isEmpty {
            Swift.print("")
            for f in failures { Swift.print("CHECK FAILED: \(f)") }
        }
    }
}

extension String {
    /// Padded with spaces to `width` characters, on the left when `right`.
    public func padded(_ width: Int, right: Bool = false) -> String {
        let pad = String(repeating: " ", count: max(0, width - count))
        return right ? pad + self : self + pad
    }
}

/// Three significant-ish digits: `12.3`, `0.87`, `1234`.
public func fmt(_ x: Double) -> String {
    guard x.isFinite else { return "n/a" }
    let a = abs(x)
    let digits = a >= 100 ? 0 : a >= 10 ? 1 : 2
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let r = (x * scale).rounded() / scale
    if digits == 0 { return String(Int(r)) }
    var s = String(r)
    if let dot = s.firstIndex(of: ".") {
        let decimals = s.distance(from: dot, to: s.endIndex) - 1
        if decimals < digits { s += String(repeating: "0", count: digits - decimals) }
    }
    return s
}

/// `1000000` → `1,000,000`.
public func grouped(_ n: Int) -> String {
    let s = String(n)
    var out = ""
    for (i, c) in s.enumerated() {
        if i > 0 && (s.count - i) % 3 == 0 { out.append(",") }
        out.append(c)
    }
    return out
}

/// Wall-clock time of `body` in nanoseconds (benchmarks only: the simulator itself never
/// reads the clock, rule 3).
public func timeNanoseconds(_ body: () throws -> Void) rethrows -> Double {
    let clock = ContinuousClock()
    let start = clock.now
    try body()
    let d = clock.now - start
    return Double(d.components.seconds) * 1e9 + Double(d.components.attoseconds) / 1e9
}

/// The median (NaN for no values).
public func median(_ values: [Double]) -> Double {
    let s = values.sorted()
    guard !s.isEmpty else { return .nan }
    return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}
