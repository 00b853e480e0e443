import KitSimLua

/// What the libFuzzer target (`Fuzz/`, built by `scripts/fuzz-libfuzzer.sh`) does with one
/// input, kept here so that the command line and the tests run the very same code: decode
/// the bytes (`FuzzInput`), run the program in a fresh sandbox with every check
/// `kitsim fuzz` makes after each call, and describe a failure.
public enum LibFuzzerTarget {
    /// The outcome of one input.
    public struct Result: Sendable {
        public let program: FuzzProgram
        public let run: FuzzRun
    }

    /// Runs the program `bytes` describe, checking after every call.
    public static func run(_ bytes: [UInt8], vocabulary: FuzzVocabulary = .uikit) -> Result {
        let program = FuzzInput.program(bytes, vocabulary: vocabulary)
        return Result(program: program, run: Fuzzer.run(program))
    }

    /// Runs the program of `seed` (`kitsim fuzz --seed S --calls-per-seed K`'s), checking
    /// after every call: the target's seeded mode, which runs `kitsim fuzz`'s programs
    /// under the target's instrumentation without its coverage guidance, so that the two
    /// searches' coverage compares at equal cost.
    public static func run(seed: UInt64, calls: Int, vocabulary: FuzzVocabulary = .uikit) -> Result {
        let program = FuzzGenerator.program(seed: seed, calls: calls, vocabulary: vocabulary)
        return Result(program: program, run: Fuzzer.run(program))
    }

    /// The report the target prints before it traps: the check that failed, where, and the
    /// script that replays it (`kitsim fuzz --from-libfuzzer FILE` prints it again from the
    /// crash file libFuzzer writes).
    public static func report(_ result: Result) -> String? {
        guard let f = result.run.failure else { return nil }
        let script = Fuzzer.script(result.program, note: "from a libFuzzer input, \(f.kind.rawValue) after call \(f.call + 1)")
        return "==kitsim-libfuzzer== check failed: \(f.kind.rawValue) (\(f.kindName))\n"
            + "==kitsim-libfuzzer== \(f)\n"
            + "==kitsim-libfuzzer== replay (kitsim fuzz --from-libfuzzer CRASH-FILE prints this again):\n"
            + script
    }

    /// A libFuzzer dictionary (`-dict=`): the declared class, method, property, static and
    /// enumeration case names as quoted tokens, sorted, one per line. They help mutations
    /// of the written-out calls (the scenarios of `Scenarios/`).
    public static func dictionary(_ vocabulary: FuzzVocabulary = .uikit) -> String {
        var names = Set<String>()
        for c in vocabulary.classes {
            names.insert(c.name)
            for m in c.methods { names.insert(m.luaName) }
            for p in c.properties { names.insert(p.name) }
            for s in c.statics { names.insert(s.name) }
            for e in c.enums { names.formUnion(e.cases) }
        }
        // Lua's own words, which a written-out call needs around the declared names.
        names.formUnion(["function", "end", "local", "nil", "true", "false"])
        var lines = ["# kitsim fuzz --write-dictionary: names from the class declarations"]
        for name in names.sorted() where !name.isEmpty { lines.append("\"\(escape(name))\"") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// libFuzzer's dictionary escapes: a backslash, a quote and anything outside printable
    /// ASCII as `\xHH`.
    static func escape(_ s: String) -> String {
        var out = ""
        for b in s.utf8 {
            switch b {
            case UInt8(ascii: "\\"): out += "\\\\"
            case UInt8(ascii: "\""): out += "\\\""
            case 0x20..<0x7F: out.append(Character(Unicode.Scalar(b)))
            default:
                let hex = Array("0123456789ABCDEF")
                out += "\\x\(hex[Int(b >> 4)])\(hex[Int(b & 15)])"
            }
        }
        return out
    }
}

extension FuzzFailure {
    /// The check's name in code (`strandedHold`), which the target's report and the test
    /// of the planted defect match.
    public var kindName: String { "\(kind)" }
}
