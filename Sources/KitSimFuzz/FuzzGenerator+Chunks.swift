/// Chunks for `load`, from Lua 5.4's grammar: what OSS-Fuzz's Lua fuzzers
/// (ligurio/lua-c-api-tests) feed luaL_loadbuffer, generated here from the seed. Their
/// grammar (Lua 5.1's, as protobuf messages) covers statements, expressions, function
/// bodies, table constructors and calls; this one adds what 5.4 has besides (`goto` and
/// labels, `<const>` and `<close>`, integer division and the bitwise operators, integer
/// and float edge constants, `\z`, `\x` and `\u{}` escapes) and breaks chunks on purpose
/// for the parser's error paths. As their serializer does, every loop and every function
/// body counts against one guard per chunk (`n`), so that no chunk runs long whatever the
/// grammar drew.
///
/// A chunk never reaches a library function as a value, never calls `tostring`,
/// `string.format` or `next`, and raises only constant messages: a global that holds a
/// library function makes Lua name that function by hash order in messages, and an
/// address in a message would differ from one run to the next.
extension FuzzGenerator {
    /// What a chunk can see while it is generated.
    struct ChunkScope {
        /// Locals in scope (the guard `n` is never assigned: a chunk that set it to NaN
        /// would loop without end).
        var locals: [String] = ["T"]
        /// Locals declared `<const>` or `<close>`: never assigned (a chunk that assigns one
        /// does not compile, which `broken` covers).
        var readOnly: Set<String> = []
        var fresh = 0
        /// Loops around the current statement, in the current function (`break` is valid).
        var loops = 0
        /// Whether `...` is valid (the main chunk and functions declared with it).
        var vararg = true
        var labels = 0
        /// Statements still to generate, so that a chunk stays small.
        var budget = 24
    }

    /// Every loop and function body starts with this (at most 40 turns and calls in all).
    static let chunkGuard = "n = n + 1 if n > 40 then "

    /// Whether the chunk has taken its share of the call's choices: a libFuzzer record
    /// holds at most `FuzzInput.maxRecordBytes` of them (the loading and running of the
    /// chunk, and a breakage, take a few dozen more), so past this a chunk grows no more
    /// statements and its expressions are atoms.
    var chunkIsFull: Bool { rng.used - callStart > 170 }

    // MARK: Loading

    /// A generated chunk, loaded (as text, through a reader function, with an environment,
    /// a name or a mode) and run: under pcall, unprotected, in a coroutine, later from the
    /// run loop, or as a FuzzVC callback.
    mutating func loadChunk() -> String {
        let source: String
        if rng.chance(12) {
            source = builtChunk()
        } else {
            var chunk = generatedChunk()
            if rng.chance(15) { chunk = broken(chunk) }
            source = FuzzGenerator.luaQuoted(chunk)
        }
        let load: String
        switch rng.below(10) {
        case 0:
            // Read in pieces of 7 bytes through a reader function.
            load = "(function() local p, src = 0, \(source) return load(function() p = p + 1 return src:sub(p * 7 - 6, p * 7) end) end)()"
        case 1:
            load = "load(\(source), \(rng.pick(["nil", "'=chunk'", "'@file.lua'", "'=' .. ('x'):rep(300)", "'chunk'"])), \(rng.pick(["nil", "'t'", "'b'", "'bt'", "'x'", "''"])))"
        case 2, 3:
            load = "load(\(source), nil, nil, \(chunkEnvironment()))"
        default: load = "load(\(source))"
        }
        let args = rng.pick(["", "1, 'x', nil", many(), "\(object()), \(bad())"])
        let more = args.isEmpty ? "" : ", " + args
        switch rng.below(12) {
        case 0: return "local f = \(load) f(\(args))"
        case 1: return "local f = \(load) if f then coroutine.wrap(f)(\(args)) end"
        case 2: return "local f = \(load) if f then local co = coroutine.create(f) coroutine.resume(co\(more)) coroutine.resume(co) end"
        case 3: return "local f = \(load) if f then sim.after(\(seconds()), f) end"
        case 4: return "local f = \(load) if f then DispatchQueue.main:async(f) end"
        case 5: return "local f = \(load) if f then HOOK[\(ref("C"))] = { \(hookName()) = f } end"
        case 6: return "local f = \(load) if f then \(ref("V")):addSubview(setmetatable({}, { __index = f })) end"
        case 7: return "local f = \(load) if f then CO[\(rng.int(1...4))] = coroutine.create(f) end"
        case 8: return "local f = \(load) if f then local b = string.dump(f, \(bool())) local g, e = load(b) end"
        default: return "local f = \(load) if f then pcall(f\(more)) end"
        }
    }

