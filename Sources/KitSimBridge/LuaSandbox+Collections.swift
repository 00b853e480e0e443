import CLua
import CLuaShim
import KitSimRuntime

/// Lua tables stored in properties (SPEC rule 26). A plain table in a declared property is
/// an NSArray or NSDictionary: snapshotted at assignment, so that the heap retains every
/// object in it and a read returns a new table of the same shape. A table with a
/// metatable is a Lua object, not a collection: it is stored as it is and, like a script
/// variable, owns nothing, so it may not hold objects. An undeclared field takes a table
/// only when no object is in it, at any depth (SPEC §4's bare-object error otherwise).
extension LuaSandbox {
    /// How deep a collection may nest: deeper tables are refused rather than recursed
    /// into without bound (rule 2: script input never exhausts the host's stack).
    static let collectionDepthLimit = 100
    /// How many values one collection may hold, counting a table each time it is reached:
    /// a table of shared sub-tables (`t = { t, t }` twenty times) would otherwise expand
    /// to millions of values in Swift, where neither the instruction budget nor the
    /// memory cap sees it (rule 2).
    static let collectionSizeLimit = 1_000_000

    /// The value of a declared property's new value at `index`. `type` is the property's
    /// declared type, nil for one that takes any value (declared from Lua, or `extend`ed).
    /// A plain table becomes a snapshot, unless the property is a CGRect or CGPoint; a
    /// string keeps its bytes where the property takes any value (a model's string, like an
    /// NSString, holds UTF-8 text).
    package func propertyValue(_ L: OpaquePointer, _ index: Int32, property name: String, of owner: ObjectID,
                       type: ValueType? = nil) throws -> Value {
        let t = lua_type(L, index)
        if t == LUA_TSTRING { return type.map(isAny) ?? true ? bytesValue(L, index) : value(L, index) }
        guard t == LUA_TTABLE else { return value(L, index, knownType: t) }
        if let type, isGeometry(type) { return value(L, index, knownType: t) }
        var state = SnapshotState()
        return try element(L, lua_absindex(L, index), path: name, property: name, owner: owner, state: &state).value
    }

    /// A table the model passes on or stores (a timer's userInfo, a notification's), as
    /// the property path would snapshot it; nil for any other host value.
    public func snapshot(_ box: ForeignBox, path: String, owner: ObjectID) throws -> Value? {
        guard let ref = box as? LuaRef, ref.state === state, ref.type == LUA_TTABLE else { return nil }
        let L = current
        guard lua_checkstack(L, 4) != 0 else { throw SimError.limitExceeded(.luaStack) }
        ref.push(L)
        defer { kitsim_pop(L, 1) }
        return try propertyValue(L, -1, property: path, of: owner)
    }

    private func isAny(_ t: ValueType) -> Bool { if case .any = t { return true } else { return false } }
    private func isGeometry(_ t: ValueType) -> Bool {
        switch t {
        case .rect, .point: return true
        default: return false
        }
    }

    /// A Lua string as a value: text when it is UTF-8, else the Lua string itself, so
    /// that its bytes come back exactly (scripts are bytes).
    func bytesValue(_ L: OpaquePointer, _ index: Int32) -> Value {
        var len = 0
        guard let p = lua_tolstring(L, index, &len) else { return .nil }
        let text = p.withMemoryRebound(to: UInt8.self, capacity: len) {
            String(validating: UnsafeBufferPointer(start: $0, count: len), as: UTF8.self)
        }
        if let text { return .string(text) }
        return .foreign(ForeignValue(LuaRef(state, L, index: index)))
    }

    struct SnapshotState {
        /// The tables being snapshotted, outermost first (a table met again here contains itself).
        var open: [UnsafeRawPointer] = []
        /// Tables already snapshotted in this assignment, with their size: a shared
        /// sub-table is converted once.
        var done: [UnsafeRawPointer: (value: Value, size: Int)] = [:]
        /// Values so far, each table counted every time it is reached.
        var size = 0
    }

