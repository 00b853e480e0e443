/// Makes a REPL entry's top-level `local` declarations outlive the entry ("a line's
/// `local x = …` stays visible to later lines") while they stay real Lua locals, so Lua's
/// own messages (`attempt to index a nil value (local 't')`) and scoping hold: a second
/// `local x` is a new variable, and a closure keeps the variable it captured.
///
/// The entry runs as the body of a function inside a wrapper chunk that declares the
/// session's earlier locals the entry mentions; the session's `LuaConsole` then joins
/// those upvalues to the variables the earlier entries left. Before the entry ends (before
/// a top-level `return`, or at its end) a closure over its own top-level locals is handed
/// to `__kitsim_keep`, which records the variables for later entries. Everything the
/// wrapper adds is on the entry's first and last lines, so line numbers are unchanged.
/// Declarations with attributes (`<const>`, `<close>`) stay local to their entry: their
/// meaning is the scope. Strings and comments are skipped; nesting counts
/// `function`/`do`/`if`/`repeat` against `end`/`until`.
enum LocalRewriter {
    /// The name under which the wrapper passes the keeping function to the entry.
    static let keepName = "__kitsim_keep"

    /// What a scan of an entry found.
    struct Scan: Equatable {
        /// Top-level locals without attributes, with the offset (in UTF-8 bytes) just after
        /// each declaration's names.
        var declared: [(name: String, offset: Int)] = []
        /// Every identifier the entry mentions (a superset of the variables it uses).
        var mentioned: Set<String> = []
        /// The offset of the first top-level `return`, if any.
        var topLevelReturn: Int?

        static func == (a: Scan, b: Scan) -> Bool {
            a.declared.map(\.name) == b.declared.map(\.name) && a.declared.map(\.offset) == b.declared.map(\.offset)
                && a.mentioned == b.mentioned && a.topLevelReturn == b.topLevelReturn
        }
    }

    /// The wrapper chunk for `source`: `sessionLocals` (the earlier entries' locals) are
    /// declared for the entry when it mentions them; with `keepsLocals`, the entry's own
    /// top-level locals are handed to `__kitsim_keep` before it ends.
    static func wrap(_ source: String, sessionLocals: Set<String>, keepsLocals: Bool) -> String {
        let scan = scan(source)
        let outer = scan.mentioned.intersection(sessionLocals).sorted()
        var head = outer.isEmpty ? "" : "local \(outer.joined(separator: ", ")); "
        head += "local \(keepName) = ...; return function(...) "
        guard keepsLocals else { return head + source + "\nend" }
        let bytes = Array(source.utf8)
        func keep(before offset: Int) -> String {
            var seen = Set<String>()
            let names = scan.declared.filter { $0.offset <= offset && seen.insert($0.name).inserted }.map(\.name)
            return names.isEmpty ? "" : ";\(keepName)(function() return \(names.joined(separator: ", ")) end);"
        }
        if let r = scan.topLevelReturn {
            let before = String(decoding: bytes[..<r], as: UTF8.self)
            let after = String(decoding: bytes[r...], as: UTF8.self)
            return head + before + keep(before: r) + after + "\nend"
        }
        return head + source + "\n" + keep(before: bytes.count) + "\nend"
    }

    static func scan(_ source: String) -> Scan {
        let chars = Array(source.utf8)
        var scan = Scan()
        var i = 0
        var depth = 0
        func isIdent(_ c: UInt8) -> Bool { c == 95 || (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) }
        func isSpace(_ c: UInt8) -> Bool { c == 32 || c == 9 || c == 10 || c == 13 }
        /// Length of a long bracket opening `[==[` at `j`, or nil.
        func longBracket(_ j: Int) -> Int? {
            guard j < chars.count, chars[j] == 91 else { return nil }
            var k = j + 1
            while k < chars.count && chars[k] == 61 { k += 1 }
            return k < chars.count && chars[k] == 91 ? k - j - 1 : nil
        }
        func skipLong(_ j: Int, level: Int) -> Int {
            var k = j + level + 2
            while k < chars.count {
                if chars[k] == 93 {
                    var m = k + 1, eq = 0
                    while m < chars.count && chars[m] == 61 { eq += 1; m += 1 }
                    if eq == level && m < chars.count && chars[m] == 93 { return m + 1 }
                }
                k += 1
            }
            return chars.count
        }
        func word(at j: Int) -> (String, Int) {
            var k = j
            while k < chars.count && isIdent(chars[k]) { k += 1 }
            return (String(decoding: chars[j..<k], as: UTF8.self), k)
        }
        func skipSpaces(_ j: Int) -> Int {
            var k = j
            while k < chars.count && isSpace(chars[k]) { k += 1 }
            return k
        }
        /// After `local` at `j`: records the declaration's names (those without attributes).
        func declaration(from j: Int) {
            var k = skipSpaces(j)
            let (first, afterFirst) = word(at: k)
            if first == "function" {
                let (name, after) = word(at: skipSpaces(afterFirst))
                if !name.isEmpty { scan.declared.append((name, after)) }
                return
            }
            var names: [String] = []
            while true {
                k = skipSpaces(k)
                let (name, after) = word(at: k)
                guard !name.isEmpty else { break }
                k = skipSpaces(after)
                if k < chars.count && chars[k] == 60 {                    // <const> / <close>: stays local
                    while k < chars.count && chars[k] != 62 { k += 1 }
                    k = skipSpaces(k + 1)
                } else {
                    names.append(name)
                }
                if k < chars.count && chars[k] == 44 { k += 1; continue }  // ,
                break
            }
            // The variables exist after the whole statement; the keeping closure goes before a
            // later `return` or at the end, so the names' own offset is enough.
            for n in names { scan.declared.append((n, k)) }
        }
        while i < chars.count {
            let c = chars[i]
            // Comments.
            if c == 45, i + 1 < chars.count, chars[i + 1] == 45 {
                if let level = longBracket(i + 2) { i = skipLong(i + 2, level: level); continue }
                while i < chars.count && chars[i] != 10 { i += 1 }
                continue
            }
            // Strings.
            if c == 34 || c == 39 {
                var k = i + 1
                while k < chars.count && chars[k] != c {
                    if chars[k] == 92 { k += 1 }
                    k += 1
                }
                i = min(k + 1, chars.count); continue
            }
            if let level = longBracket(i) { i = skipLong(i, level: level); continue }
            if isIdent(c) && !(c >= 48 && c <= 57) {
                let (w, end) = word(at: i)
                switch w {
                case "function", "do", "if", "repeat": depth += 1
                case "end", "until": depth = max(0, depth - 1)
                case "local" where depth == 0: declaration(from: end)
                case "return" where depth == 0 && scan.topLevelReturn == nil: scan.topLevelReturn = i
                default: scan.mentioned.insert(w)
                }
                i = end; continue
            }
            if c >= 48 && c <= 57 {
                // A number (its letters, as in 0x1F or 1e5, are not names).
                while i < chars.count && (isIdent(chars[i]) || chars[i] == 46) { i += 1 }
                continue
            }
            i += 1
        }
        return scan
    }
}
