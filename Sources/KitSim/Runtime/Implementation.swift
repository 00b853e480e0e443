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
}

/// One message send in progress: the receiver, the selector, the arguments and, for a
/// replacement installed by `swizzle`, the implementation it replaced.
public struct Invocation {
    public unowned let heap: Heap
    public let receiver: ObjectID
    public let selector: Selector
    public let arguments: [Value]
    /// The replaced implementation, when this one was installed by `replaceMethod`.
    public let original: Implementation?

    /// The argument at `index` (0-based), or nil when absent.
    @inlinable public func argument(_ index: Int) -> Value {
        index < arguments.count ? arguments[index] : .nil
    }

    /// Calls the replaced implementation with the same receiver and the given
    /// arguments (the same ones when nil).
    public func callOriginal(_ args: [Value]? = nil) throws -> Value {
        guard let original else {
            throw SimError(.invalidUse, "\(selector) has no original implementation to call")
        }
        return try heap.invoke(original, receiver: receiver, selector: selector,
                               arguments: args ?? arguments, original: nil)
    }
}
