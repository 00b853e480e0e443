/// Command-line options, parsed by hand (no outside packages).
struct Options {
    /// Objects per measurement (the chain length, the tree size, the cycle heap size).
    var count = 1_000_000
    /// Repetitions of each timed measurement; the median is reported.
    var repetitions = 5
    /// Sections to run (all when empty): tree, chain, memory, leaks.
    var only: Set<String> = []
    /// `--smoke`: everything at 10,000 objects (CI checks the benchmark still works).
    var smoke = false

    static let sections: Set<String> = ["tree", "chain", "memory", "leaks"]

    static let usage = """
        usage: kitsim-bench [--smoke] [--count N] [--reps N] [--only SECTION[,SECTION…]]

          --smoke        run every measurement at 10,000 objects (quick; CI runs this)
          --count N      objects per measurement (default 1,000,000)
          --reps N       repetitions of each timed measurement, median reported (default 5)
          --only LIST    run only these sections: tree, chain, memory, leaks
          --help         show this text
        """

    func wants(_ section: String) -> Bool { only.isEmpty || only.contains(section) }

    /// Parses the arguments, or returns the message to print and exit with.
    static func parse(_ arguments: [String]) -> Result<Options, UsageError> {
        var o = Options()
        var countGiven = false
        var i = 0
        func value(_ flag: String) throws(UsageError) -> String {
            i += 1
            guard i < arguments.count else { throw UsageError("\(flag) needs a value") }
            return arguments[i]
        }
        func positive(_ flag: String) throws(UsageError) -> Int {
            let text = try value(flag).replacingUnderscores()
            guard let n = Int(text), n > 0 else { throw UsageError("\(flag) needs a positive integer, got '\(text)'") }
            return n
        }
        do throws(UsageError) {
            while i < arguments.count {
                let arg = arguments[i]
                switch arg {
                case "--smoke": o.smoke = true
                case "--count": o.count = try positive(arg); countGiven = true
                case "--reps": o.repetitions = try positive(arg)
                case "--only":
                    let list = try value(arg).split(separator: ",").map(String.init)
                    for s in list where !sections.contains(s) {
                        throw UsageError("unknown section '\(s)' (expected tree, chain, memory or leaks)")
                    }
                    o.only.formUnion(list)
                case "--help", "-h": throw UsageError(usage, isHelp: true)
                default: throw UsageError("unknown argument '\(arg)'")
                }
                i += 1
            }
        } catch {
            return .failure(error)
        }
        if o.smoke && !countGiven { o.count = 10_000 }
        if o.count < 2 { return .failure(UsageError("--count must be at least 2")) }
        return .success(o)
    }
}

struct UsageError: Error {
    let message: String
    let isHelp: Bool
    init(_ message: String, isHelp: Bool = false) { self.message = message; self.isHelp = isHelp }
}

extension String {
    /// `1_000_000` → `1000000`.
    func replacingUnderscores() -> String { String(filter { $0 != "_" }) }
}
