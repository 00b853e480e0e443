import Synchronization

/// A declared class a heap registers and installs only when it is first needed: its name
/// and whether scripts see it as a global are known up front, its declaration is built
/// then (`Heap.defer(_:binding:)`).
public struct DeferredClass<Context: AnyObject>: Sendable {
    public let name: String
    /// Whether scripts see the class as a global (`ClassInterface.isGlobal`).
    public let isGlobal: Bool
    /// The declaration, built on first use and then shared by every heap of the process:
    /// a declaration's members take their context as an argument, so one value serves
    /// every simulator, and `kitsim explore`, which makes a heap per order, builds each
    /// class's declaration once instead of once per order.
    public let declaration: @Sendable () -> ClassDeclaration<Context>

    public init(_ name: String, global: Bool = true, _ declaration: @escaping @Sendable () -> ClassDeclaration<Context>) {
        self.name = name
        self.isGlobal = global
        let built = BuiltOnce(declaration)
        self.declaration = { built.value }
    }
}

/// A value built by the first caller that needs it; heaps on several threads (`kitsim test
/// -j N`, the test runner) may ask at once, so the build is guarded by a mutex.
final class BuiltOnce<Value: Sendable>: Sendable {
    private let build: @Sendable () -> Value
    private let state = Mutex<Value?>(nil)

    init(_ build: @escaping @Sendable () -> Value) { self.build = build }

    var value: Value {
        state.withLock { built in
            if let built { return built }
            let value = build()
            built = value
            return value
        }
    }
}

/// A deferred class as a heap keeps it: its name and its declaration, bound to the
/// context `Heap.defer` was given once it is built.
struct PendingClass {
    let name: String
    let declaration: () -> BoundClassDeclaration
}

/// What a heap keeps for its deferred classes: the entry of each class id not yet
/// materialised, every deferred name's id, the properties typed with a class that is not
/// materialised yet, and the stand-ins those types name meanwhile.
struct DeferredClasses {
    /// By class id; nil once materialised (or for a class that was never deferred).
    var entries: [PendingClass?] = []
    /// Every deferred class's id by name, materialised or not.
    var ids: [String: UInt32] = [:]
    var pending = 0
    /// Properties of materialised classes whose type names the class with this id.
    var waitingTypes: [UInt32: [(owner: SimClass, property: String, isArray: Bool)]] = [:]
    /// A class with a deferred class's id and name and nothing else, for the types of
    /// properties and arguments that name it: no object is ever an instance of it.
    var standIns: [UInt32: SimClass] = [:]
}

extension Heap {
    /// Declares classes registered on first need, in order (superclasses first, as
    /// `register` takes them): each keeps the class id it would have had if registered now,
    /// so ids do not depend on what a run uses. A class is materialised — registered, its
    /// methods installed, bound to `context` — when it is first looked up by name or id
    /// (`classNamed`, `classForID`, `allClasses`). A declaration naming the root class adds
    /// its behaviour to the root at once.
    public func `defer`<Context: AnyObject>(_ list: [DeferredClass<Context>], binding context: Context) {
        deferred.ids.reserveCapacity(deferred.ids.count + list.count)
        deferred.entries.reserveCapacity(self.classes.count + list.count)
        self.classes.reserveCapacity(self.classes.count + list.count + 8)
        propertyAccessBase.reserveCapacity(propertyAccessBase.count + list.count + 8)
        propertyAccessEnds.reserveCapacity(propertyAccessEnds.count + list.count + 8)
        for c in list {
            if let existing = classesByName[c.name] {
                // Internal invariant: the root's declaration adds methods only.
                do { try installMethods(of: c.declaration().bound(to: context), on: existing) } catch {
                    assertionFailure("declaration of \(c.name) failed to install: \(error)")
                }
                existing.reflatten()
                continue
            }
            let id = UInt32(self.classes.count)
            let slot = Int(id)
            if deferred.entries.count < slot { deferred.entries.append(contentsOf: repeatElement(nil, count: slot - deferred.entries.count)) }
            deferred.entries.append(PendingClass(name: c.name) { [unowned(unsafe) context] in c.declaration().bound(to: context) })
            deferred.ids[c.name] = id
            deferred.pending += 1
            // The sentinel holds the place: every way to a class by id or name checks the
            // deferred entries first.
            self.classes.append(self.classes[0])
            propertyAccessBase.append(0)
            propertyAccessEnds.append(0)
        }
    }

    /// Whether some declared class is not materialised yet.
    public var hasDeferredClasses: Bool { deferred.pending > 0 }

    /// The class id of a class by name, materialised or deferred, without materialising it.
    public func classID(named name: String) -> UInt32? {
        classesByName[name]?.id ?? deferred.ids[name]
    }

