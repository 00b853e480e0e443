/// Lua-level calls: the standard library with adversarial arguments, metamethods,
/// coroutines and loaded chunks, mixed with the API. The API calls alone never reach the
/// shim's own C functions (print, the guarded pcall, resume and load) with thousands of
/// values or hostile metatables, and a host crash there is as much a crash as one in the
/// model.
///
/// Every line stays cheap whatever it draws: strings stay under a few megabytes (or ask
/// for so much that the memory cap refuses them at once), patterns on long subjects are
/// the linear ones, backtracking patterns get short subjects, and loops in generated
/// chunks count against one guard per chunk. No line may make its status or message
/// depend on an address or on hash order, because the fuzzer replays seeds and compares
/// the two runs: nothing here puts `tostring` of a table, a function or a thread into an
/// error, sorts with a Lua comparator past the size where Lua picks random pivots, or
/// walks a table with `next`.
extension FuzzGenerator {
    /// How many values a many-value call passes: below, at and far above the sizes where
    /// buffers and stacks grow (LUAL_BUFFERSIZE, LUA_MINSTACK, the C stack's 200 levels),
    /// up to a fifth of LUAI_MAXSTACK. `BIG` (the header's) has 200,000 values.
    public static let manyCounts = [0, 1, 200, 2000, 5000, 20000, 200000]

    /// One Lua-level call.
    mutating func lua() -> String {
        switch rng.below(100) {
        case 0..<30: return manyValues()
        case 30..<37: return strings()
        case 37..<45: return patterns()
        case 45..<52: return tables()
        case 52..<55: return utf8Call()
        case 55..<59: return arithmetic()
        case 59..<71: return metatables()
        case 71..<79: return coroutines()
        case 79..<95: return loadChunk()
        default: return deepTables()
        }
    }

    // MARK: - Many values

    /// How often each count is drawn, out of the sum: mostly the thousands, where the
    /// buffers grow several times; now and then none, one, or 200,000 (a print of which
    /// takes 30 ms).
    static let manyWeights = [2, 2, 6, 12, 10, 6, 1]

    /// A count of values from `manyCounts`, at most `limit`.
    mutating func manyCount(upTo limit: Int = 200000) -> Int {
        var weighted: [Int] = []
        for (n, w) in zip(FuzzGenerator.manyCounts, FuzzGenerator.manyWeights) where n <= limit {
            weighted += Array(repeating: n, count: w)
        }
        return rng.pick(weighted)
    }

    /// An expression giving many values (all of them small integers), at most `limit`.
    mutating func many(upTo limit: Int = 200000) -> String {
        let n = manyCount(upTo: limit)
        switch rng.below(8) {
        case 0: return "table.unpack(BIG, \(rng.pick(["2", "0", "-1", "100"])), \(n))"
        case 1: return "BIGS:byte(1, \(n))"
        default: return "table.unpack(BIG, 1, \(n))"
        }
    }

    /// A format for many values: too few, too many or exactly as many conversions, and
    /// conversions these values fail.
    mutating func manyFormat() -> String {
        rng.pick(["'%d'", "'%s'", "''", "('%d '):rep(200)", "('%s\\t'):rep(2000)", "'%q %5.1f %x %c'",
                  "('%d'):rep(5000)", "'%99.99f'", "'%'", "'%a%A%g%G%e%E%i%o%u%X'", "('%c'):rep(20000)"])
    }

    /// Where many values go: the shim's C functions (print, io.write, the guarded pcall,
    /// resume, wrap), the standard library, the bridge (methods, constructors, `sim.*`),
    /// callbacks that return or consume them, and overrides that return them to Swift.
    mutating func manyValues() -> String {
        let m = many()
        switch rng.below(46) {
        case 0..<4: return "print(\(m))"
        case 4: return "print(\(rng.pick(["'x'", "nil", "V[1]", "''", "-0.0", "1e300", "math.mininteger", "true", "UIView"])), \(m))"
        case 5: return "print(\(m), \(m))"
        case 6: return "io.write(\(m))"
        case 7: return "sim.log(\(manyFormat()), \(m))"
        case 8: return "local s = string.format(\(manyFormat()), \(m))"
        case 9: return "local n = select(\(rng.pick(["'#'", "1", "-1", "2000", "-200000", "0", "math.mininteger", "'x'"])), \(m))"
        case 10: return "local t = table.pack(\(m)) assert(t.n >= 0)"
        case 11: return "local s = string.char(\(m))"
        case 12: return "local s = utf8.char(\(m))"
        case 13:
            return "local co = coroutine.create(function(...) local n = select('#', ...) return n, coroutine.yield(...) end) "
                + "coroutine.resume(co, \(m)) coroutine.resume(co, \(m))"
        case 14: return "local w = coroutine.wrap(function(...) coroutine.yield(...) return \(m) end) w(\(m)) w()"
        case 15: return "pcall(function(...) return ... end, \(m))"
        case 16: return "xpcall(table.unpack, function(e) return e end, BIG, 1, \(manyCount()))"
        case 17: return "error(\(m))"
        case 18: return "local x = \(rng.pick(["tostring", "tonumber", "type", "rawequal", "rawlen", "math.type", "next"]))(\(m))"
        case 19: return "local x = math.\(rng.pick(["max", "min"]))(\(m))"
        case 20: return "assert(\(m))"
        case 21: return "local t = { \(m) } local n = #t"
        case 22: return "setmetatable({}, { __call = function(...) return ... end })(\(m))"
        case 23: return "\(simFunction())(\(m))"
        case 24: return "\(rng.pick(["UIView", "FuzzView", "FuzzVC", "UIViewController", "UIWindow", "UINavigationController", "UITabBarController", "UIAlertController", "UIAlertAction", "CGRect", "CGPoint", "CGSize", "IndexPath"]))(\(m))"
        case 25: return manyToMethod(m)
        case 26: return manyToDeclared(m)
        case 27: return callbackWith("return \(m)", repeating: "return \(many(upTo: 2000))")
        case 28: return callbackWith(rng.pick(["print(\(m))", "io.write(\(m))", "sim.log('%d', \(m))", "local t = { \(m) }"]))
        case 29, 30:
            let target = rng.chance(85) ? ref("C") : ref("V")
            return "HOOK[\(target)] = { \(hookName()) = function(self, ...) return \(m) end }"
        case 31: return overrideReturning(m)
        case 32: return rng.chance(50) ? "\(slot("K")) = sim.block{ function(...) return \(m) end }" : "\(ref("K"))(\(m))"
        case 33: return "local s = string.pack(\(rng.pick(["'i1'", "('i1'):rep(200)", "('B'):rep(5000)", "'z'", "'s1'", "'j'", "('b'):rep(300000)"])), \(m))"
        case 34: return "do local x <close> = setmetatable({}, { __close = function(...) return \(m) end }) end"
        case 35: return "load('return select(\"#\", ...), ...')(\(m))"
        case 36: return "local s = ('abc'):gsub('%w', function(...) return \(m) end)"
        case 37: return "table.insert({}, \(m))"
        case 38: return "local n = coroutine.wrap(function(...) return select('#', ...) end)(\(m))"
        case 39: return "local a, b = (function(...) return ... end)(\(m))"
        case 40: return "local s = string.format('%s %s', \(m))"
        case 41: return "coroutine.wrap(function() coroutine.yield(\(m)) end)()"
        case 42: return "local ok = pcall(print, \(m))"
        case 43: return "local t = setmetatable({}, { __index = function(t, k) return \(m) end }) local x = t.x"
        case 44: return "\(ref("V")):addSubview(setmetatable({}, { __index = function() return \(m) end }))"
        default: return "print(select('#', \(m)))"
        }
    }

