/// Small typed accessors the model uses on its own slots, and the argument checks of the
/// property accessors (declared methods are checked against their signatures before
/// they run), which fail in Lua's words through `SimError.badArgument`.
extension Simulator {
    /// An option set argument (SPEC rule 23): one case name or an array of them, nil being
    /// the empty set where `allowsNil`; an unknown case is a bad argument listing the valid
    /// ones. KVO's options, a control's events and an animation's options read this way.
    func optionSet(_ v: Value, _ type: EnumType, position: Int, function: String, allowsNil: Bool = true) throws -> Set<String> {
        var names: [Value] = []
        switch try heap.snapshot(v, path: type.name, owner: application) {
        case .nil where allowsNil: return []
        case .string: names = [v]
        case .array(let a): names = a
        default:
            throw SimError.badArgument(position, function, expected: type.name + " or an array of them", got: heap.describeType(of: v))
        }
        var out: Set<String> = []
        for (i, n) in names.enumerated() {
            guard case .string(let s) = n, type.cases.contains(s) else {
                throw SimError.badArgument(position, function, expected: type.expected, got: n.description,
                                           index: v.isArray || names.count > 1 ? i + 1 : nil)
            }
            out.insert(s)
        }
        return out
    }

    /// A singleton made on first access (SPEC rule 24: `RunLoop.main`,
    /// `DispatchQueue.main`): allocated then, held for the life of the app, and remembered
    /// in `slot`, so the ids of a script that never names it do not change.
    @discardableResult
    func singleton(_ slot: inout ObjectID, _ cls: SimClass, _ hold: HoldReason) -> ObjectID {
        if slot.raw != 0 { return slot }
        let id = heap.alloc(cls)
        // A fresh object of a fresh class accepts a hold.
        try? heap.hold(id, hold)
        slot = id
        return id
    }
}

extension Invocation {
    /// Argument `index` as an object of `cls`; nil allowed only when `optional`.
    func object(_ index: Int, _ cls: SimClass, _ function: String, optional: Bool = false) throws -> ObjectID? {
        let v = argument(index)
        if case .nil = v, optional { return nil }
        if case .object(let id) = v {
            try heap.checkUsable(id, function)
            if heap.classOf(id).isSubclass(of: cls) { return id }
        }
        throw SimError.badArgument(index + 1, function, expected: cls.name, got: heap.describeType(of: v))
    }

    /// Argument `index` as a required object of `cls`.
    func required(_ index: Int, _ cls: SimClass, _ function: String) throws -> ObjectID {
        // `object` returns non-nil unless `optional` is set.
        guard let id = try object(index, cls, function) else { return ObjectID(0) }
        return id
    }

    /// Argument `index` as a boolean: absent means `default`; Lua truthiness otherwise.
    func bool(_ index: Int, default d: Bool = false) -> Bool {
        switch argument(index) {
        case .nil: return index < argumentCount ? false : d
        case .bool(let b): return b
        default: return true
        }
    }

    /// Argument `index` as a number.
    func number(_ index: Int, _ function: String) throws -> Double {
        if let n = argument(index).number {
            if n.isFinite { return n }
            throw SimError.badArgument(index + 1, function, expected: "finite number", got: n.isNaN ? "nan" : formatNumber(n))
        }
        throw SimError.badArgument(index + 1, function, expected: "number", got: heap.describeType(of: argument(index)))
    }

    /// Argument `index` as an integer index. Numbers beyond any index are clamped, so
    /// `Int(_:)` never traps on a script's 1e300 or 2^63 (DEVELOPERS.md rule 2); callers
    /// range-check the result.
    func index(_ index: Int, _ function: String) throws -> Int {
        clampedInt(try number(index, function))
    }
}

extension Simulator {
    /// Whether the controller is the root of a live window, a scene-less one too.
    func isWindowRoot(_ vc: ObjectID) -> Bool {
        windowing.allWindows.contains { (try? object($0, UIWindow.rootViewController)) == vc }
    }

    /// Records an exception in the trace, where it is raised, and returns it for throwing.
    func raise(_ e: SimError) -> SimError { heap.recordException(e) }

    /// The tasks not finished now, in id order (rule 91): `kitsim run` names them at the end.
    public var unfinishedTasks: [UnfinishedTask] { tasks.unfinished }

    /// Calls a completion, handler or timer body.
    func callCallback(_ callback: Value, _ arguments: [Value]) throws {
        switch callback {
        case .object(let block): _ = try heap.callBlock(block, arguments)
        case .foreign(let f):
            guard let d = heap.foreignDispatcher else { return }
            _ = try d.call(f.box, arguments)
        default: return
        }
    }
}
