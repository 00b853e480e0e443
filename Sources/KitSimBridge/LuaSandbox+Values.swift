import CLua
import CLuaShim
import KitSimRuntime

/// Conversions between Lua values and `Value` (SPEC §4: CGRect/CGPoint are tables with
/// `x y width height`, a CGSize one with `width height` and the prelude's metatable; arrays of handles are 1-based Lua arrays; other tables and
/// functions travel as references). Only raw accesses: no metamethod runs here.
extension LuaSandbox {
    package func rawGetRef(_ L: OpaquePointer, _ ref: Int32) { lua_rawgeti(L, kitsim_registryindex(), lua_Integer(ref)) }

    /// Pops the stack top into a new registry reference.
    package func makeRef(_ L: OpaquePointer) -> Int32 { luaL_ref(L, kitsim_registryindex()) }

    /// A Swift string from the string at `index` (embedded zeros kept).
    package func string(_ L: OpaquePointer, _ index: Int32) -> String? {
        guard lua_type(L, index) == LUA_TSTRING else { return nil }
        var len = 0
        guard let p = lua_tolstring(L, index, &len) else { return nil }
        return p.withMemoryRebound(to: UInt8.self, capacity: len) { String(decoding: UnsafeBufferPointer(start: $0, count: len), as: UTF8.self) }
    }

    package func pushString(_ L: OpaquePointer, _ s: String) {
        var s = s
        s.withUTF8 { buf in buf.withMemoryRebound(to: CChar.self) { _ = lua_pushlstring(L, $0.baseAddress, $0.count) } }
    }

    /// The number in field `key` of the table at `index` (raw), if it is one.
    func rawNumber(_ L: OpaquePointer, _ index: Int32, _ key: String) -> Double? {
        let t = lua_absindex(L, index)
        pushString(L, key)
        defer { kitsim_pop(L, 1) }
        guard lua_rawget(L, t) == LUA_TNUMBER else { return nil }
        return lua_tonumberx(L, -1, nil)
    }

    /// Converts the Lua value at `index`. Numbers are the hot case: one call for
    /// the type, one for the value (a float with an integral value reads as an integer,
    /// which is how `push` gives it back anyway).
    @inline(__always)
    package func value(_ L: OpaquePointer, _ index: Int32) -> Value {
        value(L, index, knownType: lua_type(L, index))
    }

    /// `value(L, index)` when the caller has read the type already.
    @inline(__always)
    package func value(_ L: OpaquePointer, _ index: Int32, knownType t: Int32) -> Value {
        if t == LUA_TNUMBER {
            var isInteger: Int32 = 0
            let n = lua_tointegerx(L, index, &isInteger)
            return isInteger != 0 ? .int(Int(n)) : .double(lua_tonumberx(L, index, nil))
        }
        if t == LUA_TNIL { return .nil }                // what most methods and overrides return
        return value(L, lua_absindex(L, index), type: t)
    }