    /// A `sim` function, to be called with values it does not expect.
    mutating func simFunction() -> String {
        "sim." + rng.pick(["run", "after", "hold", "release", "why", "history", "label", "tap", "hitTest", "trace", "graph",
                           "cycles", "configure", "exchange", "block", "alive", "retainCount", "ignoreAbandoned",
                           "rotateDevice", "swipeBack", "postMessage", "screen", "verify", "drain", "leaks", "log",
                           "mark", "since", "growth"])
    }

    /// A method of a pooled object with many values after (or instead of) its arguments.
    mutating func manyToMethod(_ m: String) -> String {
        switch rng.below(12) {
        case 0: return "\(ref("V")):addSubview(\(ref("V")), \(m))"
        case 1: return "\(vc()):present(\(vc()), \(bool()), \(completion()), \(m))"
        case 2: return "\(ref("N")):pushViewController(\(vc()), \(bool()), \(m))"
        case 3: return "\(ref("W")):makeKeyAndVisible(\(m))"
        case 4: return "\(vc()):dismiss(\(m))"
        case 5: return "\(ref("N")):setViewControllers({ \(m) }, false)"
        case 6: return "\(ref("C")).\(rng.pick(["s", "c", "w", "junk"])) = { \(m) }"
        case 7: return "\(ref("V")):insertSubview(\(ref("V")), \(m))"
        case 8: return "\(ref("T")).viewControllers = { \(m) }"
        case 9: return "\(object()):\(rng.pick(["isKind", "responds"]))(\(m))"
        case 10: return "\(ref("W")):hitTest(\(m))"
        default: return "\(vc()):addChild(\(vc()), \(m))"
        }
    }

    /// A declared method with many values after its arguments, or in their place.
    mutating func manyToDeclared(_ m: String) -> String {
        guard !vocabulary.calls.isEmpty else { return "print(\(m))" }
        let c = rng.pick(vocabulary.calls)
        let args = rng.chance(70) ? arguments(c.signature) + [m] : [m]
        return "\(receiver(c.className)):\(c.signature.luaName)(\(args.joined(separator: ", ")))"
    }

    /// A callback the run loop calls later, with `body`; or a repeating timer's block
    /// with the cheaper `repeating` body, when one is given: a timer that fires every
    /// tenth of a second runs thirty times in the program's closing `sim.run(3)`, and
    /// 36,000 times in a `sim.run(1e300)` (the virtual clock stops at an hour).
    mutating func callbackWith(_ body: String, repeating: String? = nil) -> String {
        let f = "function(...) \(body) end"
        switch rng.below(repeating == nil ? 4 : 5) {
        case 0: return "sim.after(\(seconds()), \(f))"
        case 1: return "DispatchQueue.main:async(\(f))"
        case 2: return "DispatchQueue.main:asyncAfter(DispatchTime.now() + \(seconds()), \(f))"
        case 3: return "Timer.scheduledTimer_withTimeInterval(\(rng.pick(["0.1", "0.5", "1", "0"])), false, \(f))"
        default: return "Timer.scheduledTimer_withTimeInterval(\(rng.pick(["0.1", "0.5", "1"])), true, function(...) \(repeating ?? "") end)"
        }
    }

    /// A callback of the header's FuzzVC and FuzzView overrides (HOOK's keys).
    mutating func hookName() -> String {
        rng.pick(["load", "appear", "appeared", "leaving", "gone", "deinit", "willMove", "didMove", "willShow", "didShow",
                  "shouldSelect", "didSelect", "shouldBegin", "willDealloc", "hit", "animate", "duration", "animator"])
    }

    /// An override, defined now, that returns `m` to the model (which asks for one value).
    mutating func overrideReturning(_ m: String) -> String {
        switch rng.below(5) {
        case 0: return "function FuzzVC:shouldAutorotate() return \(m) end"
        case 1: return "function FuzzVC:supportedInterfaceOrientations() return \(m) end"
        case 2: return "function FuzzVC:viewWillTransition(s, c) return \(m) end"
        case 3: return "function FuzzView:point(p) return \(m) end"
        default: return "function FuzzVC:didRotate(o) return \(m) end"
        }
    }

    // MARK: - Strings

    /// A string expression from empty to 4 MB, or one the memory cap refuses at its first
    /// allocation (never an empty string repeated very often: `string.rep` loops once per
    /// copy, and the limits cannot stop a C loop).
    mutating func sizedString() -> String {
        switch rng.below(8) {
        case 0: return "''"
        case 1: return "BIGS"
        case 2: return "('\\0'):rep(\(rng.pick(["1", "1000", "1048576"])))"
        case 3: return "(''):rep(\(rng.pick(["0", "1", "1048576", "-1"])))"
        case 4: return "BIGS:rep(\(rng.pick(["2", "20", "1024", "65536"])))"
        case 5: return "('x'):rep(\(rng.pick(["2^27", "2^40", "math.maxinteger", "2^31"])))"
        default:
            return "(\(rng.pick(["'x'", "'ab'", "'é'", "'\\255'", "'%'"]))):rep(\(rng.pick(["0", "1", "1024", "65536", "1048576", "1048576", "4194304", "-1", "math.mininteger"])))"
        }
    }

