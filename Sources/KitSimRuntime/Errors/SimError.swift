/// The one error type of KitSim. Every failure a script or a Swift caller can cause is a
/// `SimError`, and `description` is the one place it is rendered (house style).
///
/// UIKit exceptions keep UIKit's names and exact reasons (SPEC §3.5); crashes that are
/// not exceptions in UIKit (a zombie message, an unowned read) have their own kinds so a
/// host can tell a *crash* from bad input.
public struct SimError: Error, Equatable, CustomStringConvertible, Sendable {
    public enum Kind: Equatable, Sendable {
        /// An `NSException`, e.g. `NSInvalidArgumentException`. `name` is the exception name.
        case exception(name: String)
        /// A message sent to a deallocated instance (NSZombie).
        case zombie
        /// Reading an `unowned` reference whose target has deallocated (Swift runtime trap).
        case unownedRead
        /// A strong reference to an object taken while it deallocates, which would
        /// outlive its `deinit` (Swift runtime trap).
        case retainDuringDeinit
        /// A name that does not exist (property, class, hold, …).
        case unknownName
        /// A value of the wrong type for a property or argument.
        case typeMismatch
        /// Any other misuse of the API (a duplicate class name, releasing an object that
        /// is not held, writing a read-only property).
        case invalidUse
        /// A broken heap invariant found by `verify()`. Never caused by bad input alone.
        case invariant
        /// A run limit (instructions, memory, virtual time, recursion) was exceeded.
        case limit
        /// An error raised by host code (a Lua error in a callback), carried through
        /// Swift unchanged; `payload` is the host's error value.
        case host
        /// An assertion of the scenario failed.
        case assertion
        /// An error a Swift API throws (`CancellationError`), named by its type: a value a
        /// script catches with `pcall` (a Swift `catch`), not a crash of the app.
        case thrown(name: String)
    }

    public let kind: Kind
    /// The message, or for an exception its reason.
    public let message: String
    /// The object involved, when there is one.
    public let object: ObjectID?

    /// The host's own error value, for `.host` errors (a Lua error object).
    public let payload: ForeignValue?

    /// For an unowned read, the reference that was read (`Card#4.owner`,
    /// `NSBlock#9 capture 1`).
    public let reference: String?

    /// For a bad argument, which argument of which function, what was expected and what
    /// came (`SimError.badArgument`, the one place that message is written).
    public let argument: ArgumentProblem?

    /// For a run limit, which one (`SimError.limitExceeded`, the one place its message is
    /// written).
    public let limit: Limit?

    /// What went wrong, typed (`SimError+Messages.swift` renders it into `message`, once,
    /// when the error is made); nil for a message that has no payload yet.
    public let problem: Problem?

    /// Whether the trace has it (`Heap.recordException`): each crash is recorded once,
    /// where it is raised, not again by each layer it crosses. Not part of equality.
    public internal(set) var isRecorded = false

    /// Advice a host adds after the exact text in a script's message ("; did you mean
    /// 'pushViewController'?"). Never part of `message`, `description` or the trace, so an
    /// exception's reason stays UIKit's; not part of equality.
    public var hint: String?

    /// A call from the model into a script function with more arguments than Lua's
    /// stack holds: stock Lua's "stack overflow", an ordinary error a `pcall` catches.
    public static var stackOverflow: SimError { .script(.stackOverflow) }

    public init(_ kind: Kind, _ message: String, object: ObjectID? = nil, payload: ForeignValue? = nil,
                reference: String? = nil, argument: ArgumentProblem? = nil, limit: Limit? = nil,
                problem: Problem? = nil) {
        self.argument = argument
        self.problem = problem
        self.limit = limit
        self.kind = kind
        self.message = message
        self.object = object
        self.payload = payload
        self.reference = reference
    }

    public static func == (a: SimError, b: SimError) -> Bool {
        a.kind == b.kind && a.message == b.message && a.object == b.object && a.payload?.box === b.payload?.box
            && a.reference == b.reference && a.argument == b.argument && a.limit == b.limit
            && a.problem == b.problem
    }

    /// The name a crash is reported under: the exception's name, `EXC_BAD_ACCESS` for a
    /// zombie message, Swift's `Fatal error` for its runtime traps; nil for other errors.
    public var crashName: String? {
        switch kind {
        case .exception(let name), .thrown(let name): return name
        case .zombie: return "EXC_BAD_ACCESS"
        case .unownedRead, .retainDuringDeinit: return "Fatal error"
        default: return nil
        }
    }

    /// The exception name for `.exception`, else nil.
    public var exceptionName: String? {
        if case .exception(let name) = kind { return name }
        return nil
    }

    /// Whether this error is a crash of the simulated app (uncaught exception, zombie,
    /// unowned read, retain during deinit) rather than misuse of the simulator.
    public var isCrash: Bool {
        switch kind {
        case .exception, .zombie, .unownedRead, .retainDuringDeinit: return true
        default: return false
        }
    }

