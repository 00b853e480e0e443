import CLua
import CLuaShim
import KitSimReport
import KitSimRuntime

/// The Lua side of an interactive session over a sandbox (`kitsim repl`'s engine): an
/// environment of its own whose misses fall through to the globals, entries compiled and
/// run in it under protection, top-level locals kept from one entry to the next, a
/// printer for an entry's values, and raw lookups for completion. Every call into Lua goes
/// through `kitsim_pcall` or reads and writes that cannot run a script's code (raw reads,
/// plain tables the console made), so a Lua error never unwinds a Swift frame.
///
/// How locals persist: an entry is compiled as the body of a function inside a wrapper
/// chunk (made by the caller, e.g. the REPL's source rewriter) that declares the earlier
/// locals the entry mentions and takes a keeping function as its argument (`...`). The
/// wrapper returns the entry's function; the console joins the upvalues it declared to the
/// variables earlier entries left (`lua_upvaluejoin`), and the entry hands a closure over
/// its own top-level locals to the keeping function, which records them by name.
public final class LuaConsole {
    /// What running an entry came to: its values as the printer shows them and how many
    /// there were, an error with how it failed, or nothing yet (more input needed).
    public enum Evaluation: Equatable, Sendable {
        case values(String, count: Int)
        case error(String, Outcome.Status)
        case incomplete
    }

    /// What a chain of names (`a.b.c`) resolves to by raw reads, for completion.
    public enum Target {
        /// A plain table: its string keys, and those whose values are functions.
        case table(keys: [String], functionKeys: [String])
        /// An object of the heap (or, after a typed property, an object of that class).
        case object(SimClass)
        /// A class table (`Class.name` reads its statics).
        case classTable(SimClass)
        case none
    }

    /// What a value passed to a Swift function of the console is.
    public enum Argument {
        case object(ObjectID)
        case classTable(SimClass)
        case other
    }

    public let sandbox: LuaSandbox
    var env: Int32 = 0
    var printerRef: Int32 = 0
    var settingsRef: Int32 = 0
    var keepRef: Int32 = 0
    /// A kept local: upvalue `index` of the keeping closure at registry reference `function`.
    struct Binding { let function: Int32; let index: Int32 }
    /// The kept locals by name: the variable the latest declaration made.
    var locals: [String: Binding] = [:]
    /// Makes the wrapper chunk of an entry's text (given the kept locals' names and
    /// whether the entry keeps its own top-level locals).
    let wrap: (_ text: String, _ locals: Set<String>, _ keepsLocals: Bool) -> String
    /// How many locals refer to each keeping closure.
    var bindingCounts: [Int32: Int] = [:]

    /// A console over `sandbox`. `printer` is a chunk (run with the globals) that returns
    /// the printer of an entry's values (called with them all, it returns their text) and
    /// a table of integer settings the printer reads (`setting(_:)`). `wrap` makes the
    /// wrapper chunk of an entry (see above): it declares the kept locals among `locals`
    /// that the text mentions, takes the keeping function as `...`, and returns the
    /// entry's function, which, with `keepsLocals`, hands a closure over its top-level
    /// locals to the keeping function before it ends.
    ///
    /// - Throws: `SimError.Kind.invalidUse` when the printer chunk fails.
    public init(sandbox: LuaSandbox, printer: String, chunkName: String,
                wrap: @escaping (_ text: String, _ locals: Set<String>, _ keepsLocals: Bool) -> String) throws {
        self.sandbox = sandbox
        self.wrap = wrap
        let L = sandbox.L
        lua_createtable(L, 0, 8)
        lua_createtable(L, 0, 1)
        lua_rawgeti(L, kitsim_registryindex(), lua_Integer(LUA_RIDX_GLOBALS))
        lua_setfield(L, -2, "__index")
        lua_setmetatable(L, -2)
        env = sandbox.makeRef(L)
        guard kitsim_load(L, printer, printer.utf8.count, "=" + chunkName) == LUA_OK, kitsim_pcall(L, 0, 2) == LUA_OK else {
            throw SimError.script(.preludeFailed(chunk: chunkName, error: sandbox.describe(L, -1)))
        }
        settingsRef = sandbox.makeRef(L)
        printerRef = sandbox.makeRef(L)
        sandbox.pushFunction(L) { [weak self] _, L in
            self?.keep(L)
            return 0
        }
        keepRef = sandbox.makeRef(L)
    }

