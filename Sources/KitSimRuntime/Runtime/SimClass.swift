/// A class of the simulated runtime: a name, a superclass, declared properties and a
/// method table (selector → implementation), as in the Objective-C runtime.
///
/// Inherited methods and properties are flattened into each class's own tables, so a
/// lookup is one hash of a small integer whatever the depth (O(1) dispatch).
/// Changing a class's methods re-flattens it and its subclasses.
public final class SimClass {
    /// Index in the heap's class table.
    public let id: UInt32
    public let name: String
    public let superclass: SimClass?
    /// Number of superclasses above this one (0 for a root class).
    public let depth: Int
    /// All properties, inherited first, in slot order.
    public internal(set) var properties: [Property]
    /// Properties by name, inherited included.
    var propertyIndex: [String: Int]
    /// Methods defined or replaced on this class itself.
    public package(set) var ownMethods: [Selector: Implementation] = [:]
    /// Every method this class responds to, inherited included.
    var methods: [Selector: Implementation] = [:]
    /// Class methods defined on this class (`Heap.sendClassMethod` looks up the chain).
    public package(set) var classMethods: [Selector: Implementation] = [:]
    /// Direct subclasses, in definition order.
    public internal(set) var subclasses: [SimClass] = []
    /// The cached `deinit` implementation, looked up once per flattening.
    var deinitImplementation: Implementation?
    /// Per-slot ownership, copied out of `properties` for the dealloc cascade.
    var slotOwnership: [Ownership]
    /// The slots a new instance starts with when some are not nil: SPEC rule 27, a
    /// non-optional array (`subviews`, `children`) starts empty and reads `{}`.
    let initialSlots: [Value]?
    /// Bumped whenever the flattened method table changes, so hosts can cache per class.
    public internal(set) var methodsVersion: UInt64 = 0
    /// A place for the host to keep per-class data (the Lua bridge keeps its metatable).
    public var hostData: AnyObject?

    init(id: UInt32, name: String, superclass: SimClass?, properties: [Property]) {
        self.id = id
        self.name = name
        self.superclass = superclass
        self.depth = superclass.map { $0.depth + 1 } ?? 0
        var all = superclass?.properties ?? []
        var index = superclass?.propertyIndex ?? [:]
        for var p in properties {
            p.slot = all.count
            p.declaringClassName = name
            index[p.name] = all.count
            all.append(p)
        }
        self.properties = all
        self.propertyIndex = index
        self.slotOwnership = all.map(\.ownership)
        let initial = all.map { p -> Value in
            if let d = p.defaultValue { return d }
            if case .objectArray = p.type, !p.isOptional { return .array([]) }
            return .nil
        }
        self.initialSlots = initial.contains { !$0.isNil } ? initial : nil
        self.methods = superclass?.methods ?? [:]
        self.deinitImplementation = methods[.deinit]
    }

    /// Number of property slots an instance has.
    public var slotCount: Int { properties.count }

    /// Whether this class is `other` or inherits from it. Compares identities up the
    /// chain, never names (DEVELOPERS.md rule 5).
    public func isSubclass(of other: SimClass) -> Bool {
        if other.depth > depth { return false }
        var c: SimClass? = self
        while let k = c {
            if k === other { return true }
            if k.depth <= other.depth { return false }
            c = k.superclass
        }
        return false
    }

    /// The property named `name`, inherited included.
    public func property(named name: String) -> Property? {
        propertyIndex[name].map { properties[$0] }
    }

    /// The class method `selector` of this class or its nearest superclass that has it.
    public func classMethod(for selector: Selector) -> Implementation? {
        var c: SimClass? = self
        while let k = c {
            if let imp = k.classMethods[selector] { return imp }
            c = k.superclass
        }
        return nil
    }

    /// Whether instances respond to `selector`.
    public func responds(to selector: Selector) -> Bool { methods[selector] != nil }

    /// The implementation instances run for `selector`, inherited included.
    public func implementation(for selector: Selector) -> Implementation? { methods[selector] }

    /// Every selector instances respond to, sorted by name (for completion and docs).
    public var allSelectors: [Selector] {
        methods.keys.map { ($0.name, $0) }.sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// Every selector instances respond to, in the order the process interned them: for a
    /// host that fills a table per class, where the order only has to be the same from
    /// run to run of one program and sorting names would cost a lookup per name.
    package var selectorsByID: [Selector] {
        methods.keys.sorted { $0.id < $1.id }
    }

    /// The chain from this class up to the root, this class first.
    public var lineage: [SimClass] {
        var out: [SimClass] = []
        var c: SimClass? = self
        while let k = c { out.append(k); c = k.superclass }
        return out
    }

    /// Rebuilds the flattened method table of this class and every subclass.
    package func reflatten() {
        var stack: [SimClass] = [self]
        while let c = stack.popLast() {
            var table = c.superclass?.methods ?? [:]
            for (sel, imp) in c.ownMethods { table[sel] = imp }
            c.methods = table
            c.deinitImplementation = table[.deinit]
            c.methodsVersion &+= 1
            stack.append(contentsOf: c.subclasses.reversed())
        }
    }
}

extension Selector {
    /// The selector run when an object deallocates (overridable, like Swift's `deinit`).
    public static let `deinit` = Selector("deinit")
}