    /// The environment a chunk gets: its own table, the globals, or a table whose
    /// `__index` or `__newindex` errors or calls into UIKit.
    mutating func chunkEnvironment() -> String {
        rng.pick(["{}", "_ENV", "setmetatable({}, { __index = _G })", "setmetatable({}, { __index = function(t, k) error('env bomb') end })",
                  "setmetatable({}, { __index = function(t, k) return rawget(_G, k) end, __newindex = function(t, k, v) rawset(t, k, v) end })",
                  "setmetatable({}, { __index = _G, __newindex = function() error('read-only env') end })",
                  "setmetatable({}, { __index = function(t, k) return \(ref("V")) end })", "nil", "42"])
    }

    /// A chunk built when the line runs, too big or too deep to spell out: the parser's
    /// limits (syntax levels, locals, registers, constants) and long literals.
    mutating func builtChunk() -> String {
        rng.pick([
            "('('):rep(300) .. '1' .. (')'):rep(300)", "'return ' .. ('('):rep(190) .. '1' .. (')'):rep(190)",
            "'local t = ' .. ('{'):rep(300) .. ('}'):rep(300)", "'local t = {' .. ('1,'):rep(100000) .. '}'",
            "'local a' .. (', a'):rep(250)", "'return ' .. ('1, '):rep(300) .. '1'", "'x1 = \"' .. ('a'):rep(100000) .. '\"'",
            "'local f = ' .. ('function() return '):rep(150) .. '1' .. (' end'):rep(150)",
            "'local f = ' .. ('function() return '):rep(250) .. '1' .. (' end'):rep(250)",
            "'return ' .. ('- '):rep(300) .. '1'", "'return ' .. ('not '):rep(300) .. '1'", "'return 1' .. (' + 1'):rep(50000)",
            "'return ' .. ('\"x\" .. '):rep(300) .. '\"x\"'", "'local x = ' .. ('a.'):rep(5000) .. 'b'",
            "'function f(' .. ('a, '):rep(300) .. 'a) end'", "'return ' .. ('{'):rep(199) .. ('}'):rep(199)",
            "'return function(...) local a, b = ... return ' .. ('...,'):rep(250) .. '... end'",
            "'local t = {' .. ('[\"k\" .. 1] = 1,'):rep(5000) .. '}'", "'do ' .. ('do '):rep(250) .. (' end'):rep(250) .. ' end'",
            "'::a:: ' .. ('goto a '):rep(0) .. ('local x = 1 '):rep(200)", "'x = 0x' .. ('f'):rep(1000)",
            "'x = ' .. ('9'):rep(1000)", "'x = 1e' .. ('9'):rep(400)", "'--[' .. ('='):rep(1000) .. '[ unfinished'",
            "'return [' .. ('='):rep(300) .. '[x]' .. ('='):rep(300) .. ']'", "('\\n'):rep(100000) .. 'error(\"line\")'",
            "BIGS", "BIGS:sub(1, 1000)", "'\\27Lua' .. BIGS:sub(1, 100)", "string.dump(function() return 1 end)",
            "(string.dump(load('return ...')):gsub('.', '\\255', 20))",
        ])
    }

