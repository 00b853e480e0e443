/// One line of the table: what was measured, KitSim's figure, the floor's, the ratio
/// and the target.
struct Row {
    var measurement: String
    var kitsim: String
    var floor: String
    var ratio: String
    var target: String
    var result: String
}

/// Collects rows, notes and failed checks, and prints the table (Markdown).
final class Report {
    var rows: [Row] = []
    var notes: [String] = []
    var failures: [String] = []

    func section(_ title: String) {
        rows.append(Row(measurement: "**\(title)**", kitsim: "", floor: "", ratio: "", target: "", result: ""))
    }

    func add(_ measurement: String, kitsim: String, floor: String = "—", ratio: Double? = nil,
             target: Double? = nil, result: String? = nil) {
        var verdict = result ?? "info"
        if result == nil, let ratio, let target { verdict = ratio <= target ? "pass" : "MISSED" }
        rows.append(Row(measurement: measurement, kitsim: kitsim, floor: floor,
                        ratio: ratio.map { fmt($0) + "×" } ?? "—",
                        target: target.map { "≤ " + fmt($0) + "×" } ?? "—", result: verdict))
    }

    @discardableResult
    func check(_ ok: Bool, _ what: @autoclosure () -> String) -> Bool {
        if !ok { failures.append(what()) }
        return ok
    }

    func note(_ line: String) { notes.append(line) }

    func print() {
        let header = Row(measurement: "measurement", kitsim: "KitSim", floor: "floor", ratio: "ratio",
                         target: "target", result: "result")
        let all = [header] + rows
        func width(_ key: KeyPath<Row, String>) -> Int { all.map { $0[keyPath: key].count }.max() ?? 0 }
        let w = [width(\.measurement), width(\.kitsim), width(\.floor), width(\.ratio), width(\.target), width(\.result)]
        func line(_ r: Row) -> String {
            "| " + [r.measurement.padded(w[0]), r.kitsim.padded(w[1], right: true), r.floor.padded(w[2], right: true),
                    r.ratio.padded(w[3], right: true), r.target.padded(w[4]), r.result.padded(w[5])].joined(separator: " | ") + " |"
        }
        Swift.print(line(header))
        Swift.print("|" + w.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|")
        for r in rows { Swift.print(line(r)) }
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
    func padded(_ width: Int, right: Bool = false) -> String {
        let pad = String(repeating: " ", count: max(0, width - count))
        return right ? pad + self : self + pad
    }
}

/// Three significant-ish digits: `12.3`, `0.87`, `1234`.
func fmt(_ x: Double) -> String {
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

func ns(_ x: Double) -> String { fmt(x) + " ns" }

func grouped(_ n: Int) -> String {
    let s = String(n)
    var out = ""
    for (i, c) in s.enumerated() {
        if i > 0 && (s.count - i) % 3 == 0 { out.append(",") }
        out.append(c)
    }
    return out
}
