import CLua
import CLuaShim
import KitSim

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

    /// The value of a declared property's new value at `index`: a snapshot for a plain
    /// table, the usual conversion for everything else. `name` is the property's name,
    /// for the paths in messages.
    func propertyValue(_ L: OpaquePointer, _ index: Int32, property name: String, of owner: ObjectID) throws -> Value {
        guard lua_type(L, index) == LUA_TTABLE else { return value(L, index) }
        let i = lua_absindex(L, index)
        if rawNumber(L, i, "x") != nil && rawNumber(L, i, "y") != nil { return value(L, i) }   // CGRect, CGPoint
        if lua_getmetatable(L, i) != 0 {
            rawGetRef(L, exceptionMeta)
            let isException = lua_rawequal(L, -1, -2) != 0
            kitsim_pop(L, 2)
            // An exception value names its object for the report; it owns nothing.
            if !isException, let found = objectPath(L, i, name) {
                throw SimError(.invalidUse,
                               "cannot store a table with a metatable holding \(found.object) (at \(found.path)) in property '\(name)' of \(heap.describe(owner)): "
                               + "a Lua object owns nothing; keep the objects in declared properties", object: owner)
            }
            return .foreign(ForeignValue(LuaRef(state, L, index: i)))
        }
        var open: [UnsafeRawPointer] = []
        return try snapshot(L, i, path: name, property: name, owner: owner, open: &open)
    }

    private func snapshot(_ L: OpaquePointer, _ t: Int32, path: String, property: String, owner: ObjectID,
                          open: inout [UnsafeRawPointer]) throws -> Value {
        func bad(_ why: String) -> SimError {
            SimError(.typeMismatch, "bad value for property '\(property)' of \(heap.describe(owner)) (\(why))", object: owner)
        }
        guard let identity = lua_topointer(L, t) else { return .nil }
        if open.contains(identity) { throw bad("the table at \(path) contains itself") }
        guard open.count < Self.collectionDepthLimit, lua_checkstack(L, 4) != 0 else {
            throw bad("tables nested more than \(Self.collectionDepthLimit) deep at \(path)")
        }
        open.append(identity)
        defer { open.removeLast() }
        // Keys first, in KitSim's fixed order, then each value under its path.
        var keys: [Value] = []
        lua_pushnil(L)
        while lua_next(L, t) != 0 {
            switch lua_type(L, -2) {
            case LUA_TNUMBER, LUA_TSTRING, LUA_TBOOLEAN:
                keys.append(value(L, -2))
            default:
                let type = typeName(L, -2)
                kitsim_pop(L, 2)
                throw bad("a key at \(path) is \(type); keys must be numbers, strings or booleans")
            }
            kitsim_pop(L, 1)
        }
        keys.sort(by: Value.keyOrder)
        let isArray = keys.enumerated().allSatisfy { i, k in
            if case .int(let n) = k { return n == i + 1 }
            return false
        }
        func element(_ key: Value, _ childPath: String) throws -> Value {
            push(L, key)
            lua_rawget(L, t)
            defer { kitsim_pop(L, 1) }
            let top = lua_gettop(L)
            if lua_type(L, top) == LUA_TTABLE, !hasMetatable(L, top),
               rawNumber(L, top, "x") == nil || rawNumber(L, top, "y") == nil {
                return try snapshot(L, top, path: childPath, property: property, owner: owner, open: &open)
            }
            return try propertyValue(L, top, property: property, of: owner)
        }
        if isArray {
            var out: [Value] = []
            out.reserveCapacity(keys.count)
            for (i, k) in keys.enumerated() { out.append(try element(k, "\(path)[\(i + 1)]")) }
            return .array(out)
        }
        var entries: [Value.Entry] = []
        entries.reserveCapacity(keys.count)
        for k in keys { entries.append(Value.Entry(key: k, value: try element(k, path + Value.pathComponent(k)))) }
        return .dictionary(entries)
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

    func hasMetatable(_ L: OpaquePointer, _ index: Int32) -> Bool {
        guard lua_getmetatable(L, index) != 0 else { return false }
        kitsim_pop(L, 1)
        return true
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
