import BenchSupport
import KitSim

/// The heap benchmark's measurements. Every timed region is repeated `repetitions` times on a
/// freshly built shape, and the median is reported.
struct Benchmark {
    let options: Options
    let report: Report

    var n: Int { options.count }
    var reps: Int { options.repetitions }
    /// The dealloc cascade against native ARC: 1.5× with the history on (what every run
    /// records), 3× without.
    func ratioTarget(history: Bool) -> Double { history ? 1.5 : 3.0 }
    var bytesTarget: Double { 200 }

    // MARK: (a) tree dealloc cascade, simulated vs native

    func tree() throws {
        let native = nativeTree()
        for history in [true, false] {
            var build: [Double] = []
            var cascade: [Double] = []
            for rep in 0..<reps {
                var shape: SimShape! = try SimShape(history: history)
                var tree: (root: ObjectID, last: ObjectID)!
                build.append(try timeNanoseconds { tree = try shape.buildTree(n) })
                let eventsBefore = shape.heap.events.count
                cascade.append(try timeNanoseconds { try shape.heap.unhold(tree.root) })
                if rep == 0 {
                    let h = shape.heap
                    report.check(!h.isAlive(tree.root) && !h.isAlive(tree.last) && shape.liveCount == 0,
                                 "tree cascade (history \(onOff(history))) left objects alive")
                    // Every release, dealloc and weak zeroing of the cascade is recorded.
                    let expected = history ? 3 * n - 1 : 0
                    report.check(h.events.count - eventsBefore == expected,
                                 "tree cascade recorded \(h.events.count - eventsBefore) events, expected \(expected)")
                    report.check(h.invariantViolations().isEmpty, "heap invariants violated after the tree cascade")
                    if history {
                        report.note("tree cascade, history on: \(grouped(expected)) events recorded "
                                    + "(\(grouped(n)) releases, \(grouped(n)) deallocs, \(grouped(n - 1)) weak zeroings)")
                    }
                }
                shape = nil
            }
            let label = "history \(onOff(history))"
            let b = median(build) / Double(n), c = median(cascade) / Double(n)
            report.add("tree build (alloc, link, hold, drain), \(label)", simulated: "\(fmt(b)) ns/obj",
                       native: "\(fmt(native.build)) ns/obj", target: "\(fmt(b / native.build))× / info", result: "—")
            let ratio = c / native.release
            report.add("tree dealloc cascade, \(label)", simulated: "\(fmt(c)) ns/obj",
                       native: "\(fmt(native.release)) ns/obj", target: "\(fmt(ratio))× / ≤ \(fmt(ratioTarget(history: history)))×",
                       result: ratio <= ratioTarget(history: history) ? "pass" : "miss")
        }
    }

    /// Median ns/object to build and to release the native tree.
    private func nativeTree() -> (build: Double, release: Double) {
        var build: [Double] = []
        var release: [Double] = []
        for _ in 0..<reps {
            build.append(timeNanoseconds { buildNativeTree(n) })
            report.check(nativeBox.probe != nil, "native tree was not built")
            release.append(timeNanoseconds { releaseNativeTree() })
            report.check(nativeBox.probe == nil, "native tree was not released")
        }
        return (median(build) / Double(n), median(release) / Double(n))
    }

    // MARK: (d) chain cascade

    func chain() throws {
        for history in [true, false] {
            var cascade: [Double] = []
            for rep in 0..<reps {
                var shape: SimShape! = try SimShape(history: history)
                let chain = try shape.buildChain(n)
                let eventsBefore = shape.heap.events.count
                cascade.append(try timeNanoseconds { try shape.heap.unhold(chain.head) })
                if rep == 0 {
                    let h = shape.heap
                    report.check(!h.isAlive(chain.head) && !h.isAlive(chain.tail) && shape.liveCount == 0,
                                 "chain cascade (history \(onOff(history))) left objects alive")
                    let expected = history ? 2 * n : 0
                    report.check(h.events.count - eventsBefore == expected,
                                 "chain cascade recorded \(h.events.count - eventsBefore) events, expected \(expected)")
                }
                shape = nil
            }
            let c = median(cascade) / Double(n)
            report.add("chain (\(grouped(n)) long) dealloc cascade, history \(onOff(history))",
                       simulated: "\(fmt(c)) ns/obj", native: "n/a ¹", target: "no stack overflow",
                       result: "pass")
        }
        report.note("¹ native ARC releases a chain recursively; a 1,000,000-long chain overflows the stack, "
                    + "so there is no native figure. The simulated cascade is iterative.")
    }