    mutating func strings() -> String {
        switch rng.below(12) {
        case 0: return "local s = \(sizedString()) local n = #s"
        case 1: return "local s = \(sizedString()) .. \(sizedString())"
        case 2:
            let (n, sep) = rng.pick([("1000", "('y'):rep(100)"), ("40000", "('y'):rep(100)"), ("1000000", "','"),
                                     ("3", "BIGS"), ("0", "BIGS"), ("2", "''"), ("-5", "','")])
            return "local s = string.rep(\(rng.pick(["'ab'", "''", "'\\0'"])), \(n), \(sep))"
        case 3: return "local s = string.format(\(rng.pick(FuzzGenerator.formatCases)))"
        case 4:
            return "local t = { string.byte(\(rng.pick(["'hello'", "BIGS", "''", "('x'):rep(2^20)"])), \(position()), \(position())) }"
        case 5: return "local s = string.sub(\(rng.pick(["'hello'", "BIGS", "''"])), \(position()), \(position()))"
        case 6: return "local s = string.char(\(rng.pick(["0, 255", "256", "-1", "math.maxinteger", "65, 66.0", "1.5", "", "'65'", "BIG[1], BIG[2]"])))"
        case 7: return rng.pick(FuzzGenerator.packCases)
        case 8: return "local s = \(rng.pick(["string.reverse", "string.upper", "string.lower", "string.len"]))(\(sizedString()))"
        case 9: return "local x = \(rng.pick(FuzzGenerator.conversionCases))"
        case 10: return "local s = \(rng.pick(FuzzGenerator.concatCases))"
        default: return "local x = \(rng.pick(FuzzGenerator.coercionCases))"
        }
    }

    /// A string position: ordinary, negative, zero and the integer extremes.
    mutating func position() -> String {
        rng.pick(["1", "-1", "0", "2", "-3", "100", "math.mininteger", "math.maxinteger", "2^53", "-2^53", "200001"])
    }

    static let formatCases = [
        "'%5.2s', 'abc'", "'%.99f', 1e308", "'%99.99f', -1e308", "'%q', math.mininteger", "'%q', 1/0", "'%q', -1/0",
        "'%q', 0/0", "'%q', 2^63", "'%q', BIGS", "'%q', ('\\0\\r\\n\\\\\"'):rep(1000)", "'%a', 0/0", "'%a', 1e-320",
        "'%c', 0", "'%c', 256", "'%d', 2^63", "'%d', 3.5", "'%x', -1", "'%i', math.mininteger", "'%5$d', 1", "'%'",
        "'%-+ #0d', 1", "'%-+ #0-+ #0d', 1", "'%10.3q', 's'", "'%s', setmetatable({}, { __tostring = function() return 42 end })",
        "'%s', setmetatable({}, { __tostring = function() return ('x'):rep(1000000) end })",
        "'%s', setmetatable({}, { __tostring = function() error('tostring bomb') end })",
        "'%s %s', V[1], UIView", "'%.3s', '\\0\\0\\0\\0'", "'%s', ('x'):rep(1000000)", "'%.20s', ('x'):rep(1000000)",
        "'%100s', 'x'", "'%g', -0.0", "'%.0f', 0.5", "'%e', math.huge", "'%5.3d', math.maxinteger", "'%o', math.mininteger",
        "'%X', math.maxinteger", "'%d'", "'%s'", "'%w', 1", "'%099d', 1", "'%.99d', 1", "'%#x', 0", "'%+.3a', -0.0",
    ]

    static let packCases = [
        "local s = string.pack('i16', -1)", "local s = string.pack('i17', 1)", "local s = string.pack('I0', 1)",
        "local s = string.pack('s1', ('x'):rep(300))", "local s = string.pack('z', 'a\\0b')", "local s = string.pack('!4 i3 !17', 1)",
        "local s = string.pack('j n', math.mininteger, 0/0)", "local s = string.pack('c0', '')", "local s = string.pack('c10', 'abc')",
        "local s = string.pack('Xi8', 1)", "local s = string.pack('Xz', 1)", "local s = string.pack('<>=! i4', 1)",
        "local n = string.packsize('c' .. ('9'):rep(20))", "local n = string.packsize('i4i4i4s4')", "local n = string.packsize(('c1000000000'):rep(10))",
        "local a = string.unpack('z', 'abc')", "local a = string.unpack('i4', 'abc')", "local a = string.unpack('i4', 'abcd', -1)",
        "local a = string.unpack('i4', 'abcd', math.mininteger)", "local a = string.unpack('s8', ('\\255'):rep(8))",
        "local a = string.unpack('i9', ('\\255'):rep(9))", "local a = string.unpack('i16', ('\\1'):rep(16))",
        "local a = string.unpack(('B'):rep(300000), BIGS:rep(2))", "local a = string.unpack('c' .. (2^40), 'x')",
        "local a = string.unpack('d', ('\\255'):rep(8))", "local s = string.pack('f', 1e300)",
    ]

    static let conversionCases = [
        "tonumber('0x', 16)", "tonumber('z', 36)", "tonumber('1e', 10)", "tonumber('  0x1p4  ')", "tonumber(' 10 ', 99)",
        "tonumber(nil)", "tonumber('10', 1)", "tonumber('7fffffffffffffff', 16)", "tonumber('-ffffffffffffffffff', 16)",
        "tonumber('1e309')", "tonumber('0x7fffffffffffffff')", "tonumber('9223372036854775808')", "tonumber('\\0')",
        "tonumber('1 2')", "tonumber('inf')", "tonumber('nan')", "tonumber('.')", "tonumber('0x.p1')", "tonumber(('9'):rep(400))",
        "tostring(-0.0)", "tostring(2^63)", "tostring(1e100)", "tostring(math.mininteger)", "tostring()", "tostring(nil)",
        "tonumber(setmetatable({}, { __tostring = function() return '1' end }))", "tonumber({})", "tonumber('10', 2.5)",
    ]

    static let concatCases = [
        "1 .. 2", "2^63 .. ''", "math.mininteger .. ''", "-0.0 .. ''", "('x'):rep(1048576) .. ('y'):rep(4194304)",
        "{} .. 'x'", "'x' .. nil", "1e308 .. 1e-308", "0/0 .. ''", "'' .. '' .. '' .. ''", "BIGS .. BIGS .. BIGS",
        "table.concat({ BIGS, BIGS, BIGS }, BIGS)", "'x' .. V[1]", "'x' .. setmetatable({}, { __concat = function(a, b) return 'c' end })",
    ]

    static let coercionCases = [
        "'10' + 1", "'0x10' * 2", "'1e309' + 0", "' 5 ' // 2", "'abc' + 1", "'9223372036854775807' + 1",
        "'9223372036854775808' + 0", "'10' | 1", "'1.5' | 0", "'1e2' | 0", "'0x' + 0", "'' + 0", "-'2'", "~'3'",
        "'10' < 9", "'a' < 'b'", "'\\0' < '\\0\\0'", "#'abc' + '1'", "'2' ^ '0.5'", "'8' // '0'", "'8' % '0'",
    ]

    // MARK: - Patterns

