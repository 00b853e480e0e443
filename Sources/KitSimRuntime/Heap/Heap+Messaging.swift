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
            throw SimError.misuse(.wrongReceiver(className: cls.name, selector: selector.name, object: ref(id)), object: id)
        }
        guard let imp = cls.methods[selector] else {
            throw unrecognizedSelector(id, selector.name, className: cls.name)
        }
        return try invoke(imp, receiver: id, selector: selector, args: args, original: nil)
    }

    /// UIKit's words: `-[UIViewController goToPage]: unrecognized selector sent to instance #7`.
    public func unrecognizedSelector(_ id: ObjectID, _ selector: String, className: String? = nil) -> SimError {
        .crash(.unrecognizedSelector(className: className ?? classOf(id).name, selector: selector, id: id), object: id)
    }

    /// Calls the class method `selector` of `cls` (inherited ones included). Its
    /// invocation has no receiver: `receiver` is id 0, which names no object.
    public func sendClassMethod(_ cls: SimClass, _ selector: Selector, args: consuming Arguments) throws -> Value {
        guard let imp = cls.classMethod(for: selector) else {
            throw SimError.crash(.unrecognizedClassSelector(className: cls.name, selector: selector.name))
        }
        return try dispatch(imp, Invocation(heap: self, receiver: ObjectID(0), selector: selector, args: args))
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
        beginCall(raw)
        if tracesCalls { record(.call, detail: intern(selector.name), object: raw) }
        messagedObjects?.append(raw)
        let result: Value
        // The invocation refers to its original unretained: this frame keeps it.
        let box = original.map(ImplementationBox.init)
        defer { withExtendedLifetime(box) {} }
        do {
            result = try dispatch(imp, Invocation(heap: self, receiver: receiver, selector: selector, args: args,
                                                  replaced: box.map { Unmanaged.passUnretained($0) }))
        } catch {
            try? finishCall(raw)
            throw error
        }
        try finishCall(raw)
        return result
    }

    /// `send` of a native body the host looked up and cached (the Lua bridge's method
    /// slots): `body` must be what `implementation(for: selector)` of the
    /// receiver's class returns as `.native` (or a `.declared` method's `body` or
    /// `checkedBody`, see `DeclaredMethod`), while `SimClass.methodsVersion` is unchanged.
    /// The semantics of `send` hold: a dead receiver is a zombie crash, the receiver stays
    /// alive for the call, the call is traced when calls are. No dispatch on
    /// `Implementation`, and no `original` to copy into the invocation.
    public func sendNative(_ id: ObjectID, _ selector: Selector, _ body: NativeMethod, args: consuming Arguments) throws -> Value {
        if !isUsable(id) { try failUnusable(id, selector.name) }
        let raw = id.raw
        beginCall(raw)
        if tracesCalls { record(.call, detail: intern(selector.name), object: raw) }
        messagedObjects?.append(raw)
        let result: Value
        do {
            result = try body(Invocation(heap: self, receiver: id, selector: selector, args: args))
        } catch {
            try? finishCall(raw)
            throw error
        }
        try finishCall(raw)
        return result
    }

    /// A send begins: its receiver becomes the pending one, and the send it is inside of,
    /// if that one's receiver was still pending, now counts its keep-alive in
    /// `activeCalls` (the register holds one receiver).
    @inline(__always)
    private func beginCall(_ raw: UInt32) {
        let outer = pendingReceiver
        if outer != 0 { activeCalls[Int(outer)] &+= 1 }
        pendingReceiver = raw
    }

    /// A send ends. Its receiver still pending: nothing counted it, and an object no one
    /// owns deallocates now, as `endCall` does. Otherwise the call was counted
    /// (`beginCall` of a send inside it, or `holdsPendingReceiver`), and `endCall` ends
    /// it unless other calls or owners keep the receiver.
    @inline(__always)
    private func finishCall(_ raw: UInt32) throws {
        let t = Int(raw)
        if pendingReceiver == raw {
            pendingReceiver = 0
            if retainCounts[t] == 0 && activeCalls[t] == 0 { try endPendingCall(raw) }
        } else if activeCalls[t] != 1 || retainCounts[t] != 0 {
            activeCalls[t] &-= 1
        } else {
            try endCall(raw)
        }
    }

    /// The end of an uncounted call whose receiver has no owner (one made and never
    /// retained, say): it deallocates as at the end of a counted call.
    @inline(never)
    private func endPendingCall(_ raw: UInt32) throws {
        activeCalls[Int(raw)] &+= 1
        try endCall(raw)
    }

    /// Whether the object at `t`, whose retain count just reached zero, is the receiver of
    /// the send in progress that has not counted it yet: if so the call counts it now (and
    /// it deallocates when the call ends), as if the send had counted it from the start.
    @inline(__always)
    func holdsPendingReceiver(_ t: Int) -> Bool {
        guard pendingReceiver != 0 && Int(pendingReceiver) == t else { return false }
        activeCalls[t] &+= 1
        pendingReceiver = 0
        return true
    }

    private func dispatch(_ imp: Implementation, _ inv: Invocation) throws -> Value {
        switch imp {
        case .native(let body):
            return try body(inv)
        case .declared(let method):
            return try method.checkedBody(inv)
        case .foreign(let fn):
            guard let dispatcher = foreignDispatcher else {
                throw SimError.misuse(.noHost(selector: inv.selector.name))
            }
            return try dispatcher.invoke(fn, inv)
        case .replacing(let replacement, let original):
            let box = ImplementationBox(original)
            return try withExtendedLifetime(box) {
                try dispatch(replacement, Invocation(heap: inv.heap, receiver: inv.receiver, selector: inv.selector,
                                                     args: inv.args, replaced: .passUnretained(box)))
            }
        }
    }
}