    /// The names of the kept locals.
    public var localNames: Set<String> { Set(locals.keys) }

    /// Defines `name` in the console's environment as a Swift function of its first
    /// argument that returns a string.
    public func define(_ name: String, _ body: @escaping (LuaSandbox, Argument) -> String) {
        let L = sandbox.L
        sandbox.rawGetRef(L, env)
        sandbox.pushFunction(L) { sb, L in
            let id = kitsim_handle_id(L, 1)
            let argument: Argument
            if id != 0 { argument = .object(ObjectID(id)) }
            else if let c = sb.classOfTable(L, 1) { argument = .classTable(c) }
            else { argument = .other }
            sb.pushString(L, body(sb, argument))
            return 1
        }
        lua_setfield(L, -2, name)
        kitsim_pop(L, 1)
    }

    /// The string `name` holds in the environment, or else in the globals (raw reads).
    public func string(named name: String) -> String? {
        let L = sandbox.L
        for table in [env, Int32(-1)] {
            if table == -1 { lua_rawgeti(L, kitsim_registryindex(), lua_Integer(LUA_RIDX_GLOBALS)) } else { sandbox.rawGetRef(L, table) }
            sandbox.pushString(L, name)
            lua_rawget(L, -2)
            defer { kitsim_pop(L, 2) }
            if let s = sandbox.string(L, -1) { return s }
        }
        return nil
    }

    /// Lua's syntax error for `source` compiled as the chunk `chunkName`, or nil when it
    /// compiles.
    public func syntaxError(in source: String, chunkName: String = "stdin") -> String? {
        let L = sandbox.L
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        guard kitsim_load(L, source, source.utf8.count, "=" + chunkName) != LUA_OK else { return nil }
        return sandbox.describe(L, -1)
    }

    /// What compiling an entry came to: its function on the stack top, more input needed,
    /// or a syntax error.
    enum Compiled { case ready, incomplete, error(String) }

    /// Compiles `source` (as `return source` for an `expression`) into a function of the
    /// console's environment whose free names include the kept locals: the syntax is
    /// checked on the entry as written, so messages and `<eof>` are Lua's own; then its
    /// wrapper chunk makes the function. An expression that does not compile returns nil
    /// (the caller tries another reading). `chunkName` names the chunk in messages and
    /// traces (`stdin:3` reads `stdin:3:1: …`).
    func compile(_ source: String, expression: Bool, chunkName: String = "stdin") -> Compiled? {
        let L = sandbox.L
        let text = expression ? "return " + source : source
        let name = "=" + chunkName
        let status = kitsim_load(L, text, text.utf8.count, name)
        if status != LUA_OK {
            let message = sandbox.describe(L, -1)
            kitsim_pop(L, 1)
            if expression { return nil }
            if status == LUA_ERRSYNTAX && message.hasSuffix("<eof>") { return .incomplete }
            return .error(message)
        }
        kitsim_pop(L, 1)
        let wrapper = wrap(text, Set(locals.keys), !expression)
        guard kitsim_load(L, wrapper, wrapper.utf8.count, name) == LUA_OK else {
            let message = sandbox.describe(L, -1)
            kitsim_pop(L, 1)
            return .error(message)
        }
        sandbox.rawGetRef(L, env)
        _ = lua_setupvalue(L, -2, 1)                      // _ENV = the console's environment
        sandbox.rawGetRef(L, keepRef)
        guard kitsim_pcall(L, 1, 1) == LUA_OK else {      // the wrapper only makes the entry's function
            let message = sandbox.describe(L, -1)
            kitsim_pop(L, 1)
            return .error(message)
        }
        let f = lua_gettop(L)
        var i: Int32 = 1
        while let name = lua_getupvalue(L, f, i) {
            kitsim_pop(L, 1)
            if let b = locals[String(cString: name)] {
                sandbox.rawGetRef(L, b.function)
                lua_upvaluejoin(L, f, i, -1, b.index)
                kitsim_pop(L, 1)
            }
            i += 1
        }
        return .ready
    }

