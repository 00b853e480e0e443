import KitSim
import KitSimRuntime
import KitSimLua
import KitSimReport

/// `kitsim run FILE.lua [options] [-- ARGS…]` (SPEC §5; `spec` lists the options).
enum RunCommand {
    static let spec = ArgumentSpec(
        command: "run", operands: "FILE.lua",
        summary: "Runs one scenario script and reports how it ended.",
        options: [
            .init("--trace", help: "print every retain, release, weak zeroing, dealloc and message send with its line"),
            .init("--sandbox", help: "no os, io, load, dofile, debug; require from the scenario's folder only"),
            .init("--graph", value: "FILE", help: "the ownership graph at the end (.dot, .mmd, .svg, .png)"),
            .init("--graph-focus", value: "OBJ", help: "only the paths to OBJ (a label, Class#id or #id) in --graph"),
            .init("--screen", value: "FILE", help: "the screen's wireframe at the end (.svg, .png)"),
            .init("--report", value: "FILE", help: "an HTML report of the run (.html)"),
            .init("--ios", value: "N", help: "the iOS version UIKit behaves as (7…17; default 17)"),
            .init("--time-limit", value: "S", help: "wall-clock seconds the run may take (default 10, 0: none)"),
            .init("--schedule", value: "ORDER", help: "replays an order kitsim explore printed (\"tap push; transition end\")"),
            .init("--weaken", value: "CLASS.PROPERTY", help: "makes a strong property weak for this run, or FILE.lua:LINE[:NAME] a closure's capture (repeatable)"),
        ],
        operandCount: 1...1, passesRest: true,
        epilogue: """
            The arguments after -- are the script's (arg[1]…, ...), as for lua FILE ARGS.
            A leak the scenario does not expect (expect(obj).to.leak()) is said on stderr and
            leaves the exit status as it is; kitsim test fails it. So is each task still
            waiting at the end (it never finishes: nothing runs after the end).
            exit status: 0 passed, 1 an expect failed, 2 the app crashed, 3 a script error,
            4 a limit was exceeded; 64 a bad command line, 65 a --weaken that changed
            nothing, 66 a file that cannot be read, 73 an output that cannot be written.
            """)

