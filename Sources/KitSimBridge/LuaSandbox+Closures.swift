import CLua
import CLuaShim
import KitSimRuntime

/// A Lua function as the Swift closure it translates (SPEC §2): where the model takes a
/// block, the function becomes a block that captures, strongly, every simulated object its
/// upvalues hold, and through a weak or unowned box (`sim.weak(self)`, Swift's `[weak self]`)
/// the box's object, weakly or unowned. Nested functions held in upvalues are walked too,
/// each once; tables are not searched (a closure that needs a table's objects names them).
extension LuaSandbox {
    /// The registry keys of the two boxes' metatables.
    static let weakBoxKey = "KitSim.weakBox"
    static let unownedBoxKey = "KitSim.unownedBox"
    /// How deep nested functions are walked: a chain of functions each holding the next.
    static let closureDepthLimit = 200

    public func closureCaptures(_ function: ForeignBox) throws -> ClosureCaptures? {
        guard type(of: function) == LuaRef.self else { return nil }
        let ref = unsafeDowncast(function, to: LuaRef.self)
        guard ref.state === state, ref.type == LUA_TFUNCTION, !state.isClosed else { return nil }
        let L = current
        guard lua_checkstack(L, 8) != 0 else { throw SimError.limitExceeded(.luaStack) }
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        ref.push(L)
        var place = [CChar](repeating: 0, count: 256)
        let site = kitsim_function_place(L, -1, &place, place.count) != 0 ? String(cString: place) : "?"
        var captures: [ClosureCaptures.Capture] = []
        var visited = Set<UnsafeRawPointer>()
        try walkUpvalues(L, lua_gettop(L), into: &captures, visited: &visited, depth: 0)
        return ClosureCaptures(site: site, captures: captures)
    }

    private func walkUpvalues(_ L: OpaquePointer, _ index: Int32, into captures: inout [ClosureCaptures.Capture],
                              visited: inout Set<UnsafeRawPointer>, depth: Int) throws {
        guard depth < LuaSandbox.closureDepthLimit, lua_iscfunction(L, index) == 0,
              let p = lua_topointer(L, index), visited.insert(p).inserted else { return }
        var n: Int32 = 1
        while true {
            guard lua_checkstack(L, 8) != 0 else { throw SimError.limitExceeded(.luaStack) }
            guard let cname = lua_getupvalue(L, index, n) else { break }
            defer { kitsim_pop(L, 1) }
            n += 1
            let name = String(cString: cname)
            var capture: ClosureCaptures.Capture?
            let id = kitsim_handle_id(L, -1)
            if id != 0 {
                capture = .init(name: name, object: ObjectID(id), ownership: .strong)
            } else if lua_type(L, -1) == LUA_TFUNCTION {
                try walkUpvalues(L, lua_gettop(L), into: &captures, visited: &visited, depth: depth + 1)
            } else if let (target, ownership) = boxTarget(L, -1) {
                capture = .init(name: name, object: target, ownership: ownership)
            }
            // Swift captures a dead reference never; a Lua local may still name an object
            // that has gone (Lua does not keep objects alive), and then there is nothing to capture.
            if let capture, heap.state(of: capture.object) != .deallocated, !captures.contains(capture) {
                captures.append(capture)
            }
        }
    }

    /// The object a weak or unowned box at `index` names, and how it is captured; nil for
    /// any other value.
    func boxTarget(_ L: OpaquePointer, _ index: Int32) -> (ObjectID, Ownership)? {
        guard lua_type(L, index) == LUA_TTABLE, lua_getmetatable(L, index) != 0 else { return nil }
        defer { kitsim_pop(L, 1) }
        for (key, ownership) in [(LuaSandbox.weakBoxKey, Ownership.weak), (LuaSandbox.unownedBoxKey, Ownership.unowned)] {
            lua_getfield(L, kitsim_registryindex(), key)
            let same = lua_rawequal(L, -1, -2) != 0
            kitsim_pop(L, 1)
            if same {
                let box = index < 0 ? index - 1 : index
                lua_rawgeti(L, box, 1)
                defer { kitsim_pop(L, 1) }
                let raw = lua_tointegerx(L, -1, nil)
                guard raw > 0, raw <= lua_Integer(UInt32.max) else { return nil }
                return (ObjectID(UInt32(raw)), ownership)
            }
        }
        return nil
    }

