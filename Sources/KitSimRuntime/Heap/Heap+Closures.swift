/// What a host function captures when it becomes a block, as Swift's default capture
/// decides it: every simulated object one of its upvalues holds, strongly, under the
/// upvalue's name; through a weak or unowned box (`sim.weak(self)`), the object the box
/// names, weakly or unowned, under the box's upvalue's name. The host walks nested
/// functions' upvalues too, each function once; tables are not searched.
public struct ClosureCaptures: Sendable {
    public struct Capture: Sendable, Equatable {
        public let name: String
        public let object: ObjectID
        public let ownership: Ownership
        public init(name: String, object: ObjectID, ownership: Ownership) {
            self.name = name
            self.object = object
            self.ownership = ownership
        }
    }
    /// Where the function was written: `file.lua:12`.
    public let site: String
    public let captures: [Capture]

    public init(site: String, captures: [Capture]) {
        self.site = site
        self.captures = captures
    }
}

extension Heap {
    /// A host function as the block UIKit or Foundation keeps where it takes a closure
    /// (SPEC §2, rule 25): a block whose captures are real references, named by the
    /// upvalues that hold them, so that a controller keeping a closure that uses `self`
    /// is the retain cycle it is in Swift. A function that captures no object, and any
    /// other value, is returned as it is.
    public func closure(_ value: Value) throws -> Value {
        guard case .foreign(let f) = value, f.box.isFunction, let c = try foreignDispatcher?.closureCaptures(f.box) else { return value }
        var all = c.captures
        // `kitsim run --weaken file.lua:LINE`: the capture list a fix would write.
        let weakened = weakenings.isEmpty ? [] : applyWeakenings(site: c.site, &all)
        // The host leaves out objects that have gone; a weak capture of one in its deinit
        // is nil, as Swift's weak reference to a deallocating object is.
        let captures = all.filter { $0.ownership != .weak || isAlive($0.object) }
        // A Swift closure that captures nothing has no context to allocate: the function
        // stays a plain function (no object, no id taken).
        guard !captures.isEmpty else { return value }
        // A strong or unowned capture of an object in its deinit is Swift's trap.
        for capture in captures { try checkUsable(capture.object, "retain") }
        let block = alloc(blockClass)
        var seen: [String: Int] = [:]
        var weakenedKeys: [UInt16] = []
        for capture in captures {
            // Two upvalues of nested functions may share a name; each capture keeps its own key.
            let n = (seen[capture.name] ?? 0) + 1
            seen[capture.name] = n
            let key = n == 1 ? capture.name : "\(capture.name)'\(n)"
            try setAssociated(block, key: key, .object(capture.object), ownership: capture.ownership)
            if capture.ownership == .weak, weakened.contains(capture.name) { weakenedKeys.append(intern(key)) }
        }
        blockBodies[block.raw] = .foreign(f.box)
        closureSites[block.raw] = c.site
        if !weakenedKeys.isEmpty { weakenedClosures[block.raw] = weakenedKeys }
        return .object(block)
    }

    /// The start of the key under which an object keeps what a suspended coroutine's
    /// local variable holds: `local 'self' in loop (feed.lua:24)`.
    public static let frameLocalPrefix = "local '"

    /// Where a closure block's function was written (`file.lua:12`), or nil for any other object.
    public func closureSite(_ id: ObjectID) -> String? { closureSites[id.raw] }

    /// A reference as reports name it: `UIWindow#3.rootViewController`; for a closure's
    /// capture `closure (file.lua:12) captures 'self'`, and for a capture of a block made
    /// with `makeBlock`, which knows no names, its number: `NSBlock#9 capture 1`.
    public func edgeName(_ owner: ObjectID, _ name: String) -> String {
        if let site = closureSites[owner.raw] { return "closure (\(site)) captures '\(name)'" }
        if let number = blockCaptureNumber(owner, name) { return describe(owner) + " capture \(number)" }
        // A suspended coroutine's frame keeps what its locals hold (`SuspendedFrames`).
        if name.hasPrefix(Heap.frameLocalPrefix) { return describe(owner) + " " + name }
        return describe(owner) + "." + name
    }

    /// A reference's name without its owner, as the ownership graph labels an edge: the
    /// property or key, `captures 'self'` for a closure's capture, `capture 1` for a block's.
    public func referenceLabel(_ owner: ObjectID, _ name: String) -> String {
        if closureSites[owner.raw] != nil { return "captures '\(name)'" }
        if let number = blockCaptureNumber(owner, name) { return "capture \(number)" }
        return name
    }

    /// The number a block made with `makeBlock` gives one of its captures (`strong[2]` is
    /// capture 2; the ownership that follows it in a report tells `strong[1]` from
    /// `weak[1]`), or nil when `owner` is no such block or `name` is no capture's key.
    public func blockCaptureNumber(_ owner: ObjectID, _ name: String) -> Int? {
        guard isValid(owner), name.hasSuffix("]"), classOf(owner).name == "NSBlock" else { return nil }
        for prefix in ["strong[", "weak[", "unowned["] where name.hasPrefix(prefix) {
            return Int(name.dropFirst(prefix.count).dropLast())
        }
        return nil
    }

    /// The values of a closure block's captures.
    func closureCaptureValues(_ block: ObjectID) -> [Value] {
        (associated[block.raw] ?? []).map { slots[Int($0.slot)] }
    }
}