    static func main(_ args: [String]) -> Int32 {
        let (parsed, status) = spec.parseOrReport(args)
        guard let p = parsed else { return status }
        let file = p.operands[0]
        let trace = p.flag("--trace"), sandboxed = p.flag("--sandbox")
        let graphPath = p.value("--graph"), screenPath = p.value("--screen")
        let graphFocus = p.value("--graph-focus"), reportPath = p.value("--report")
        let scriptArguments = p.rest
        var configuration = Simulator.Configuration()
        var limits = LuaSandbox.Limits()
        if let text = p.value("--time-limit") {
            guard let s = Command.timeLimit(text) else { return Command.usageError(Command.timeLimitUsage, spec) }
            limits.timeLimit = s
        }
        if let text = p.value("--ios") {
            guard let n = Int(text), (7...17).contains(n) else { return Command.usageError("--ios takes 7…17", spec) }
            configuration.ios = n
        }
        var schedule: Schedule?
        if let text = p.value("--schedule") {
            guard let parsed = Schedule(parsing: text) else { return Command.usageError("--schedule: a step is empty (steps are labels separated by ';')", spec) }
            schedule = parsed
        }
        for text in p.values("--weaken").flatMap({ $0.split(separator: ",").map(String.init) }) {
            guard let w = Weakening(parsing: text) else {
                return Command.usageError("--weaken takes CLASS.PROPERTY (ProfileViewController.delegate) or FILE.lua:LINE[:NAME] (profile.lua:14:self), not '\(text)'", spec)
            }
            configuration.weakened.append(w)
        }
        if graphFocus != nil && graphPath == nil { return Command.usageError("--graph-focus needs --graph FILE", spec) }
        var graphFormat: Pictures.Format?, screenFormat: Pictures.Format?
        if let graphPath {
            switch PictureFiles.graphFormat(graphPath) {
            case .success(let f): graphFormat = f
            case .failure(let f): printError("kitsim: \(f)"); return ExitCode.cannotCreate
            }
        }
        if let screenPath {
            switch PictureFiles.screenFormat(screenPath) {
            case .success(let f): screenFormat = f
            case .failure(let f): printError("kitsim: \(f)"); return ExitCode.cannotCreate
            }
        }
        if let reportPath, let problem = OutputPath.problem(reportPath, extensions: ReportFiles.extensions) {
            printError("kitsim: --report \(reportPath): \(problem)")
            return ExitCode.cannotCreate
        }
        Platform.installCrashReport(context: "the scenario \(file)")
        let sandbox: LuaSandbox
        do {
            sandbox = try LuaSandbox(configuration: configuration, limits: limits, sandboxed: sandboxed)
        } catch {
            printError("kitsim: \(error)")
            return ExitCode.software
        }
        // The process exits after this command: the Lua state is closed as on any exit
        // (finalizers, open files), and the rest of the memory goes with the process.
        defer {
            sandbox.close()
            _ = Unmanaged.passRetained(sandbox)
        }
        sandbox.echoOutput = true
        sandbox.heap.tracesCalls = trace
        sandbox.capturesTrace = trace
        if let schedule { sandbox.replay(schedule) }
        let outcome: Outcome
        do { outcome = try sandbox.run(file: file, arguments: scriptArguments) } catch {
            printError("kitsim: \(error)")
            return ExitCode.noInput
        }
        if trace { print(outcome.trace, terminator: "") }
        // A picture that cannot be written fails the run, after the scenario's own report.
        var pictureStatus: Int32?
        if let graphPath, let graphFormat {
            pictureStatus = PictureFiles.writeGraph(sandbox, to: graphPath, as: graphFormat, focus: graphFocus)
        }
        if let screenPath, let screenFormat {
            pictureStatus = PictureFiles.writeScreen(sandbox, to: screenPath, as: screenFormat) ?? pictureStatus
        }
        if let reportPath {
            pictureStatus = ReportFiles.write(sandbox.htmlReport(outcome, title: file), to: reportPath) ?? pictureStatus
        }
        if outcome.status != .passed { report(outcome, sandbox) }
        // `kitsim test` fails a scenario that ends with a leak it does not expect; a run
        // says so on standard error and passes, as its exit status is the script's own
        // outcome (docs/cli.md, Exit statuses).
        let unexpected = outcome.status == .passed ? outcome.unexpectedLeakLines : []
        if !unexpected.isEmpty {
            printError("kitsim: the scenario ends with \(unexpected.count) leak\(unexpected.count == 1 ? "" : "s") it does not expect, "
                + "which kitsim test fails (expect(obj).to.leak() marks a leak made on purpose):\n"
                + unexpected.map { "  " + $0 }.joined(separator: "\n"))
        }
        // Rule 91: a task still waiting when the run ends never finishes (nothing runs
        // after the end), and what it holds stays alive; the place it waits is the lead.
        for u in sandbox.sim.unfinishedTasks {
            printError("kitsim: \(sandbox.heap.describe(u.task)) (made at \(u.madeAt)) never finished: "
                + (u.waitsAt.map { "it waits at \($0)" } ?? "its body never ran"))
        }
        // A coverage goal is about all orders (kitsim explore fails on one none reached);
        // this run's order only says it did not reach it.
        for goal in sandbox.goals where !goal.reached {
            printError("kitsim: this order never reached the goal: \(goal.message) (sim.sometimes)")
        }
        // A weakening that changed nothing is a command line that did not say what it
        // meant; the run's own report comes first.
        let problems = sandbox.heap.weakeningProblems()
        for line in problems { printError("kitsim: --weaken \(line)") }
        if !problems.isEmpty { return ExitCode.dataError }
        return outcome.status == .passed ? pictureStatus ?? 0 : outcome.status.exitCode
    }

    /// The failure report (`LuaSandbox.failureReport`) on stderr.
    static func report(_ o: Outcome, _ sandbox: LuaSandbox) {
        printError(sandbox.failureReport(o))
    }
}

func writeFile(_ path: String, _ text: String) -> Bool { writeTextFile(path, text) }

import KitSimPlatform
