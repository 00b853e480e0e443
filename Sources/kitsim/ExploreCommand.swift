import KitSim
import KitSimExplore
import KitSimLua
import KitSimReport
import KitSimPlatform

/// `kitsim explore FILE.lua [options] [-- ARGS…]`: runs the scenario in the orders its
/// uncertain moments allow and reports the ones that fail (docs/explore.md).
enum ExploreCommand {
    static let spec = ArgumentSpec(
        command: "explore", operands: "FILE.lua",
        summary: "Runs a scenario in every order of its events its uncertain moments allow (within = {lo, hi}), and reports the orders that crash, fail, leak or leave the screen black, minimised, with the command that replays each.",
        options: [
            .init("--strategy", value: "NAME", help: "dfs (every order within the delay bound, the default), pct or random (sampled from --seed)"),
            .init("--delays", value: "K", help: "dfs: the most delays an order may have (default 2); pct: its depth less one"),
            .init("--budget", value: "N", help: "the most orders to run per iOS version (default 10,000)"),
            .init("--seed", value: "S", help: "the seed of pct and random (default 1)"),
            .init("--ios", value: "LIST", help: "the iOS versions to search, e.g. 7,8,13,17 (default 17)"),
            .init("--shard", value: "I/N", help: "this machine's part of a search split N ways (1/4 … 4/4); the parts' union is the whole"),
            .init("--no-reduction", help: "run orders the reduction would skip as equivalent (to measure what it saves)"),
            .init("--json", help: "the result as JSON on standard output instead of text"),
            .init("--report", value: "DIR", help: "an HTML page per failure: the default and the failing order on the virtual timeline"),
            .init("--sandbox", help: "no os, io, load, dofile, debug; require from the scenario's folder only"),
            .init("--time-limit", value: "S", help: "wall-clock seconds each order may take (default 10, 0: none)"),
        ],
        operandCount: 1...1, passesRest: true,
        epilogue: """
            The arguments after -- are the script's (arg[1]…, ...), as for kitsim run.
            exit status: 0 every order passed and every sim.sometimes goal was reached; 1 an
            order failed or a goal was never reached; 64 a bad command line, 66 a file that
            cannot be read, 73 a report that cannot be written.
            """)

    static func main(_ args: [String]) -> Int32 {
        let (parsed, status) = spec.parseOrReport(args)
        guard let p = parsed else { return status }
        var options = Explorer.Options(file: p.operands[0])
        options.arguments = p.rest
        options.sandboxed = p.flag("--sandbox")
        options.reduction = !p.flag("--no-reduction")
        if let text = p.value("--strategy") {
            guard let s = ExploreResult.Strategy(rawValue: text) else {
                return Command.usageError("--strategy takes dfs, pct or random", spec)
            }
            options.strategy = s
        }
        if let text = p.value("--delays") {
            guard let k = Int(text), (0...20).contains(k) else { return Command.usageError("--delays takes a whole number from 0 to 20", spec) }
            options.delays = k
        }
        if let text = p.value("--budget") {
            guard let n = Int(text.filter { $0 != "," }), n >= 1, n <= 100_000_000 else {
                return Command.usageError("--budget takes a whole number of orders from 1", spec)
            }
            options.budget = n
        }
        if let text = p.value("--seed") {
            guard let s = UInt64(text) else { return Command.usageError("--seed takes a whole number from 0", spec) }
            options.seed = s
        }
        if let text = p.value("--ios") {
            var versions: [Int] = []
            for part in text.split(separator: ",", omittingEmptySubsequences: false) {
                guard let n = Int(part), (7...17).contains(n) else { return Command.usageError("--ios takes versions from 7 to 17, separated by commas", spec) }
                if !versions.contains(n) { versions.append(n) }
            }
            options.iosVersions = versions
        }
        if let text = p.value("--shard") {
            let parts = text.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]), n >= 1, n <= 10_000, (1...n).contains(i) else {
                return Command.usageError("--shard takes I/N with 1 <= I <= N", spec)
            }
            options.shard = (i, n)
        }
        if let text = p.value("--time-limit") {
            guard let s = Command.timeLimit(text) else { return Command.usageError(Command.timeLimitUsage, spec) }
            options.limits.timeLimit = s
        }
        let reportDirectory = p.value("--report")
        // A report folder that cannot be written is refused before the search, as kitsim
        // run refuses a report path before the run.
        if let reportDirectory, let problem = ReportFiles.prepareFolder(reportDirectory) {
            printError("kitsim: --report \(reportDirectory): \(problem)")
            return ExitCode.cannotCreate
        }
        Platform.installCrashReport(context: "exploring \(options.file)")
        let result: ExploreResult
        let explorer = Explorer(options)
        do { result = try explorer.explore() } catch {
            printError("kitsim: \(error)")
            return ExitCode.noInput
        }
        var runFlags: [String] = []
        if options.sandboxed { runFlags.append("--sandbox") }
        if !options.arguments.isEmpty { runFlags += ["--"] + options.arguments.map(ExploreText.shellQuoted) }
        if p.flag("--json") {
            print(ExploreJSON.render(result), terminator: "")
        } else {
            print(ExploreText.render(result, runFlags: runFlags, iosGiven: !options.iosVersions.isEmpty), terminator: "")
        }
        if let reportDirectory {
            let iosGiven = !options.iosVersions.isEmpty
            let replays = ExploreHTML.failures(of: result).map {
                ExploreText.replayCommand($0, file: options.file, runFlags: runFlags, iosFlag: iosGiven || $0.ios != 17)
            }
            if let status = ReportFiles.writeExplore(result, explorer: explorer, replays: replays, to: reportDirectory) { return status }
        }
        return result.passed ? ExitCode.success : ExitCode.failed
    }
}
