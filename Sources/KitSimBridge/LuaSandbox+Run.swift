import CLua
import CLuaShim
import KitSimReport
import KitSimRuntime
import KitSimPlatform

extension LuaSandbox {
    /// Runs a scenario file. The end of the script finishes the current run-loop turn
    /// (SPEC §3.6). Errors of the script are part of the outcome; only a file that
    /// cannot be read throws. The file is loaded as `lua.c` loads one: its bytes as they
    /// are, a first line starting with `#` and a UTF-8 byte order mark skipped. As in
    /// `lua.c`, the global `arg` holds the path at 0 and `arguments` from 1, and the
    /// chunk receives `arguments` as `...`.
    public func run(file path: String, arguments: [String] = []) throws -> Outcome {
        guard let f = fopen(path, "rb") else {
            throw SimError.script(.unreadableFile(path: path))
        }
        fclose(f)
        useScriptFolder(of: path)
        let L = self.L
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        lua_createtable(L, Int32(arguments.count), 1)
        pushString(L, path)
        lua_rawseti(L, -2, 0)
        for (i, a) in arguments.enumerated() {
            pushString(L, a)
            lua_rawseti(L, -2, lua_Integer(i + 1))
        }
        setGlobalRaw(L, "arg")
        var status = kitsim_loadfile(L, path)
        if status == LUA_OK {
            firstScriptEvent = heap.events.count
            guard lua_checkstack(L, Int32(arguments.count + 1)) != 0 else {
                throw SimError.limitExceeded(.scriptArguments)
            }
            for a in arguments { pushString(L, a) }
            status = kitsim_pcall_main(L, Int32(arguments.count))
        }
        return finish(L, status)
    }

    /// `require` finds modules next to the scenario at `path`, then in the folder above
    /// it (`Scenarios/seeds/x.lua` finds `lib.y` as `Scenarios/lib/y.lua`): only there when
    /// sandboxed. `run(file:)` and the REPL's `-i FILE` and `:load FILE` use it.
    package func useScriptFolder(of path: String) {
        setRequirePath(Self.requireFolders(of: path), only: isSandboxed)
    }

