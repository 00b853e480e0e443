import CLua
import CLuaShim
import KitSimRuntime

/// Class tables: `Class(args)` / `Class.new(args)` construct, `Class.method(self, …)`
/// is a super call, `function Class:method() … end` defines a method in the runtime's
/// method table (so the model calling it runs the Lua function), and `subclass`, `swizzle`,
/// `extend` shape classes at run time.
extension LuaSandbox {
    func installClassTableMeta() {
        let L = self.L
        lua_createtable(L, 0, 6)
        let mt = lua_gettop(L)
        pushFunction(L) { sb, L in try sb.classIndex(L) }
        lua_setfield(L, mt, "__index")
        pushFunction(L) { sb, L in try sb.classNewindex(L) }
        lua_setfield(L, mt, "__newindex")
        pushFunction(L) { sb, L in
            sb.pushString(L, "class " + (sb.classOfTable(L, 1)?.name ?? "?"))
            return 1
        }
        lua_setfield(L, mt, "__tostring")
        pushString(L, "KitSim class")
        lua_setfield(L, mt, "__metatable")
        // The declared classes' tables share this metatable (`pushDeclaredClassTable`). Its
        // `__call` has the upvalues a class's own has (a class id, 0: found through the
        // table; where the arguments start), so `debug.getinfo` tells them apart no more
        // than it tells two classes' apart.
        lua_pushinteger(L, 0)
        lua_pushinteger(L, 2)
        kitsim_push_swift_function(L, fnConstructByTable, 2)
        lua_setfield(L, mt, "__call")
        classTableMeta = makeRef(L)
    }

    /// `Class.key`: class operations, then selectors (as super-call functions), cached per class.
    func classIndex(_ L: OpaquePointer) throws -> Int32 {
        guard let cls = classOfTable(L, 1), let key = string(L, 2) else {
            throw SimError.script(.badKey(receiver: "a class", keyType: typeName(L, 2)))
        }
        rawGetRef(L, staticsTable(L, cls))
        lua_pushvalue(L, 2)
        if lua_rawget(L, -2) != LUA_TNIL { return 1 }
        kitsim_pop(L, 1)
        if let push = lazyStatics[cls.id]?[key] {
            push(self, L)
            // Cached below, as every class member is.
            lua_pushvalue(L, 2)
            lua_pushvalue(L, -2)
            lua_rawset(L, -4)
            return 1
        }
        switch key {
        case "new":
            lua_pushinteger(L, lua_Integer(cls.id))
            lua_pushinteger(L, 1)
            kitsim_push_swift_function(L, fnConstruct, 2)
        case "name": pushString(L, cls.name)
        case "superclass":
            if let s = cls.superclass { pushClassTable(L, s) } else { lua_pushnil(L) }
        case "subclass": pushFunction(L) { sb, L in try sb.subclass(L) }
        case "swizzle": pushFunction(L) { sb, L in try sb.swizzle(L) }
        case "extend": pushFunction(L) { sb, L in try sb.extend(L) }
        case "isSubclass":
            pushFunction(L) { sb, L in
                guard let a = sb.classOfTable(L, 1), let b = sb.classOfTable(L, 2) else {
                    throw SimError.badArgument(1, "isSubclass", "class expected", hint: "call it as A:isSubclass(B)", kind: .typeMismatch)
                }
                lua_pushboolean(L, a.isSubclass(of: b) ? 1 : 0)
                return 1
            }
        default:
            let sel = Selector(key)
            if cls.classMethod(for: sel) != nil {
                // `Class.name(...)`: a class method, called with a dot (no receiver).
                pushFunction(L) { sb, L in
                    let n = Int(lua_gettop(L))
                    let args = Arguments(count: n) { sb.value(L, Int32($0 + 1)) }
                    sb.push(L, try sb.heap.sendClassMethod(cls, sel, args: args))
                    return 1
                }
                break
            }
            guard cls.responds(to: sel) else {
                let members = ["new", "name", "superclass", "subclass", "swizzle", "extend", "isSubclass"] + staticNames(L, cls)
                throw SimError.script(.noClassMember(className: cls.name, member: key,
                                                     hint: nameHint(key, of: cls, classMember: true, statics: members)))
            }
            lua_pushinteger(L, lua_Integer(cls.id))
            lua_pushinteger(L, lua_Integer(selectorNumber(sel)))
            kitsim_push_swift_function(L, fnStaticCall, 2)
        }
        // Cache (the statics table is at -2).
        lua_pushvalue(L, 2)
        lua_pushvalue(L, -2)
        lua_rawset(L, -4)
        return 1
    }

