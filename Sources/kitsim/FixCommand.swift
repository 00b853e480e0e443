import KitSim
import KitSimLua
import KitSimReport

/// `kitsim fix FILE.lua [options] [-- ARGS…]` (docs/guide.md#kitsim-fix): every leak of the
/// run grouped by its suspects, the smallest change that frees each group, and whether that
/// change, tried in a run of its own, fixes the leak without breaking anything.
enum FixCommand {
    static let spec = ArgumentSpec(
        command: "fix", operands: "FILE.lua",
        summary: "Finds the run's leaks, suggests for each the smallest change that frees it (a weak reference, a weak capture, an invalidate), and verifies it by re-running the scenario with that change.",
        options: [
            .init("--ios", value: "N", help: "the iOS version UIKit behaves as (7…17; default 17)"),
            .init("--time-limit", value: "S", help: "wall-clock seconds each run may take (default 10, 0: none)"),
            .init("--report", value: "FILE", help: "the first run's HTML report with the suggestions and their verdicts (.html)"),
        ],
        operandCount: 1...1, passesRest: true,
        epilogue: """
            The arguments after -- are the script's (arg[1]…, ...), as for kitsim run.
            exit status: 0 no leak, or every suggested fix verified; 1 a leak without a
            verified fix; 64 a bad command line, 66 a file that cannot be read, 73 an
            output that cannot be written.
            """)

    static func main(_ args: [String]) -> Int32 {
        let (parsed, status) = spec.parseOrReport(args)
        guard let p = parsed else { return status }
        let file = p.operands[0]
        var fixer = LeakFixer()
        if let text = p.value("--time-limit") {
            guard let s = Command.timeLimit(text) else { return Command.usageError(Command.timeLimitUsage, spec) }
            fixer.limits.timeLimit = s
        }
        if let text = p.value("--ios") {
            guard let n = Int(text), (7...17).contains(n) else { return Command.usageError("--ios takes 7…17", spec) }
            fixer.configuration.ios = n
        }
        let reportPath = p.value("--report")
        if let reportPath, let problem = OutputPath.problem(reportPath, extensions: ReportFiles.extensions) {
            printError("kitsim: --report \(reportPath): \(problem)")
            return ExitCode.cannotCreate
        }
        let report: LeakFixer.Report
        do {
            report = try fixer.find(.file(file, arguments: p.rest), reportTitle: reportPath == nil ? nil : file)
        } catch {
            printError("kitsim: \(error)")
            return ExitCode.noInput
        }
        print(report.text(file: file))
        if let reportPath, let html = report.html, let failed = ReportFiles.write(html, to: reportPath) { return failed }
        return report.groups.allSatisfy(\.verdict.isVerified) ? ExitCode.success : 1
    }
}