    /// The folder of the script at `path`, as written (`.` for a bare file name).
    package static func scriptFolder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "" : String(path[..<slash])
    }

    /// The folders `require` searches for a script at `path`, in order: its own folder,
    /// then the folder above it, both written from the path as given, by name (`a/b/x.lua`:
    /// `a/b` and `a`; `x.lua`: `.` and `..`); a script at the root has only its own.
    package static func requireFolders(of path: String) -> [String] {
        let folder = scriptFolder(of: path)
        var trimmed = Substring(folder)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        if trimmed.isEmpty || trimmed == "/" { return [folder] }                     // /x.lua
        let last = trimmed.split(separator: "/").last ?? ""
        if last == "." || last == ".." { return [folder, trimmed == "." ? ".." : trimmed + "/.."] }
        guard let slash = trimmed.lastIndex(of: "/") else { return [folder, "."] }     // a/x.lua
        return [folder, String(trimmed[..<slash])]                                   // /a/x.lua: "/a", ""
    }

    /// Runs Lua source as a scenario; `name` is its chunk name (`@file.lua` or `=name`).
    public func run(chunk: String, name: String = "=scenario") -> Outcome {
        let L = self.L
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        var status = kitsim_load(L, chunk, chunk.utf8.count, name)
        if status == LUA_OK {
            firstScriptEvent = heap.events.count
            status = kitsim_pcall_main(L, 0)
        }
        return finish(L, status)
    }

    /// The outcome of a scenario chunk that ran with `status`, its error on the stack top.
    func finish(_ L: OpaquePointer, _ status: Int32) -> Outcome {
        if status == LUA_OK {
            // The end of the script ends the turn: layout pass and drain; the properties
            // are checked after it as after any turn, and a replayed schedule must be done.
            do {
                try model.finishTurn()
                try heap.afterTurn?(nil)
                try heap.orderChooser?.scriptEnded()
            } catch let e as SimError { return outcome(failure: e) } catch {}
            return outcome(status: .passed, crash: nil, message: nil)
        }
        return outcomeFromLuaError(L)
    }

    /// What one chunk run as a step of a longer session came to: the status and the
    /// error message, without the end-of-turn work or the full report of `run(chunk:)`.
    /// The fuzzer drives a sandbox this way, call by call.
    public struct StepResult: Sendable {
        public let status: Outcome.Status
        public let crash: Outcome.Crash?
        public let message: String?
    }

    /// Runs `chunk` without ending the run-loop turn (state stays in Lua globals between
    /// steps); `sim.run`, `sim.drain` or a later `run(chunk:)` end it.
    public func step(chunk: String, name: String = "=step") -> StepResult {
        let L = self.L
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        var status = kitsim_load(L, chunk, chunk.utf8.count, name)
        if status == LUA_OK { status = kitsim_pcall(L, 0, 0) }
        if status == LUA_OK { return StepResult(status: .passed, crash: nil, message: nil) }
        return verdictFromLuaError(L)
    }

    /// Whether the bridge is back at rest: no Swift frame marked active, no limit stop
    /// pending. A Lua error that unwound a Swift frame (DEVELOPERS.md rule 1) leaves
    /// `swift_depth` raised, which this detects.
    public var bridgeIsAtRest: Bool {
        limits.pointee.swift_depth == 1 && limits.pointee.stopping == 0
    }

    /// The bridge's state for a report: `swift_depth 1, stopping 0` at rest.
    public var bridgeState: String {
        "swift_depth \(limits.pointee.swift_depth), stopping \(limits.pointee.stopping)"
    }

    /// The number of values on the main Lua stack (constant between steps).
    public var luaStackTop: Int { Int(lua_gettop(L)) }

    /// Classifies the error at the stack top.
    func outcomeFromLuaError(_ L: OpaquePointer) -> Outcome {
        let v = verdictFromLuaError(L)
        return outcome(status: v.status, crash: v.crash, message: v.message)
    }

    /// Classifies the error at the stack top, without the report.
    func verdictFromLuaError(_ L: OpaquePointer) -> StepResult {
        let stopping = limits.pointee.stopping != 0
        let memory = limits.pointee.memory_exceeded != 0
        let stopMessage = withUnsafeBytes(of: limits.pointee.stop_message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        kitsim_clear_stop(L)
        resetBudget()
        // Only KitSim's own values are exceptions and assertion failures: a script's table
        // with the same fields is an ordinary error object.
        // Where the error was raised, as the message handler (or, for an exception, the
        // bridge when it raised it) recorded it beside the value.
        var raisedAt: String?, trace: String?
        if kitsim_push_raise_info(L, -1) != 0 {
            raisedAt = fieldString(L, -1, "where")
            trace = fieldString(L, -1, "traceback").map { Self.withoutPreludeFrames(namingOverrides($0)) }
            kitsim_pop(L, 1)
        }
        // Only KitSim's own values are exceptions and assertion failures: a script's table
        // with the same fields is an ordinary error object.
        if lua_type(L, -1) == LUA_TTABLE, hasMetatable(L, -1, exceptionMeta) || hasMetatable(L, -1, assertionMeta) {
            let name = fieldString(L, -1, "name")
            let reason = fieldString(L, -1, "reason")
            if let name, let reason {
                // The exception is in the trace already: the bridge recorded it when it
                // raised it (pushError).
                let object = fieldHandle(L, -1, "object")
                let crash = Outcome.Crash(name: name, reason: reason, object: object, death: object.flatMap(heap.deathSentence))
                // SPEC §5: the headline starts with the line that raised it, inside an
                // override if that is where it was.
                let headline = (raisedAt.map { $0 + " " } ?? "") + "\(name): \(reason)" + (exceptionHint(L, -1) ?? "")
                return StepResult(status: .crashed, crash: crash, message: headline + (trace.map { "\n" + $0 } ?? ""))
            }
            if let message = fieldString(L, -1, "message") {
                return StepResult(status: .assertionFailed, crash: nil, message: message + (trace.map { "\n" + $0 } ?? ""))
            }
        }
        // Stock's message; one that does not say where it was raised (a table, nil, a
        // level that points into C) gets the place of the line that raised it (SPEC §5).
        var text = namingOverrides(errorMessage(L, -1))
        if let raisedAt, Outcome.leadingLocation(of: text) == nil { text = raisedAt + " " + text }
        // One traceback: a message that carries its own (rethrown from `xpcall(f,
        // debug.traceback)`) already says where it began.
        if let trace, !text.contains("stack traceback:") { text += "\n" + trace }
        if memory && text.contains("not enough memory") {
            text = SimError.limitExceeded(.memory(bytes: limitsConfiguration.memoryBytes)).message + "\n" + text
        }
        // A limit is known by the stop flag its C or Swift side set, never by the words of
        // a message: a script's own error("limit exceeded") is a script error.
        if stopping || memory {
            if !text.contains("limit exceeded") && !stopMessage.isEmpty { text = stopMessage + "\n" + text }
            return StepResult(status: .limitExceeded, crash: nil, message: text)
        }
        return StepResult(status: .scriptError, crash: nil, message: text)
    }

    /// A traceback without the prelude's frames (the assertion vocabulary's `fail`,
    /// `check`): the `error` call that raised from them and the tail-call mark after them
    /// go too, so the first frame is the scenario's line.
    static func withoutPreludeFrames(_ traceback: String) -> String {
        let lines = traceback.split(separator: "\n", omittingEmptySubsequences: false)
        func isPrelude(_ l: Substring) -> Bool { l.hasPrefix("\tprelude:") || l.hasPrefix("prelude:") }
        guard lines.contains(where: isPrelude) else { return traceback }
        var out: [Substring] = []
        for (i, l) in lines.enumerated() {
            if isPrelude(l) { continue }
            if l.hasSuffix("[C]: in function 'error'"), i + 1 < lines.count, isPrelude(lines[i + 1]) { continue }
            if l.hasSuffix("(...tail calls...)"), i > 0, isPrelude(lines[i - 1]) { continue }
            out.append(l)
        }
        return out.joined(separator: "\n")
    }

    /// How `kitsim run` classifies the error value at `index` (the REPL's piped sessions
    /// exit with its code). Reads the stop flags; clears nothing.
    package func failureStatus(_ L: OpaquePointer, _ index: Int32) -> Outcome.Status {
        if limits.pointee.stopping != 0 || limits.pointee.memory_exceeded != 0 { return .limitExceeded }
        if lua_type(L, index) == LUA_TTABLE {
            if hasMetatable(L, index, exceptionMeta) { return .crashed }
            if hasMetatable(L, index, assertionMeta) { return .assertionFailed }
        }
        return .scriptError
    }

    /// The hint KitSim adds after an exception's exact text, or nil: the nearest name
    /// for an unrecognized selector, why a message reached a deallocated object. Begins
    /// with its own separator ("; did you mean …", a new line).
    package func exceptionHint(_ L: OpaquePointer, _ index: Int32) -> String? {
        guard lua_type(L, index) == LUA_TTABLE, hasMetatable(L, index, exceptionMeta) else { return nil }
        return fieldString(L, index, "hint")
    }

    func outcome(failure e: SimError) -> Outcome {
        if let ref = e.payload?.box as? LuaRef, ref.state === state {
            // An error of Lua code that Swift called (a `deinit` in the last drain): the
            // Lua value says what it was, and where, as for an error of the script itself.
            let top = lua_gettop(L)
            defer { lua_settop(L, top) }
            ref.push(L)
            return outcomeFromLuaError(L)
        }
        // SPEC §5: the headline starts with the line the run was at.
        let at = heap.currentSourceLocation.map { "\($0): " } ?? ""
        if e.isCrash {
            heap.recordException(e)
            let death = e.object.flatMap(heap.deathSentence)
            return outcome(status: .crashed, crash: Outcome.Crash(name: e.crashName ?? "Fatal error", reason: e.message, object: e.object, death: death),
                           message: at + e.description + (e.kind == .zombie || e.kind == .unownedRead ? death.map { "\n" + $0 } ?? "" : ""))
        }
        return outcome(status: e.kind == .limit ? .limitExceeded : .scriptError, crash: nil, message: at + e.description)
    }

    func outcome(status: Outcome.Status, crash: Outcome.Crash?, message: String?) -> Outcome {
        var labelled: [String: Outcome.ObjectInfo] = [:]
        for (label, id) in heap.labelledObjects where describesLabelledObjects {
            labelled[label] = Outcome.ObjectInfo(id: id, className: heap.classOf(id).name,
                                                 isDeallocated: heap.state(of: id) == .deallocated,
                                                 retainCount: heap.retainCount(id), why: heap.why(id), history: heap.history(id))
        }
        let leaks = heap.leaks()
        let expected = leaks.map(isExpected)
        // What to fix: the leaks the scenario does not expect, by their suspects.
        let unexpected = zip(leaks, expected).filter { !$0.1 }.map(\.0)
        return Outcome(status: status, crash: crash, message: message, leaks: leaks,
                       leakLines: leaks.map { LeakText.line($0, in: heap) }, leakExpected: expected,
                       leakGroups: unexpected.isEmpty || !describesLabelledObjects ? "" : LeakTraceText.groups(unexpected, in: heap), output: output,
                       trace: capturesTrace ? heap.traceText() : "", labelled: labelled, invariantViolations: heap.invariantViolations())
    }

    /// Whether the value at `index` has the metatable at registry reference `ref`.
    func hasMetatable(_ L: OpaquePointer, _ index: Int32, _ ref: Int32) -> Bool {
        guard ref != 0, lua_getmetatable(L, index) != 0 else { return false }
        rawGetRef(L, ref)
        defer { kitsim_pop(L, 2) }
        return lua_rawequal(L, -1, -2) != 0
    }

    /// The message of an uncaught error as `lua.c` renders it: a string or number as it
    /// is (with the traceback the handler appended), a value whose `__tostring` gives a
    /// string as that string, anything else as `(error object is a T value)`.
    func errorMessage(_ L: OpaquePointer, _ index: Int32) -> String {
        let i = lua_absindex(L, index)
        switch lua_type(L, i) {
        case LUA_TSTRING, LUA_TNUMBER:
            return describe(L, i)
        default:
            if luaL_getmetafield(L, i, "__tostring") != LUA_TNIL {
                kitsim_pop(L, 1)
                let text = describe(L, i)
                if text != "(error in __tostring)" { return text }
            }
            return "(error object is a \(String(cString: lua_typename(L, lua_type(L, i)))) value)"
        }
    }

    package func fieldString(_ L: OpaquePointer, _ index: Int32, _ key: String) -> String? {
        let t = lua_absindex(L, index)
        pushString(L, key)
        defer { kitsim_pop(L, 1) }
        guard lua_rawget(L, t) == LUA_TSTRING else { return nil }
        return string(L, -1)
    }

    func fieldHandle(_ L: OpaquePointer, _ index: Int32, _ key: String) -> ObjectID? {
        let t = lua_absindex(L, index)
        pushString(L, key)
        defer { kitsim_pop(L, 1) }
        lua_rawget(L, t)
        let id = kitsim_handle_id(L, -1)
        return id == 0 ? nil : ObjectID(id)
    }

    /// `require` looks only in the scenario's folders (`requireFolders(of:)`), and loads
    /// no C modules.
    func setRequirePath(_ directories: [String], only: Bool) {
        // Raw accesses only: a script may have given _G or package a metatable.
        lua_rawgeti(L, kitsim_registryindex(), lua_Integer(LUA_RIDX_GLOBALS))
        pushString(L, "package")
        if lua_rawget(L, -2) == LUA_TTABLE {
            var path = directories.map { $0 + "/?.lua" }.joined(separator: ";")
            if !only {
                pushString(L, "path")
                // A folder already first on the path (a second `:load` from it) is not added again.
                if lua_rawget(L, -2) == LUA_TSTRING, let old = string(L, -1) {
                    path = old == path || old.hasPrefix(path + ";") ? old : path + ";" + old
                }
                kitsim_pop(L, 1)
            }
            pushString(L, "path"); pushString(L, path); lua_rawset(L, -3)
            guard only else { kitsim_pop(L, 2); return }
            pushString(L, "cpath"); pushString(L, ""); lua_rawset(L, -3)
            pushString(L, "searchers")
            if lua_rawget(L, -2) == LUA_TTABLE {
                lua_pushnil(L); lua_rawseti(L, -2, 4)
                lua_pushnil(L); lua_rawseti(L, -2, 3)
            }
            kitsim_pop(L, 1)
        }
        kitsim_pop(L, 2)
    }
}

/// Reads a whole file as UTF-8 text, or nil (no Foundation on the start-up path).
public func readTextFile(_ path: String) -> String? {
    Platform.readBytes(path).map { String(decoding: $0, as: UTF8.self) }
}

/// Writes a text file (the REPL's `:save`, `kitsim run --graph`).
public func writeTextFile(_ path: String, _ text: String) -> Bool {
    guard let f = fopen(path, "wb") else { return false }
    defer { fclose(f) }
    var t = text
    return t.withUTF8 { fwrite($0.baseAddress, 1, $0.count, f) == $0.count }
}