    /// A pattern call whose work is bounded: about subject length × pattern work stays
    /// under 10^6 steps. Linear patterns get subjects of up to 200,000 bytes, patterns
    /// that rescan from every position (`a-b`, `a*b`, `%b()`) at most 1,000, and patterns
    /// that backtrack over k quantifiers only subjects whose n^k / k! stays small.
    mutating func patterns() -> String {
        let (subject, pattern, long) = patternCase()
        let call: String
        switch rng.below(10) {
        case 0, 1: call = "local a, b = string.find(\(subject), \(pattern), \(rng.pick(["1", "1", "0", "-1", "math.mininteger", "2^53", "#\(subject) + 1", "#\(subject) + 2"])), \(rng.pick(["false", "nil", "true"])))"
        case 2, 3: call = "local a = string.match(\(subject), \(pattern), \(rng.pick(["1", "1", "-5", "0", "math.maxinteger"])))"
        case 4, 5:
            call = "local c = 0 for a, b in string.gmatch(\(subject), \(pattern)) do c = c + 1 if c > 200 then break end end"
        default:
            // On a long subject a replacement that runs Lua (a function, a table's
            // __index) runs for at most 1,000 matches.
            let repl = replacement()
            let limit = long && !repl.hasPrefix("'") && !repl.hasPrefix("{") ? "1000"
                : rng.pick(["nil", "nil", "0", "-1", "1", "2^53", "math.maxinteger", "1.5", "'2'"])
            call = "local s, k = string.gsub(\(subject), \(pattern), \(repl), \(limit))"
        }
        return call
    }

    /// A (subject, pattern) pair of bounded cost, or a malformed pattern; whether the
    /// subject is long (more than a thousand matches).
    mutating func patternCase() -> (String, String, Bool) {
        switch rng.below(10) {
        case 0..<4:
            let subject = rng.pick(["'hello world'", "''", "'aaaaaaaaaaaaaaaaaaaaaaaaaaaaab'", "'(a(b)c)'", "'x=1, y=2'", "'\\0\\1\\2'",
                                    "'日本語'", "'%%'", "('a'):rep(100000)", "BIGS", "('ab'):rep(50000)", "('\\0a'):rep(1000)"])
            let pattern = rng.pick(["'a'", "'b'", "'.'", "'%a+'", "'[%w_]+'", "'^a*$'", "'^(a*)$'", "'%f[%w]%w+'", "'()'", "''",
                                    "'^'", "'$'", "'[^a]'", "'%z'", "'%d+'", "'(a)(b)'", "'%x'", "'[%]]'", "'[a-]'", "'[]]'",
                                    "'%.'", "'a?'", "'^.-$'", "'%s*'", "'\\0'", "'[\\0-\\255]'", "'%g+'", "'(a)%1'", "'()a()'",
                                    "'[%a-z]'", "'%W'", "'^(((a)))'"])
            return (subject, pattern, subject.hasPrefix("(") || subject == "BIGS")
        case 4, 5:
            let subject = rng.pick(["('a'):rep(1000)", "('('):rep(1000)", "('(()'):rep(300)", "('ab'):rep(500)", "('a'):rep(999) .. 'b'"])
            let pattern = rng.pick(["'a*b'", "'a-b'", "'.-b'", "'%b()'", "'(.-)%1'", "'a+b'", "'.*b'", "'(a*)*'", "'%b)('",
                                    "'.-$'", "'[ab]*c'"])
            return (subject, pattern, false)
        case 6:
            // k stars over a^n, unanchored: about n^k / k! steps from each start.
            let (n, k) = rng.pick([(20, 5), (30, 4), (12, 8), (100, 2), (8, 12), (3, 250)])
            return ("('a'):rep(\(n))", "('a*'):rep(\(k)) .. '\(rng.pick(["b", "", "$", "a"]))'", false)
        case 7:
            // Deep enough that the pattern matcher's own recursion limit stops it at once.
            return ("('a'):rep(300)", rng.pick(["('a?'):rep(300)", "('(a)'):rep(40)", "('()'):rep(33)", "('%f[a]'):rep(300)"]), false)
        default:
            let subject = rng.pick(["'abc'", "('a'):rep(1000)", "''", "BIGS"])
            let pattern = rng.pick(["'[a'", "'%'", "'('", "')'", "'%b'", "'%bx'", "'%f'", "'%fx'", "'(()'", "'%1'", "'(%1)'",
                                    "'[%'", "'[^'", "'%g'", "'(a)%2'", "'[a-%%]'", "'%0'", "'(()())%3'", "'[z-a]'"])
            return (subject, pattern, subject == "BIGS")
        }
    }

    /// A gsub replacement: captures (some invalid), a table (with hostile metamethods), a
    /// function that returns odd values, errors, yields or calls into UIKit.
    mutating func replacement() -> String {
        switch rng.below(12) {
        case 0: return "'%0%0'"
        case 1: return "'%1'"
        case 2: return "'%2'"
        case 3: return "'%%'"
        case 4: return "'%'"
        case 5: return "{ a = 'A', b = false, x = {} }"
        case 6: return "setmetatable({}, { __index = function(t, k) \(rng.pick(["error('gsub bomb')", "return k .. k", "return nil", "return 1.5", "return {}", "return coroutine.yield(k)"])) end })"
        case 7: return "function(...) return \(rng.pick(["...", "false", "nil", "{}", "1e300", "'x'", "select('#', ...)", "true"])) end"
        case 8: return "function() error('gsub bomb') end"
        case 9: return "function() coroutine.yield() end"
        case 10: return "function(a) \(action()) return a end"
        default: return rng.pick(["nil", "true", "1", "''"])
        }
    }

    // MARK: - Tables

