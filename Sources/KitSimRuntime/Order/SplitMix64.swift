/// A small seeded generator (Steele, Lea and Flood's SplitMix64). The fuzzer and the order explorer use it
/// and never the system generator: same seed, same program (DEVELOPERS.md rule 3).
public struct SplitMix64: RandomNumberGenerator, Sendable {
    public private(set) var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<n` (`n > 0`; 0 otherwise).
    public mutating func below(_ n: Int) -> Int {
        guard n > 0 else { return 0 }
        return Int(next() % UInt64(n))
    }

    /// A number in `range`.
    public mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + below(range.count)
    }

    /// True with probability `percent` / 100.
    public mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

    /// One of `items` (which must not be empty).
    public mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
}
