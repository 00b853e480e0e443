/// A method's body: Swift code, a host function (a Lua function registered by the
/// bridge), or a replacement that wraps the original (`swizzle` with access to it).
public enum Implementation {
    case native(NativeMethod)
    case foreign(ForeignBox)
    indirect case replacing(Implementation, original: Implementation)
}

/// A method written in Swift.
public typealias NativeMethod = (Invocation) throws -> Value

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
public struct Arguments: RandomAccessCollection, ExpressibleByArrayLiteral {
    public let count: Int
    @usableFromInline var a0: Value = .nil
    @usableFromInline var a1: Value = .nil
    @usableFromInline var a2: Value = .nil
    /// Every argument when there are more than three.
    @usableFromInline var rest: [Value]? = nil

    public init() { count = 0 }
    public init(_ a0: Value) { count = 1; self.a0 = a0 }
    public init(_ a0: Value, _ a1: Value) { count = 2; self.a0 = a0; self.a1 = a1 }
    public init(_ a0: Value, _ a1: Value, _ a2: Value) { count = 3; self.a0 = a0; self.a1 = a1; self.a2 = a2 }
    public init(_ values: [Value]) {
        count = values.count
        switch values.count {
        case 0: break
        case 1: a0 = values[0]
        case 2: a0 = values[0]; a1 = values[1]
        case 3: a0 = values[0]; a1 = values[1]; a2 = values[2]
        default: rest = values
        }
    }
    public init(arrayLiteral elements: Value...) { self.init(elements) }

    /// Builds arguments one at a time (a host converting its own values).
    public init(count: Int, _ element: (Int) throws -> Value) rethrows {
        self.count = count
        switch count {
        case 0: break
        case 1: a0 = try element(0)
        case 2: a0 = try element(0); a1 = try element(1)
        case 3: a0 = try element(0); a1 = try element(1); a2 = try element(2)
        default: rest = try (0..<count).map(element)
        }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    @inlinable public subscript(index: Int) -> Value {
        if let rest { return rest[index] }
        switch index {
        case 0: return a0
        case 1: return a1
        default: return a2
        }
    }

    /// The arguments as an array (allocates when there are any).
    public var array: [Value] { rest ?? Array(self) }
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
    /// The replaced implementation, when this one was installed by `replaceMethod`.
    public let original: Implementation?

    init(heap: Heap, receiver: ObjectID, selector: Selector, args: consuming Arguments, original: Implementation?) {
        self.heap = heap
        self.receiver = receiver
        self.selector = selector
        self.args = args
        self.original = original
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
            throw SimError(.invalidUse, "\(selector) has no original implementation to call")
        }
        return try heap.invoke(original, receiver: receiver, selector: selector,
                               args: args.map(Arguments.init) ?? self.args, original: nil)
    }
}