    mutating func tables() -> String {
        switch rng.below(13) {
        case 0:
            let (i, j) = rng.pick([("1", "200"), ("1", "2000"), ("1", "20000"), ("1", "200000"), ("2000", "1"), ("0", "1"),
                                   ("200000", "200001"), ("math.maxinteger - 1", "math.maxinteger"), ("-3", "3")])
            let sep = (Int(j) ?? 0) <= 20000 && rng.chance(30) ? "('x'):rep(100)" : rng.pick(["''", "','", "nil"])
            return "local s = table.concat(BIG, \(sep), \(i), \(j))"
        case 1:
            return "local s = table.concat(\(rng.pick(["{ {} }", "{ 1, 2.5, 'x', -0.0 }", "{}", "{ 1, nil, 3 }", "{ BIGS, BIGS }", "setmetatable({}, { __index = function(t, i) return i end })", "V[1]"])), \(rng.pick(["','", "nil", "''"])), \(rng.pick(["1", "nil"])), \(rng.pick(["3", "2000", "nil", "0"])))"
        case 2:
            let (f, e, t) = rng.pick([("1", "2000", "1"), ("1", "200000", "1"), ("1", "20000", "5"), ("1", "math.maxinteger", "2"),
                                      ("math.mininteger", "-1", "1"), ("0", "math.maxinteger", "1"), ("1", "2", "math.maxinteger"),
                                      ("-2", "2", "1"), ("1", "0", "5"), ("5", "1", "1")])
            // A destination with a __newindex (a handle has one) costs a call per value.
            let small = (Int(e) ?? 0) <= 2000
            return "local t = table.move(BIG, \(f), \(e), \(t), \(small ? rng.pick(["{}", "{}", "setmetatable({}, { __newindex = function(t, k, v) if k > 5 then error('move bomb') end rawset(t, k, v) end })", ref("V")]) : "{}"))"
        case 3:
            return "local t = { 1, 2, 3 } table.insert(\(rng.pick(["t", "t", ref("V"), "setmetatable({}, { __len = function() return \(rng.pick(["math.maxinteger", "-1", "'x'", "2.5", "3"])) end, __newindex = function() end })"])), \(rng.pick(["0", "1", "4", "5", "-1", "math.maxinteger", "math.mininteger", "2.5", "'x'"])), 'x')"
        case 4: return rng.pick(["table.insert({})", "table.insert({}, 1, 2, 3)", "table.insert(nil, 1)", "table.insert({}, 1)"])
        case 5:
            // Never a huge length with a position to shift from: the shift is a C loop.
            return "local t = { 1, 2, 3 } table.remove(\(rng.pick(["t", "{}", ref("V"), "setmetatable({}, { __len = function() return \(rng.pick(["-1", "'x'", "2.5", "3", "0"])) end, __index = function() return 1 end, __newindex = function() end })"])), \(rng.pick(["nil", "0", "1", "3", "4", "5", "-1", "math.maxinteger"])))"
        case 6:
            let (i, j) = rng.pick([("1", "math.maxinteger"), ("math.mininteger", "math.maxinteger"), ("math.maxinteger", "math.maxinteger"),
                                   ("0", "-1"), ("-1000000", "-1"), ("1", "999990"), ("2^53", "2^53 + 2"), ("1.5", "2"), ("'1'", "'3'")])
            return "local a = table.unpack(\(rng.pick(["BIG", "{}", ref("V")])), \(i), \(j))"
        case 7:
            // Big sorts compare in C only; a Lua comparator gets at most 100 values,
            // below the size where the sort picks random pivots (which would change how
            // often it runs, and so the instruction budget, from one run to the next).
            return "local t = table.move(BIG, 1, \(manyCount(upTo: 5000)), 1, {}) table.sort(t\(rng.chance(30) ? ", nil" : ""))"
        case 8, 9:
            let comparator = rng.pick(["function(a, b) return a > b end", "function(a, b) return true end", "function(a, b) return a <= b end",
                                       "function(a, b) error('compare bomb') end", "function(a, b) coroutine.yield() return a < b end",
                                       "function(a, b) return sim.alive(\(object())) end", "function(a, b) return \(many(upTo: 2000)) end",
                                       "function(a, b) t[#t + 1] = a return a < b end", "function(a, b) return nil < 1 end",
                                       "function(a, b) \(action()) return a < b end", "function(a, b) return (a + b) % 3 == 0 end"])
            let n = rng.pick(["0", "1", "2", "3", "50", "100"])
            return "local t = table.move(BIG, 1, \(n), 1, {}) table.sort(t, \(comparator))"
        case 10:
            return "table.sort(\(rng.pick(["{ 3, 'a', 1 }", "{ 0/0, 1, 0/0, 2, 0/0 }", "{ {}, {} }", "{ V[1], V[2], V[3] }", "{ 1, 2.5, math.huge, -math.huge, math.mininteger, 2^63 }", "{ 'b', 'a', '\\0', '' }", "setmetatable({}, { __len = function() return math.maxinteger end })", "{ setmetatable({}, { __lt = function() error('lt bomb') end }), {} }", "{ setmetatable({}, { __lt = function(a, b) \(action()) return true end }), setmetatable({}, {}) }", "V[1]"])))"
        case 11:
            return "local x = \(rng.pick(["#BIG", "rawlen(BIG)", "rawlen(V[1])", "next({}, 'nokey')", "next(BIG, 200000)", "next(BIG, 0.5)", "select(-1)", "select(2^31, 1)", "table.pack().n", "#setmetatable({}, { __len = function() return 'x' end })", "rawequal(BIG, BIG, 1)", "rawget(V[1], 1)", "rawset({}, nil, 1)", "rawset({}, 0/0, 1)", "({ [0/0] = 1 })", "({ [2^53] = 1, [2^53 + 1] = 2 })"]))"
        default:
            let t = rng.pick(["local t = {} t[1] = 1 t[3] = 3", "local t = { n = 1 } t[math.maxinteger] = 1", "local t = { 1, 2, nil, 4 }"])
            return "\(t) local c = 0 for i, v in ipairs(t) do c = c + 1 end local n = #t"
        }
    }

    /// Tables nested 200 levels and far more, passed where the bridge walks tables (object
    /// properties, blocks' captures, option tables, arrays of controllers); chains of
    /// `__index` tables; closures that call each other as deep.
    mutating func deepTables() -> String {
        // 200,000 levels cost 30 ms to build: rarely.
        let depth = rng.pick(["200", "200", "200", "200", "1000", "1000", "1000", "1000", "5000", "5000", "5000", "20000",
                              "20000", "20000", "20000", "200000"])
        switch rng.below(4) {
        case 0:
            // Lua stops the chain after 2,000 tables ("'__index' chain too long").
            return "local d = setmetatable({}, { __index = function() error('end of chain') end }) for i = 1, \(rng.pick(["200", "1999", "2001", "20000"])) do d = setmetatable({}, { __index = d }) end local x = d.missing"
        case 1:
            return "local f = function() return 1 end for i = 1, \(rng.pick(["200", "1000", "20000"])) do local g = f f = function() return g() + 1 end end local x = f()"
        default:
            let use = rng.pick([
                "\(ref("C")).\(rng.pick(["s", "c", "w", "u", "a", "junk"])) = d", "\(ref("V")).s = d", "sim.hold(d)",
                "sim.block{ strong = d, function() end }", "sim.block{ strong = { d }, function() end }",
                "\(ref("N")):setViewControllers(d, false)", "\(ref("T")).viewControllers = d", "sim.configure(d)",
                "sim.swipeBack(\(ref("N")), d)", "sim.cycles(\(ref("V")), d)", "CGRect(d)", "local s = table.concat(d)",
                "\(ref("C")).s = { d, \(object()) }", "local x = #d", "print(d)", "\(ref("V")):addSubview(d)",
                "UIAlertAction('OK', 'default', d)", "sim.tap(\(ref("A")), d)",
            ])
            let leaf = rng.pick(["{}", "{ \(object()) }", "V[1]", "setmetatable({}, { __index = function() error('leaf bomb') end })"])
            return "local d = \(leaf) for i = 1, \(depth) do d = { d } end; \(use)"
        }
    }

