import KitSimFuzz
import KitSimLua
import KitSimPlatform

/// The libFuzzer side of `kitsim fuzz`: the seed corpus and the dictionary the target
/// starts from, and a crash input turned back into a Lua script.
extension FuzzCommand {
    // MARK: - From a libFuzzer input

    /// `--from-libfuzzer FILE`: decodes the input, runs it with the target's checks, and
    /// prints the script that replays it (`kitsim run` or `kitsim fuzz --replay`); a failure
    /// is minimised by delta debugging first. With `--show`, only prints the decoded script
    /// (for an input that crashes the host, which libFuzzer's `-minimize_crash=1` shrinks).
    static func fromLibFuzzer(_ file: String, show: Bool, minimise: Bool) -> Int32 {
        guard let bytes = Platform.readBytes(file) else {
            printError("kitsim fuzz: cannot read \(file)")
            return ExitCode.noInput
        }
        let program = FuzzInput.program(bytes)
        if show {
            print(Fuzzer.script(program, note: "from the libFuzzer input \(file) (\(bytes.count) bytes), not run"), terminator: "")
            return ExitCode.success
        }
        let result = Fuzzer.run(program)
        guard let failure = result.failure else {
            print(Fuzzer.script(program, note: "from the libFuzzer input \(file) (\(bytes.count) bytes): clean"), terminator: "")
            printError("kitsim fuzz: \(file): \(result.callsRun) calls, clean")
            return ExitCode.success
        }
        let kept = minimise ? Fuzzer.minimise(program, failure: failure) : program
        let again = Fuzzer.run(kept).failure ?? failure
        let note = minimise ? "\(again.kind.rawValue) (minimised from \(program.calls.count) calls to \(kept.calls.count))"
            : again.kind.rawValue
        print(Fuzzer.script(kept, note: "from the libFuzzer input \(file): \(note)"), terminator: "")
        printError("kitsim fuzz: \(file): FAILED: \(again)")
        return ExitCode.failed
    }

    // MARK: - Corpus and dictionary

    /// `--write-corpus DIR`: one input per seed (`seed-S`, the bytes that replay
    /// `kitsim fuzz --seed S --calls-per-seed K`), one short input per declared member a
    /// call can reach (`member-…`, `FuzzInput.memberSeeds`), and one per scenario given
    /// (`script-NAME`, the scenario with the `lib.` modules it requires, as one written-out
    /// call).
    static func writeCorpus(_ dir: String, first: UInt64, seeds: Int, perSeed: Int, scripts: [String]) -> Int32 {
        if let problem = ReportFiles.prepareFolder(dir) {
            printError("kitsim fuzz: \(dir): \(problem)")
            return ExitCode.cannotCreate
        }
        var written = 0
        for k in 0..<seeds {
            let seed = first &+ UInt64(k)
            guard Platform.writeBytes("\(dir)/seed-\(seed)", FuzzInput.bytes(seed: seed, calls: perSeed)) else {
                printError("kitsim fuzz: cannot write \(dir)/seed-\(seed)")
                return ExitCode.cannotCreate
            }
            written += 1
        }
        for (member, bytes) in FuzzInput.memberSeeds() {
            // `:name(` → `member-call-name`, `.name(` → `member-class-name`, `.name =` → `member-set-name`.
            let kind = member.hasPrefix(":") ? "call" : member.hasSuffix("(") ? "class" : "set"
            let name = member.dropFirst().prefix { $0 != "(" && $0 != " " }
            guard Platform.writeBytes("\(dir)/member-\(kind)-\(name)", bytes) else {
                printError("kitsim fuzz: cannot write \(dir)/member-\(kind)-\(name)")
                return ExitCode.cannotCreate
            }
            written += 1
        }
        for path in scripts {
            guard let text = readText(path) else {
                printError("kitsim fuzz: cannot read \(path)")
                return ExitCode.noInput
            }
            // The modules `require` would find: the script's folder first, then the one above it.
            let folders = LuaSandbox.requireFolders(of: path)
            let chunk = FuzzInput.selfContained(text) { module in
                folders.lazy.compactMap { readText("\($0)/\(module.replacingDots()).lua") }.first
            }
            let name = String(path.split(separator: "/").last ?? "script").replacingSuffix(".lua")
            guard let bytes = FuzzInput.literal(chunk) else {
                printError("kitsim fuzz: \(path) is longer than a written-out call can be (65,535 bytes)")
                return ExitCode.dataError
            }
            guard Platform.writeBytes("\(dir)/script-\(name)", bytes) else {
                printError("kitsim fuzz: cannot write \(dir)/script-\(name)")
                return ExitCode.cannotCreate
            }
            written += 1
        }
        printError("kitsim fuzz: wrote \(written) inputs to \(dir)")
        return ExitCode.success
    }

    /// `--write-dictionary FILE` (`-`: standard output).
    static func writeDictionary(_ file: String) -> Int32 {
        let text = LibFuzzerTarget.dictionary()
        if file == "-" {
            print(text, terminator: "")
            return ExitCode.success
        }
        guard writeFile(file, text) else {
            printError("kitsim fuzz: cannot write \(file)")
            return ExitCode.cannotCreate
        }
        return ExitCode.success
    }
}

extension String {
    /// `lib.account` → `lib/account`, the path `require` searches.
    fileprivate func replacingDots() -> String { split(separator: ".", omittingEmptySubsequences: false).joined(separator: "/") }

    fileprivate func replacingSuffix(_ suffix: String) -> String { hasSuffix(suffix) ? String(dropLast(suffix.count)) : self }
}