    /// The class members of `cls` besides its selectors: statics (enumerations, constants), lazy
    /// ones, class methods up the chain. For "did you mean" hints (an error path).
    func staticNames(_ L: OpaquePointer, _ cls: SimClass) -> [String] {
        var names = lazyStatics[cls.id].map { Array($0.keys) } ?? []
        if let info = classInfo[cls.id], info.statics != LUA_NOREF {
            rawGetRef(L, info.statics)
            lua_pushnil(L)
            while lua_next(L, -2) != 0 {
                if lua_type(L, -2) == LUA_TSTRING, let k = string(L, -2) { names.append(k) }
                kitsim_pop(L, 1)
            }
            kitsim_pop(L, 1)
        }
        var c: SimClass? = cls
        while let k = c {
            names += k.classMethods.keys.map(\.name)
            c = k.superclass
        }
        return names
    }

    /// `function Class:name(...) … end`: a method defined in Lua, registered in the
    /// runtime's method table of the class.
    func classNewindex(_ L: OpaquePointer) throws -> Int32 {
        guard let cls = classOfTable(L, 1), let key = string(L, 2) else {
            throw SimError.script(.badKey(receiver: "a class", keyType: typeName(L, 2)))
        }
        guard lua_type(L, 3) == LUA_TFUNCTION else {
            throw SimError.script(.classMemberNotFunction(className: cls.name, member: key, valueType: typeName(L, 3)))
        }
        if cls.property(named: key) != nil {
            throw SimError.script(.propertyOnClass(className: cls.name, member: key))
        }
        recordMethodPlace(L, 3, key)
        heap.setMethod(Selector(key), on: cls, .foreign(LuaRef(state, L, index: 3)))
        dropStatic(cls, key)
        refreshMethodsTree(cls)
        return 0
    }

    /// Forgets cached class-table entries for `key` in `cls` and its subclasses.
    func dropStatic(_ cls: SimClass, _ key: String) {
        var stack = [cls]
        while let c = stack.popLast() {
            if let info = classInfo[c.id], info.statics != LUA_NOREF {
                rawGetRef(L, info.statics)
                lua_pushnil(L)
                lua_setfield(L, -2, key)
                kitsim_pop(L, 1)
            }
            stack.append(contentsOf: c.subclasses)
        }
    }