    private func value(_ L: OpaquePointer, _ i: Int32, type: Int32) -> Value {
        switch type {
        case LUA_TNIL, LUA_TNONE: return .nil
        case LUA_TBOOLEAN: return .bool(lua_toboolean(L, i) != 0)
        case LUA_TSTRING: return .string(string(L, i) ?? "")
        case LUA_TUSERDATA:
            let id = kitsim_handle_id(L, i)
            if id != 0 { return .object(ObjectID(id)) }
            return .foreign(ForeignValue(LuaRef(state, L, index: i)))
        case LUA_TTABLE:
            if let t = dispatchTime(L, i) { return .time(t) }
            if let p = indexPath(L, i) { return .indexPath(p) }
            if let x = rawNumber(L, i, "x"), let y = rawNumber(L, i, "y") {
                if let w = rawNumber(L, i, "width"), let h = rawNumber(L, i, "height") {
                    return .rect(Rect(x: x, y: y, width: w, height: h))
                }
                return .point(Point(x: x, y: y))
            }
            if let s = cgSize(L, i) { return .size(s) }
            let n = lua_rawlen(L, i)
            if n > 0 {
                var out: [Value] = []
                out.reserveCapacity(Int(n))
                var allObjects = true
                for k in 1...n {
                    lua_rawgeti(L, i, lua_Integer(k))
                    let id = kitsim_handle_id(L, -1)
                    kitsim_pop(L, 1)
                    if id == 0 { allObjects = false; break }
                    out.append(.object(ObjectID(id)))
                }
                if allObjects { return .array(out) }
            } else {
                lua_pushnil(L)
                if lua_next(L, i) == 0 {
                    // A class table (its members are its metatable's) stands for its class
                    // where the model takes one (`register`); any other `{}` is an empty array.
                    if let cls = classOfTable(L, i) {
                        let ref = LuaRef(state, L, index: i)
                        ref.simClass = cls
                        return .foreign(ForeignValue(ref))
                    }
                    return .array([])
                }
                kitsim_pop(L, 2)
            }
            return .foreign(ForeignValue(LuaRef(state, L, index: i)))
        default:
            return .foreign(ForeignValue(LuaRef(state, L, index: i)))
        }
    }

    /// The arguments from `first` to the top.
    func arguments(_ L: OpaquePointer, from first: Int32) -> [Value] {
        let top = lua_gettop(L)
        guard top >= first else { return [] }
        return (first...top).map { value(L, $0) }
    }

    /// The arguments from `first` to the top, stored inline (no array for up to three).
    @inline(__always)
    func args(_ L: OpaquePointer, from first: Int32) -> Arguments {
        let n = Int(lua_gettop(L) - first + 1)
        switch n {
        case ..<1: return Arguments()
        case 1: return Arguments(value(L, first))
        case 2: return Arguments(value(L, first), value(L, first + 1))
        default: return Arguments(count: n) { value(L, first + Int32($0)) }
        }
    }

    /// Pushes a value (scalars inline: the hot paths push numbers).
    @inline(__always)
    package func push(_ L: OpaquePointer, _ v: Value) {
        switch v {
        case .nil: lua_pushnil(L)
        case .bool(let b): lua_pushboolean(L, b ? 1 : 0)
        case .int(let i): lua_pushinteger(L, lua_Integer(i))
        default: pushOther(L, v)
        }
    }

    private func pushOther(_ L: OpaquePointer, _ v: Value) {
        switch v {
        case .nil, .bool, .int: push(L, v)
        case .double(let d): pushNumber(L, d)
        case .string(let s): pushString(L, s)
        case .object(let id): pushHandle(L, id)
        case .array(let a):
            lua_createtable(L, Int32(a.count), 0)
            for (k, e) in a.enumerated() {
                push(L, e)
                lua_rawseti(L, -2, lua_Integer(k + 1))
            }
        case .dictionary(let d): pushDictionary(L, d)
        case .rect(let r): pushRect(L, r)
        case .point(let p): pushPoint(L, p)
        case .size(let s): pushSize(L, s)
        case .time(let t): pushTime(L, t)
        case .indexPath(let p): pushIndexPath(L, p)
        case .foreign(let f):
            if let ref = f.box as? LuaRef, ref.state === state { ref.push(L) } else { lua_pushnil(L) }
        }
    }

    /// Whole numbers go to Lua as integers (`windowLevel` prints 2000, not 2000.0).
    func pushNumber(_ L: OpaquePointer, _ d: Double) {
        if d.isFinite, d == d.rounded(), abs(d) < 9.0e15 { lua_pushinteger(L, lua_Integer(d)) } else { lua_pushnumber(L, d) }
    }

    func pushRect(_ L: OpaquePointer, _ r: Rect) {
        lua_createtable(L, 0, 4)
        for (k, v) in [("x", r.x), ("y", r.y), ("width", r.width), ("height", r.height)] {
            pushNumber(L, v); lua_setfield(L, -2, k)
        }
        rawGetRef(L, rectMeta)
        lua_setmetatable(L, -2)
    }