    // MARK: - utf8 and arithmetic

    static let utf8Strings = [
        "'\\xff'", "'\\xed\\xa0\\x80'", "'\\xc0\\x80'", "'\\xf4\\x90\\x80\\x80'", "'\\xfd\\xbf\\xbf\\xbf\\xbf\\xbf'",
        "'a\\x80b'", "'\\u{7FFFFFFF}'", "'\\u{10FFFF}'", "'日本語'", "''", "'\\0'", "('\\u{10FFFF}'):rep(2^18)",
        "('é'):rep(5000)", "('\\xff'):rep(5000)", "'\\xe6\\x97'", "BIGS",
    ]

    mutating func utf8Call() -> String {
        let s = rng.pick(FuzzGenerator.utf8Strings)
        let lax = rng.pick(["", ", true", ", false", ", nil"])
        switch rng.below(7) {
        case 0:
            return "local s = utf8.char(\(rng.pick(["0, 0x7F, 0x80, 0x7FF, 0x800", "0xD800", "0xFFFF, 0x10000, 0x10FFFF", "0x110000", "0x7FFFFFFF", "0x80000000", "-1", "math.maxinteger", "2.5", "'65'", ""])))"
        case 1: return "local n = utf8.len(\(s), \(position()), \(position())\(lax))"
        case 2: return "local t = { utf8.codepoint(\(s), \(position()), \(position())\(lax)) }"
        case 3: return "local p = utf8.offset(\(s), \(rng.pick(["0", "1", "-1", "3", "math.maxinteger", "math.mininteger"])), \(position()))"
        case 4:
            // At most 5,000 characters: each one is a turn of a Lua loop.
            let short = rng.pick(["'\\xff'", "'\\xed\\xa0\\x80'", "'a\\x80b'", "'日本語'", "('é'):rep(5000)", "'\\xf4\\x90\\x80\\x80'", "'\\u{7FFFFFFF}'"])
            return "local c = 0 for p, cp in utf8.codes(\(short)\(lax)) do c = c + 1 end"
        case 5: return "local c = 0 for ch in string.gmatch(\(rng.pick(["'日本語'", "('é'):rep(5000)", "'\\xff\\xfe'"])), utf8.charpattern) do c = c + 1 end"
        default: return "local n = utf8.len(\(rng.pick(["('\\u{10FFFF}'):rep(2^18)", "BIGS", "('a'):rep(2^20)"])))"
        }
    }

    static let arithmeticCases = [
        "math.tointeger(2^53)", "math.tointeger('8')", "math.tointeger(0/0)", "math.fmod(math.mininteger, -1)", "math.fmod(1, 0)",
        "math.fmod(1.0, 0)", "math.fmod(math.mininteger, math.mininteger)", "math.mininteger // -1", "math.mininteger % -1",
        "1 // 0", "1 % 0", "1.0 // 0", "-1 % math.huge", "math.abs(math.mininteger)", "math.ult(-1, 1)", "math.floor(0/0)",
        "math.ceil(-0.0)", "math.floor(1e308)", "math.floor(-2^63)", "math.max()", "math.min(0/0, 1)", "math.max(1, 0/0)",
        "math.huge // 1", "math.maxinteger + 1", "math.mininteger - 1", "math.maxinteger * 2", "-math.mininteger",
        "math.maxinteger + 0.0 == 2^63", "math.maxinteger < 2^63", "math.mininteger <= -2^63", "1 << 64", "1 << 63", "1 << -1",
        "-1 >> 1", "-1 >> 64", "math.mininteger >> 63", "1 << math.mininteger", "1.5 | 0", "2^63 | 0", "'0x10' | 0", "~0",
        "~2^53", "3 & 2.0", "math.sqrt(-1)", "math.log(0)", "math.log(-1)", "math.log(8, 2)", "math.log(100, 10)",
        "math.log(2, 0)", "math.exp(710)", "math.acos(2)", "math.asin(-2)", "math.atan(0/0, -0.0)", "math.atan(1, 0)",
        "math.random(2, 1)", "math.random(1, 2, 3)", "math.random(1.5)", "math.type(1)", "math.type(1.0)", "math.type('1')",
        "0x7fffffffffffffff + 1", "0xffffffffffffffff", "0x1p-1074", "9223372036854775807", "9223372036854775808",
        "-9223372036854775808", "1e309", "0x.1p4", "1 // 0.0", "0.0 / 0.0 == 0.0 / 0.0", "2^1024", "(-2)^0.5", "(-8)^(1/3)",
        "0^0", "0^-1", "math.maxinteger // -1", "math.mininteger * -1", "math.fmod(-6, 4)", "-6 % 4", "6 % -4", "-6.0 % 4",
        "5.3 % math.huge", "-5.3 % math.huge", "math.tointeger(-0.0)", "math.floor(-0.0)", "math.randomseed(42)",
        "math.fmod(0/0, 1)", "math.abs(-0.0)", "math.ult(math.mininteger, math.maxinteger)", "8 // 0.0", "-8 // 0.0",
        "math.mininteger // 1.0", "2^53 + 1 == 2^53", "math.tointeger(3.0)", "string.format('%d', 3.0)",
    ]

    static let forLoopCases = [
        "for i = math.maxinteger - 2, math.maxinteger do end", "for i = math.mininteger, math.mininteger + 2 do end",
        "for i = math.mininteger + 2, math.mininteger, -1 do end", "for i = 1, 3, 0 do end", "for i = 1.0, 3 do end",
        "for i = 0, 1e308, 1e307 do end", "for i = 1, 0/0 do end", "for i = 0/0, 1 do end", "for i = math.maxinteger - 1, math.huge do end",
        "for i = math.maxinteger, math.huge do end", "for i = -1, math.mininteger, math.mininteger do end", "for i = 3, 1 do end",
        "for i = 1, 3, 2^63 do end", "for i = 1, 3, 0.0 do end", "for i = 'a', 2 do end", "for i = 1, 2, '1' do end",
        "for i = math.maxinteger, math.maxinteger - 1, math.maxinteger do end", "for i = -0.0, 0.0 do end",
    ]

    mutating func arithmetic() -> String {
        rng.chance(75) ? "local x = \(rng.pick(FuzzGenerator.arithmeticCases))" : rng.pick(FuzzGenerator.forLoopCases)
    }

    // MARK: - Metatables

    static let metaEvents = ["__index", "__newindex", "__tostring", "__len", "__eq", "__lt", "__le", "__concat", "__call",
                             "__close", "__unm", "__add", "__name", "__pairs", "__metatable"]

