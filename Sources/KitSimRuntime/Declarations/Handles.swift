import Synchronization

/// A declared class as the code of a model names it: its name, written once where the
/// class is declared, and a number that lets each heap keep the class it resolved the
/// handle to without hashing a name (engineering rule 6). Made once per process, as a
/// `static let` of the class's declaration file.
public final class ClassHandle: Sendable {
    /// The class's name, as scripts and the trace spell it.
    public let name: String
    /// Whether scripts see the class as a global (`ClassInterface.isGlobal`).
    public let isGlobal: Bool
    /// Where a heap keeps the resolved class (`Heap.subscript(_:)`); unique in the process.
    public let index: Int

    public init(_ name: String, global: Bool = true) {
        self.name = name
        self.isGlobal = global
        self.index = handleCounter.add(1, ordering: .relaxed).oldValue
    }

    /// A property this class declares, as the model reads and writes it.
    public func property(_ name: String) -> PropertyHandle {
        PropertyHandle(self, name)
    }
}

/// A property of a declared class as the code of a model names it (`UIView.frame`): the
/// declaring class's handle and the property's name, written once where the class is
/// declared (`PropertyDeclaration(_:_:_:)` takes the handle). A heap resolves it to its
/// `Property` once and keeps it by the handle's number.
public final class PropertyHandle: Sendable {
    public let owner: ClassHandle
    public let name: String
    /// Where a heap keeps the resolved property; unique in the process.
    public let index: Int

    init(_ owner: ClassHandle, _ name: String) {
        self.owner = owner
        self.name = name
        self.index = handleCounter.add(1, ordering: .relaxed).oldValue
    }
}

/// The numbers of handles: the order they are made in depends on which `static let` runs
/// first, so a number is only ever a cache index, never printed (engineering rule 3).
private let handleCounter = Atomic<Int>(0)

extension PropertyDeclaration {
    /// The declaration of the property `handle` names: the class's file writes its name once.
    public init(_ handle: PropertyHandle, _ ownership: Ownership, _ type: ArgumentType, readOnly: Bool = false,
                optional: Bool? = nil, default defaultValue: Value? = nil, getter: String? = nil, setter: String? = nil,
                earlier: EarlierOwnership? = nil, summary: String = "") {
        self.init(handle.name, ownership, type, readOnly: readOnly, optional: optional, default: defaultValue,
                  getter: getter, setter: setter, earlier: earlier, summary: summary)
    }
}

/// What a heap has resolved its handles to, by handle number.
@usableFromInline
struct HandleCache {
    @usableFromInline var classes: [SimClass?] = []
    @usableFromInline var properties: [Property?] = []
    /// The id of the class a handle names, plus one (0: not looked up yet), for the kind
    /// checks that must not register a class (`Heap.isKind(_:of:)` by handle).
    var classIDs: [UInt32] = []
    /// The slot and ownership of each resolved property, what a read by handle needs:
    /// trivial values, so reading one retains nothing, where a copy of the `Property`
    /// retains its box (and a release follows).
    var readings: [SlotReading] = []
}

/// Where a property's value lies in an instance, and how it is held: all a slot read
/// needs on its common path. A slot of -1 stands for a handle not resolved yet.
struct SlotReading {
    var slot: Int32 = -1
    var ownership: Ownership = .strong
}

extension Heap {
    /// The class `handle` names, registered on first need (`Heap.defer`). An internal
    /// invariant, not a script's error: the model declares every class it names, a deferred
    /// name is reserved from scripts, and no script can undeclare a class or a property, so
    /// a failed lookup is a bug of the model (ModelClassHandleTests resolves every handle the
    /// class files make).
    @inlinable
    public subscript(_ handle: ClassHandle) -> SimClass {
        let i = handle.index
        if i < handleCache.classes.count, let c = handleCache.classes[i] { return c }
        return resolve(handle)
    }