    /// A `DispatchTime` value (SPEC rule 31): `{ uptimeNanoseconds = n }` with the
    /// prelude's metatable, which gives it `+`/`-` seconds and comparisons.
    @inline(never)
    func pushTime(_ L: OpaquePointer, _ t: Int64) {
        lua_createtable(L, 0, 1)
        lua_pushinteger(L, lua_Integer(t)); lua_setfield(L, -2, "uptimeNanoseconds")
        rawGetRef(L, timeMeta)
        lua_setmetatable(L, -2)
    }

    /// The nanoseconds of a table made by `pushTime` or the prelude's `DispatchTime`
    /// functions (its metatable is theirs, and its field an integer), else nil.
    @inline(never)
    func dispatchTime(_ L: OpaquePointer, _ i: Int32) -> Int64? {
        guard hasMetatable(L, i, timeMeta) else { return nil }
        pushString(L, "uptimeNanoseconds")
        defer { kitsim_pop(L, 1) }
        var isInteger: Int32 = 0
        guard lua_rawget(L, i) == LUA_TNUMBER else { return nil }
        let n = lua_tointegerx(L, -1, &isInteger)
        return isInteger != 0 ? Int64(n) : nil
    }

    /// An `IndexPath` (SPEC rule 39): `{ row, item, section }` with the prelude's
    /// metatable (`==` by value).
    @inline(never)
    func pushIndexPath(_ L: OpaquePointer, _ p: IndexPath) {
        lua_createtable(L, 0, 3)
        lua_pushinteger(L, lua_Integer(p.row)); lua_setfield(L, -2, "row")
        lua_pushinteger(L, lua_Integer(p.row)); lua_setfield(L, -2, "item")
        lua_pushinteger(L, lua_Integer(p.section)); lua_setfield(L, -2, "section")
        rawGetRef(L, indexPathMeta)
        lua_setmetatable(L, -2)
    }

    /// The index path of a table made by `pushIndexPath` or the prelude's `IndexPath`,
    /// else nil (a row or section that is not a whole number in 0…2^31-1 is not one).
    @inline(never)
    func indexPath(_ L: OpaquePointer, _ i: Int32) -> IndexPath? {
        guard hasMetatable(L, i, indexPathMeta) else { return nil }
        func field(_ name: String) -> Int32? {
            pushString(L, name)
            defer { kitsim_pop(L, 1) }
            var isInteger: Int32 = 0
            guard lua_rawget(L, i) == LUA_TNUMBER else { return nil }
            let n = lua_tointegerx(L, -1, &isInteger)
            return isInteger != 0 && n >= 0 && n <= lua_Integer(Int32.max) ? Int32(n) : nil
        }
        guard let row = field("row"), let section = field("section") else { return nil }
        return IndexPath(row: row, section: section)
    }

    func pushPoint(_ L: OpaquePointer, _ p: Point) {
        lua_createtable(L, 0, 2)
        pushNumber(L, p.x); lua_setfield(L, -2, "x")
        pushNumber(L, p.y); lua_setfield(L, -2, "y")
        rawGetRef(L, pointMeta)
        lua_setmetatable(L, -2)
    }

    /// A `CGSize`: `{ width, height }` with the prelude's metatable (`==` by value).
    @inline(never)
    func pushSize(_ L: OpaquePointer, _ s: Size) {
        lua_createtable(L, 0, 2)
        pushNumber(L, s.width); lua_setfield(L, -2, "width")
        pushNumber(L, s.height); lua_setfield(L, -2, "height")
        rawGetRef(L, sizeMeta)
        lua_setmetatable(L, -2)
    }

