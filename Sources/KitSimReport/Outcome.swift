import KitSimRuntime

/// What a scenario run came to (SPEC §6), for Swift tests and the command line.
public struct Outcome: Sendable {
    public enum Status: String, Sendable {
        /// The script ran to its end.
        case passed
        /// An uncaught exception or another crash of the simulated app.
        case crashed
        /// An `expect(...)` failed.
        case assertionFailed = "assertion failed"
        /// A Lua error or misuse of the API.
        case scriptError = "script error"
        /// An instruction, memory or virtual-time limit stopped the run.
        case limitExceeded = "limit exceeded"
        /// The script ran to its end but left a leak it does not expect
        /// (`expect(obj).to.leak()` marks the expected ones): `kitsim test`'s failure
        /// (`failingUnexpectedLeaks`). A run never ends with it by itself, so `kitsim run`
        /// passes such a script and reports the leak on standard error.
        case leaked

        /// The process exit code `kitsim run` uses.
        public var exitCode: Int32 {
            switch self {
            case .passed: return 0
            // A leak the scenario does not expect fails the test rule as a failed
            // `expect` fails its own.
            case .assertionFailed, .leaked: return 1
            case .crashed: return 2
            case .scriptError: return 3
            case .limitExceeded: return 4
            }
        }
    }

    /// An uncaught exception (or zombie message, or unowned read).
    public struct Crash: Equatable, Sendable, CustomStringConvertible {
        public let name: String
        public let reason: String
        public let object: ObjectID?
        /// When `object` was already deallocated (a zombie message, an unowned read): how
        /// it died, the last owner it lost and why (`Heap.deathSentence`).
        public let death: String?
        public var description: String { "\(name): \(reason)" }

        package init(name: String, reason: String, object: ObjectID?, death: String? = nil) {
            self.name = name
            self.reason = reason
            self.object = object
            self.death = death
        }
    }

    /// An object of the run, looked up by label.
    public struct ObjectInfo: Equatable, Sendable {
        public let id: ObjectID
        public let className: String
        public let isDeallocated: Bool
        public let retainCount: Int
        /// `sim.why(obj)` at the end of the run: what keeps it alive, or how it died.
        public let why: String
        /// `sim.history(obj)`: every retain, release and state change, with its source line.
        public let history: String

        public init(id: ObjectID, className: String, isDeallocated: Bool, retainCount: Int, why: String = "", history: String = "") {
            self.id = id
            self.className = className
            self.isDeallocated = isDeallocated
            self.retainCount = retainCount
            self.why = why
            self.history = history
        }
    }

    public let status: Status
    public let crash: Crash?
    /// The error or assertion message, with its traceback.
    public let message: String?
    public let leaks: [Leak]
    /// Each of `leaks` as its `kind: message` line (`LeakText.line`), rendered with the
    /// run's heap, which the outcome does not keep.
    public let leakLines: [String]
    /// The leaks the scenario does not expect, grouped by their suspects, each with its
    /// traces' statuses, the suspects underlined and the suggested change
    /// (`LeakTraceText.groups`), rendered with the run's heap; empty without such leaks.
    public let leakGroups: String
    /// For each of `leaks`, whether the scenario said it expects it: `expect(obj).to.leak()`
    /// held, during the run, for one of its objects (the abandoned controller, a member of
    /// the cycle) or for an object that one of them kept alive then.
    public let leakExpected: [Bool]
    /// Lines printed by `print` and `sim.log`.
    public let output: [String]
    /// The stable text of the trace.
    public let trace: String
    /// Every labelled object at the end of the run.
    public let labelled: [String: ObjectInfo]
    /// Heap invariant violations at the end (empty when `sim.verify()` would pass).
    public let invariantViolations: [String]

    package init(status: Status, crash: Crash?, message: String?, leaks: [Leak], leakLines: [String], leakExpected: [Bool] = [], leakGroups: String = "",
                 output: [String], trace: String, labelled: [String: ObjectInfo], invariantViolations: [String]) {
        self.status = status
        self.crash = crash
        self.message = message
        self.leaks = leaks
        self.leakLines = leakLines
        self.leakGroups = leakGroups
        self.leakExpected = leakExpected
        self.output = output
        self.trace = trace
        self.labelled = labelled
        self.invariantViolations = invariantViolations
    }

    /// Whether the scenario expects leak `index` of `leaks` (`leakExpected`).
    public func isExpected(leak index: Int) -> Bool {
        leakExpected.indices.contains(index) && leakExpected[index]
    }

    /// The leaks the scenario does not expect: those `kitsim test` fails it for.
    public var unexpectedLeaks: [Leak] { leaks.indices.filter { !isExpected(leak: $0) }.map { leaks[$0] } }

    /// The lines of `unexpectedLeaks` (`LeakText.line`).
    public var unexpectedLeakLines: [String] {
        leakLines.indices.filter { !isExpected(leak: $0) }.map { leakLines[$0] }
    }

    /// `leakLines` as a failure report lists them: an expected leak's line ends with
    /// `(expected)`, so the reader sees which leak broke the rule and which ones the
    /// scenario makes on purpose.
    public var markedLeakLines: [String] {
        leakLines.indices.map { isExpected(leak: $0) ? leakLines[$0] + " " + Self.expectedMark : leakLines[$0] }
    }

    /// What `markedLeakLines` adds to an expected leak's line.
    public static let expectedMark = "(expected)"

    /// `kitsim test`'s leak rule (MLeaksFinder's "every popped screen must die",
    /// LeakCanary's `DetectLeaksAfterTestSuccess`): a script that ran to its end but left
    /// a leak it does not expect fails as `leaked`, with the headline `file: leaked: …`
    /// naming the first such leak. Any other outcome is returned as it is: a failure says
    /// what failed first, and its report lists the leaks anyway.
    public func failingUnexpectedLeaks(file: String) -> Outcome {
        let unexpected = unexpectedLeakLines
        guard status == .passed, let first = unexpected.first else { return self }
        var headline = "\(file): leaked: \(first)"
        if unexpected.count > 1 { headline += " (and \(unexpected.count - 1) more)" }
        let hint = "a scenario that makes a leak on purpose says so with expect(obj).to.leak(); kitsim test --allow-leaks does not check leaks"
        return Outcome(status: .leaked, crash: nil, message: headline + "\n" + hint, leaks: leaks, leakLines: leakLines,
                       leakExpected: leakExpected, output: output, trace: trace, labelled: labelled,
                       invariantViolations: invariantViolations)
    }

    /// Where the run stopped: the `file:line` its message starts with (the line that
    /// raised the crash, failed assertion or script error), or nil.
    public var location: (file: String, line: Int)? {
        guard let first = message?.split(separator: "\n", maxSplits: 1).first else { return nil }
        return Self.leadingLocation(of: first)
    }

    /// The `file:line` a message starts with ("file.lua:12: …": the first ":digits:" after
    /// a non-empty file part), or nil.
    public static func leadingLocation(of text: some StringProtocol) -> (file: String, line: Int)? {
        let first = text.prefix { $0 != "\n" }
        var i = first.startIndex
        while let colon = first[i...].firstIndex(of: ":") {
            let digits = first[first.index(after: colon)...].prefix { $0.isASCII && $0.isNumber }
            let end = digits.endIndex
            if colon > first.startIndex, !digits.isEmpty, end < first.endIndex, first[end] == ":", let line = Int(digits) {
                return (String(first[..<colon]), line)
            }
            i = first.index(after: colon)
        }
        return nil
    }

    /// The object labelled `label` with `sim.label(obj, label)`.
    public func object(labeled label: String) -> ObjectInfo? { labelled[label] }
}