    // MARK: (b) bytes per object

    func memory() throws {
        var nativeBytes: Double = .nan
        var nativeResident: Double = .nan
        do {
            let before = Memory.Snapshot.take()
            buildNativeTree(n)
            let after = Memory.Snapshot.take()
            releaseNativeTree()
            if let a = after.malloc, let b = before.malloc { nativeBytes = Double(a - b) / Double(n) }
            nativeResident = Double(after.resident - before.resident) / Double(n)
        }
        for history in [true, false] {
            let before = Memory.Snapshot.take()
            var shape: SimShape! = try SimShape(history: history)
            _ = try shape.buildTree(n, reserve: false)
            let after = Memory.Snapshot.take()
            let label = "history \(onOff(history))"
            let target = history ? "< 200 B" : "info"
            func verdict(_ bytes: Double) -> String { !history ? "—" : bytes < bytesTarget ? "pass" : "miss" }
            if let a = after.malloc, let b = before.malloc {
                let bytes = Double(a - b) / Double(n)
                report.add("bytes/object, tree, \(label) (malloc in use)", simulated: "\(fmt(bytes)) B",
                           native: "\(fmt(nativeBytes)) B", target: target, result: verdict(bytes))
            }
            let resident = Double(after.resident - before.resident) / Double(n)
            report.add("bytes/object, tree, \(label) (resident, statm)", simulated: "\(fmt(resident)) B",
                       native: "\(fmt(nativeResident)) B", target: target, result: verdict(resident))
            let own = Double(shape.heap.storageBytes) / Double(n)
            report.add("bytes/object, tree, \(label) (Heap.storageBytes)", simulated: "\(fmt(own)) B",
                       target: target, result: verdict(own))
            let parts = shape.heap.storageBreakdown.map { "\($0.table) \(fmt(Double($0.bytes) / Double(n)))" }
            report.note("Heap.storageBreakdown, \(label), B/object: " + parts.joined(separator: ", "))
            shape = nil
        }
    }

    // MARK: (c) leaks() on a million live objects

    func leaks() throws {
        let shapes: [(String, (SimShape) throws -> Void, (Int) -> Int, ([Leak]) -> Bool)] = [
            ("all reachable (tree held by a root)", { _ = try $0.buildTree(n) }, { _ in 0 }, { _ in true }),
            // SPEC rule 49: at most `CycleSearch.maxReports` reports, the rest truncated.
            ("\(grouped(n / 2)) unreachable two-object cycles", { try $0.buildPairs(n) }, { min($0 / 2, CycleSearch.maxReports) },
             { $0.allSatisfy { $0.objects.count == 2 } }),
            ("one unreachable ring of \(grouped(n))", { try $0.buildRing(n) }, { _ in 1 },
             { $0.first?.objects.count == n }),
        ]
        for (label, build, expectedCount, valid) in shapes {
            var shape: SimShape! = try SimShape(history: true)
            try build(shape)
            var times: [Double] = []
            var found: [Leak] = []
            for _ in 0..<reps {
                found = []
                times.append(timeNanoseconds { found = shape.heap.leaks() })
            }
            let ok = report.check(found.count == expectedCount(n) && valid(found),
                                  "leaks() on \(label) found \(found.count) leaks, expected \(expectedCount(n))")
            report.add("leaks(), \(grouped(n)) live: \(label)", simulated: "\(fmt(median(times) / 1e6)) ms",
                       result: ok ? "ok: \(grouped(found.count)) leak\(found.count == 1 ? "" : "s")" : "WRONG")
            found = []
            shape = nil
        }
    }

    private func onOff(_ b: Bool) -> String { b ? "on" : "off" }
}