    /// A metamethod for `event`: one that errors, yields, recurses, calls into UIKit,
    /// returns many values or values of the wrong type.
    mutating func metamethod(_ event: String) -> String {
        switch event {
        case "__name": return rng.pick(["'Fuzz'", "42", "''"])
        case "__metatable": return rng.pick(["'locked'", "false", "{}"])
        default: break
        }
        switch rng.below(12) {
        case 0: return "function() error('\(event.dropFirst(2)) bomb') end"
        case 1: return "function() error() end"
        case 2: return "function() return coroutine.yield(1) end"
        case 3:
            switch event {
            case "__index": return "function(t, k) return t[k] end"
            case "__newindex": return "function(t, k, v) t[k] = v end"
            case "__tostring": return "function(t) return tostring(t) end"
            case "__len": return "function(t) return #t end"
            case "__eq": return "function(a, b) return a == b end"
            case "__lt": return "function(a, b) return a < b end"
            case "__le": return "function(a, b) return a <= b end"
            case "__concat": return "function(a, b) return a .. b end"
            case "__call": return "function(t, ...) return t(...) end"
            case "__close": return "function(t) local x <close> = t end"
            case "__unm": return "function(a) return -a end"
            case "__pairs": return "function(t) return pairs(t) end"
            default: return "function(a, b) return a + b end"
            }
        case 4: return "function() \(action()) end"
        case 5: return "function() return \(object()) end"
        case 6: return "function() return \(many()) end"
        case 7: return "function() return \(rng.pick(["nil", "{}", "0/0", "'x'", "true", "math.maxinteger", "-1", "2.5"])) end"
        case 8:
            if event == "__index" || event == "__newindex" {
                return rng.pick(["{}", "setmetatable({}, { \(event) = function() error('deep bomb') end })", "BIG", ref("V"), "UIView"])
            }
            return "function(...) return select('#', ...) end"
        case 9: return "function() sim.run(0) return \(ref("V")) end"
        case 10: return "function(t, k) return \(ref("V")) and \(ref("V")).superview end"
        default: return "function(a) return a end"
        }
    }

    /// A table with a metatable of one to three hostile metamethods.
    mutating func hostile() -> String {
        let count = rng.int(1...3)
        var events: [String] = []
        for _ in 0..<count {
            let e = rng.pick(FuzzGenerator.metaEvents)
            if !events.contains(e) { events.append(e) }
        }
        let fields = events.map { "\($0) = \(metamethod($0))" }.joined(separator: ", ")
        let contents = rng.pick(["", "\(object())", "1, 2, 3", "x = \(object())"])
        return "setmetatable({ \(contents) }, { \(fields) })"
    }

    /// A hostile table, then what triggers its metamethods: the language's operators,
    /// the standard library and the bridge (a KitSim method or `sim` function that reads
    /// the table, a property that stores it).
    mutating func metatables() -> String {
        let o = hostile()
        if rng.chance(8) {
            return "do local x <close> = \(o) \(rng.chance(50) ? action() : "") end"
        }
        let use = rng.pick([
            "local s = tostring(o)", "local n = #o", "local x = o.x", "o.x = 1", "local b = o == setmetatable({}, getmetatable(o))",
            "local b = o < o", "local b = o <= o", "local s = o .. 'x'", "o()", "print(o)", "local s = string.format('%s', o)",
            "local s = table.concat({ o })", "table.sort({ o, o, o })", "table.insert(o, 1)", "local a, b = table.unpack(o, 1, 3)",
            "local n = rawlen(o)", "for k, v in pairs(o) do end", "local c = 0 for i, v in ipairs(o) do c = c + 1 if c > 10 then break end end",
            "sim.log('%s', o)", "\(ref("V")):addSubview(o)", "\(ref("C")).s = o", "\(ref("C")).c = { o }", "sim.hold(o)",
            "sim.block{ strong = { o }, function() end }", "UIView(o)", "CGRect(o)", "sim.configure(o)", "sim.swipeBack(\(ref("N")), o)",
            "sim.cycles(\(ref("V")), o)", "\(ref("N")):setViewControllers(o, false)", "\(ref("T")).viewControllers = o",
            "local x = -o", "local x = o + 1", "error(o)", "setmetatable(o, {})", "local t = getmetatable(o)", "sim.tap(\(ref("A")), o)",
            "coroutine.wrap(function() local x = o.x local n = #o local s = tostring(o) end)()", "\(ref("V")).frame = o",
            "local x <close> = o", "pcall(o)", "load(o)", "select(2, o)", "local x = o[o]", "o[o] = o", "local s = ('x'):rep(3, o)",
            "local k = UIApplication.shared.delegate[o]", "\(ref("W")).rootViewController = o", "DispatchQueue.main:async(o)",
            "sim.after(0, o)", "local s = sim.why(o)", "\(ref("V")).s = o",
        ])
        // `;` ends the first statement: `use` may begin with a parenthesis.
        return "local o = \(o); \(use)"
    }

    // MARK: - Coroutines

    /// A coroutine's body: yields of many values, UIKit actions between yields, errors,
    /// pending to-be-closed variables, resumes of the other coroutines, run-loop turns
    /// (whose callbacks may resume this very coroutine).
    mutating func coroutineBody() -> String {
        switch rng.below(10) {
        case 0: return "for i = 1, 3 do coroutine.yield(\(many())) end"
        case 1: return "\(action()); coroutine.yield(); \(action())"
        case 2: return "error('co bomb')"
        case 3: return "local x <close> = setmetatable({}, { __close = function() \(rng.pick(["error('close bomb')", "coroutine.yield()", action(), "return \(many())"])) end }) coroutine.yield()"
        case 4: return "return \(many())"
        case 5: return "coroutine.yield(coroutine.resume(CO[\(rng.int(1...4))]))"
        case 6: return "sim.run(\(seconds())) coroutine.yield()"
        case 7: return "local v = \(vc()) coroutine.yield(v and v.view)"
        case 8: return "while true do coroutine.yield(...) end"
        default: return "coroutine.yield(...); \(selfless())"
        }
    }

    /// A Lua-level statement, for places that run one more.
    mutating func selfless() -> String {
        switch rng.below(4) {
        case 0: return action()
        case 1: return "print(\(many()))"
        case 2: return "local x = \(rng.pick(FuzzGenerator.arithmeticCases))"
        default: return "local t = { \(many()) }"
        }
    }