    /// `Base:subclass("Name", { prop = "weak", count = 0, … })` (SPEC §4). A string that
    /// is an ownership attribute declares a property of that ownership; a number, a
    /// boolean or any other string declares a strong property of any value whose new
    /// instances read that value, as Swift's `var count = 0` does. A string one edit from an
    /// attribute, in another case, or in Objective-C's spelling (`"wek"`, `"Weak"`,
    /// `"retain"`, `"nonatomic, weak"`) is refused as a misspelled attribute rather than
    /// taken as a default, since a default silently makes the property strong. Properties
    /// are declared in name order, so the slot order — and the dealloc order — does not
    /// depend on Lua's table iteration order (rule 3).
    func subclass(_ L: OpaquePointer) throws -> Int32 {
        guard let base = classOfTable(L, 1) else {
            throw SimError.badArgument(1, "subclass", expected: "class", got: typeName(L, 1), hint: "call it as Base:subclass(\"Name\", {...})")
        }
        guard let name = string(L, 2), !name.isEmpty else {
            throw SimError.badArgument(2, "subclass", expected: "class name", got: typeName(L, 2))
        }
        var props: [Property] = []
        switch lua_type(L, 3) {
        case LUA_TNONE, LUA_TNIL: break
        case LUA_TTABLE:
            // Entries come sorted by name, so the first bad one is the same in every run.
            for entry in sortedEntries(L, 3) {
                guard let k = entry.key else {
                    throw SimError.badArgument(3, "subclass", "property names must be strings, got \(entry.keyType)", kind: .typeMismatch)
                }
                pushString(L, k)
                let type = lua_rawget(L, 3)
                let declared = value(L, -1)
                kitsim_pop(L, 1)
                switch type {
                case LUA_TSTRING:
                    let v = entry.string ?? ""
                    if let own = Ownership(attribute: v) {
                        props.append(Property(k, own))
                    } else if let meant = Self.misspelledAttribute(v) {
                        throw SimError.badArgument(3, "subclass", "unknown ownership attribute '\(v)' for property '\(k)'; did you mean '\(meant)'? "
                                                   + "a string default that reads like an ownership attribute must be set in init", kind: .typeMismatch)
                    } else {
                        props.append(Property(k, .strong, default: declared))
                    }
                case LUA_TNUMBER, LUA_TBOOLEAN:
                    props.append(Property(k, .strong, default: declared))
                default:
                    throw SimError.badArgument(3, "subclass", "ownership attribute or default value (number, string or boolean) expected "
                                               + "for property '\(k)', got \(entry.valueType)", kind: .typeMismatch)
                }
            }
        default:
            throw SimError.badArgument(3, "subclass", expected: "table of properties", got: typeName(L, 3))
        }
        // Only a class a script defined may be redefined, and only where the host allows it.
        let old = redefinesClasses ? heap.classNamed(name).flatMap { scriptClasses.contains($0.id) ? $0 : nil } : nil
        let cls = try heap.defineClass(name, superclass: base, properties: props, replacing: old != nil)
        scriptClasses.insert(cls.id)
        if let old { output.append(Self.redefinitionNote(name, keptBy: heap.liveObjects.filter { heap.classOf($0).isSubclass(of: old) }.count)) }
        pushClassTable(L, cls)
        return 1
    }

    /// The line `subclass` prints when it redefines a class: its instances (those of its
    /// subclasses included) keep the definition they were made with.
    static func redefinitionNote(_ name: String, keptBy instances: Int) -> String {
        switch instances {
        case 0: return "note: \(name) redefined; no existing instance keeps the old definition"
        case 1: return "note: \(name) redefined; 1 existing instance keeps the old definition"
        default: return "note: \(name) redefined; \(instances) existing instances keep the old definition"
        }
    }

    /// The ownership attribute a declaration's string most likely meant when it is not one:
    /// the attribute in another case or with spaces in it, Objective-C's spelling
    /// (`retain`, `unsafe_unretained`, `nonatomic, weak`), or an attribute one edit away.
    /// Nil for a string that is none of these, which declares a default.
    static func misspelledAttribute(_ s: String) -> String? {
        let attributes = Ownership.allCases.map(\.description) + ["unowned(unsafe)"]
        let objectiveC = ["retain": "strong", "unsafe_unretained": "assign"]
        let parts = s.lowercased().split(separator: ",").map { String($0.filter { $0 != " " && $0 != "\t" }) }
            .filter { $0 != "nonatomic" && $0 != "atomic" }
        if parts.count == 1, let word = parts.first {
            if attributes.contains(word) { return word }
            if let meant = objectiveC[word] { return meant }
        }
        return Spelling.nearest(to: s, among: attributes, maxEdits: 1)
    }