    /// The one rendering of an error: a crash as `name: reason` (Swift's own line for
    /// its traps), everything else as its message. The message never carries the name,
    /// so nothing is prefixed twice.
    public var description: String {
        switch kind {
        case .exception, .unownedRead, .retainDuringDeinit, .thrown:
            return "\(crashName ?? ""): \(message)"
        default: return message
        }
    }
}

/// A run limit (SPEC §5): the payload of a `.limit` error. The C shim raises the limits it
/// enforces inside Lua itself (the hook, the trampolines and the allocator cannot call
/// Swift): the work budget's and the time limit's messages are these, handed to it when a
/// sandbox starts; the instruction budget's and the memory cap's it words the same way.
public enum Limit: Equatable, Sendable {
    /// The work budget: calls from Lua into KitSim (methods, properties, `sim.*`, `print`,
    /// `io.write`) and run-loop turns a run may make.
    case work(calls: Int64)
    /// The time limit: wall-clock seconds a run may take, whatever it executes (Lua code,
    /// the run loop; a run stuck in a C function ends the process, `kitsim_watch`).
    case time(seconds: Double)
    /// The optional instruction budget (a count hook; off unless asked for).
    case instructions
    /// The memory cap, in bytes (`--memory`).
    case memory(bytes: Int)
    /// The virtual-time cap, in seconds.
    case virtualTime(seconds: Double)
    /// The number of simulated objects a run may allocate.
    case objects(Int)
    /// Lua's stack has no room for a call's arguments.
    case luaStack
    /// More script arguments than the stack holds.
    case scriptArguments
    /// A `loadView` that never sets `view`: every access to `view` calls it again.
    case nestedViewLoads(object: String, depth: Int)
    /// A layout pass whose work keeps queueing more work.
    case layoutPass(rounds: Int)

    /// The one wording of each limit, after "limit exceeded: ".
    public var message: String {
        switch self {
        case .work(let calls): return "work budget of \(calls) calls into KitSim used up (a loop that never ends?)"
        case .time(let s): return "time limit of \(formatNumber(s)) s reached (a loop that never ends?)"
        case .instructions: return "instruction budget used up (a loop that never ends?)"
        case .memory(let bytes): return "memory cap of \(bytes) bytes reached"
        case .virtualTime(let s): return "virtual time cap of \(formatNumber(s)) s"
        case .objects(let n): return "\(n) simulated objects allocated"
        case .luaStack: return "Lua stack overflow"
        case .scriptArguments: return "too many script arguments"
        case .nestedViewLoads(let object, let depth):
            return "\(object).loadView did not set self.view: every access to view calls loadView again (stopped after \(depth) nested loads)"
        case .layoutPass(let rounds):
            return "the layout pass did not settle after \(rounds) rounds (work keeps queueing more work)"
        }
    }
}

/// What was wrong with an argument: the payload of a bad-argument error.
public struct ArgumentProblem: Equatable, Sendable {
    /// 1-based, as Lua counts (a method's receiver is not counted).
    public let position: Int
    /// The function as scripts call it (`pushViewController`, `UIWindow` for its initializer).
    public let function: String
    /// What the function takes there (`UIViewController`, `"alert" or "actionSheet"`).
    public let expected: String
    /// What it got (a class name, a Lua type name, or the value itself).
    public let got: String
    /// For an element of a table argument, its 1-based index.
    public let index: Int?
}

extension SimError {
    /// Lua's `bad argument #1 to 'pushViewController' (UIViewController expected, got nil)`,
    /// as `luaL_argerror` and `luaL_typeerror` word it. Every bad-argument message of the
    /// runtime, the model and the bridge is written here.
    public static func badArgument(_ position: Int, _ function: String, expected: String, got: String,
                                   index: Int? = nil, hint: String? = nil, kind: Kind = .typeMismatch) -> SimError {
        let at = index.map { " at index \($0)" } ?? ""
        let tail = hint.map { "; " + $0 } ?? ""
        return SimError(kind, "bad argument #\(position) to '\(function)' (\(expected) expected\(at), got \(got))\(tail)",
                        argument: ArgumentProblem(position: position, function: function, expected: expected, got: got,
                                                  index: index))
    }

    /// A bad argument whose problem is not a type (`bad argument #2 to 'tap' (… has no
    /// action titled "X")`): Lua's `luaL_argerror` with its own text.
    public static func badArgument(_ position: Int, _ function: String, _ problem: String, hint: String? = nil,
                                   kind: Kind = .invalidUse) -> SimError {
        SimError(kind, "bad argument #\(position) to '\(function)' (\(problem))" + (hint.map { "; " + $0 } ?? ""),
                 argument: ArgumentProblem(position: position, function: function, expected: problem, got: "", index: nil))
    }

    /// A run limit stopped the script: `limit exceeded: virtual time cap of 3600 s`.
    public static func limitExceeded(_ limit: Limit, object: ObjectID? = nil) -> SimError {
        SimError(.limit, "limit exceeded: " + limit.message, object: object, limit: limit)
    }
}
