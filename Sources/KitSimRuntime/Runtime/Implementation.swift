/// A method's body: Swift code, a host function (a Lua function registered by the
/// bridge), or a replacement that wraps the original (`swizzle` with access to it).
public enum Implementation {
    case native(NativeMethod)
    /// A declared method with parameters (`Heap.install`, `setMethod(_:on:)`): its body
    /// behind its signature's argument check.
    case declared(DeclaredMethod)
    case foreign(ForeignBox)
    indirect case replacing(Implementation, original: Implementation)
}

/// A method written in Swift.
public typealias NativeMethod = (Invocation) throws -> Value

/// An invocation's replaced implementation (see `Invocation.original`).
final class ImplementationBox {
    let implementation: Implementation
    init(_ implementation: Implementation) { self.implementation = implementation }
}

/// Runs host implementations. The Lua bridge installs one so that UIKit calling
/// `viewDidLoad` on a Lua subclass runs the Lua function (SPEC §1).
public protocol ForeignDispatcher: AnyObject {
    /// Runs a host method implementation for a message send.
    func invoke(_ function: ForeignBox, _ invocation: Invocation) throws -> Value
    /// Calls a host function as a plain callback (a completion, a timer, a handler).
    func call(_ function: ForeignBox, _ arguments: [Value]) throws -> Value
    /// A host table as the NSArray or NSDictionary it stands for (SPEC rule 26), its
    /// objects named from `path` in errors; nil when the value is not such a table.
    func snapshot(_ value: ForeignBox, path: String, owner: ObjectID) throws -> Value?
    /// For a host function, what it captures as Swift would: where it was written and
    /// every simulated object its upvalues hold (`ClosureCaptures`); nil for any other value.
    func closureCaptures(_ function: ForeignBox) throws -> ClosureCaptures?

    // Coroutines: a Swift concurrency task's body runs as one (the model's `Task`). The
    // host suspends one only where a call from its own body asks it to, after the Swift
    // frame of that call has returned (DEVELOPERS.md rule 1).

    /// A new, not yet started coroutine running host function `function` (with
    /// `arguments` when first resumed); nil when `function` is not a host function.
    func makeCoroutine(_ function: ForeignBox) throws -> ForeignBox?
    /// Runs `coroutine` until it suspends or ends. The first time it starts the function
    /// with `values`; after a suspension `values` become the results of the call that
    /// suspended it, or `raising` is raised there.
    func resume(_ coroutine: ForeignBox, _ values: [Value], raising: SimError?) throws -> CoroutineStep
    /// Whether the call running now comes from `coroutine`'s own body, where it may await:
    /// not from a callback the model runs, nor from a coroutine the body made itself.
    func canSuspend(_ coroutine: ForeignBox) -> Bool
    /// Asks the host to suspend the calling coroutine when the call running now returns
    /// (after `canSuspend` said it may).
    func suspendCaller()
    /// Where a suspended coroutine waits (`file.lua:12`), and the simulated objects the
    /// local variables of its frames hold: an async function's frame keeps them while
    /// it is suspended, as Swift's does.
    func suspendedFrames(_ coroutine: ForeignBox) -> SuspendedFrames
}

/// How a coroutine's resumption ended (`ForeignDispatcher.resume`).
public enum CoroutineStep {
    /// It suspended at an await.
    case suspended
    /// Its function returned; its first result.
    case returned(Value)
    /// An error ended it; for an exception value of KitSim's own, its name.
    case failed(SimError, exceptionName: String?)
}

/// What a suspended coroutine holds (`ForeignDispatcher.suspendedFrames`).
public struct SuspendedFrames: Sendable {
    /// The line it waits at, `file.lua:12`.
    public let site: String
    /// The objects its frames' local variables hold, strongly, each named by the local
    /// and its function (`'self' in loop (feed.lua:24)`); weak boxes are not held.
    public let locals: [ClosureCaptures.Capture]

    public init(site: String, locals: [ClosureCaptures.Capture]) {
        self.site = site
        self.locals = locals
    }
}

extension ForeignDispatcher {
    public func makeCoroutine(_ function: ForeignBox) throws -> ForeignBox? { nil }
    public func resume(_ coroutine: ForeignBox, _ values: [Value], raising: SimError?) throws -> CoroutineStep {
        .failed(SimError(.invalidUse, "this host runs no coroutines"), exceptionName: nil)
    }
    public func canSuspend(_ coroutine: ForeignBox) -> Bool { false }
    public func suspendCaller() {}
    public func suspendedFrames(_ coroutine: ForeignBox) -> SuspendedFrames { SuspendedFrames(site: "?", locals: []) }
}

