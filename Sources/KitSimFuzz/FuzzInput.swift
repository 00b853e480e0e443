import KitSimLua
import KitSimReport

/// The byte format of the libFuzzer target's inputs: a sequence of records, each one call.
///
///     input   := record*
///     record  := 0xFF len:UInt16be text[len]    a call written out (UTF-8 Lua)
///              | len:UInt8 choices[len]         a generated call (len < 0xFF)
///
/// A generated call is `FuzzGenerator.call()` with its choices read from the record's
/// bytes (one byte for a choice among at most 256, two for more, and 0 past the record's
/// end), so libFuzzer's mutations of a record's bytes change that call and leave the
/// others' choices as they were. A written-out call carries any Lua chunk: a scenario of
/// `Scenarios/` is one. Every program ends with `sim.run(3)`, as `kitsim fuzz`'s do, so
/// that pending animations, timers and completions fire before the last check.
public enum FuzzInput {
    /// The most choice bytes a generated call's record has.
    public static let maxRecordBytes = 0xFE
    /// The first byte of a written-out call.
    public static let literalMarker: UInt8 = 0xFF
    /// At most this many calls are decoded from one input (libFuzzer's `-max_len` bounds
    /// the input; this bounds a run of many short records).
    public static let maxCalls = 1_000
    /// The last call of every program.
    public static let finalCall = "sim.run(3)"

    /// One record of an input: where its bytes are, header included, and where its
    /// generated choices or written-out text are.
    public struct Record: Equatable, Sendable {
        /// The whole record, its first byte to its last.
        public let bytes: Range<Int>
        /// A generated call's choices, or a written-out call's text.
        public let body: Range<Int>
        /// A generated call (else written out).
        public let isGenerated: Bool
        /// The header promises more bytes than the input has (only the last record can).
        public let isCut: Bool

        /// A generated call's choices (empty for a written-out call).
        public var choices: Range<Int> { isGenerated ? body : body.lowerBound..<body.lowerBound }
    }

    /// The records of `bytes`, in order, every byte in one of them; at most `maxCalls`
    /// (the bytes after those are ignored, as `program` ignores them).
    public static func records(_ bytes: [UInt8]) -> [Record] {
        var records: [Record] = []
        var i = 0
        while i < bytes.count && records.count < maxCalls {
            if bytes[i] == literalMarker {
                let length = i + 2 < bytes.count ? Int(bytes[i + 1]) << 8 | Int(bytes[i + 2]) : 0
                let start = min(i + 3, bytes.count)
                let stop = min(start + length, bytes.count)
                records.append(Record(bytes: i..<stop, body: start..<stop, isGenerated: false,
                                      isCut: i + 2 >= bytes.count || start + length > bytes.count))
                i = stop
            } else {
                let start = i + 1
                let stop = min(start + Int(bytes[i]), bytes.count)
                records.append(Record(bytes: i..<stop, body: start..<stop, isGenerated: true, isCut: start + Int(bytes[i]) > bytes.count))
                i = stop
            }
        }
        return records
    }

    /// `bytes` with a cut last record's header saying how long it is, and nothing after
    /// the last decoded record: the same program (a choice past a record's end reads 0, as
    /// one past the input's end does), in bytes that another record can follow.
    public static func normalized(_ bytes: [UInt8]) -> [UInt8] {
        let records = records(bytes)
        guard let last = records.last else { return [] }
        var out = Array(bytes[..<last.bytes.upperBound])
        if last.isCut {
            let n = last.body.count
            if last.isGenerated {
                out[last.bytes.lowerBound] = UInt8(n)
            } else {
                out = Array(out[..<last.bytes.lowerBound]) + [literalMarker, UInt8(n >> 8), UInt8(n & 0xFF)] + out[last.body]
            }
        }
        return out
    }