    /// Compiles (as `compile`) and runs an entry with a fresh work budget, under
    /// protection; its values go through the printer. An expression that does not compile
    /// returns nil (the caller tries it as a statement). `chunkName` names the chunk in
    /// messages and traces.
    public func evaluate(_ source: String, expression: Bool, chunkName: String = "stdin") -> Evaluation? {
        let L = sandbox.L
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        switch compile(source, expression: expression, chunkName: chunkName) {
        case nil: return nil
        case .incomplete?: return .incomplete
        case .error(let message)?: return .error(message, .scriptError)
        case .ready?: break
        }
        sandbox.resetBudget()   // a fresh budget per entry
        let base = lua_gettop(L) - 1
        guard kitsim_pcall(L, 0, LUA_MULTRET) == LUA_OK else {
            let status = sandbox.failureStatus(L, -1)
            let message = errorText(L)
            kitsim_clear_stop(L)
            return .error(message, status)
        }
        let n = lua_gettop(L) - base
        guard n > 0 else { return .values("", count: 0) }
        sandbox.rawGetRef(L, printerRef)
        lua_rotate(L, base + 1, 1)
        guard kitsim_pcall(L, n, 1) == LUA_OK else { return .values(sandbox.describe(L, -1), count: Int(n)) }
        return .values(sandbox.string(L, -1) ?? "", count: Int(n))
    }

    /// What evaluating an expression for an object came to.
    public enum ObjectEvaluation { case object(ObjectID), notAnObject(typeName: String), error(String) }

    /// Compiles (as `compile`, as an expression) and runs `expression` under protection
    /// for its first value, when it is an object. Nil when it is not an expression.
    public func evaluateObject(_ expression: String, chunkName: String = "stdin") -> ObjectEvaluation? {
        let L = sandbox.L
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        switch compile(expression, expression: true, chunkName: chunkName) {
        case .ready?: break
        case .error(let message)?: return .error(message)
        case .incomplete?, nil:
            // Not an expression: Lua's own message for it.
            if case .error(let message)? = compile(expression, expression: false, chunkName: chunkName) { return .error(message) }
            return nil
        }
        guard kitsim_pcall(L, 0, 1) == LUA_OK else {
            let m = errorText(L); kitsim_clear_stop(L); return .error(m)
        }
        let id = kitsim_handle_id(L, -1)
        return id == 0 ? .notAnObject(typeName: sandbox.typeName(L, -1)) : .object(ObjectID(id))
    }

    /// Runs a file's `source` in the console's environment under protection, with a fresh
    /// work budget: its globals stay, its locals end with it (as with `dofile`). Nil when
    /// it ran to its end, else its error and how it failed.
    public func run(source: String, path: String) -> (message: String, status: Outcome.Status)? {
        let L = sandbox.L
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        guard kitsim_load(L, source, source.utf8.count, "@" + path) == LUA_OK else {
            return (sandbox.describe(L, -1), .scriptError)
        }
        sandbox.rawGetRef(L, env)
        _ = lua_setupvalue(L, -2, 1)
        sandbox.resetBudget()
        guard kitsim_pcall(L, 0, 0) == LUA_OK else {
            let failure = sandbox.failureStatus(L, -1)
            let message = errorText(L)
            kitsim_clear_stop(L)
            return (message, failure)
        }
        return nil
    }

    /// The keeping function: the closure's upvalues are the variables of an entry's
    /// top-level locals; later entries join theirs to them.
    func keep(_ L: OpaquePointer) {
        guard lua_type(L, 1) == LUA_TFUNCTION else { return }
        lua_pushvalue(L, 1)
        let ref = sandbox.makeRef(L)
        var i: Int32 = 1
        var kept = 0
        while let name = lua_getupvalue(L, 1, i) {
            kitsim_pop(L, 1)
            let key = String(cString: name)
            if let old = locals[key] { forget(old.function) }
            locals[key] = Binding(function: ref, index: i)
            kept += 1
            i += 1
        }
        if kept == 0 { luaL_unref(L, kitsim_registryindex(), ref) } else { bindingCounts[ref, default: 0] += kept }
    }

