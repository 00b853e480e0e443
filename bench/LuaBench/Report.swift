import BenchSupport

/// The binding benchmark's table: KitSim's figure, the floor's, the ratio and the target;
/// a row with a ratio and a target and no explicit result says pass or MISSED.
final class Report: BenchReport {
    init() {
        super.init(header: ["measurement", "KitSim", "floor", "ratio", "target", "result"], rightAligned: [1, 2, 3])
    }

    func section(_ title: String) {
        rows.append(["**\(title)**", "", "", "", "", ""])
    }

    func add(_ measurement: String, kitsim: String, floor: String = "—", ratio: Double? = nil,
             target: Double? = nil, result: String? = nil) {
        var verdict = result ?? "info"
        if result == nil, let ratio, let target { verdict = ratio <= target ? "pass" : "MISSED" }
        rows.append([measurement, kitsim, floor, ratio.map { fmt($0) + "×" } ?? "—",
                     target.map { "≤ " + fmt($0) + "×" } ?? "—", verdict])
    }
}

func ns(_ x: Double) -> String { fmt(x) + " ns" }
