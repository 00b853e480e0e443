// kitsim-lua-bench: binding speed against a plain C binding, start-up against
// lua5.4, push/pop at scale, `kitsim test` throughput, and callgrind instruction counts.
// Not a timed test: it prints figures, and exits 1 only when a measured run did not do
// what it claims. `bench/run.sh` builds everything in release mode and runs it.
import BenchSupport
import KitSimPlatform
import PlainC

struct Options {
    var smoke = false
    var sections: Set<String> = []
    var rounds = 15
    var batchSeconds = 0.004
    var pairs = 100_000
    var scenarios = 500
    var kitsim: String?
    var callgrindChild: [String]?
    var calls = 200
    var countHook = false
    var generate: String?

    static let allSections: Set<String> = ["binding", "hook", "instructions", "startup", "scale", "suite", "explore"]
    static let usage = """
        usage: kitsim-lua-bench [--smoke] [--only LIST] [--rounds N] [--pairs N] [--scenarios N] [--kitsim PATH]

          --smoke        a quick pass over everything that needs no outside tool (CI; a few seconds)
          --only LIST    sections: binding, hook, instructions, startup, scale, suite, explore
          --rounds N     alternating batches per binding operation (default 15)
          --pairs N      push/pop pairs of the scale scenario (default 100,000)
          --scenarios N  generated scenarios for the suite throughput (default 500)
          --kitsim PATH  the kitsim binary (default: next to this one)
        """

    func wants(_ s: String) -> Bool { sections.isEmpty || sections.contains(s) }

    static func parse(_ args: [String]) -> Options? {
        var o = Options()
        var i = 0
        func next() -> String? { i += 1; return i < args.count ? args[i] : nil }
        while i < args.count {
            switch args[i] {
            case "--smoke": o.smoke = true
            case "--only":
                guard let v = next() else { return nil }
                o.sections = Set(v.split(separator: ",").map(String.init))
                guard o.sections.isSubset(of: allSections) else { return nil }
            case "--rounds": guard let v = next().flatMap({ Int($0) }), v > 0 else { return nil }; o.rounds = v
            case "--pairs": guard let v = next().flatMap({ Int($0) }), v > 0 else { return nil }; o.pairs = v
            case "--scenarios": guard let v = next().flatMap({ Int($0) }), v > 0 else { return nil }; o.scenarios = v
            case "--calls": guard let v = next().flatMap({ Int($0) }), v > 0 else { return nil }; o.calls = v
            case "--kitsim": guard let v = next() else { return nil }; o.kitsim = v
            // The default is the normal path (no hook); `--no-hook` is accepted and means it.
            case "--no-hook": o.countHook = false
            case "--count-hook": o.countHook = true
            case "--generate": guard let v = next() else { return nil }; o.generate = v
            case "--callgrind-child":
                guard let v = next() else { return nil }
                o.callgrindChild = v.split(separator: ",").map(String.init)
            default: return nil
            }
            i += 1
        }
        if o.smoke {
            o.rounds = 3
            o.batchSeconds = 0.0005
            o.pairs = 1_000
            o.scenarios = 20
            if o.sections.isEmpty { o.sections = ["binding", "scale", "suite"] }
        }
        return o
    }
}

guard let options = Options.parse(Array(CommandLine.arguments.dropFirst())) else {
    print(Options.usage)
    exit(CommandLine.arguments.contains("--help") ? 0 : 2)
}

// The child mode of the instruction counts: run the operations between callgrind markers.
if let ops = options.callgrindChild {
    do {
        try Binding.callgrindChild(Operation.all.filter { ops.contains($0.key) }, calls: options.calls, countHook: options.countHook)
        exit(0)
    } catch {
        print("kitsim-lua-bench: \(error)")
        exit(1)
    }
}

// `--generate DIR`: write the suite's scenarios (and the push/pop script) and stop, to
// run them with another kitsim binary (a baseline build, say).
if let dir = options.generate {
    guard External.generateScenarios(options.scenarios, into: dir),
          writeText(dir + "/../pushpop.lua", Scale.pushPopScript(pairs: options.pairs)) else {
        print("kitsim-lua-bench: cannot write into \(dir)")
        exit(1)
    }
    exit(0)
}

let report = Report()
let me = executablePath()
let binDir = me.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
let kitsim = options.kitsim ?? binDir + "/kitsim"
let load = Platform.loadAverage
print("kitsim-lua-bench\(options.smoke ? " (smoke)" : ""): \(Platform.processorCount) cores, load average \(load)")