    /// Drops one use of a keeping closure; the last one frees it.
    func forget(_ ref: Int32) {
        let n = (bindingCounts[ref] ?? 1) - 1
        if n > 0 { bindingCounts[ref] = n; return }
        bindingCounts[ref] = nil
        luaL_unref(sandbox.L, kitsim_registryindex(), ref)
    }

    /// The current value of the kept local `name`, pushed, or false (nothing pushed).
    func pushLocal(_ name: String) -> Bool {
        guard let b = locals[name] else { return false }
        let L = sandbox.L
        sandbox.rawGetRef(L, b.function)
        guard lua_getupvalue(L, -1, b.index) != nil else { kitsim_pop(L, 1); return false }
        lua_rotate(L, -2, 1)
        kitsim_pop(L, 1)
        return true
    }

    /// An error value as the console shows it: exceptions and assertion failures by their
    /// `tostring`, with an exception's hint (a selector's nearest name, why a message
    /// reached a deallocated object) after it; strings (with their traceback) as they are.
    func errorText(_ L: OpaquePointer) -> String {
        var text = sandbox.describe(L, -1)
        if let hint = sandbox.exceptionHint(L, -1) { text += hint }
        if lua_type(L, -1) == LUA_TTABLE, let tb = sandbox.fieldString(L, -1, "traceback") { text += "\n" + tb }
        return text
    }

    // MARK: Settings

    /// The integer setting `name` of the printer's settings table (0 when not an integer).
    public func setting(_ name: String) -> Int {
        let L = sandbox.L
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        sandbox.rawGetRef(L, settingsRef)
        lua_getfield(L, -1, name)
        return Int(lua_tointegerx(L, -1, nil))
    }

    /// Sets the integer setting `name` of the printer's settings table.
    public func setSetting(_ name: String, _ value: Int) {
        let L = sandbox.L
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        sandbox.rawGetRef(L, settingsRef)
        lua_pushinteger(L, lua_Integer(value))
        lua_setfield(L, -2, name)
    }

    // MARK: Completion (raw reads only: no getter, no `__index`, no method runs)

    /// The string keys of the console's environment and of the globals.
    public func environmentKeys() -> [String] {
        let L = sandbox.L
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        var names: [String] = []
        for t in [env, Int32(-1)] {
            if t == -1 { lua_rawgeti(L, kitsim_registryindex(), lua_Integer(LUA_RIDX_GLOBALS)) } else { sandbox.rawGetRef(L, t) }
            names += stringKeys(L, -1)
            kitsim_pop(L, 1)
        }
        return names
    }

    /// Resolves `a.b.c` (or `a:b`) with raw reads: the first name among the kept locals,
    /// the environment, then the globals; each next name in a table, in a class table's
    /// statics, or for an object through its class's typed property.
    public func resolve(_ chain: String) -> Target {
        let L = sandbox.L
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        let names = chain.split(whereSeparator: { $0 == "." || $0 == ":" }).map(String.init)
        guard let first = names.first, !first.isEmpty else { return .none }
        sandbox.rawGetRef(L, env)
        sandbox.pushString(L, first)
        if pushLocal(first) {
            lua_rotate(L, -2, 1)                // the local's value replaces the key
            kitsim_pop(L, 1)
        } else if lua_rawget(L, -2) == LUA_TNIL {
            kitsim_pop(L, 1)
            lua_rawgeti(L, kitsim_registryindex(), lua_Integer(LUA_RIDX_GLOBALS))
            sandbox.pushString(L, first)
            lua_rawget(L, -2)
        }
        var target = classify(L)
        for name in names.dropFirst() {
            switch target {
            case .table:
                sandbox.pushString(L, name)
                lua_rawget(L, -2)
                target = classify(L)
            case .object(let cls):
                // A typed property tells the class of what it holds; nothing is read.
                guard let p = cls.property(named: name), case .object(let c?) = p.type else { return .none }
                target = .object(c)
            case .classTable(let cls):
                // Statics (enumerations, shared instances) are in the class's table once
                // made; one made on first access (`NotificationCenter.default`) is not read,
                // since reading makes it: its declared type tells its class.
                guard let info = sandbox.classInfo[cls.id], info.statics != LUA_NOREF else { return .none }
                sandbox.rawGetRef(L, info.statics)
                sandbox.pushString(L, name)
                lua_rawget(L, -2)
                target = classify(L)
                if case .none = target, let c = declaredStaticClass(name, of: cls) { target = .object(c) }
            case .none: return .none
            }
        }
        if case .table = target { return .table(keys: stringKeys(L, -1), functionKeys: functionKeys(L, -1)) }
        return target
    }

