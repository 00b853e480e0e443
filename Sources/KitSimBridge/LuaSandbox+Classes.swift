import CLua
import CLuaShim
import KitSimRuntime

/// Classes in Lua (SPEC §4): one metatable per class, built once, whose `__index` finds
/// declared properties and methods in per-class tables with inherited names flattened
/// in; class tables as globals for construction, super calls and subclassing.
extension LuaSandbox {
    /// The Lua data of `cls`, built on first use.
    func classInfo(for cls: SimClass) -> ClassInfo {
        if let info = classInfo[cls.id], info.metatable != LUA_NOREF { return info }
        let L = self.L
        // One members table (one lookup per access): property name → index into
        // cls.properties, method name → its function (filled by refreshMethods).
        lua_createtable(L, 0, Int32(cls.properties.count) + 32)
        let members = lua_gettop(L)
        for (i, p) in cls.properties.enumerated() {
            lua_pushinteger(L, lua_Integer(i))
            lua_setfield(L, members, p.name)
        }
        // isKind(of:) and responds(to:) take a class and a name, so they are the bridge's.
        for (name, fn) in [("isKind", fnIsKind), ("responds", fnResponds)] {
            let taken = lua_getfield(L, members, name) != LUA_TNIL     // a property of that name
            kitsim_pop(L, 1)
            if taken { continue }
            kitsim_push_swift_function(L, fn, 0)
            lua_setfield(L, members, name)
        }
        // The metatable.
        lua_createtable(L, 0, 8)
        let mt = lua_gettop(L)
        kitsim_push_index(L, members, fnIndexFallback)
        lua_setfield(L, mt, "__index")
        kitsim_push_newindex(L, members, fnNewindexFallback)
        lua_setfield(L, mt, "__newindex")
        pushFunction(L) { sb, L in
            let id = kitsim_handle_id(L, 1)
            sb.pushString(L, id == 0 ? "?" : sb.heap.describe(ObjectID(id)))
            return 1
        }
        lua_setfield(L, mt, "__tostring")
        pushFunction(L) { sb, L in
            // `local x <close> = sim.hold(obj)`: the hold ends with the scope.
            let id = ObjectID(kitsim_handle_id(L, 1))
            if sb.heap.isAlive(id) && sb.heap.holdCount(id, sb.heap.scriptHold) > 0 { try sb.heap.unhold(id) }
            return 0
        }
        lua_setfield(L, mt, "__close")
        if cls.isSubclass(of: heap.blockClass) {
            pushFunction(L) { sb, L in
                let id = try sb.objectArgument(L, 1, "call")
                sb.push(L, try sb.heap.callBlock(id, sb.arguments(L, from: 2)))
                return 1
            }
            lua_setfield(L, mt, "__call")
        }
        pushString(L, cls.name)
        lua_setfield(L, mt, "__name")
        // Scripts cannot read or replace a handle's metatable.
        pushString(L, "KitSim object")
        lua_setfield(L, mt, "__metatable")
        var info = classInfo[cls.id] ?? ClassInfo()
        info.metatable = makeRef(L)
        info.members = makeRef(L)
        info.methodsVersion = .max                  // never filled yet
        classInfo[cls.id] = info
        refreshMethods(of: cls)
        if cls.implementation(for: LuaSandbox.nextSelector) != nil {
            // An async sequence (a class with `next`, Swift's AsyncIteratorProtocol): `for v
            // in seq do` calls the handle, and so `seq:next()`, which may await.
            rawGetRef(L, info.metatable)
            rawGetRef(L, info.members)
            lua_getfield(L, -1, LuaSandbox.nextSelector.name)
            kitsim_push_iterator_call(L)
            lua_setfield(L, -3, "__call")
            kitsim_pop(L, 2)
        }
        return classInfo[cls.id]!
    }