    /// Swift concurrency among the UIKit calls (rules 91–94): tasks whose bodies await
    /// (sleeps, yields, other tasks' values, sequences) and act on the app between awaits;
    /// streams fed and finished from outside; cancellations at any moment. `CO` holds
    /// tasks and streams beside the coroutines, so each meets the others' calls.
    mutating func tasks(_ k: Int) -> String {
        let j = rng.int(1...4)
        func awaitCall() -> String {
            rng.pick(["Task.sleep(\(seconds()))", "Task.yield()", "local ok = pcall(Task.sleep, \(seconds()))",
                      "local t = CO[\(j)] if type(t) == 'userdata' then local ok, v = pcall(t.value, t) end",
                      "for n in NotificationCenter.default:notifications(\(rng.pick(["'a'", "nil"]))) do \(action()) end",
                      "local s = CO[\(j)] if type(s) == 'userdata' then for v in s do \(action()) end end",
                      "withTaskCancellationHandler(function() Task.sleep(\(seconds())) end, function() \(action()) end)",
                      "Task.checkCancellation()", "coroutine.yield()"])
        }
        switch rng.below(7) {
        case 0, 1: return "CO[\(k)] = \(rng.pick(["Task", "Task.detached"]))(function() \(awaitCall()) \(action()) \(awaitCall()) end)"
        case 2: return "local t = CO[\(k)] if type(t) == 'userdata' then pcall(t.cancel, t) end"
        case 3: return "CO[\(k)] = AsyncStream(function(c) X[\(j)] = c end)"
        case 4: return "local c = X[\(j)] if type(c) == 'userdata' then pcall(c.\(rng.pick(["yield", "finish"])), c, \(object())) end"
        case 5: return "NotificationCenter.default:post(\(rng.pick(["'a'", "'b'"])), \(object()))"
        default: return "\(slot("K")) = sim.block{ function() Task(function() \(awaitCall()) end) end }"
        }
    }

    mutating func coroutines() -> String {
        let k = rng.int(1...4)
        switch rng.below(16) {
        case 12, 13, 14: return tasks(k)
        case 0, 1: return "CO[\(k)] = coroutine.create(function(...) \(coroutineBody()) end)"
        case 2: return "CO[\(k)] = coroutine.wrap(function(...) \(coroutineBody()) end)"
        case 3, 4:
            let args = rng.pick(["", ", 1, 'x', nil", ", \(many())", ", \(object())"])
            return "local co = CO[\(k)] if type(co) == 'thread' then coroutine.resume(co\(args)) elseif co then co(\(args.dropFirst(2))) end"
        case 5:
            let resume = "local co = CO[\(k)] if type(co) == 'thread' then coroutine.resume(co, \(many())) elseif co then co() end"
            switch rng.below(5) {
            case 0: return "sim.after(\(seconds()), function() \(resume) end)"
            case 1: return "DispatchQueue.main:async(function() \(resume) end)"
            case 2: return "HOOK[\(ref("C"))] = { \(hookName()) = function(self) \(resume) end }"
            case 3: return "local o = setmetatable({}, { __index = function(t, key) \(resume) end }) local x = o.x"
            default: return "\(slot("K")) = sim.block{ function() \(resume) end }"
            }
        case 6: return "if type(CO[\(k)]) == 'thread' then coroutine.close(CO[\(k)]) end"
        case 7: return "local s = type(CO[\(k)]) == 'thread' and coroutine.status(CO[\(k)]) local y = coroutine.isyieldable()"
        case 8:
            // Wraps nested past the C stack's 200 levels.
            return "local function nest(n) if n == 0 then return coroutine.yield(n) end return coroutine.wrap(nest)(n - 1) end local w = coroutine.wrap(nest) w(\(rng.pick(["3", "50", "150", "199", "250", "1000"])))"
        case 9:
            // Coroutines closed from the __close of other coroutines' pending variables,
            // nested (Lua 5.4.4's bug 9 list: C-stack overflow in coroutine.close).
            return "local co = false for i = 1, \(rng.pick(["10", "100", "190", "250", "1000", "20000"])) do local prev = co co = coroutine.create(function() local c <close> = setmetatable({}, { __close = function() if prev then coroutine.close(prev) end end }) coroutine.yield() end) coroutine.resume(co) end coroutine.close(co)"
        case 10:
            let across = rng.pick([
                "table.sort({ 3, 2, 1 }, function(a, b) coroutine.yield() return a < b end)",
                "sim.after(0, function() coroutine.yield() end) sim.run(0)",
                "local o = setmetatable({}, { __index = function() return coroutine.yield(1) end }) return o.x",
                "local s = tostring(setmetatable({}, { __tostring = function() coroutine.yield() end }))",
                "pcall(coroutine.yield, 1)", "string.gsub('abc', '%w', function() coroutine.yield() end)",
                "load(function() coroutine.yield() end)",
                "\(ref("V")):addSubview(setmetatable({}, { __index = function() coroutine.yield() end }))",
                "for k in pairs(setmetatable({}, { __pairs = function(t) coroutine.yield() return next, t end })) do end",
                "local x <close> = setmetatable({}, { __close = function() coroutine.yield() end })",
                "HOOK[\(ref("C"))] = { \(hookName()) = function() coroutine.yield() end }; \(action())",
                "xpcall(coroutine.yield, function(e) return e end, \(many()))",
                "\(ref("C")).s = setmetatable({}, { __index = function() coroutine.yield() end })",
            ])
            return "local w = coroutine.wrap(function() \(across) end) w() w() w()"
        case 11:
            return rng.pick([
                "local co co = coroutine.create(function() return coroutine.resume(co) end) coroutine.resume(co)",
                "coroutine.wrap(function() coroutine.close(coroutine.running()) end)()", "coroutine.close(coroutine.running())",
                "coroutine.resume(coroutine.running())", "coroutine.wrap(function() return coroutine.wrap(function() coroutine.resume(CO[1]) end)() end)()",
                "local co = coroutine.create(function() error(setmetatable({}, { __tostring = function() return 'co object' end })) end) local ok, e = coroutine.resume(co) coroutine.close(co)",
                "local co = coroutine.create(pcall) coroutine.resume(co, coroutine.yield, 1) coroutine.resume(co, \(many()))",
            ])
        default:
            // Lua's own overflows: the Lua stack (a million slots, 70 ms to fill: rarely),
            // the C stack through handlers and metamethods.
            return rng.pick(["local function r(n) return 1 + r(n + 1) end local ok = pcall(r, 1)",
                             "local function r(n) if n == 0 then return 0 end return 1 + r(n - 1) end local ok = pcall(r, 190)",
                             "local ok = xpcall(error, function(e) error(e) end, 'x')",
                             "local ok = xpcall(error, function(e) return coroutine.wrap(error)(e) end, 'x')",
                             "local t = setmetatable({}, { __index = function(t, k) return t[k] end }) local ok = pcall(function() return t.x end)",
                             "local function r(n) if n == 0 then return coroutine.yield() end return 1 + r(n - 1) end local ok = pcall(coroutine.wrap(r), 15000)"])
        }
    }
}