do {
    if options.wants("binding") {
        report.section("1. binding, ns per loop iteration (`for i = 0, 50 do <op> end`), floor: plain C binding")
        let results = try Binding.measure(Operation.all, rounds: options.rounds, batchSeconds: options.batchSeconds,
                                          report: report)
        for r in results {
            report.add(r.op.title, kitsim: ns(r.kitsim), floor: ns(r.plain), ratio: r.ratio, target: r.op.target)
        }
    }
    if options.wants("hook") {
        report.section("1b. the same with the optional instruction budget on (a count hook)")
        let results = try Binding.measure(Operation.all, rounds: options.rounds, batchSeconds: options.batchSeconds,
                                          countHook: true, report: report)
        for r in results {
            report.add(r.op.title, kitsim: ns(r.kitsim), floor: ns(r.plain), ratio: r.ratio)
        }
    }
    if options.wants("instructions") {
        report.section("1c. instructions per loop iteration (callgrind), floor: plain C binding")
        if External.have("valgrind") {
            let keys = Operation.all.map(\.key)
            let per = Double(options.calls * 51)
            if let totals = External.callgrind(selfPath: me, ops: keys, calls: options.calls),
               let hooked = External.callgrind(selfPath: me, ops: keys, calls: options.calls, countHook: true) {
                for op in Operation.all {
                    guard let k = totals["kitsim " + op.key], let p = totals["plain " + op.key] else { continue }
                    report.add(op.title, kitsim: fmt(k / per), floor: fmt(p / per), ratio: k / p, target: op.target)
                }
                // What a count hook would cost (KitSim with it minus without it): the limits
                // need none, the optional instruction budget sets one.
                report.section("1d. instructions with the optional instruction budget's count hook (info)")
                for op in Operation.all {
                    guard let k = totals["kitsim " + op.key], let h = hooked["kitsim " + op.key],
                          let p = totals["plain " + op.key] else { continue }
                    report.add(op.title, kitsim: fmt(h / per), floor: fmt(p / per), ratio: h / p,
                               result: "hook +\(fmt((h - k) / per))")
                }
            } else {
                report.check(false, "callgrind run failed")
            }
        } else {
            report.note("instructions: valgrind not installed (apt-get install -y valgrind)")
        }
    }
    if options.wants("startup") {
        report.section("2. start-up of an empty script (hyperfine, mean)")
        let empty = External.temporaryDirectory + "/empty.lua"
        let installed = External.temporaryDirectory + "/kitsim-installed"
        _ = writeText(empty, "")
        if !External.have("hyperfine") {
            report.note("start-up: hyperfine not installed (apt-get install -y hyperfine)")
        } else if !External.have("lua5.4") {
            report.note("start-up: lua5.4 not installed (apt-get install -y lua5.4)")
        } else if External.shell("cp '\(kitsim)' '\(installed)'", output: false).status == 0,
                  let t = External.hyperfine(["\(kitsim) run \(empty)", "lua5.4 \(empty)", "\(installed) run \(empty)"],
                                             runs: options.smoke ? 10 : 300, warmup: 20) {
            let k = t[0].mean * 1e3, l = t[1].mean * 1e3, c = t[2].mean * 1e3
            report.add("`kitsim run empty.lua` vs `lua5.4 empty.lua`", kitsim: fmt(k) + " ms", floor: fmt(l) + " ms",
                       ratio: k / l, target: 1.5)
            // A byte-identical copy of the binary starts sooner than the file the linker wrote
            // (less system time, the same page faults); scripts/kitsim.sh runs such a copy.
            report.add("the same, the binary installed as a copy (`scripts/kitsim.sh`)", kitsim: fmt(c) + " ms",
                       floor: fmt(l) + " ms", ratio: c / l, target: 1.5)
        } else {
            report.check(false, "hyperfine failed on \(kitsim)")
        }
    }
    if options.wants("scale") {
        report.section("3. scale")
        let perPair = try Scale.pushPop(pairs: options.pairs, report: report)
        report.add("\(grouped(options.pairs)) push/pop pairs (non-animated, one turn each), per pair",
                   kitsim: fmt(perPair / 1e3) + " µs")
        report.note("The heap benchmark (1,000,000 objects, cascade and leaks()) is kitsim-bench; bench/run.sh prints its table below this one.")
    }
    if options.wants("suite") {
        report.section("4. `kitsim test` throughput, \(options.scenarios) generated scenarios")
        let dir = External.temporaryDirectory + "/scenarios"
        report.check(External.generateScenarios(options.scenarios, into: dir), "cannot write the scenarios")
        let check = External.shell("'\(kitsim)' test '\(dir)' -j 2 | tail -1")
        let expected = "\(options.scenarios) passed, 0 failed"
        report.check(check.out.hasPrefix(expected), "generated scenarios: \(check.out) (expected \(expected))")
        if options.smoke {
            report.add("generated scenarios pass (smoke: no timing)", kitsim: check.out.hasPrefix(expected) ? "ok" : "FAILED")
        } else if External.have("hyperfine") {
            if let t = External.hyperfine(["\(kitsim) test \(dir) -j 1", "\(kitsim) test \(dir) -j 2"],
                                          runs: options.smoke ? 2 : 5, warmup: 1) {
                let n = Double(options.scenarios)
                report.add("`kitsim test -j 1`, scenarios per second", kitsim: fmt(n / t[0].mean))
                report.add("`kitsim test -j 2`, scenarios per second", kitsim: fmt(n / t[1].mean),
                           ratio: t[0].mean / t[1].mean, result: "speed-up over -j 1")
            }
        } else {
            report.note("suite: hyperfine not installed (apt-get install -y hyperfine)")
        }
    }
    if options.wants("explore") {
        report.section("5. `kitsim explore`, orders per second (dfs up to 2 delays, one core, in process)")
        for path in ExploreSpeed.scenarios(root: ".") where ExploreSpeed.exists(path) {
            let name = String((path.split(separator: "/").last ?? "").dropLast(4))
            for reduction in [true, false] {
                guard let m = ExploreSpeed.ordersPerSecond(path, reduction: reduction, seconds: options.smoke ? 0.01 : 1) else {
                    report.check(false, "explore of \(path) failed")
                    continue
                }
                let goal = name == "seed003_double_tap_fix" && reduction ? (m.rate >= 1000 ? "goal 1,000/s met" : "goal 1,000/s not met") : ""
                report.add("\(name)\(reduction ? "" : ", --no-reduction")", kitsim: options.smoke ? "ok" : fmt(m.rate), result: goal)
            }
        }
    }
} catch {
    report.check(false, "the benchmark threw: \(error)")
}
External.cleanUp()
print("")
report.print()
exit(report.failures.isEmpty ? 0 : 1)