extension Heap {
    /// A value a model stores or passes on as Foundation would copy it: a host table
    /// becomes the NSArray or NSDictionary it stands for (SPEC rule 26: `Timer#12.userInfo`,
    /// a notification's `userInfo`); every other value is itself.
    public func snapshot(_ value: Value, path: String, owner: ObjectID) throws -> Value {
        guard case .foreign(let f) = value, let d = foreignDispatcher else { return value }
        return try d.snapshot(f.box, path: path, owner: owner) ?? value
    }
}

/// The arguments of a message send, the first three stored inline, so that a send
/// with few arguments (nearly all of them) builds no array (the Lua bridge
/// sends a message per method call).
///
/// Inline arguments are scalars (nil, a flag, a number, an object id, a time) kept as a
/// kind and eight bytes, so that ending a send destroys nothing but one optional array:
/// a `Value` per argument would cost an outlined destroy that switches on each one's
/// case on every send. Arguments with any other value (a string, a rectangle, a host
/// table), or more than three, are kept as values in that array.
public struct Arguments: RandomAccessCollection, ExpressibleByArrayLiteral {
    public let count: Int
    @usableFromInline var k0: Kind = .nil, k1: Kind = .nil, k2: Kind = .nil
    @usableFromInline var p0: UInt64 = 0, p1: UInt64 = 0, p2: UInt64 = 0
    /// Every argument, when one is not a scalar or there are more than three.
    @usableFromInline var boxed: [Value]? = nil

    /// What an inline argument's eight bytes hold.
    @usableFromInline enum Kind: UInt8 {
        case `nil`, bool, int, double, object, time
    }

    @inlinable @inline(__always) public init() { count = 0 }
    @inlinable @inline(__always) public init(_ a0: Value) {
        count = 1
        guard Arguments.store(a0, &k0, &p0) else { boxed = [a0]; return }
    }
    @inlinable @inline(__always) public init(_ a0: Value, _ a1: Value) {
        count = 2
        guard Arguments.store(a0, &k0, &p0), Arguments.store(a1, &k1, &p1) else { boxed = [a0, a1]; return }
    }
    @inlinable @inline(__always) public init(_ a0: Value, _ a1: Value, _ a2: Value) {
        count = 3
        guard Arguments.store(a0, &k0, &p0), Arguments.store(a1, &k1, &p1), Arguments.store(a2, &k2, &p2) else {
            boxed = [a0, a1, a2]
            return
        }
    }
    /// Scalar arguments a host read by their declared types (`DeclaredMethod`): nothing to
    /// box, so nothing to destroy.
    @inlinable @inline(__always) public init(scalars a0: Scalar) {
        count = 1
        k0 = a0.kind; p0 = a0.payload
    }
    @inlinable @inline(__always) public init(scalars a0: Scalar, _ a1: Scalar) {
        count = 2
        k0 = a0.kind; p0 = a0.payload
        k1 = a1.kind; p1 = a1.payload
    }
    @inlinable @inline(__always) public init(scalars a0: Scalar, _ a1: Scalar, _ a2: Scalar) {
        count = 3
        k0 = a0.kind; p0 = a0.payload
        k1 = a1.kind; p1 = a1.payload
        k2 = a2.kind; p2 = a2.payload
    }

    /// One inline argument: nil, a flag, a number or an object id.
    public struct Scalar {
        @usableFromInline let kind: Kind
        @usableFromInline let payload: UInt64
        @inlinable init(_ kind: Kind, _ payload: UInt64) { self.kind = kind; self.payload = payload }
        public static var `nil`: Scalar { @inline(__always) get { Scalar(.nil, 0) } }
        @inlinable @inline(__always) public static func bool(_ b: Bool) -> Scalar { Scalar(.bool, b ? 1 : 0) }
        @inlinable @inline(__always) public static func int(_ i: Int) -> Scalar { Scalar(.int, UInt64(bitPattern: Int64(i))) }
        @inlinable @inline(__always) public static func double(_ d: Double) -> Scalar { Scalar(.double, d.bitPattern) }
        @inlinable @inline(__always) public static func object(_ id: ObjectID) -> Scalar { Scalar(.object, UInt64(id.raw)) }
    }