    /// The program `bytes` describe.
    public static func program(_ bytes: [UInt8], vocabulary: FuzzVocabulary = .uikit) -> FuzzProgram {
        var g = FuzzGenerator(choices: FuzzChoices(bytes: bytes, range: 0..<0), vocabulary: vocabulary)
        var calls: [String] = []
        for record in records(bytes) {
            if record.isGenerated {
                g.rng.read(record.body)
                calls.append(g.call())
            } else {
                calls.append(String(decoding: bytes[record.body], as: UTF8.self))
            }
        }
        calls.append(finalCall)
        return FuzzProgram(seed: 0, calls: calls)
    }

    /// A written-out call: `text` as one record (nil when it is longer than 65,535 bytes).
    public static func literal(_ text: String) -> [UInt8]? {
        let utf8 = Array(text.utf8)
        guard utf8.count <= 0xFFFF else { return nil }
        return [literalMarker, UInt8(utf8.count >> 8), UInt8(utf8.count & 0xFF)] + utf8
    }

    /// The bytes that replay the program of `seed` with `count` calls
    /// (`FuzzGenerator.program(seed:calls:)`): each call's recorded choices as a record.
    /// (A call whose choices took more than `maxRecordBytes` bytes would cut the program
    /// there; none of the generator's calls makes that many choices.)
    public static func bytes(seed: UInt64, calls count: Int, vocabulary: FuzzVocabulary = .uikit) -> [UInt8] {
        var g = FuzzGenerator(choices: FuzzChoices(seed: seed, recording: true), vocabulary: vocabulary)
        var out: [UInt8] = []
        // The seeded program's last call is `sim.run(3)`, which decoding appends.
        for _ in 0..<max(count - 1, 0) {
            g.rng.startRecord()
            _ = g.call()
            guard let r = g.rng.recorded, r.count <= maxRecordBytes else { break }
            out += [UInt8(r.count)] + r
        }
        return out
    }

    /// One short input per member of the declarations a generated call can reach — every
    /// method (`:name(`), class method (`.name(`) and writable property (`.name =`) — so
    /// that libFuzzer starts from every entry point with an input whose few records it can
    /// change one at a time. Each is the first program of `seeds` seeds from `firstSeed`
    /// (each of up to `calls` calls, recorded as `bytes(seed:calls:)` records them) whose
    /// last call names the member and reaches its body — it runs to its end or raises a
    /// UIKit exception, rather than failing an argument check — cut after that call; the
    /// first calls of a program create objects, so an input has at least seven records. A
    /// seed whose call fails its checks exercises only the bridge's argument errors, which
    /// every other seed exercises too. A member no seed reaches in `attempts` tries keeps
    /// the first seed that names it. Sorted by member; a member no seed names is left out.
    public static func memberSeeds(vocabulary: FuzzVocabulary = .uikit, firstSeed: UInt64 = 1, seeds: Int = 20_000,
                                   calls: Int = 12, attempts: Int = 200) -> [(member: String, bytes: [UInt8])] {
        var pending = Set<String>()
        for c in vocabulary.calls { pending.insert(":" + c.signature.luaName + "(") }
        for c in vocabulary.classCalls { pending.insert("." + c.signature.luaName + "(") }
        for a in vocabulary.assignments { pending.insert("." + a.property.name + " =") }
        var found: [String: [UInt8]] = [:], first: [String: [UInt8]] = [:]
        var tries: [String: Int] = [:]
        for k in 0..<seeds where !pending.isEmpty {
            var g = FuzzGenerator(choices: FuzzChoices(seed: firstSeed &+ UInt64(k), recording: true), vocabulary: vocabulary)
            var out: [UInt8] = []
            var lines: [String] = []
            for _ in 0..<calls {
                g.rng.startRecord()
                let line = g.call()
                guard let r = g.rng.recorded, r.count <= maxRecordBytes else { break }
                out += [UInt8(r.count)] + r
                lines.append(line)
                let named = memberTokens(line).filter { pending.contains($0) }
                guard !named.isEmpty else { continue }
                for token in named where first[token] == nil { first[token] = out }
                let reached = reachesBody(lines)
                for token in named {
                    tries[token, default: 0] += 1
                    if reached || tries[token, default: 0] >= attempts {
                        pending.remove(token)
                        found[token] = reached ? out : first[token]
                    }
                }
            }
        }
        for token in pending { found[token] = first[token] }
        return found.keys.sorted().compactMap { token in found[token].map { (token, $0) } }
    }

