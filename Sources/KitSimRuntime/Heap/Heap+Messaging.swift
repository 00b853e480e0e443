extension Heap {
    /// Sends `selector` to `id` (`objc_msgSend`). A dead receiver is a zombie crash; a
    /// selector the class does not implement is UIKit's "unrecognized selector"
    /// `NSInvalidArgumentException`. The receiver stays alive until the call returns.
    public func send(_ id: ObjectID, _ selector: Selector, _ arguments: [Value]) throws -> Value {
        try send(id, selector, args: Arguments(arguments))
    }

    /// `send` without arguments (UIKit calling `viewDidLoad`).
    public func send(_ id: ObjectID, _ selector: Selector) throws -> Value {
        try send(id, selector, args: Arguments())
    }

    /// `send` with arguments stored inline (no array).
    public func send(_ id: ObjectID, _ selector: Selector, args: consuming Arguments) throws -> Value {
        if !isUsable(id) { try failUnusable(id, selector.name) }
        guard let imp = classOf(id).methods[selector] else {
            throw unrecognizedSelector(id, selector.name)
        }
        return try invoke(imp, receiver: id, selector: selector, args: args, original: nil)
    }

    /// `send` with the implementation the caller looked up: `imp` must be what
    /// `classOf(id).implementation(for: selector)` returns, which a host may cache per
    /// class while `SimClass.methodsVersion` is unchanged (the Lua bridge does).
    @inline(__always)
    public func send(_ id: ObjectID, _ selector: Selector, implementation imp: Implementation, args: consuming Arguments) throws -> Value {
        if !isUsable(id) { try failUnusable(id, selector.name) }
        return try invoke(imp, receiver: id, selector: selector, args: args, original: nil)
    }

    /// Sends `selector` using `cls`'s implementation: a super call
    /// (`UIViewController.viewDidLoad(self)` in Lua). `id` must be a `cls`.
    public func send(_ id: ObjectID, _ selector: Selector, as cls: SimClass, _ arguments: [Value] = []) throws -> Value {
        try send(id, selector, as: cls, args: Arguments(arguments))
    }

    /// A super call with arguments stored inline.
    public func send(_ id: ObjectID, _ selector: Selector, as cls: SimClass, args: consuming Arguments) throws -> Value {
        try checkUsable(id, selector.name)
        guard classOf(id).isSubclass(of: cls) else {
            throw SimError(.typeMismatch, "\(cls.name).\(selector) called on \(describe(id)), which is not a \(cls.name)", object: id)
        }
        guard let imp = cls.methods[selector] else {
            throw unrecognizedSelector(id, selector.name, className: cls.name)
        }
        return try invoke(imp, receiver: id, selector: selector, args: args, original: nil)
    }

    /// UIKit's words: `-[UIViewController goToPage]: unrecognized selector sent to instance #7`.
    public func unrecognizedSelector(_ id: ObjectID, _ selector: String, className: String? = nil) -> SimError {
        .invalidArgument("-[\(className ?? classOf(id).name) \(selector)]: unrecognized selector sent to instance \(id)", object: id)
    }

    /// Calls the class method `selector` of `cls` (inherited ones included). Its
    /// invocation has no receiver: `receiver` is id 0, which names no object.
    public func sendClassMethod(_ cls: SimClass, _ selector: Selector, args: consuming Arguments) throws -> Value {
        guard let imp = cls.classMethod(for: selector) else {
            throw SimError.invalidArgument("+[\(cls.name) \(selector)]: unrecognized selector sent to class \(cls.name)")
        }
        return try dispatch(imp, Invocation(heap: self, receiver: ObjectID(0), selector: selector, args: args, original: nil))
    }

    /// Runs an implementation with `receiver` kept alive for the duration.
    public func invoke(_ imp: Implementation, receiver: ObjectID, selector: Selector,
                       arguments: [Value], original: Implementation?) throws -> Value {
        try invoke(imp, receiver: receiver, selector: selector, args: Arguments(arguments), original: original)
    }

    /// `invoke` with arguments stored inline.
    public func invoke(_ imp: Implementation, receiver: ObjectID, selector: Selector,
                       args: consuming Arguments, original: Implementation?) throws -> Value {
        let raw = receiver.raw
        activeCalls[Int(raw)] &+= 1
        if tracesCalls { record(.call, detail: intern(selector.name), object: raw) }
        let result: Value
        do {
            result = try dispatch(imp, Invocation(heap: self, receiver: receiver, selector: selector,
                                                  args: args, original: original))
        } catch {
            try? endCall(raw)
            throw error
        }
        try finishCall(raw)
        return result
    }

    /// `send` of a native body the host looked up and cached (the Lua bridge's method
    /// slots): `body` must be what `implementation(for: selector)` of the
    /// receiver's class returns as `.native`, while `SimClass.methodsVersion` is unchanged.
    /// The semantics of `send` hold: a dead receiver is a zombie crash, the receiver stays
    /// alive for the call, the call is traced when calls are. No dispatch on
    /// `Implementation`, and no `original` to copy into the invocation.
    public func sendNative(_ id: ObjectID, _ selector: Selector, _ body: NativeMethod, args: consuming Arguments) throws -> Value {
        if !isUsable(id) { try failUnusable(id, selector.name) }
        let raw = id.raw
        activeCalls[Int(raw)] &+= 1
        if tracesCalls { record(.call, detail: intern(selector.name), object: raw) }
        let result: Value
        do {
            result = try body(Invocation(heap: self, receiver: id, selector: selector, args: args, original: nil))
        } catch {
            try? endCall(raw)
            throw error
        }
        try finishCall(raw)
        return result
    }

    /// `endCall` with its common case inline: the receiver has other calls running or an
    /// owner left, so the call only ends.
    @inline(__always)
    private func finishCall(_ raw: UInt32) throws {
        let t = Int(raw)
        if activeCalls[t] != 1 || retainCounts[t] != 0 {
            activeCalls[t] &-= 1
        } else {
            try endCall(raw)
        }
    }

    private func dispatch(_ imp: Implementation, _ inv: Invocation) throws -> Value {
        switch imp {
        case .native(let body):
            return try body(inv)
        case .foreign(let fn):
            guard let dispatcher = foreignDispatcher else {
                throw SimError(.invalidUse, "no host is attached to run \(inv.selector)")
            }
            return try dispatcher.invoke(fn, inv)
        case .replacing(let replacement, let original):
            return try dispatch(replacement, Invocation(heap: inv.heap, receiver: inv.receiver, selector: inv.selector,
                                                        args: inv.args, original: original))
        }
    }
}