    public init(_ values: [Value]) {
        switch values.count {
        case 0: self.init()
        case 1: self.init(values[0])
        case 2: self.init(values[0], values[1])
        case 3: self.init(values[0], values[1], values[2])
        default: self.init(boxing: values)
        }
    }

    @usableFromInline init(boxing values: [Value]) {
        count = values.count
        boxed = values
    }
    public init(arrayLiteral elements: Value...) { self.init(elements) }

    /// Builds arguments one at a time (a host converting its own values).
    public init(count: Int, _ element: (Int) throws -> Value) rethrows {
        switch count {
        case ..<1: self.init()
        case 1: self.init(try element(0))
        case 2: self.init(try element(0), try element(1))
        case 3: self.init(try element(0), try element(1), try element(2))
        default: self.init(boxing: try (0..<count).map(element))
        }
    }

    /// Keeps a scalar inline; false for any other value.
    @inlinable @inline(__always)
    static func store(_ v: Value, _ kind: inout Kind, _ payload: inout UInt64) -> Bool {
        switch v {
        case .nil: kind = .nil
        case .bool(let b): kind = .bool; payload = b ? 1 : 0
        case .int(let i): kind = .int; payload = UInt64(bitPattern: Int64(i))
        case .double(let d): kind = .double; payload = d.bitPattern
        case .object(let id): kind = .object; payload = UInt64(id.raw)
        case .time(let t): kind = .time; payload = UInt64(bitPattern: t)
        default: return false
        }
        return true
    }

    @inlinable @inline(__always)
    static func load(_ kind: Kind, _ payload: UInt64) -> Value {
        switch kind {
        case .nil: return .nil
        case .bool: return .bool(payload != 0)
        case .int: return .int(Int(Int64(bitPattern: payload)))
        case .double: return .double(Double(bitPattern: payload))
        case .object: return .object(ObjectID(UInt32(truncatingIfNeeded: payload)))
        case .time: return .time(Int64(bitPattern: payload))
        }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    @inlinable public subscript(index: Int) -> Value {
        if let boxed { return boxed[index] }
        switch index {
        case 0: return Arguments.load(k0, p0)
        case 1: return Arguments.load(k1, p1)
        default: return Arguments.load(k2, p2)
        }
    }

    /// The arguments as an array (allocates when there are any).
    public var array: [Value] { boxed ?? Array(self) }
}

/// One message send in progress: the receiver, the selector, the arguments and, for a
/// replacement installed by `swizzle`, the implementation it replaced.
public struct Invocation {
    /// The heap of the receiver. Unowned and unchecked: an invocation lives only during
    /// the send, while the heap is alive (no reference counting per send).
    public unowned(unsafe) let heap: Heap
    public let receiver: ObjectID
    public let selector: Selector
    /// The arguments, stored inline (see `Arguments`).
    public let args: Arguments
    /// The replaced implementation, when this one was installed by `replaceMethod`. Read it
    /// during the send, as `heap` (the send keeps it alive).
    public var original: Implementation? { replaced?.takeUnretainedValue().implementation }
    /// `original` in a box the send that made the invocation keeps alive for its duration
    /// (`Heap.invoke`): a reference counted nowhere, so that ending a send has only the
    /// arguments to destroy.
    let replaced: Unmanaged<ImplementationBox>?

    /// `replaced` must stay alive while the invocation is in use.
    @inline(__always)
    init(heap: Heap, receiver: ObjectID, selector: Selector, args: consuming Arguments,
         replaced: Unmanaged<ImplementationBox>? = nil) {
        self.heap = heap
        self.receiver = receiver
        self.selector = selector
        self.args = args
        self.replaced = replaced
    }

    /// The arguments as an array (allocates; `argument(_:)` and `args` do not).
    public var arguments: [Value] { args.array }

    /// How many arguments the send passed.
    @inlinable public var argumentCount: Int { args.count }

    /// The argument at `index` (0-based), or nil when absent.
    @inlinable public func argument(_ index: Int) -> Value {
        index < args.count ? args[index] : .nil
    }

    /// Calls the replaced implementation with the same receiver and the given
    /// arguments (the same ones when nil).
    public func callOriginal(_ args: [Value]? = nil) throws -> Value {
        guard let original else {
            throw SimError.misuse(.noOriginalImplementation(selector: "\(selector)"))
        }
        return try heap.invoke(original, receiver: receiver, selector: selector,
                               args: args.map { Arguments($0) } ?? self.args, original: nil)
    }
}