    /// A chunk with something wrong in it: a token too many or too few, a bad escape, a
    /// label twice, a goto to nowhere, an attribute Lua does not know, a constant assigned.
    mutating func broken(_ chunk: String) -> String {
        let mistakes = ["x = = 1", "local", "end", "(", "goto nowhere", "::a:: ::a::", "local x <bad> = 1", "local x <const> = 1 x = 2",
                        "break", "return 1 x = 2", "for i = 1 do end", "f(", "'unfinished", "[[unfinished", "--[[ unfinished",
                        #""\xZZ""#, #""\u{80000000}""#, #""\300""#, "0x", "1e", "3..2", "1 .. 2 ..", "a.b:c = 1", "x, y = ",
                        "local function() end", "function t:() end", "not", "#", "~= 1", "@", "$", "`", "!", #"\1"#,
                        "local x <close> = 1", "local x <const>, y <close> = 1, 2", "goto continue", "::1::", "x = 1 ::a:: goto a2",
                        "return return", "local 1 = 2", "x = {,}", "x = {;1}", #""\z"#, "x = 0x1p", "x = .e1", "x = 1..2"]
        let m = rng.pick(mistakes)
        switch rng.below(4) {
        case 0: return m + " " + chunk
        case 1: return chunk + " " + m
        case 2:
            // Cut somewhere: an unfinished statement, string or block.
            let scalars = Array(chunk.unicodeScalars)
            guard !scalars.isEmpty else { return m }
            var out = String.UnicodeScalarView()
            out.append(contentsOf: scalars.prefix(rng.below(scalars.count)))
            return String(out)
        default:
            // A character dropped.
            var scalars = Array(chunk.unicodeScalars)
            guard !scalars.isEmpty else { return m }
            scalars.remove(at: rng.below(scalars.count))
            var out = String.UnicodeScalarView()
            out.append(contentsOf: scalars)
            return String(out)
        }
    }

    // MARK: Grammar

    /// A chunk: the guard, a table to write to, then a block.
    mutating func generatedChunk() -> String {
        var scope = ChunkScope()
        return "local n, T = 0, {}" + rng.pick([" ", "\n", "; "]) + chunkBlock(&scope, depth: 0)
    }

    /// A block: a few statements, then perhaps `return` or `break`.
    mutating func chunkBlock(_ s: inout ChunkScope, depth: Int) -> String {
        let saved = s.locals
        var parts: [String] = []
        let count = depth >= 3 ? rng.int(0...2) : rng.int(1...4)
        for _ in 0..<count where s.budget > 0 && !chunkIsFull {
            s.budget -= 1
            parts.append(chunkStatement(&s, depth: depth))
        }
        if rng.chance(20) {
            parts.append("return" + (rng.chance(80) ? " " + chunkExpressions(&s, depth: depth + 1) : ""))
        } else if s.loops > 0 && rng.chance(10) {
            parts.append("break")
        }
        s.locals = saved
        return parts.joined(separator: rng.pick([" ", "\n", "; ", " ;; "]))
    }

    /// A fresh local name.
    mutating func chunkName(_ s: inout ChunkScope) -> String {
        s.fresh += 1
        return "v\(s.fresh)"
    }

    mutating func chunkStatement(_ s: inout ChunkScope, depth: Int) -> String {
        let deeper = depth < 3
        switch rng.below(deeper ? 17 : 7) {
        case 0, 1:
            let names = (0..<rng.int(1...3)).map { _ in chunkName(&s) }
            let attribute = rng.chance(15) ? rng.pick([" <const>", " <close>"]) : ""
            let value: String
            if attribute == " <close>" {
                let vararg = s.vararg
                s.vararg = false
                value = rng.pick(["nil", "false", "setmetatable({}, { __close = function(o, e) \(chunkCall(&s, depth: depth + 1)) end })"])
                s.vararg = vararg
            } else {
                value = chunkExpressions(&s, depth: depth + 1)
            }
            let declaration = "local " + names[0] + attribute + names.dropFirst().map { ", " + $0 }.joined()
            s.locals += names
            if !attribute.isEmpty { s.readOnly.insert(names[0]) }
            return declaration + (attribute.isEmpty && rng.chance(20) ? "" : " = " + value)
        case 2, 3:
            let targets = (0..<rng.int(1...2)).map { _ in chunkTarget(&s, depth: depth + 1) }
            return targets.joined(separator: ", ") + " = " + chunkExpressions(&s, depth: depth + 1)
        case 4, 5: return chunkCall(&s, depth: depth + 1)
        case 6: return ";"
        case 7: return "do " + chunkBlock(&s, depth: depth + 1) + " end"
        case 8:
            let label = "l\(s.labels)"
            s.labels += 1
            // The label ends its block, so the jump enters no local's scope.
            return "do goto \(label) \(chunkStatement(&s, depth: depth + 1)) ::\(label):: end"
        case 9:
            let label = "b\(s.labels)"
            s.labels += 1
            return "do local k = 0 ::\(label):: k = k + 1 \(FuzzGenerator.chunkGuard)return end if k < \(rng.int(1...4)) then goto \(label) end end"
        case 10: return "while \(chunkExpression(&s, depth: depth + 1)) do \(loopBody(&s, depth: depth)) end"
        case 11:
            let body = loopBody(&s, depth: depth)
            return "repeat \(body) until \(chunkExpression(&s, depth: depth + 1))"
        case 12:
            var text = "if \(chunkExpression(&s, depth: depth + 1)) then \(chunkBlock(&s, depth: depth + 1))"
            for _ in 0..<rng.int(0...2) {
                text += " elseif \(chunkExpression(&s, depth: depth + 1)) then \(chunkBlock(&s, depth: depth + 1))"
            }
            if rng.chance(50) { text += " else \(chunkBlock(&s, depth: depth + 1))" }
            return text + " end"
        case 13:
            let v = chunkName(&s)
            let step = rng.chance(40) ? ", " + chunkNumber() : ""
            let head = "for \(v) = \(chunkNumber()), \(chunkNumber())\(step) do "
            let saved = s.locals
            s.locals.append(v)
            let body = loopBody(&s, depth: depth)
            s.locals = saved
            return head + body + " end"
        case 14:
            let k = chunkName(&s), v = chunkName(&s)
            let iterator = rng.pick(["ipairs(\(chunkExpression(&s, depth: depth + 1)))", "pairs(\(chunkExpression(&s, depth: depth + 1)))",
                                     "string.gmatch('a,b,,c', '([^,]*)')", chunkExpression(&s, depth: depth + 1), "ipairs({ 1, 2, nil, 4 })",
                                     "coroutine.wrap(function() for i = 1, 3 do coroutine.yield(i, i) end end)"])
            let head = "for \(k), \(v) in \(iterator) do "
            let saved = s.locals
            s.locals += [k, v]
            let body = loopBody(&s, depth: depth)
            s.locals = saved
            return head + body + " end"
        default:
            return functionStatement(&s, depth: depth)
        }
    }

    /// A loop's body: the guard, then a block in which `break` is valid.
    mutating func loopBody(_ s: inout ChunkScope, depth: Int) -> String {
        s.loops += 1
        defer { s.loops -= 1 }
        return FuzzGenerator.chunkGuard + "break end " + chunkBlock(&s, depth: depth + 1)
    }

    /// A function declaration: local, a field or method of `T`, or a global `x1`…`x3`.
    mutating func functionStatement(_ s: inout ChunkScope, depth: Int) -> String {
        switch rng.below(5) {
        case 0:
            let f = chunkName(&s)
            s.locals.append(f)     // visible in its own body: it may recurse (the guard stops it)
            return "local function \(f)" + functionBody(&s, depth: depth)
        case 1: return "function T.\(rng.pick(["f", "g", "__index", "__call"]))" + functionBody(&s, depth: depth)
        case 2: return "function T:\(rng.pick(["m", "f"]))" + functionBody(&s, depth: depth, method: true)
        case 3: return "x\(rng.int(1...3)) = function" + functionBody(&s, depth: depth)
        default:
            let f = chunkName(&s)
            let text = "local \(f) = function" + functionBody(&s, depth: depth)
            s.locals.append(f)
            return text
        }
    }

    /// Parameters and a body (`(a, b, ...) guard block end`), in a scope of its own.
    mutating func functionBody(_ s: inout ChunkScope, depth: Int, method: Bool = false) -> String {
        let saved = s
        var params = (0..<rng.int(0...3)).map { _ in chunkName(&s) }
        let vararg = rng.chance(40)
        s.locals += params + (method ? ["self"] : [])
        s.loops = 0
        s.vararg = vararg
        if vararg { params.append("...") }
        let body = FuzzGenerator.chunkGuard + "return end " + chunkBlock(&s, depth: depth + 1)
        let fresh = s.fresh, labels = s.labels, budget = s.budget
        s = saved
        s.fresh = fresh
        s.labels = labels
        s.budget = budget
        return "(" + params.joined(separator: ", ") + ") " + body + " end"
    }

    /// Something to assign to: a local (not the guard), a field of `T` or of a local, a
    /// global `x1`…`x3`.
    mutating func chunkTarget(_ s: inout ChunkScope, depth: Int) -> String {
        switch rng.below(6) {
        case 0, 1: return rng.pick(s.locals.filter { !s.readOnly.contains($0) })
        case 2: return "T.\(rng.pick(["a", "b", "x", "__index"]))"
        // Spaces inside the brackets: `T[[[x]]]` would open a long string.
        case 3: return "T[ \(chunkExpression(&s, depth: depth + 1)) ]"
        case 4: return "\(rng.pick(s.locals))[ \(chunkExpression(&s, depth: depth + 1)) ]"
        default: return "x\(rng.int(1...3))"
        }
    }

    /// One to three expressions, the last one perhaps a call or `...` (which then gives
    /// all its values).
    mutating func chunkExpressions(_ s: inout ChunkScope, depth: Int) -> String {
        (0..<rng.int(1...3)).map { _ in chunkExpression(&s, depth: depth) }.joined(separator: ", ")
    }

    static let binaryOperators = ["+", "-", "*", "/", "//", "%", "^", "..", "==", "~=", "<", "<=", ">", ">=", "and", "or",
                                  "&", "|", "~", "<<", ">>"]

    mutating func chunkExpression(_ s: inout ChunkScope, depth: Int) -> String {
        if depth >= 5 || chunkIsFull || rng.chance(35) { return chunkAtom(&s) }
        switch rng.below(12) {
        case 0, 1, 2:
            // Spaces around every operator: `1 - -1`, never `1--1` (a comment).
            return "(\(chunkExpression(&s, depth: depth + 1)) \(rng.pick(FuzzGenerator.binaryOperators)) \(chunkExpression(&s, depth: depth + 1)))"
        case 3: return "(\(rng.pick(["- ", "not ", "#", "~ "]))\(chunkExpression(&s, depth: depth + 1)))"
        case 4: return chunkTable(&s, depth: depth + 1)
        case 5: return "function" + functionBody(&s, depth: depth)
        case 6, 7: return chunkCall(&s, depth: depth + 1)
        case 8: return "(\(chunkExpression(&s, depth: depth + 1)))"
        case 9: return "\(rng.pick(s.locals))[ \(chunkExpression(&s, depth: depth + 1)) ]"
        case 10: return "\(rng.pick(s.locals)).\(rng.pick(["a", "x", "n", "view", "superview"]))"
        default: return s.vararg ? "..." : chunkAtom(&s)
        }
    }

    /// A table constructor: positional, named and bracketed fields, either separator, a
    /// trailing one, metamethods among the names.
    mutating func chunkTable(_ s: inout ChunkScope, depth: Int) -> String {
        var fields: [String] = []
        for _ in 0..<rng.int(0...4) where !chunkIsFull {
            switch rng.below(4) {
            case 0: fields.append("\(rng.pick(["a", "b", "x", "__index", "__call", "__tostring", "__add", "__concat", "__eq", "__lt", "__close"])) = \(chunkExpression(&s, depth: depth + 1))")
            case 1: fields.append("[ \(chunkExpression(&s, depth: depth + 1)) ] = \(chunkExpression(&s, depth: depth + 1))")
            default: fields.append(chunkExpression(&s, depth: depth + 1))
            }
        }
        var text = "{ "
        for (i, f) in fields.enumerated() { text += (i > 0 ? rng.pick([", ", "; "]) : "") + f }
        if !fields.isEmpty && rng.chance(20) { text += rng.pick([",", ";"]) }
        return text + " }"
    }

    /// A call: of a function of the standard library that cannot run long whatever its
    /// arguments, of the API, of a local or of `T`'s fields and methods.
    mutating func chunkCall(_ s: inout ChunkScope, depth: Int) -> String {
        let callee: String
        switch rng.below(10) {
        case 0..<5:
            callee = rng.pick(["print", "type", "select", "rawequal", "rawlen", "rawget", "rawset", "setmetatable", "getmetatable",
                               "pcall", "ipairs", "pairs", "math.floor", "math.max", "math.min", "math.abs", "math.fmod",
                               "math.tointeger", "math.type", "math.ult", "string.char", "string.byte", "string.sub",
                               "string.upper", "string.len", "string.reverse", "table.concat", "table.insert", "table.remove",
                               "table.unpack", "table.pack", "utf8.char", "utf8.len", "utf8.codepoint", "coroutine.wrap",
                               "coroutine.yield", "coroutine.isyieldable", "load", "collectgarbage", "tonumber"])
        case 5:
            callee = rng.pick(["sim.run", "sim.alive", "sim.hold", "sim.release", "sim.retainCount", "UIView", "FuzzVC", "CGRect",
                               "sim.after", "DispatchQueue.main.async"])
        case 6:
            // Errors with constant messages only (see the extension's comment).
            return rng.pick(["error('chunk bomb')", "error()", "error(42)", "error({})", "error('x', 2)", "error('x', 0)",
                             "assert(\(chunkExpression(&s, depth: depth + 1)), 'chunk assert')", "assert(false)", "assert(nil, 7)"])
        case 7: callee = rng.pick(s.locals)
        case 8: return "T:\(rng.pick(["m", "f"]))(\(chunkArguments(&s, depth: depth)))"
        default: callee = rng.pick(["T.f", "T.g", "x1", "x2", "x3", "(\(chunkExpression(&s, depth: depth + 1)))"])
        }
        switch rng.below(8) {
        case 0: return callee + " " + chunkTable(&s, depth: depth + 1)
        case 1: return callee + " " + chunkString()
        default: return callee + "(" + chunkArguments(&s, depth: depth) + ")"
        }
    }

    mutating func chunkArguments(_ s: inout ChunkScope, depth: Int) -> String {
        rng.chance(15) ? "" : chunkExpressions(&s, depth: depth + 1)
    }

    mutating func chunkAtom(_ s: inout ChunkScope) -> String {
        switch rng.below(10) {
        case 0, 1: return chunkNumber()
        case 2, 3: return chunkString()
        case 4, 5: return rng.pick(s.locals)
        case 6: return rng.pick(["nil", "true", "false"])
        case 7: return s.vararg ? "..." : "nil"
        case 8: return rng.pick(["T", "x1", "x2", "V[1]", "C[1]", "BIG[3]", "BIGS", "UIView", "sim", "math.pi", "math.huge",
                                 "math.maxinteger", "math.mininteger", "string", "_ENV", "CO[1]"])
        default: return rng.pick(["{}", "{ 1, 2, 3 }", "{ n = 1 }"])
        }
    }

    static let chunkNumbers = ["0", "1", "2", "3", "(-1)", "0.0", "(-0.0)", "1e308", "1e309", "2^53", "2^63", "0x7fffffffffffffff",
                               "0xffffffffffffffff", "0x8000000000000000", "9223372036854775807", "9223372036854775808",
                               "0x1p-1074", "0x.8p1", "3.", ".5", "1E+2", "0xA.8p0", "(0/0)", "math.mininteger", "255",
                               "1e-300", "4294967296", "(1//0.0)", "0xep1", "1e-1"]

    mutating func chunkNumber() -> String { rng.pick(FuzzGenerator.chunkNumbers) }

    static let chunkStrings = [
        "''", "'x'", #""\0""#, #"'\z   x'"#, #"'\x41\x7a'"#, #"'\u{48}\u{7FF}\u{FFFF}\u{10FFFF}'"#, #"'\u{7FFFFFFF}'"#,
        #"'\65\066\255'"#, #"'\a\b\f\n\r\t\v\\\"\''"#, "[[long\nstring]]", "[==[ ]] ]=] ]==]", "'%d %s'", "'a,b,c'", "'10'",
        "'0x10'", "' 1e2 '", #"'\u{E9}'"#, "'\\\n'", "'日本語'", "[[\n]]", "'return 1'", "'error(\"inner\")'",
    ]

    mutating func chunkString() -> String { rng.pick(FuzzGenerator.chunkStrings) }

    /// `s` as a Lua string literal on one line: quotes, backslashes, line ends and every
    /// byte outside printable ASCII escaped (three-digit decimal escapes, so that a digit
    /// after one is not read as part of it).
    public static func luaQuoted(_ s: String) -> String {
        var out = "\""
        for b in s.utf8 {
            switch b {
            case UInt8(ascii: "\""): out += "\\\""
            case UInt8(ascii: "\\"): out += "\\\\"
            case UInt8(ascii: "\n"): out += "\\n"
            case 0x20..<0x7F: out.unicodeScalars.append(Unicode.Scalar(b))
            default:
                let d = Int(b)
                out += "\\" + String(d / 100) + String(d / 10 % 10) + String(d % 10)
            }
        }
        return out + "\""
    }
}