    /// The value at absolute index `i` inside a collection, at `path`, and how many values
    /// it counts for.
    private func element(_ L: OpaquePointer, _ i: Int32, path: String, property: String, owner: ObjectID,
                         state: inout SnapshotState) throws -> (value: Value, size: Int) {
        func bad(_ fault: Script.TableFault) -> SimError {
            SimError.script(.badTable(property: property, owner: heap.ref(owner), fault), object: owner)
        }
        state.size += 1
        guard state.size <= Self.collectionSizeLimit else {
            throw bad(.tooManyValues(Self.collectionSizeLimit))
        }
        switch lua_type(L, i) {
        case LUA_TSTRING: return (bytesValue(L, i), 1)
        case LUA_TTABLE: break
        default: return (value(L, i), 1)
        }
        if hasMetatable(L, i, rectMeta) || hasMetatable(L, i, pointMeta) || hasMetatable(L, i, timeMeta)
            || hasMetatable(L, i, indexPathMeta) || hasMetatable(L, i, sizeMeta) {
            return (value(L, i), 1)     // CGRect, CGPoint, DispatchTime, IndexPath, CGSize
        }
        if lua_getmetatable(L, i) != 0 {
            kitsim_pop(L, 1)
            // An exception value names its object for the report; it owns nothing.
            if !hasMetatable(L, i, exceptionMeta), let found = objectPath(L, i, path) {
                throw SimError.script(.metatableInProperty(property: property, owner: heap.ref(owner), found: "\(found.object)", path: found.path),
                                      object: owner)
            }
            return (.foreign(ForeignValue(LuaRef(self.state, L, index: i))), 1)
        }
        guard let identity = lua_topointer(L, i) else { return (.nil, 1) }
        if state.open.contains(identity) { throw bad(.containsItself(path: path)) }
        if let memo = state.done[identity] {
            state.size += memo.size - 1
            guard state.size <= Self.collectionSizeLimit else {
                throw bad(.tooManyValues(Self.collectionSizeLimit))
            }
            return memo
        }
        guard state.open.count < Self.collectionDepthLimit, lua_checkstack(L, 8) != 0 else {
            throw bad(.tooDeep(Self.collectionDepthLimit))
        }
        let sizeBefore = state.size
        state.open.append(identity)
        defer { state.open.removeLast() }
        // Keys first, kept in a Lua table so each value is read with its own key (a Swift
        // copy of a key that is not UTF-8 would not find it), sorted in KitSim's order.
        lua_createtable(L, 0, 0)
        let keysTable = lua_gettop(L)
        defer { lua_settop(L, keysTable - 1) }
        struct Key { let value: Value; let slot: lua_Integer }
        var keys: [Key] = []
        lua_pushnil(L)
        while lua_next(L, i) != 0 {
            kitsim_pop(L, 1)                                   // the value: read again below
            let k: Value
            switch lua_type(L, -1) {
            case LUA_TNUMBER, LUA_TBOOLEAN:
                k = value(L, -1)
            case LUA_TSTRING:
                guard case .string(let text) = bytesValue(L, -1) else {
                    kitsim_pop(L, 1)
                    throw bad(.nonUTF8Key(path: path))
                }
                k = .string(text)
            default:
                let type = typeName(L, -1)
                kitsim_pop(L, 1)
                throw bad(.badKeyType(path: path, type: "\(type)"))
            }
            lua_pushvalue(L, -1)
            let slot = lua_Integer(keys.count + 1)
            lua_rawseti(L, keysTable, slot)
            keys.append(Key(value: k, slot: slot))
        }
        keys.sort { Value.keyOrder($0.value, $1.value) }
        let isArray = keys.enumerated().allSatisfy { n, k in
            if case .int(let v) = k.value { return v == n + 1 }
            return false
        }
        func child(_ k: Key, _ childPath: String) throws -> Value {
            lua_rawgeti(L, keysTable, k.slot)
            lua_rawget(L, i)
            defer { kitsim_pop(L, 1) }
            return try element(L, lua_gettop(L), path: childPath, property: property, owner: owner, state: &state).value
        }
        let result: Value
        if isArray {
            var out: [Value] = []
            out.reserveCapacity(keys.count)
            for (n, k) in keys.enumerated() { out.append(try child(k, "\(path)[\(n + 1)]")) }
            result = .array(out)
        } else {
            var entries: [Value.Entry] = []
            entries.reserveCapacity(keys.count)
            for k in keys { entries.append(Value.Entry(key: k.value, value: try child(k, path + Value.pathComponent(k.value)))) }
            result = .dictionary(entries)
        }
        let size = state.size - sizeBefore + 1
        state.done[identity] = (result, size)
        return (result, size)
    }

    /// The first object found in the table at `index` (raw, at any depth, in KitSim's key
    /// order) with its path below `name`, or nil. Tables met twice are looked at once, so
    /// a table that contains itself is fine here: it stays a plain Lua value.
    func objectPath(_ L: OpaquePointer, _ index: Int32, _ name: String) -> (path: String, object: String)? {
        var seen = Set<UnsafeRawPointer>()
        func walk(_ t: Int32, _ path: String, depth: Int) -> (path: String, object: String)? {
            guard let identity = lua_topointer(L, t), seen.insert(identity).inserted,
                  depth < Self.collectionDepthLimit, lua_checkstack(L, 4) != 0 else { return nil }
            var keys: [(Value, Int32)] = []
            lua_pushnil(L)
            while lua_next(L, t) != 0 {
                let vt = lua_type(L, -1)
                if vt == LUA_TUSERDATA || vt == LUA_TTABLE { keys.append((value(L, -2), lua_type(L, -2))) }
                kitsim_pop(L, 1)
            }
            keys.sort { Value.keyOrder($0.0, $1.0) }
            for (k, kt) in keys where kt == LUA_TNUMBER || kt == LUA_TSTRING || kt == LUA_TBOOLEAN {
                push(L, k)
                lua_rawget(L, t)
                let top = lua_gettop(L)
                defer { lua_settop(L, top - 1) }
                let child = path + Value.pathComponent(k)
                let id = kitsim_handle_id(L, top)
                if id != 0 { return (child, heap.describe(ObjectID(id))) }
                if lua_type(L, top) == LUA_TTABLE, let found = walk(top, child, depth: depth + 1) { return found }
            }
            return nil
        }
        return walk(lua_absindex(L, index), name, depth: 0)
    }

    /// Pushes a dictionary as a new table (arrays are pushed by `push`).
    func pushDictionary(_ L: OpaquePointer, _ entries: [Value.Entry]) {
        lua_createtable(L, 0, Int32(entries.count))
        for e in entries {
            push(L, e.key)
            push(L, e.value)
            lua_rawset(L, -3)
        }
    }
}