    /// Fills the class's methods table with one function per selector it responds to
    /// (inherited ones included). Each function dispatches dynamically, checks its
    /// receiver, and keeps the receiver alive during the call (SPEC §2).
    func refreshMethods(of cls: SimClass) {
        guard var info = classInfo[cls.id], info.metatable != LUA_NOREF,
              info.methodsVersion != cls.methodsVersion else { return }
        let L = self.L
        rawGetRef(L, info.members)
        let t = lua_gettop(L)
        // By selector id, not by name: the order only numbers the slots, and sorting by
        // name would look every name up in the process-wide table for each class of
        // each sandbox (`kitsim explore` makes a sandbox per order).
        for sel in cls.selectorsByID where sel != .deinit {
            // Names already there are properties (a getter's selector) or methods whose
            // closures dispatch by selector, so they stay valid.
            let name = sel.name
            pushString(L, name)
            if lua_rawget(L, t) != LUA_TNIL { kitsim_pop(L, 1); continue }
            kitsim_pop(L, 1)
            methodSlots.append(MethodSlot(cls: cls, selector: sel))
            kitsim_push_method(L, Int32(methodSlots.count - 1))
            lua_setfield(L, t, name)
        }
        kitsim_pop(L, 1)
        info.methodsVersion = cls.methodsVersion
        classInfo[cls.id] = info
    }

    /// Refreshes `cls` and every subclass whose tables exist.
    func refreshMethodsTree(_ cls: SimClass) {
        var stack = [cls]
        while let c = stack.popLast() {
            refreshMethods(of: c)
            stack.append(contentsOf: c.subclasses)
        }
    }

    func selectorNumber(_ sel: Selector) -> Int {
        if let n = selectorIndex[sel.id] { return n }
        selectors.append(sel)
        selectorIndex[sel.id] = selectors.count - 1
        return selectors.count - 1
    }

    /// Pushes the class table of `cls` (a global for built-in classes). A class made at
    /// run time (`subclass`, `setGlobal`) gets a metatable of its own, whose `__call`
    /// constructs with the class id as an upvalue; the rest is shared. The handles'
    /// metatable is built later, with the first handle.
    package func pushClassTable(_ L: OpaquePointer, _ cls: SimClass) {
        if let info = classInfo[cls.id], info.classTable != LUA_NOREF { rawGetRef(L, info.classTable); return }
        lua_createtable(L, 0, 4)
        lua_createtable(L, 0, 6)
        rawGetRef(L, classTableMeta)
        for key in ["__index", "__newindex", "__tostring", "__metatable"] {
            lua_getfield(L, -1, key)
            lua_setfield(L, -3, key)
        }
        kitsim_pop(L, 1)
        lua_pushinteger(L, lua_Integer(cls.id))
        lua_pushinteger(L, 2)                        // `Class(...)`: arguments after the class
        kitsim_push_swift_function(L, fnConstruct, 2)
        lua_setfield(L, -2, "__call")
        lua_setmetatable(L, -2)
        registerClassTable(L, cls.id)
    }

    /// Pushes the class table of a declared class by id, without materialising the class
    /// (`Heap.defer`): its metatable is the one all class tables share, whose `__call`
    /// finds the class through the table, so making the table costs one empty table. The
    /// class, its members and its statics come when a script first uses the table.
    package func pushDeclaredClassTable(_ L: OpaquePointer, id: UInt32) {
        if let info = classInfo[id], info.classTable != LUA_NOREF { rawGetRef(L, info.classTable); return }
        lua_createtable(L, 0, 0)
        rawGetRef(L, classTableMeta)
        lua_setmetatable(L, -2)
        registerClassTable(L, id)
    }

