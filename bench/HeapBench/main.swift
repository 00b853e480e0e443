// kitsim-bench: the heap benchmark (BENCHMARKS.md). Not a timed test: it prints figures and
// checks that each measured run did what it claims (exit status 1 if a check fails).
//
//   swift run -c release kitsim-bench            1,000,000 objects, median of 5
//   swift run -c release kitsim-bench --smoke    10,000 objects (CI)
import BenchSupport
import KitSimPlatform

let options: Options
switch Options.parse(Array(CommandLine.arguments.dropFirst())) {
case .success(let o): options = o
case .failure(let e):
    if e.isHelp { print(e.message); exit(0) }
    let text = "kitsim-bench: \(e.message)\n\n\(Options.usage)\n"
    _ = text.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
    exit(2)
}

var machine = utsname()
uname(&machine)
let arch = withUnsafeBytes(of: &machine.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
print("kitsim-bench: \(grouped(options.count)) objects, median of \(options.repetitions) run(s)"
      + "\(options.smoke ? " (smoke)" : ""), \(Platform.processorCount) cores, \(arch)")

let report = Report()
let bench = Benchmark(options: options, report: report)
do {
    // Memory first, while the process's malloc arenas are still small.
    if options.wants("memory") { try bench.memory() }
    if options.wants("tree") { try bench.tree() }
    if options.wants("chain") { try bench.chain() }
    if options.wants("leaks") { try bench.leaks() }
} catch {
    report.check(false, "the simulator threw: \(error)")
}
print("")
report.print()
exit(report.failures.isEmpty ? 0 : 1)