    /// Whether the last of `lines`, run after the others in a fresh fuzz sandbox, ends
    /// passed or with a UIKit exception (its body ran), every check holding.
    static func reachesBody(_ lines: [String]) -> Bool {
        var last: Outcome.Status?
        let run = Fuzzer.run(FuzzProgram(seed: 0, calls: lines), observe: { i, r in
            if i == lines.count - 1 { last = r.status }
        })
        return run.failure == nil && (last == .passed || last == .crashed)
    }

    /// The members a line of Lua names, as `memberSeeds` spells them: `:name(` (a method
    /// call), `.name(` (a class method) and `.name =` (an assignment).
    static func memberTokens(_ line: String) -> [String] {
        let b = Array(line.utf8)
        var tokens: [String] = []
        var i = 0
        func isName(_ c: UInt8) -> Bool { c == UInt8(ascii: "_") || (c | 0x20 >= UInt8(ascii: "a") && c | 0x20 <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) }
        while i < b.count {
            guard b[i] == UInt8(ascii: ":") || b[i] == UInt8(ascii: ".") else { i += 1; continue }
            var j = i + 1
            while j < b.count && isName(b[j]) { j += 1 }
            guard j > i + 1, j < b.count else { i = j; continue }
            let name = String(decoding: b[i..<j], as: UTF8.self)
            if b[j] == UInt8(ascii: "(") {
                tokens.append(name + "(")
            } else if b[i] == UInt8(ascii: "."), j + 1 < b.count, b[j] == UInt8(ascii: " "), b[j + 1] == UInt8(ascii: "="),
                      j + 2 == b.count || b[j + 2] != UInt8(ascii: "=") {
                tokens.append(name + " =")
            }
            i = j
        }
        return tokens
    }

    /// `text` with every module it requires, directly or through another module
    /// (`require("lib.x")`, `require "lib.x"`, `require 'lib.x'`), put in `package.preload`
    /// first, so that the chunk runs where `require` finds no files (a fuzzed sandbox).
    /// `load` gives a module's text by its name; a module it cannot give stays a `require`.
    public static func selfContained(_ text: String, load: (String) -> String?) -> String {
        var modules: [(String, String)] = []
        var seen = Set<String>()
        var pending = requiredModules(text)
        while !pending.isEmpty {
            let name = pending.removeFirst()
            guard seen.insert(name).inserted, let body = load(name) else { continue }
            modules.append((name, body))
            pending += requiredModules(body)
        }
        // A module required by another is defined before it, as it was loaded first.
        var out = ""
        for (name, body) in modules.reversed() {
            out += "package.preload[\"\(name)\"] = function(...)\n\(body)\nend\n"
        }
        return out + text
    }

    /// The names in `require("…")` calls, in order of appearance.
    static func requiredModules(_ text: String) -> [String] {
        let b = Array(text.utf8), word = Array("require".utf8)
        var names: [String] = []
        var i = 0
        while i + word.count <= b.count {
            guard b[i..<(i + word.count)].elementsEqual(word) else { i += 1; continue }
            i += word.count
            var j = i
            while j < b.count && b[j] == UInt8(ascii: " ") { j += 1 }
            if j < b.count && b[j] == UInt8(ascii: "(") { j += 1 }
            while j < b.count && b[j] == UInt8(ascii: " ") { j += 1 }
            guard j < b.count, b[j] == UInt8(ascii: "\"") || b[j] == UInt8(ascii: "'") else { continue }
            let quote = b[j]
            var k = j + 1
            while k < b.count && b[k] != quote && b[k] != UInt8(ascii: "\n") { k += 1 }
            if k < b.count, b[k] == quote, k > j + 1 { names.append(String(decoding: b[(j + 1)..<k], as: UTF8.self)) }
            i = k
        }
        return names
    }
}