    /// Makes the class tables of declared classes by id and sets each as the global of its
    /// name, in order, as `pushDeclaredClassTable` and `setGlobalRaw` would one by one (in
    /// one C call: the model's classes are most of a start-up's globals).
    package func setDeclaredClassGlobals(_ L: OpaquePointer, _ classes: [(name: String, id: UInt32)]) {
        // A table made already (the root's, a global since the runtime's classes were
        // installed) is set again, which adds no global.
        var todo: [(name: String, id: UInt32)] = []
        todo.reserveCapacity(classes.count)
        var names: [UInt8] = []
        names.reserveCapacity(classes.count * 24)
        for c in classes {
            if classInfo[c.id]?.classTable ?? LUA_NOREF != LUA_NOREF {
                pushDeclaredClassTable(L, id: c.id)
                setGlobalRaw(L, c.name)
                continue
            }
            todo.append(c)
            names += c.name.utf8
            names.append(0)
        }
        let ids = todo.map { Int32(bitPattern: $0.id) }
        var refs = [Int32](repeating: LUA_NOREF, count: todo.count)
        names.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) {
                kitsim_make_class_tables(L, classTableMeta, classOfTable, $0.baseAddress, ids, &refs, Int32(todo.count))
            }
        }
        for (c, ref) in zip(todo, refs) {
            var info = classInfo[c.id] ?? ClassInfo()
            info.classTable = ref
            classInfo[c.id] = info
        }
    }

    /// Records the class table on the stack top (left there) as the table of class `id`.
    private func registerClassTable(_ L: OpaquePointer, _ id: UInt32) {
        rawGetRef(L, classOfTable)
        lua_pushvalue(L, -2)
        lua_pushinteger(L, lua_Integer(id))
        lua_rawset(L, -3)
        kitsim_pop(L, 1)
        lua_pushvalue(L, -1)
        var info = classInfo[id] ?? ClassInfo()
        info.classTable = makeRef(L)
        classInfo[id] = info
    }

    /// The class's statics table (its cached class members), made on first need with the
    /// model's statics of the class (`SandboxModel.installStatics`).
    package func staticsTable(_ L: OpaquePointer, _ cls: SimClass) -> Int32 {
        if let info = classInfo[cls.id], info.statics != LUA_NOREF { return info.statics }
        lua_createtable(L, 0, 8)
        var info = classInfo[cls.id] ?? ClassInfo()
        info.statics = makeRef(L)
        classInfo[cls.id] = info
        model.installStatics(of: cls, in: self)
        return info.statics
    }

    /// Materialises every class and the statics of every class table, so that what reads
    /// the class tables without using them (the REPL's completion) sees every member.
    public func materializeClasses() {
        for cls in heap.allClasses where classInfo[cls.id]?.classTable ?? LUA_NOREF != LUA_NOREF {
            _ = staticsTable(L, cls)
        }
    }

    /// The class a class table stands for, or nil.
    package func classOfTable(_ L: OpaquePointer, _ index: Int32) -> SimClass? {
        guard lua_type(L, index) == LUA_TTABLE else { return nil }
        let i = lua_absindex(L, index)
        rawGetRef(L, classOfTable)
        lua_pushvalue(L, i)
        defer { kitsim_pop(L, 2) }
        guard lua_rawget(L, -2) == LUA_TNUMBER else { return nil }
        return heap.classForID(Int(lua_tointegerx(L, -1, nil)))
    }

    /// Installs the handle and class machinery.
    func installClassMachinery() {
        let L = self.L
        kitsim_push_handle_cache(L)
        handleCache = makeRef(L)
        lua_createtable(L, 0, 0); fieldsTable = makeRef(L)
        // Sized for the model's classes, which all get a table at start-up.
        lua_createtable(L, 0, 64); classOfTable = makeRef(L)

        fnIsKind = register { sb, L in
            let id = ObjectID(kitsim_handle_id(L, 1))
            guard id.raw != 0 else { throw sb.badSelf(L, "isKind", expected: "object") }
            guard let cls = sb.classOfTable(L, 2) else {
                throw SimError.badArgument(1, "isKind", expected: "class", got: sb.typeName(L, 2))
            }
            lua_pushboolean(L, sb.heap.isKind(id, of: cls) ? 1 : 0)
            return 1
        }
        fnResponds = register { sb, L in
            let id = ObjectID(kitsim_handle_id(L, 1))
            guard id.raw != 0 else { throw sb.badSelf(L, "responds", expected: "object") }
            guard let name = sb.string(L, 2) else {
                throw SimError.badArgument(1, "responds", expected: "selector name", got: sb.typeName(L, 2))
            }
            try sb.heap.checkUsable(id, "respondsToSelector")
            lua_pushboolean(L, sb.heap.responds(id, to: Selector(name)) ? 1 : 0)
            return 1
        }
        fnIndexFallback = register { sb, L in try sb.indexFallback(L) }
        fnNewindexFallback = register { sb, L in try sb.newindexFallback(L) }
        fnStaticCall = register { sb, L in
            // `Base.method(self)`: a super call to this class's implementation.
            let cls = Int(lua_tointegerx(L, kitsim_upvalueindex(2), nil))
            let sel = sb.selectors[Int(lua_tointegerx(L, kitsim_upvalueindex(3), nil))]
            guard let c = sb.heap.classForID(cls) else { return 0 }
            let id = ObjectID(kitsim_handle_id(L, 1))
            guard id.raw != 0, sb.heap.isKind(id, of: c) || !sb.heap.isAlive(id) else {
                throw SimError.badArgument(1, sel.name, expected: c.name, got: sb.typeName(L, 1))
            }
            sb.push(L, try sb.heap.send(id, sel, as: c, args: sb.args(L, from: 2)))
            return 1
        }
        fnOriginalCall = register { sb, L in
            // The `original` a swizzle receives: the replaced implementation.
            let n = Int(lua_tointegerx(L, kitsim_upvalueindex(2), nil))
            let (imp, sel) = sb.originals[n]
            let id = ObjectID(kitsim_handle_id(L, 1))
            guard id.raw != 0 else {
                throw SimError.badArgument(1, "original", expected: "object", got: sb.typeName(L, 1), hint: "call original(self, ...)")
            }
            try sb.heap.checkUsable(id, sel.name)
            sb.push(L, try sb.heap.invoke(imp, receiver: id, selector: sel, args: sb.args(L, from: 2), original: nil))
            return 1
        }
        fnConstructByTable = register { sb, L in
            // A declared class's table: `Class(...)` is `__call(Class, ...)`.
            guard let cls = sb.classOfTable(L, 1) else { return 0 }
            try sb.checkObjectLimit(L)
            sb.push(L, .object(try sb.heap.make(cls, args: sb.args(L, from: 2))))
            return 1
        }
        fnConstruct = register { sb, L in
            // Upvalues: the class id, and where the arguments start (`Class(...)` is
            // `__call(Class, ...)`; `Class.new(...)` has none before them).
            guard let cls = sb.heap.classForID(Int(lua_tointegerx(L, kitsim_upvalueindex(2), nil))) else { return 0 }
            let first = Int32(lua_tointegerx(L, kitsim_upvalueindex(3), nil))
            try sb.checkObjectLimit(L)
            sb.pushHandle(L, try sb.construct(L, cls, argumentsFrom: first), of: cls)
            return 1
        }
        installClassTableMeta()
    }

    /// `obj:name(...)` through method slot `slot`: the receiver must be an instance of the
    /// slot's class (or a subclass); the message is dispatched on the receiver's class,
    /// which keeps the receiver alive during the call (SPEC §2). Receivers of exactly the
    /// slot's class use the implementation cached in the slot (no lookup); a native
    /// (Swift) one is called through `Heap.sendNative`, without dispatching on its kind.
    @inline(__always)
    func callMethod(_ L: OpaquePointer, slot: Int, id: UInt32) throws -> Int32 {
        // Fields are read one by one: copying the whole slot would retain all it holds.
        let object = ObjectID(id)
        if heap.classID(of: object) == methodSlots[slot].classID
            && methodSlots[slot].cls.methodsVersion == methodSlots[slot].version {
            if let native = methodSlots[slot].native {
                // Through the box at +0: calling its `let` closure retains nothing.
                return try native._withUnsafeGuaranteedRef { box in
                    if let declared = box.declared,
                       let result = try sendTyped(L, object, methodSlots[slot].selector, declared) {
                        push(L, result)
                    } else {
                        push(L, try sendConverted(L, object, methodSlots[slot].selector, box.body))
                    }
                    return 1
                }
            }
            if let imp = methodSlots[slot].imp {
                push(L, try heap.send(object, methodSlots[slot].selector, implementation: imp, args: args(L, from: 2)))
                return 1
            }
        }
        return try callMethodSlow(L, slot: slot, id: id)
    }

    /// `Class(...)`: `Heap.make` with the class's native `init` body cached in a method
    /// slot of its own (valid while the class's `methodsVersion` is unchanged), so a new
    /// object is initialised through `Heap.sendNative` without a method-table lookup.
    @inline(__always)
    func construct(_ L: OpaquePointer, _ cls: SimClass, argumentsFrom first: Int32) throws -> ObjectID {
        let slot = initializerSlot(of: cls)
        if methodSlots[slot].version != cls.methodsVersion { fillInitializerSlot(slot, cls) }
        if let native = methodSlots[slot].native {
            let arguments = args(L, from: first)
            return try native._withUnsafeGuaranteedRef { box in
                try heap.make(cls, initializer: box.body, args: arguments)
            }
        }
        return try heap.make(cls, args: args(L, from: first))
    }

    /// The method slot of `cls`'s `init`, made on first use.
    @inline(__always)
    func initializerSlot(of cls: SimClass) -> Int {
        if let info = classInfo[cls.id], info.initializerSlot >= 0 { return info.initializerSlot }
        methodSlots.append(MethodSlot(cls: cls, selector: .initialize))
        var info = classInfo[cls.id] ?? ClassInfo()
        info.initializerSlot = methodSlots.count - 1
        classInfo[cls.id] = info
        return info.initializerSlot
    }

    @inline(never)
    func fillInitializerSlot(_ slot: Int, _ cls: SimClass) {
        cacheNative(cls.implementation(for: .initialize), inSlot: slot, version: cls.methodsVersion)
    }

    /// Sends a declared method with its arguments (from stack index 2) read by their
    /// declared types, when every one meets its parameter's check: numbers, flags, nil
    /// and handles straight from the stack, no general conversion, and the body
    /// runs without the check. Nil, having sent nothing, when any does not (a wrong type,
    /// an argument of another kind, more arguments than parameters or than three): the
    /// caller then sends the checked body with the general conversion, whose messages are
    /// the check's (`bad argument #1 to 'set' (number expected, got string)`). Nothing is
    /// converted before that is decided, so no host value is made twice.
    @inline(__always)
    func sendTyped(_ L: OpaquePointer, _ object: ObjectID, _ selector: Selector, _ method: DeclaredMethod) throws -> Value? {
        let n = Int(lua_gettop(L)) - 1
        let parameters = method.parameters
        guard n <= parameters.count && n <= 3 else { return nil }
        for i in n..<parameters.count where !parameters[i].isOptional { return nil }
        switch n {
        case 0:
            return try heap.sendNative(object, selector, method.body, args: Arguments())
        case 1:
            guard let a = typedArgument(L, 2, parameters[0]) else { return nil }
            return try heap.sendNative(object, selector, method.body, args: Arguments(scalars: a))
        case 2:
            guard let a = typedArgument(L, 2, parameters[0]), let b = typedArgument(L, 3, parameters[1]) else { return nil }
            return try heap.sendNative(object, selector, method.body, args: Arguments(scalars: a, b))
        default:
            guard let a = typedArgument(L, 2, parameters[0]), let b = typedArgument(L, 3, parameters[1]),
                  let c = typedArgument(L, 4, parameters[2]) else { return nil }
            return try heap.sendNative(object, selector, method.body, args: Arguments(scalars: a, b, c))
        }
    }

    /// `sendNative` with the arguments (from stack index 2) converted to general values;
    /// none or one built in the call itself, so that they are moved into the send.
    @inline(__always)
    func sendConverted(_ L: OpaquePointer, _ object: ObjectID, _ selector: Selector, _ body: NativeMethod) throws -> Value {
        switch lua_gettop(L) {
        case ...1: return try heap.sendNative(object, selector, body, args: Arguments())
        case 2: return try heap.sendNative(object, selector, body, args: Arguments(value(L, 2)))
        default: return try heap.sendNative(object, selector, body, args: args(L, from: 2))
        }
    }

    /// One argument of `sendTyped`, or nil when it does not meet `p` or is not a scalar
    /// (a string argument takes the general conversion).
    @inline(__always)
    func typedArgument(_ L: OpaquePointer, _ index: Int32, _ p: ParameterDecoding) -> Arguments.Scalar? {
        let t = lua_type(L, index)
        if t == LUA_TNIL { return p.isOptional ? .nil : nil }
        switch p.kind {
        case .number:
            guard t == LUA_TNUMBER else { return nil }
            var isInteger: Int32 = 0
            let i = lua_tointegerx(L, index, &isInteger)
            if isInteger != 0 { return .int(Int(i)) }
            let d = lua_tonumberx(L, index, nil)
            return d.isFinite ? .double(d) : nil
        case .object:
            let id = ObjectID(kitsim_handle_id(L, index))
            return id.raw != 0 && heap.fits(id, classID: p.classID) ? .object(id) : nil
        case .anyValue:
            // Scalars only: a table or function would become a host value, which the
            // general conversion would then make again.
            switch t {
            case LUA_TBOOLEAN: return .bool(lua_toboolean(L, index) != 0)
            case LUA_TNUMBER:
                var isInteger: Int32 = 0
                let i = lua_tointegerx(L, index, &isInteger)
                return isInteger != 0 ? .int(Int(i)) : .double(lua_tonumberx(L, index, nil))
            case LUA_TUSERDATA:
                let id = kitsim_handle_id(L, index)
                return id != 0 ? .object(ObjectID(id)) : nil
            default: return nil
            }
        case .string, .checked:
            return nil
        }
    }

    /// Caches the native body of `imp` in method slot `slot`, valid while the class's
    /// methods are at `version`: in a box the sandbox owns (the slot refers to it
    /// unretained); any other implementation leaves the slot without one.
    func cacheNative(_ imp: Implementation?, inSlot slot: Int, version: UInt64) {
        if case .native(let body)? = imp {
            let box = NativeBox(body)
            nativeBoxes.append(box)
            methodSlots[slot].native = Unmanaged.passUnretained(box)
            dropRetiredNativeBoxes()
        } else if case .declared(let method)? = imp {
            let box = NativeBox(method.checkedBody, declared: method)
            nativeBoxes.append(box)
            methodSlots[slot].native = Unmanaged.passUnretained(box)
            dropRetiredNativeBoxes()
        } else {
            methodSlots[slot].native = nil
        }
        methodSlots[slot].version = version
    }

    /// The checks and lookup of `callMethod`, filling the slot's cache.
    @inline(never)
    func callMethodSlow(_ L: OpaquePointer, slot: Int, id: UInt32) throws -> Int32 {
        let expected = methodSlots[slot].cls
        let sel = methodSlots[slot].selector
        let object = ObjectID(id)
        guard id != 0 else { throw badSelf(L, sel.name, expected: expected.name) }
        if heap.isValid(object) && !heap.classOf(object).isSubclass(of: expected) {
            throw badSelf(L, sel.name, expected: expected.name)
        }
        if heap.isValid(object) && heap.classOf(object) === expected {
            let imp = expected.implementation(for: sel)
            methodSlots[slot].imp = imp
            cacheNative(imp, inSlot: slot, version: expected.methodsVersion)
        }
        push(L, try heap.send(object, sel, args: args(L, from: 2)))
        return 1
    }

    /// Forgets the native boxes no slot refers to any more (slots refilled after swizzles),
    /// so a script that swizzles and calls in a loop does not grow them without bound.
    /// Only when no slot's body can be running: a body runs inside a method call from Lua,
    /// which is inside a protected call from the host; with just the one call in progress
    /// that reached this refill (`lua_depth` 1), no other method call is below it.
    func dropRetiredNativeBoxes() {
        guard nativeBoxes.count > 64 + 2 * methodSlots.count, limits.pointee.lua_depth <= 1 else { return }
        var live: [ObjectIdentifier: NativeBox] = [:]
        for s in methodSlots {
            if let n = s.native { live[ObjectIdentifier(n.takeUnretainedValue())] = n.takeUnretainedValue() }
        }
        nativeBoxes.removeAll { live[ObjectIdentifier($0)] == nil }
    }

    /// Stops the run when it has allocated the maximum number of objects.
    func checkObjectLimit(_ L: OpaquePointer) throws {
        guard heap.objectCount >= limitsConfiguration.objects else { return }
        let e = SimError.limitExceeded(.objects(limitsConfiguration.objects))
        kitsim_stop(L, e.message)
        throw e
    }

    /// Errors for a method called on the wrong receiver, hinting at ':'.
    func badSelf(_ L: OpaquePointer, _ name: String, expected: String) -> SimError {
        SimError.script(.badSelf(function: name, expected: expected, got: typeName(L, 1)))
    }

    /// A dead receiver is a zombie crash naming the message.
    func checkReceiver(_ L: OpaquePointer, _ id: ObjectID, key: Int32) throws {
        guard id.raw != 0 else { throw SimError.script(.notKitSimValue) }
        try heap.checkUsable(id, string(L, key) ?? "?")
    }

    /// `obj.name` for a name that is neither a declared property nor a method: an
    /// undeclared field set earlier, a property added with `Class:extend`, or the runtime's
    /// "unrecognized selector", whose hint names the member meant by a selector or a
    /// misspelling, or for a script's class says how to declare the member.
    func indexFallback(_ L: OpaquePointer) throws -> Int32 {
        let id = ObjectID(kitsim_handle_id(L, 1))
        guard let key = string(L, 2) else {
            throw SimError.script(.badKey(receiver: typeName(L, 1), keyType: typeName(L, 2)))
        }
        try checkReceiver(L, id, key: 2)
        if let own = extensionOwnership(heap.classOf(id), key) {
            _ = own
            push(L, try heap.associatedValue(id, key: key))
            return 1
        }
        rawGetRef(L, fieldsTable)
        if lua_rawgeti(L, -1, lua_Integer(id.raw)) == LUA_TTABLE {
            lua_pushvalue(L, 2)
            if lua_rawget(L, -2) != LUA_TNIL { return 1 }
        }
        // The runtime's exact words (SPEC §3.5), and after them in the script's message the nearest name.
        var e = heap.unrecognizedSelector(id, key)
        let cls = heap.classOf(id)
        e.hint = nameHint(key, of: cls) ?? declarationHint(key, of: cls)
        throw e
    }

    /// `obj.name = value` for an undeclared name: plain Lua values go to the object's
    /// field table; a simulated object needs a declared ownership (SPEC §4).
    func newindexFallback(_ L: OpaquePointer) throws -> Int32 {
        let id = ObjectID(kitsim_handle_id(L, 1))
        guard let key = string(L, 2) else {
            throw SimError.script(.badKey(receiver: typeName(L, 1), keyType: typeName(L, 2)))
        }
        try checkReceiver(L, id, key: 2)
        let cls = heap.classOf(id)
        if let own = extensionOwnership(cls, key) {
            let value = try propertyValue(L, 3, property: key, of: id)
            // SPEC §2: a function an extension's strong or copy property keeps is a closure.
            try heap.setAssociated(id, key: key, own.retains ? heap.closure(value) : value, ownership: own)
            return 0
        }
        if cls.responds(to: Selector(key)) {
            throw SimError.script(.assignToMethod(key: key, object: heap.ref(id)))
        }
        if kitsim_handle_id(L, 3) != 0 {
            // A misspelled property is the likelier mistake when a near name exists.
            let nearest = Spelling.nearest(to: key, among: cls.properties.filter { !$0.isReadOnly }.map(\.name))
            throw SimError.script(.objectInUndeclaredField(key: key, object: heap.ref(id), valueType: typeName(L, 3), suggestion: nearest))
        }
        if lua_type(L, 3) == LUA_TTABLE, let found = objectPath(L, 3, key) {
            // SPEC rule 26: a field that is not declared owns nothing, so neither does a
            // table in it; the object inside gets the bare object's error.
            throw SimError.script(.tableInUndeclaredField(key: key, object: heap.ref(id), found: "\(found.object)", path: found.path))
        }
        rawGetRef(L, fieldsTable)
        if lua_rawgeti(L, -1, lua_Integer(id.raw)) != LUA_TTABLE {
            kitsim_pop(L, 1)
            fieldTables += 1
            lua_createtable(L, 0, 2)
            lua_pushvalue(L, -1)
            lua_rawseti(L, -3, lua_Integer(id.raw))
        }
        lua_pushvalue(L, 2)
        lua_pushvalue(L, 3)
        lua_rawset(L, -3)
        return 0
    }

    func extensionOwnership(_ cls: SimClass, _ key: String) -> Ownership? {
        guard !extensions.isEmpty else { return nil }
        var c: SimClass? = cls
        while let k = c {
            if let o = extensions[k.id]?[key] { return o }
            c = k.superclass
        }
        return nil
    }
}