    /// `sim.weak(obj)` and `sim.unowned(obj)`: Swift's `[weak self]` and `[unowned self]`
    /// for a Lua closure. A box holds no reference (Lua never keeps an object alive); a
    /// closure whose upvalue holds it captures the box's object weakly or unowned, and
    /// `box.value` reads the object: nil once it has deallocated (weak), or Swift's trap
    /// (unowned).
    func installBoxes(_ L: OpaquePointer, _ def: (MethodSignature, @escaping (LuaSandbox, OpaquePointer) throws -> Int32) -> Void) {
        for (key, name, ownership) in [(LuaSandbox.weakBoxKey, "weak box", Ownership.weak),
                                       (LuaSandbox.unownedBoxKey, "unowned box", Ownership.unowned)] {
            lua_createtable(L, 0, 4)
            pushString(L, name)
            lua_setfield(L, -2, "__name")
            pushString(L, "a \(name) is KitSim's; its metatable is not the script's")
            lua_setfield(L, -2, "__metatable")
            pushFunction(L) { sb, L in
                guard sb.string(L, 2) == "value" else { lua_pushnil(L); return 1 }
                lua_rawgeti(L, 1, 1)
                let raw = lua_tointegerx(L, -1, nil)
                kitsim_pop(L, 1)
                let id = ObjectID(UInt32(truncatingIfNeeded: raw))
                if sb.heap.isAlive(id) { sb.pushHandle(L, id); return 1 }
                if ownership == .unowned {
                    // SPEC rule 25: reading an unowned reference to a deallocated object traps.
                    throw sb.heap.recordException(SimError.crash(.unownedRead(target: id), object: id,
                                                                 reference: "unowned box"))
                }
                lua_pushnil(L)
                return 1
            }
            lua_setfield(L, -2, "__index")
            pushFunction(L) { sb, L in
                throw SimError.badArgument(2, "__newindex", "a \(name) is read-only: make a new one with sim.\(ownership == .weak ? "weak" : "unowned")(object)")
            }
            lua_setfield(L, -2, "__newindex")
            pushFunction(L) { sb, L in
                lua_rawgeti(L, 1, 1)
                let id = ObjectID(UInt32(truncatingIfNeeded: lua_tointegerx(L, -1, nil)))
                kitsim_pop(L, 1)
                sb.pushString(L, "\(name) of \(sb.heap.describe(id))\(sb.heap.isAlive(id) ? "" : " (deallocated)")")
                return 1
            }
            lua_setfield(L, -2, "__tostring")
            lua_setfield(L, kitsim_registryindex(), key)
        }
        for (fn, key, ownership) in [("weak", LuaSandbox.weakBoxKey, "weakly"), ("unowned", LuaSandbox.unownedBoxKey, "unowned")] {
            def(MethodSignature(fn, [.object("object", "NSObject")], returns: .table,
                                summary: "Swift's `[\(fn) self]`: a box a closure can hold without capturing the object strongly; a closure that holds it captures the object \(ownership), and `box.value` reads it\(fn == "weak" ? " (nil once deallocated)" : " (a trap once deallocated)").")) { sb, L in
                let id = try sb.objectArgument(L, 1, fn)
                lua_createtable(L, 1, 0)
                lua_pushinteger(L, lua_Integer(id.raw))
                lua_rawseti(L, -2, 1)
                lua_getfield(L, kitsim_registryindex(), key)
                lua_setmetatable(L, -2)
                return 1
            }
        }
    }

    /// Pushes Swift's method reference `object.name` as a Lua function: a closure whose one
    /// upvalue the object is, named `self`, so that where it becomes a block it captures the
    /// object strongly as 'self' (SPEC rule 90), as a Swift method reference does. It is
    /// compiled as if written at the line of the call that asked for it, so reports and
    /// `--weaken FILE:LINE` name that line, where the reference is written.
    func pushMethodReference(_ L: OpaquePointer, object: Int32, name: Int32) throws {
        guard lua_checkstack(L, 4) != 0 else { throw SimError.limitExceeded(.luaStack) }
        var line: Int32 = 0
        let source = kitsim_current_location(L, &line).map { String(cString: $0) } ?? "=?"
        // Blank lines put the function on the caller's line; a line past any real
        // scenario's length is refused rather than padded.
        let padding = line > 1 && line < 1_000_000 ? String(repeating: "\n", count: Int(line) - 1) : ""
        let code = padding + "local self, name = ... return function(...) return self[name](self, ...) end"
        guard kitsim_load(L, code, code.utf8.count, source) == LUA_OK else {
            kitsim_pop(L, 1)
            throw SimError.badArgument(2, "method", "the method reference could not be made")
        }
        lua_pushvalue(L, object)
        lua_pushvalue(L, name)
        guard kitsim_pcall(L, 2, 1) == LUA_OK else {
            kitsim_pop(L, 1)
            throw SimError.badArgument(2, "method", "the method reference could not be made")
        }
    }
}
