import KitSimLua

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
/// `scripts/` is one. Every program ends with `sim.run(3)`, as `kitsim fuzz`'s do, so
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

    /// The program `bytes` describe.
    public static func program(_ bytes: [UInt8], vocabulary: FuzzVocabulary = .uikit) -> FuzzProgram {
        var g = FuzzGenerator(choices: FuzzChoices(bytes: bytes, range: 0..<0), vocabulary: vocabulary)
        var calls: [String] = []
        var i = 0
        while i < bytes.count && calls.count < maxCalls {
            if bytes[i] == literalMarker {
                let length = i + 2 < bytes.count ? Int(bytes[i + 1]) << 8 | Int(bytes[i + 2]) : 0
                let start = min(i + 3, bytes.count)
                let stop = min(start + length, bytes.count)
                calls.append(String(decoding: bytes[start..<stop], as: UTF8.self))
                i = stop
            } else {
                let start = i + 1
                let stop = min(start + Int(bytes[i]), bytes.count)
                g.rng.read(start..<stop)
                calls.append(g.call())
                i = stop
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
