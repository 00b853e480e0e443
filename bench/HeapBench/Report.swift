import BenchSupport

/// The heap benchmark's table: simulated against native, the ratio and its target.
final class Report: BenchReport {
    init() {
        super.init(header: ["measurement", "simulated", "native", "ratio / target", "result"], rightAligned: [1, 2])
    }

    func add(_ measurement: String, simulated: String, native: String = "—", target: String = "—", result: String) {
        rows.append([measurement, simulated, native, target, result])
    }
}