    /// `Class:swizzle("selector", function(self, original, ...) … end)`: replaces the
    /// method; `original(self, ...)` runs the implementation it replaced (seed 003).
    func swizzle(_ L: OpaquePointer) throws -> Int32 {
        guard let cls = classOfTable(L, 1) else {
            throw SimError.badArgument(1, "swizzle", expected: "class", got: typeName(L, 1), hint: "call it as Class:swizzle(\"selector\", fn)")
        }
        guard let name = string(L, 2) else {
            throw SimError.badArgument(2, "swizzle", expected: "selector name", got: typeName(L, 2))
        }
        guard lua_type(L, 3) == LUA_TFUNCTION else {
            throw SimError.badArgument(3, "swizzle", expected: "function", got: typeName(L, 3))
        }
        let sel = Selector(name)
        guard let original = cls.implementation(for: sel) else {
            // Only a method can be swizzled: a setter's property or an initializer is no advice here.
            var advice: String?
            if let answer = nameResolver(for: cls, classMember: false, properties: false).resolve(name), case .members = answer {
                advice = answer.advice
            }
            throw SimError.badArgument(2, "swizzle", "\(cls.name) has no method '\(name)'", hint: advice, kind: .unknownName)
        }
        let ref = LuaRef(state, L, index: 3)
        recordMethodPlace(L, 3, name)
        originals.append((original, sel))
        lua_pushinteger(L, lua_Integer(originals.count - 1))
        kitsim_push_swift_function(L, fnOriginalCall, 1)
        ref.originalRef = makeRef(L)
        try heap.replaceMethod(sel, on: cls, with: .foreign(ref))
        dropStatic(cls, name)
        refreshMethodsTree(cls)
        return 0
    }

    /// `Class:extend{ name = "strong", … }`: properties added to an existing class, stored
    /// as associated objects, as an Objective-C category does with
    /// `objc_setAssociatedObject` (seed 003's `viewTransitionInProgress`).
    func extend(_ L: OpaquePointer) throws -> Int32 {
        guard let cls = classOfTable(L, 1) else {
            throw SimError.badArgument(1, "extend", expected: "class", got: typeName(L, 1), hint: "call it as Class:extend{ name = \"strong\" }")
        }
        guard lua_type(L, 2) == LUA_TTABLE else {
            throw SimError.badArgument(2, "extend", expected: "table of properties", got: typeName(L, 2))
        }
        var added: [String: Ownership] = [:]
        for entry in sortedEntries(L, 2) {
            guard let k = entry.key else { throw SimError.badArgument(2, "extend", "property names must be strings", kind: .typeMismatch) }
            guard let v = entry.string, let own = Ownership(attribute: v) else {
                throw SimError.badArgument(2, "extend", "unknown ownership attribute for property '\(k)'; expected \(Ownership.attributeList)", kind: .typeMismatch)
            }
            if cls.property(named: k) != nil || cls.responds(to: Selector(k)) {
                throw SimError.badArgument(2, "extend", "\(cls.name) already has a member named '\(k)'")
            }
            added[k] = own
        }
        extensions[cls.id, default: [:]].merge(added) { $1 }
        return 0
    }

    /// Remembers where the Lua function at `index` was defined, as method `name`.
    func recordMethodPlace(_ L: OpaquePointer, _ index: Int32, _ name: String) {
        var buf = [CChar](repeating: 0, count: 256)
        guard kitsim_function_place(L, index, &buf, buf.count) != 0 else { return }
        let place = String(decoding: buf.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // One function defined at a place may serve several methods (or be a factory's
        // closure): a place that names two methods names none.
        if let known = methodPlaces[place], known != name { methodPlaces[place] = "" } else { methodPlaces[place] = name }
    }

    /// A traceback with the frames of Lua methods that the model called named as methods
    /// (SPEC §5: the traceback runs through overrides).
    func namingOverrides(_ text: String) -> String {
        guard !methodPlaces.isEmpty, text.contains("in function <") else { return text }
        var out = ""
        var rest = Substring(text)
        while let r = rest.firstRange(of: "in function <") {
            out += rest[..<r.lowerBound]
            let after = rest[r.upperBound...]
            if let close = after.firstIndex(of: ">"), let name = methodPlaces[String(after[..<close])], !name.isEmpty {
                out += "in method '\(name)'"
                rest = after[after.index(after: close)...]
            } else {
                out += rest[r]
                rest = after
            }
        }
        return out + rest
    }
}
