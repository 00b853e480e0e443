/// Makes a REPL entry's top-level `local` declarations outlive the entry
/// ("a line's `local x = …` stays visible to later lines"): at nesting depth 0,
/// `local a, b = …` becomes `a, b = …`, `local a` becomes `a = nil`, and
/// `local function f` becomes `function f`, all assigned in the session's environment.
/// Declarations with attributes (`<const>`, `<close>`) stay local: their meaning is the
/// scope. Strings and comments are skipped; nesting counts `function`/`do`/`if`/`repeat`
/// against `end`/`until`.
enum LocalRewriter {
    static func rewrite(_ source: String) -> String {
        let chars = Array(source.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(chars.count)
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
        while i < chars.count {
            let c = chars[i]
            // Comments.
            if c == 45, i + 1 < chars.count, chars[i + 1] == 45 {
                if let level = longBracket(i + 2) {
                    let end = skipLong(i + 2, level: level)
                    out += chars[i..<end]; i = end; continue
                }
                var k = i
                while k < chars.count && chars[k] != 10 { k += 1 }
                out += chars[i..<k]; i = k; continue
            }
            // Strings.
            if c == 34 || c == 39 {
                var k = i + 1
                while k < chars.count && chars[k] != c {
                    if chars[k] == 92 { k += 1 }
                    k += 1
                }
                k = min(k + 1, chars.count)
                out += chars[i..<k]; i = k; continue
            }
            if let level = longBracket(i) {
                let end = skipLong(i, level: level)
                out += chars[i..<end]; i = end; continue
            }
            if isIdent(c) && (i == 0 || !isIdent(chars[i - 1])) && !(c >= 48 && c <= 57) {
                let (w, end) = word(at: i)
                switch w {
                case "function", "do", "if", "repeat": depth += 1
                case "end", "until": depth = max(0, depth - 1)
                default: break
                }
                if w == "local" && depth == 0, let replaced = rewriteLocal(from: end) {
                    out += replaced.text
                    i = replaced.next
                    continue
                }
                out += chars[i..<end]; i = end; continue
            }
            out.append(c); i += 1
        }
        return String(decoding: out, as: UTF8.self)

        /// After `local` at `j`: the replacement of the declaration's head, or nil to keep it.
        func rewriteLocal(from j: Int) -> (text: [UInt8], next: Int)? {
            var k = skipSpaces(j)
            let (first, afterFirst) = word(at: k)
            if first == "function" {
                // `local function f` → `function f`; the body's depth is counted as usual.
                depth += 1
                return (Array("function".utf8), afterFirst)
            }
            // A name list: `a, b` — stop at `=`, an attribute, or anything else.
            var names: [String] = []
            while true {
                k = skipSpaces(k)
                let (name, after) = word(at: k)
                guard !name.isEmpty else { return nil }
                names.append(name)
                k = skipSpaces(after)
                if k < chars.count && chars[k] == 60 { return nil }        // <const> / <close>: keep local
                if k < chars.count && chars[k] == 44 { k += 1; continue }  // ,
                break
            }
            if k < chars.count && chars[k] == 61 && !(k + 1 < chars.count && chars[k + 1] == 61) {
                return (Array(names.joined(separator: ", ").utf8) + Array(" ".utf8), k)
            }
            let nils = Array(repeating: "nil", count: names.count).joined(separator: ", ")
            return (Array("\(names.joined(separator: ", ")) = \(nils) ".utf8), k)
        }
    }
}