    /// Whether `id` is an instance of the class `handle` names or of a subclass, without
    /// registering the class: an object can only be an instance of a registered class
    /// (a subclass registers its superclass first), so while the class waits to be needed
    /// the answer is no. A scenario that never uses a tab bar controller does not make one
    /// to learn that its controllers are not tab bar controllers.
    @inlinable
    public func isKind(_ id: ObjectID, of handle: ClassHandle) -> Bool {
        let i = handle.index
        if i < handleCache.classes.count, let c = handleCache.classes[i] { return isKind(id, of: c) }
        return isKindOfUnresolved(id, handle)
    }

    @inline(never) @usableFromInline
    func isKindOfUnresolved(_ id: ObjectID, _ handle: ClassHandle) -> Bool {
        let i = handle.index
        if handleCache.classIDs.count <= i {
            handleCache.classIDs.append(contentsOf: repeatElement(0, count: i + 1 - handleCache.classIDs.count))
        }
        if handleCache.classIDs[i] == 0 {
            // The name is hashed once per heap; later checks read the id.
            guard let classID = classID(named: handle.name) else { return false }
            handleCache.classIDs[i] = classID + 1
        }
        if isDeferred(Int(handleCache.classIDs[i] - 1)) { return false }
        return isKind(id, of: self[handle])
    }

    /// The property `handle` names, resolved once per heap (which registers its class).
    @inlinable
    public subscript(_ handle: PropertyHandle) -> Property {
        let i = handle.index
        if i < handleCache.properties.count, let p = handleCache.properties[i] { return p }
        return resolve(handle)
    }

    /// Internal invariant, not reachable from a script: the handles are the model's own
    /// (its class files make them), the model installs or defers every class it declares
    /// before any script runs, and a script cannot take a declared name (`subclass` refuses
    /// "a class named … already exists"); a test resolves every handle the class files make.
    @inline(never) @usableFromInline
    func resolve(_ handle: ClassHandle) -> SimClass {
        guard let c = classNamed(handle.name) else {
            preconditionFailure("the model names class \(handle.name), which this heap does not declare")
        }
        if handleCache.classes.count <= handle.index {
            handleCache.classes.append(contentsOf: repeatElement(nil, count: handle.index + 1 - handleCache.classes.count))
        }
        handleCache.classes[handle.index] = c
        return c
    }

    /// Internal invariant, as for a class handle: a property handle names a property its
    /// class's own declaration declares, which the test that resolves every handle checks.
    @inline(never) @usableFromInline
    func resolve(_ handle: PropertyHandle) -> Property {
        guard let p = resolvedProperty(self[handle.owner], handle.name) else {
            preconditionFailure("the model names \(handle.owner.name).\(handle.name), which its declaration does not declare")
        }
        if handleCache.properties.count <= handle.index {
            handleCache.properties.append(contentsOf: repeatElement(nil, count: handle.index + 1 - handleCache.properties.count))
        }
        handleCache.properties[handle.index] = p
        if handleCache.readings.count <= handle.index {
            handleCache.readings.append(contentsOf: repeatElement(SlotReading(), count: handle.index + 1 - handleCache.readings.count))
        }
        handleCache.readings[handle.index] = SlotReading(slot: Int32(p.slot), ownership: p.ownership)
        return p
    }

    /// `readSlot(id, self[handle])` without copying the property: the model reads slots by
    /// handle hundreds of times per push and pop, and each copy of a `Property` would retain
    /// its box. A read that may fail (an unusable object, an `unowned` reference) takes the
    /// `Property` path, whose errors name the property.
    public func readSlot(_ id: ObjectID, _ handle: PropertyHandle) throws -> Value {
        let i = handle.index
        if i < handleCache.readings.count {
            let r = handleCache.readings[i]
            if r.slot >= 0, r.ownership != .unowned, isUsable(id) {
                return slots[Int(slotBase[Int(id.raw)]) + Int(r.slot)]
            }
        }
        return try readSlot(id, self[handle])
    }

    /// `objects(id, self[handle])` without copying the property (`readSlot(_:_:)` by handle).
    public func objects(_ id: ObjectID, _ handle: PropertyHandle) throws -> [ObjectID] {
        guard case .array(let elements) = try readSlot(id, handle) else { return [] }
        return elements.compactMap(\.objectID)
    }
}