    /// The size of a table made by `pushSize` or the prelude's `CGSize`, else nil. Known
    /// by its metatable, not by its fields: a plain `{ width = 1, height = 2 }` stays a
    /// table (a dictionary in a property).
    @inline(never)
    func cgSize(_ L: OpaquePointer, _ i: Int32) -> Size? {
        guard hasMetatable(L, i, sizeMeta), let w = rawNumber(L, i, "width"), let h = rawNumber(L, i, "height") else { return nil }
        return Size(width: w, height: h)
    }

    /// Pushes the one handle of `id` (SPEC §4: the same object is always the same Lua
    /// value), creating it if the weak cache no longer has it.
    package func pushHandle(_ L: OpaquePointer, _ id: ObjectID) {
        guard heap.isValid(id) else { lua_pushnil(L); return }
        // Ids above the mark never had a handle (ids only grow): a new object's first
        // push looks nothing up.
        if id.raw <= handleMark {
            if kitsim_push_cached_handle(L, handleCache, id.raw) != 0 { return }
        } else {
            handleMark = id.raw
        }
        let info = classInfo(for: heap.classOf(id))
        kitsim_push_new_handle(L, handleCache, info.metatable, id.raw)
    }

    /// `pushHandle` for an object of class `cls` (a new object, whose class is known):
    /// when it never had a handle, the handle is made without looking up its class.
    @inline(__always)
    func pushHandle(_ L: OpaquePointer, _ id: ObjectID, of cls: SimClass) {
        guard id.raw > handleMark else { return pushHandle(L, id) }
        handleMark = id.raw
        kitsim_push_new_handle(L, handleCache, classInfo(for: cls).metatable, id.raw)
    }

    /// One entry of a table read with `sortedEntries`.
    package struct TableEntry {
        package let key: String?          // nil when the key is not a string
        package let keyType: String
        package let string: String?
        package let number: Double?
        package let boolean: Bool?
        package let valueType: String
    }

    /// The entries of the table at `index`, string keys sorted, others after them by type.
    /// `pairs` order depends on Lua's string hash seed, which Debian's liblua5.4 draws
    /// from the time and addresses, so it changes from run to run: an option table read
    /// in that order would report a different bad entry each run (rule 3). Raw access only.
    package func sortedEntries(_ L: OpaquePointer, _ index: Int32) -> [TableEntry] {
        let t = lua_absindex(L, index)
        var out: [TableEntry] = []
        lua_pushnil(L)
        while lua_next(L, t) != 0 {
            out.append(TableEntry(key: string(L, -2), keyType: typeName(L, -2), string: string(L, -1),
                                  number: lua_type(L, -1) == LUA_TNUMBER ? lua_tonumberx(L, -1, nil) : nil,
                                  boolean: lua_type(L, -1) == LUA_TBOOLEAN ? lua_toboolean(L, -1) != 0 : nil,
                                  valueType: typeName(L, -1)))
            kitsim_pop(L, 1)
        }
        return out.sorted { a, b in
            switch (a.key, b.key) {
            case (let x?, let y?): return x < y
            case (.some, nil): return true
            case (nil, .some): return false
            case (nil, nil): return a.keyType < b.keyType
            }
        }
    }

    /// The Lua type name of the value at `index`, with handles named by class, for
    /// "(Controller expected, got nil)".
    package func typeName(_ L: OpaquePointer, _ index: Int32) -> String {
        let id = kitsim_handle_id(L, index)
        if id != 0 { return heap.classOf(ObjectID(id)).name }
        return String(cString: lua_typename(L, lua_type(L, index)))
    }

    /// `tostring` of any value, under protection (a `__tostring` may raise).
    package func describe(_ L: OpaquePointer, _ index: Int32) -> String {
        var len = 0
        let i = lua_absindex(L, index)
        let p = kitsim_safe_tostring(L, i, &len)
        defer { kitsim_pop(L, 1) }
        guard let p else { return "?" }
        return p.withMemoryRebound(to: UInt8.self, capacity: len) { String(decoding: UnsafeBufferPointer(start: $0, count: len), as: UTF8.self) }
    }
}
