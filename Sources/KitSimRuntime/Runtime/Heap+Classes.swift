extension Heap {
    /// Defines a class at run time (`objc_allocateClassPair` + `objc_registerClassPair`).
    /// Names are unique; properties are fixed once defined, methods may change later.
    ///
    /// With `replacing`, a class already defined under `name` (not a deferred one) gives
    /// the name up instead of failing, as an interactive session redefining a class wants:
    /// it keeps its id, its instances, its methods and the name they print, and `classNamed`
    /// finds it from then on only as `name~N` (N the definitions it outlived, from 1), so
    /// the names stay deterministic. The old class gives the name up only once the new
    /// definition is valid.
    @discardableResult
    public func defineClass(
        _ name: String, superclass: SimClass?, properties: [Property] = [],
        methods: [Selector: Implementation] = [:], replacing: Bool = false
    ) throws -> SimClass {
        guard !name.isEmpty else { throw SimError.misuse(.emptyClassName) }
        let replaced = replacing && deferred.ids[name] == nil ? classesByName[name] : nil
        if (classesByName[name] != nil && replaced == nil) || deferred.ids[name] != nil {
            throw SimError.misuse(.duplicateClass(name))
        }
        for (i, p) in properties.enumerated() {
            // A linear scan: classes declare a handful of properties, and a Set of names
            // costs more at start-up than the scan.
            if properties[..<i].contains(where: { $0.name == p.name }) || superclass?.property(named: p.name) != nil {
                throw SimError.misuse(.duplicateProperty(property: p.name, className: name))
            }
            if case .objectArray = p.type, !p.ownership.retains {
                throw SimError.misuse(.weakObjectArray(property: p.name, className: name))
            }
            // Rule 78: a change of profile moves references between kinds that retain nothing.
            if let earlier = p.earlier, earlier.ownership.retains || p.declaredOwnership.retains {
                throw SimError.misuse(.retainingEarlierOwnership(property: p.name, className: name))
            }
        }
        if let replaced {
            var generation = 1
            while classesByName["\(name)~\(generation)"] != nil { generation += 1 }
            classesByName["\(name)~\(generation)"] = replaced
            classesByName[name] = nil
        }
        let cls = registerClass(name, superclass: superclass, properties: properties)
        if !methods.isEmpty {
            cls.ownMethods = methods
            cls.reflatten()
        }
        return cls
    }

    /// Adds a validated class to the tables.
    /// A deferred class takes the `id` reserved for it (`defer(_:model:)`); any other the
    /// next one.
    package func registerClass(_ name: String, superclass: SimClass?, properties: [Property], id: UInt32? = nil) -> SimClass {
        let cls = SimClass(id: id ?? UInt32(classes.count), name: name, superclass: superclass,
                           properties: properties)
        for i in cls.properties.indices where cls.properties[i].declaringClassName == name {
            cls.properties[i].nameID = intern(cls.properties[i].name)
        }
        resolvePlatformOwnership(cls)
        if !weakenings.isEmpty { applyWeakenings(cls) }
        let base = UInt32(propertyAccess.count)
        propertyAccess.append(contentsOf: cls.properties.map(PropertyAccess.init))
        let end = UInt32(propertyAccess.count)
        if let id {
            propertyAccessBase[Int(id)] = base
            propertyAccessEnds[Int(id)] = end
            classes[Int(id)] = cls
        } else {
            propertyAccessBase.append(base)
            propertyAccessEnds.append(end)
            classes.append(cls)
        }
        classesByName[name] = cls
        superclass?.subclasses.append(cls)
        return cls
    }

    /// The class with index `id` (`SimClass.id`), in O(1).
    /// A deferred class is materialised first.
    public func classForID(_ id: Int) -> SimClass? {
        guard id > 0 && id < classes.count else { return nil }
        if isDeferred(id) { return materialize(UInt32(id)) }
        return classes[id]
    }

    /// The class named `name`; a deferred class is materialised first.
    public func classNamed(_ name: String) -> SimClass? {
        if let c = classesByName[name] { return c }
        guard let id = deferred.ids[name], isDeferred(Int(id)) else { return nil }
        return materialize(id)
    }

    /// Every class, in definition (class id) order; deferred classes are materialised first.
    public var allClasses: [SimClass] {
        materializeAll()
        return Array(classes.dropFirst())
    }

    /// Adds or replaces `selector` on `cls` (`class_replaceMethod`).
    public func setMethod(_ selector: Selector, on cls: SimClass, _ imp: Implementation) {
        cls.ownMethods[selector] = imp
        cls.reflatten()
    }

    /// Convenience for Swift-written methods.
    public func setMethod(_ selector: Selector, on cls: SimClass, _ body: @escaping NativeMethod) {
        setMethod(selector, on: cls, .native(body))
    }

    /// Replaces `selector` on `cls` with `imp`, which can reach the implementation it
    /// replaced through `Invocation.callOriginal` (the swizzling idiom of seed 003).
    /// When `cls` only inherits the method, the replacement goes on `cls` alone and the
    /// superclass keeps its own, as a careful `class_addMethod`-then-exchange swizzle does.
    public func replaceMethod(_ selector: Selector, on cls: SimClass, with imp: Implementation) throws {
        guard let original = cls.methods[selector] else {
            throw SimError.misuse(.noMethodToSwizzle(className: cls.name, selector: "\(selector)"))
        }
        setMethod(selector, on: cls, .replacing(imp, original: original))
    }

    /// Exchanges two methods of `cls` (`method_exchangeImplementations`): sending `a`
    /// runs what `b` ran and the other way round. Inherited methods are first copied onto
    /// `cls`, so superclasses are not affected.
    public func exchangeMethods(_ a: Selector, _ b: Selector, on cls: SimClass) throws {
        guard let ia = cls.methods[a] else {
            throw SimError.misuse(.noMethodToExchange(className: cls.name, selector: "\(a)"))
        }
        guard let ib = cls.methods[b] else {
            throw SimError.misuse(.noMethodToExchange(className: cls.name, selector: "\(b)"))
        }
        cls.ownMethods[a] = ib
        cls.ownMethods[b] = ia
        cls.reflatten()
    }

    /// Whether `id` is an instance of exactly the class with index `classID` and that
    /// class's methods are still at `version` (`SimClass.methodsVersion`): the check of a
    /// host's per-class method cache, without touching the class object.
    public func isInstance(_ id: ObjectID, ofClassID classID: UInt32, methodsVersion version: UInt64) -> Bool {
        let raw = Int(id.raw)
        guard raw < classIndex.count, classIndex[raw] == classID else { return false }
        return classes[Int(classID)].methodsVersion == version
    }

    /// The class of a live or dead object.
    public func classOf(_ id: ObjectID) -> SimClass {
        classes[Int(classIndex[Int(id.raw)])]
    }

    /// Whether `id` is an instance of `cls` or a subclass (`isKind(of:)`).
    public func isKind(_ id: ObjectID, of cls: SimClass) -> Bool {
        guard isValid(id) else { return false }
        return classOf(id).isSubclass(of: cls)
    }

    /// Whether `id` responds to `selector` (`responds(to:)`).
    public func responds(_ id: ObjectID, to selector: Selector) -> Bool {
        guard isValid(id) else { return false }
        return classOf(id).responds(to: selector)
    }
}