    /// The names a class table has besides its selectors: its statics (enumerations,
    /// constants, shared instances, made or not yet) and the class methods up its chain
    /// (`Timer.scheduledTimer`).
    public func staticNames(of cls: SimClass) -> [String] {
        let L = sandbox.L
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        return sandbox.staticNames(L, cls)
    }

    /// The class of the object a class's static `name` holds, from its declared type
    /// (`NotificationCenter.default` is a `NotificationCenter`), without making it.
    func declaredStaticClass(_ name: String, of cls: SimClass) -> SimClass? {
        let interfaces = sandbox.classInterfaces
        for c in cls.lineage {
            guard let s = interfaces[c.name]?.statics.first(where: { $0.name == name }) else { continue }
            guard case .object(let className) = s.type else { return nil }
            return sandbox.heap.classNamed(className)
        }
        return nil
    }

    /// The declared signature of the method `name` of `cls` (with `classMethod`, of the
    /// class method), from the model's class declarations. Nil when no declaration has it,
    /// or when a script defined or replaced its implementation, since a Lua function may
    /// return anything.
    public func declaredMethod(_ name: String, of cls: SimClass, classMethod: Bool) -> MethodSignature? {
        let selector = Selector(name)
        switch classMethod ? cls.classMethod(for: selector) : cls.implementation(for: selector) {
        case .native?, .declared?: break
        case .foreign?, .replacing?, nil: return nil
        }
        let interfaces = sandbox.classInterfaces
        for c in cls.lineage {
            if let m = interfaces[c.name]?.methods.first(where: { $0.luaName == name && ($0.kind == .classMethod) == classMethod }) {
                return m
            }
        }
        return nil
    }

    /// What the value on the stack top is; `.table(keys: [], functionKeys: [])` stands for
    /// any plain table while resolving (its keys are read at the end).
    func classify(_ L: OpaquePointer) -> Target {
        let id = kitsim_handle_id(L, -1)
        if id != 0 { return .object(sandbox.heap.classOf(ObjectID(id))) }
        if let cls = sandbox.classOfTable(L, -1) { return .classTable(cls) }
        return lua_type(L, -1) == LUA_TTABLE ? .table(keys: [], functionKeys: []) : .none
    }

    func stringKeys(_ L: OpaquePointer, _ index: Int32) -> [String] {
        let t = lua_absindex(L, index)
        guard lua_type(L, t) == LUA_TTABLE else { return [] }
        var out: [String] = []
        lua_pushnil(L)
        while lua_next(L, t) != 0 {
            if lua_type(L, -2) == LUA_TSTRING, let k = sandbox.string(L, -2) { out.append(k) }
            kitsim_pop(L, 1)
        }
        return out
    }

    func functionKeys(_ L: OpaquePointer, _ index: Int32) -> [String] {
        let t = lua_absindex(L, index)
        guard lua_type(L, t) == LUA_TTABLE else { return [] }
        var out: [String] = []
        lua_pushnil(L)
        while lua_next(L, t) != 0 {
            if lua_type(L, -2) == LUA_TSTRING, lua_type(L, -1) == LUA_TFUNCTION, let k = sandbox.string(L, -2) { out.append(k) }
            kitsim_pop(L, 1)
        }
        return out
    }

    // MARK: Interrupting

    /// What `interrupt(_:)` needs, to keep for a signal handler.
    public var interruptTarget: OpaquePointer { sandbox.L }

    /// Stops the running code at its next instruction with "interrupted". Safe to call
    /// from a signal handler.
    public static func interrupt(_ target: OpaquePointer) { kitsim_interrupt(target) }
}