    /// Whether the class named `name` exists already (a deferred class that is not
    /// materialised has no instances yet).
    public func isMaterialized(_ name: String) -> Bool { classesByName[name] != nil }

    /// `isKind(id, of: classNamed(name))` without materialising the class: an object
    /// cannot be an instance of a class that is not made yet.
    public func isKind(_ id: ObjectID, ofClassNamed name: String) -> Bool {
        guard let cls = classesByName[name] else { return false }
        return isKind(id, of: cls)
    }

    /// Whether the class with this id is declared but not materialised.
    @inline(__always)
    func isDeferred(_ id: Int) -> Bool {
        id < deferred.entries.count && deferred.entries[id] != nil
    }

    /// The class with this id if materialised, else its stand-in: for type checks, which
    /// need not materialise a class that cannot have instances yet.
    @inline(__always)
    func checkedClass(_ id: UInt32) -> SimClass {
        let c = classes[Int(id)]
        return c.id == id ? c : standIn(id, deferred.entries[Int(id)]?.name ?? "?")
    }

    @inline(never)
    func standIn(_ id: UInt32, _ name: String) -> SimClass {
        if let s = deferred.standIns[id] { return s }
        let s = SimClass(id: id, name: name, superclass: nil, properties: [])
        deferred.standIns[id] = s
        return s
    }

    /// Materialises every deferred class, in id order.
    public func materializeAll() {
        guard deferred.pending > 0 else { return }
        for id in deferred.entries.indices where deferred.entries[id] != nil { materialize(UInt32(id)) }
    }

    /// Registers the deferred class `id` (its superclass first) and installs its methods;
    /// properties typed with classes not yet materialised are typed with their stand-ins
    /// until those are. Declarations given to `defer` are the model's own and known to
    /// register, so a failure is an internal error, asserted in debug builds.
    @discardableResult
    @inline(never)
    func materialize(_ id: UInt32) -> SimClass {
        guard let entry = deferred.entries[Int(id)] else { return classes[Int(id)] }
        let d = entry.declaration()
        let i = d.interface
        let superclass = i.superclassName.flatMap { classNamed($0) } ?? rootClass!
        // Taken off the list only now: the superclass's own properties may name this class.
        deferred.entries[Int(id)] = nil
        deferred.pending -= 1
        var properties: [Property] = []
        properties.reserveCapacity(i.properties.count)
        var waiting: [(String, UInt32, Bool)] = []
        for p in i.properties {
            let type: ValueType
            switch p.type {
            case .object(let name), .array(let name):
                let isArray: Bool
                if case .array = p.type { isArray = true } else { isArray = false }
                if name == rootClass.name {
                    type = isArray ? .objectArray(nil) : .object(nil)
                } else if let c = classesByName[name] {
                    type = isArray ? .objectArray(c) : .object(c)
                } else if let target = deferred.ids[name] {
                    let s = target == id ? standIn(id, name) : checkedClass(target)
                    type = isArray ? .objectArray(s) : .object(s)
                    waiting.append((p.name, target, isArray))
                } else {
                    assertionFailure("property \(i.name).\(p.name): unknown class '\(name)'")
                    type = isArray ? .objectArray(nil) : .object(nil)
                }
            default:
                type = valueType(p.type).0
            }
            let getter = p.getter.map { Selector($0) }, setter = p.setter.map { Selector($0) }
            properties.append(Property(p.name, p.ownership, type: type, readOnly: p.isReadOnly,
                                       getter: getter, setter: setter, optional: p.isOptional, default: p.defaultValue,
                                       earlier: p.earlier))
        }
        let cls = registerClass(i.name, superclass: superclass, properties: properties, id: id)
        for (name, target, isArray) in waiting {
            if target == id {
                retype(name, declaredBy: cls, to: isArray ? .objectArray(cls) : .object(cls))
            } else {
                deferred.waitingTypes[target, default: []].append((cls, name, isArray))
            }
        }
        do { try installMethods(of: d, on: cls) } catch {
            assertionFailure("declaration of \(i.name) failed to install: \(error)")
        }
        cls.reflatten()
        // Properties of classes materialised earlier that name this class get it now.
        if let users = deferred.waitingTypes.removeValue(forKey: id) {
            for u in users { retype(u.property, declaredBy: u.owner, to: u.isArray ? .objectArray(cls) : .object(cls)) }
        }
        deferred.standIns[id] = nil
        return cls
    }

    /// The property `name` of `cls` with its type resolved: a class its type names is
    /// materialised first, so a copy the model keeps checks values against the real class.
    public func resolvedProperty(_ cls: SimClass, _ name: String) -> Property? {
        guard let p = cls.property(named: name) else { return nil }
        switch p.type {
        case .object(let c?), .objectArray(let c?):
            guard classes[Int(c.id)] !== c else { return p }
            materialize(c.id)
            return cls.property(named: name)
        default:
            return p
        }
    }
}
