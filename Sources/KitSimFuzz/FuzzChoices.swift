import KitSimRuntime

/// Where the generator's choices come from. `kitsim fuzz` draws them from a seeded
/// SplitMix64; the libFuzzer target reads them from its input's bytes (`FuzzInput`), so
/// that a mutation of the bytes is a change of choices and coverage guidance works on the
/// same vocabulary. Either way every choice is a number in `0..<n` made by `below(_:)`, and
/// a seeded run can record its choices as the bytes that replay it.
public struct FuzzChoices {
    enum Source {
        case seeded(SplitMix64)
        case bytes
    }

    var source: Source
    /// The input (bytes mode) and where the current call's choices are read.
    let input: [UInt8]
    var position = 0
    var end = 0
    /// Seeded mode with recording: the bytes of the choices made since `startRecord()`.
    var recorded: [UInt8]?
    /// The bytes the choices so far take (as recorded; in bytes mode, as read): the
    /// generator keeps a call's choices within a record of `FuzzInput.maxRecordBytes`.
    public private(set) var used = 0

    /// Choices from a seeded SplitMix64 (the same numbers `SplitMix64.below` gives).
    public init(seed: UInt64, recording: Bool = false) {
        source = .seeded(SplitMix64(seed: seed))
        input = []
        recorded = recording ? [] : nil
    }

    /// Choices read from `bytes[range]`; past its end every choice is 0.
    init(bytes: [UInt8], range: Range<Int>) {
        source = .bytes
        input = bytes
        position = range.lowerBound
        end = range.upperBound
    }

    /// How many bytes one choice among `n` takes: one below 257, two below 65,537, …
    static func width(_ n: Int) -> Int {
        var w = 1
        var limit = 256
        while n > limit && w < 8 {
            w += 1
            limit = w < 8 ? limit << 8 : Int.max
        }
        return w
    }

    /// A number in `0..<n` (`n > 0`; 0 otherwise). In bytes mode: the next `width(n)` bytes,
    /// big-endian, modulo `n`, so that the byte `v` chooses `v` whenever `v < n` and a
    /// recorded choice replays exactly.
    public mutating func below(_ n: Int) -> Int {
        guard n > 0 else { return 0 }
        used += FuzzChoices.width(n)
        switch source {
        case .seeded(var rng):
            let v = rng.below(n)
            source = .seeded(rng)
            if recorded != nil {
                let w = FuzzChoices.width(n)
                for k in stride(from: w - 1, through: 0, by: -1) { recorded?.append(UInt8(truncatingIfNeeded: v >> (8 * k))) }
            }
            return v
        case .bytes:
            var u: UInt64 = 0
            for _ in 0..<FuzzChoices.width(n) {
                u = u << 8 | UInt64(position < end ? input[position] : 0)
                position += 1
            }
            return Int(u % UInt64(n))
        }
    }

    /// A number in `range`.
    public mutating func int(_ range: ClosedRange<Int>) -> Int { range.lowerBound + below(range.count) }

    /// True with probability `percent` / 100.
    public mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

    /// One of `items` (which must not be empty).
    public mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

    /// Seeded mode: forgets what was recorded and records afresh.
    mutating func startRecord() { if recorded != nil { recorded = [] } }

    /// Bytes mode: the next choices are read from `range`.
    mutating func read(_ range: Range<Int>) {
        position = range.lowerBound
        end = range.upperBound
    }
}
