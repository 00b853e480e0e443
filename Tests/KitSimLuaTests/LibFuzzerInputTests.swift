import Testing
import KitSimRuntime
import KitSimPlatform
@testable import KitSimFuzz
@testable import KitSimLua

/// The package's folder: this file is Tests/KitSimLuaTests/<file>.
private let repositoryRoot: String = {
    var path = #filePath
    for _ in 0..<3 { path = String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)]) }
    return path
}()

/// The libFuzzer target's input format (`FuzzInput`), its corpus and dictionary, and what
/// the target reports: the same code the `Fuzz/` executable calls.
@Suite struct LibFuzzerInputTests {
    static let scenarios = repositoryRoot + "/Scenarios"

    /// The scenarios' paths: every `.lua` of Scenarios/seeds/ and Scenarios/patterns/.
    static var scenarioFiles: [String] {
        ["seeds", "patterns"].flatMap { folder in
            (Platform.folderEntries(scenarios + "/" + folder) ?? []).filter { $0.hasSuffix(".lua") }.map { scenarios + "/" + folder + "/" + $0 }
        }
    }

    /// Seeded choices are SplitMix64's, so `kitsim fuzz` programs did not change.
    @Test(arguments: [1, 2, 3, 16, 100, 256, 257, 1_000, 65_536, 65_537])
    func seededChoicesAreSplitMix64s(n: Int) {
        var choices = FuzzChoices(seed: 77)
        var rng = SplitMix64(seed: 77)
        for _ in 0..<200 { #expect(choices.below(n) == rng.below(n)) }
    }

    @Test(arguments: [(1, 1), (2, 1), (256, 1), (257, 2), (65_536, 2), (65_537, 3), (1 << 24, 3), ((1 << 24) + 1, 4)])
    func aChoiceTakesAsManyBytesAsItNeeds(n: Int, bytes: Int) {
        #expect(FuzzChoices.width(n) == bytes)
    }

    /// A byte `v` chooses `v` when it is below `n` (so recorded choices replay), a larger
    /// one wraps, two bytes are read big-endian, and past the input every choice is 0.
    @Test func bytesChooseWhatTheySay() {
        var c = FuzzChoices(bytes: [3, 250, 0x01, 0x02, 9], range: 0..<5)
        #expect(c.below(10) == 3)
        #expect(c.below(100) == 50)
        #expect(c.below(1_000) == 0x0102 % 1_000)
        #expect(c.below(10) == 9)
        #expect(c.below(10) == 0)
        #expect(c.below(300) == 0)
    }

    /// Every seed's program, recorded as bytes, decodes into the very same program.
    @Test func aSeedsBytesReplayItsProgram() {
        for seed in UInt64(1)...60 {
            let program = FuzzGenerator.program(seed: seed, calls: 100)
            let bytes = FuzzInput.bytes(seed: seed, calls: 100)
            var decoded = FuzzInput.program(bytes)
            decoded.seed = seed
            #expect(decoded == program, "seed \(seed)")
        }
    }

    /// The records of a generated call: short inputs, a written-out call, a length that
    /// runs past the end, an empty input.
    @Test func recordsDecode() {
        #expect(FuzzInput.program([]).calls == [FuzzInput.finalCall])
        let literal = FuzzInput.literal("print(1)") ?? []
        #expect(literal == [0xFF, 0, 8] + Array("print(1)".utf8))
        #expect(FuzzInput.program(literal + literal).calls == ["print(1)", "print(1)", FuzzInput.finalCall])
        #expect(FuzzInput.program([0xFF, 0, 200] + Array("x = 1".utf8)).calls == ["x = 1", FuzzInput.finalCall])
        #expect(FuzzInput.program([0xFF]).calls == ["", FuzzInput.finalCall])
        // A record is its length and that many choices: [1, 1] is one call, [1, 1, 0] two
        // (the second with no choices: all 0), and a length past the end reads zeros.
        #expect(FuzzInput.program([1, 1]).calls.count == 2)
        #expect(FuzzInput.program([1, 1, 0]).calls.count == 3)
        #expect(FuzzInput.program([0]).calls == FuzzInput.program([200]).calls)
        // A record's choices are its own: changing one changes that call and where the
        // next record starts does not move.
        let a = FuzzInput.program([2, 3, 4, 2, 0, 9]), b = FuzzInput.program([2, 3, 5, 2, 0, 9])
        #expect(a.calls.count == 3 && b.calls.count == 3)
        #expect(a.calls[0] != b.calls[0])
        #expect(FuzzInput.literal(String(repeating: "x", count: 65_536)) == nil)
        #expect(FuzzInput.program([UInt8](repeating: 0, count: 3 * FuzzInput.maxCalls)).calls.count == FuzzInput.maxCalls + 1)
    }

    /// A scenario's `require`s are put in `package.preload`, transitively, modules before
    /// those that require them, and a module that cannot be read stays a `require`.
    @Test func aScenarioIsMadeSelfContained() throws {
        let modules = ["lib.a": "local b = require 'lib.b'\nreturn { n = b.n + 1 }", "lib.b": "return { n = 41 }"]
        let chunk = FuzzInput.selfContained("local a = require(\"lib.a\")\nlocal m = require(\"lib.missing\")\nANSWER = a.n") { modules[$0] }
        #expect(chunk.hasPrefix("package.preload[\"lib.b\"] = function(...)\nreturn { n = 41 }\nend\npackage.preload[\"lib.a\"]"))
        #expect(FuzzInput.requiredModules("require(\"x\") require 'y' require \"\" requirez(\"w\") require(\n\"v\")") == ["x", "y"])
        let sandbox = try LuaSandbox()
        let r = sandbox.step(chunk: chunk.replacingMissing(), name: "=t")
        #expect(r.status == .passed, "\(r.message ?? "")")
        #expect(sandbox.step(chunk: "assert(ANSWER == 42)", name: "=t").status == .passed)
    }

    /// Every scenario of `Scenarios/`, as the corpus has it, runs in the target with all its
    /// checks passing: the corpus starts libFuzzer from the states the scenarios reach.
    @Test func everyScenarioPassesTheTargetsChecks() throws {
        let files = Self.scenarioFiles
        #expect(files.count >= 60)
        for name in files {
            let text = try #require(readTextFile(name))
            // The modules as `require` finds them: the scenario's folder, then Scenarios/.
            let folders = LuaSandbox.requireFolders(of: name)
            let chunk = FuzzInput.selfContained(text) { module in
                folders.lazy.compactMap { readTextFile($0 + "/" + module.split(separator: ".").joined(separator: "/") + ".lua") }.first
            }
            let bytes = try #require(FuzzInput.literal(chunk), "\(name) fits a record")
            let result = LibFuzzerTarget.run(bytes)
            #expect(result.program.calls == [chunk, FuzzInput.finalCall])
            #expect(result.run.failure == nil, "\(name): \(result.run.failure.map { "\($0)" } ?? "")")
            #expect(result.run.statuses[.passed] == 2, "\(name) passed in the target")
        }
    }

    /// A failed check is reported with its name and a script that replays it; a clean
    /// run has no report. (No script makes a check fail: each failure is a host bug, so
    /// the failed run here is made by hand.)
    @Test func aFailedCheckIsReportedByName() throws {
        let clean = LibFuzzerTarget.run(try #require(FuzzInput.literal("error('', 0)")))
        #expect(clean.run.failure == nil)
        #expect(LibFuzzerTarget.report(clean) == nil)
        var run = clean.run
        run.failure = FuzzFailure(kind: .strandedHold, call: 0, message: "UIViewController#3 is still held for transition in flight with nothing pending")
        let report = try #require(LibFuzzerTarget.report(LibFuzzerTarget.Result(program: clean.program, run: run)))
        #expect(report.hasPrefix("""
            ==kitsim-libfuzzer== check failed: a runtime hold left behind (strandedHold)
            ==kitsim-libfuzzer== a runtime hold left behind after call 1: UIViewController#3 is still held for transition in flight with nothing pending

            """))
        #expect(report.contains("fuzzcall(function() error('', 0) end)"))
        let script = report.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("==kitsim-libfuzzer==") }
        let replayed = try #require(Fuzzer.parse(script: script.joined(separator: "\n")))
        #expect(replayed.calls == ["error('', 0)", FuzzInput.finalCall])
    }

    /// A seed per declared member: every method, class method and writable property the
    /// generator can reach has a short input whose last call names it, and runs clean.
    @Test func everyMemberHasAShortSeed() {
        let seeds = FuzzInput.memberSeeds()
        let v = FuzzVocabulary.uikit
        var wanted = Set(v.calls.map { ":" + $0.signature.luaName + "(" })
        wanted.formUnion(v.classCalls.map { "." + $0.signature.luaName + "(" })
        wanted.formUnion(v.assignments.map { "." + $0.property.name + " =" })
        #expect(Set(seeds.map(\.member)) == wanted)
        #expect(seeds.map(\.member) == seeds.map(\.member).sorted())
        for (member, bytes) in seeds {
            let program = FuzzInput.program(bytes)
            // The last call before the final `sim.run(3)` names the member.
            #expect(program.calls.dropLast().last.map { FuzzInput.memberTokens($0).contains(member) } == true, "\(member)")
            #expect(program.calls.count <= 13, "\(member): \(program.calls.count) calls")
        }
        let spring = seeds.first { $0.member == ".animate_usingSpringWithDamping(" }
        #expect(spring.map { LibFuzzerTarget.run($0.bytes).run.failure == nil } == true)
        // A seed's member call gets past its argument checks: its body runs.
        let reached = seeds.filter { FuzzInput.reachesBody(Array(FuzzInput.program($0.bytes).calls.dropLast())) }.map(\.member)
        #expect(reached.contains(".animate_usingSpringWithDamping("))
        #expect(reached.count * 10 >= seeds.count * 9, "\(reached.count) of \(seeds.count)")
    }

    /// The target's seeded mode runs `kitsim fuzz`'s program of the seed, every call checked.
    @Test func theSeededModeRunsTheSeedsProgram() {
        let r = LibFuzzerTarget.run(seed: 42, calls: 30)
        let program = FuzzGenerator.program(seed: 42, calls: 30)
        #expect(r.program == program)
        #expect(r.run.callsRun == 30)
        #expect(r.run.failure == nil)
        #expect(r.run.digests == Fuzzer.run(program).digests)
    }

    /// How a line's members are spelled.
    @Test(arguments: [
        ("V[1]:addSubview(V[2])", [":addSubview("]),
        ("UIView.animate_delay(1, 0, nil, f)", [".animate_delay("]),
        ("W[1].windowLevel = 2 W[1]:makeKeyAndVisible()", [".windowLevel =", ":makeKeyAndVisible("]),
        ("local x = C[1].view x.alpha == 1", []),
        ("f(0.5) t[1].a.b(", [".b("]),
    ])
    func memberTokens(line: String, tokens: [String]) {
        #expect(FuzzInput.memberTokens(line) == tokens)
    }

    /// The dictionary holds the declared names, quoted and escaped as libFuzzer reads them.
    @Test func theDictionaryHasTheDeclaredNames() {
        let lines = LibFuzzerTarget.dictionary().split(separator: "\n").map(String.init)
        for name in ["pushViewController", "rootViewController", "overFullScreen", "UITabBarController", "invalidate"] {
            #expect(lines.contains("\"\(name)\""), "\(name)")
        }
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("\"") && $0.hasSuffix("\"") })
        #expect(Array(lines.dropFirst()) == lines.dropFirst().sorted())
        #expect(LibFuzzerTarget.escape("a\"b\\c\u{7F}é") == "a\\\"b\\\\c\\x7F\\xC3\\xA9")
    }
}

extension String {
    /// The test's chunk, whose `lib.missing` stays a `require`, with that line dropped.
    fileprivate func replacingMissing() -> String {
        split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.contains("lib.missing") }.joined(separator: "\n")
    }
}

/// Inputs the libFuzzer target failed on, kept in `Fuzz/regressions/` once fixed: each
/// must now run clean (their minimised scripts are tests of their own too).
@Suite struct LibFuzzerRegressionTests {
    static let folder = repositoryRoot + "/Fuzz/regressions"

    static var inputs: [String] { (Platform.folderEntries(folder) ?? []).filter { !$0.hasPrefix(".") } }

    @Test func thereAreRegressions() { #expect(!Self.inputs.isEmpty) }

    @Test(arguments: inputs) func aFixedInputRunsClean(_ name: String) throws {
        let bytes = try #require(Platform.readBytes(Self.folder + "/" + name))
        let result = LibFuzzerTarget.run(bytes)
        #expect(result.run.failure == nil, "\(name): \(result.run.failure.map { "\($0)" } ?? "")")
    }
}
