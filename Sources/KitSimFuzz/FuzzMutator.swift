import KitSimRuntime

/// The libFuzzer target's structure-aware mutator (`LLVMFuzzerCustomMutator`).
///
/// libFuzzer's own mutations see bytes, not records: inserting or erasing one byte inside a
/// generated record moves every later record's boundary, so one mutation rewrites every
/// call after it, and a change meant for one argument lands on a byte chosen among the
/// whole input's. This mutator works on the records of `FuzzInput`'s format instead: it
/// changes one choice of one call, grows a call's choices, removes, copies, repeats, swaps
/// or adds whole calls, and leaves every other record as it was. A share of the mutations still
/// goes to libFuzzer's own (`.useDefault`), which is how dictionary words, the values of
/// compared operands and crossover with other inputs reach the written-out calls.
///
/// Removing a whole call keeps an input's coverage more often than any byte change does,
/// and libFuzzer keeps the smaller of two inputs with the same features: the inputs that
/// reach a rare path shrink to the few calls that matter, and their choices become likely
/// targets. The mutator is deterministic: the same input and seed give the same result.
public enum FuzzMutator {
    /// What to do with an input.
    public enum Outcome: Equatable, Sendable {
        /// These bytes replace the input.
        case mutated([UInt8])
        /// Let libFuzzer mutate the input its own way (`LLVMFuzzerMutate`).
        case useDefault
    }

    /// The kinds of mutation, each with its share out of 100.
    enum Operation: CaseIterable {
        case changeChoice, growCall, removeCalls, copyCall, repeatCall, swapCalls, addCall, libFuzzers

        var share: Int {
            switch self {
            case .changeChoice: return 38
            case .growCall: return 5
            case .removeCalls: return 15
            case .copyCall: return 5
            case .repeatCall: return 5
            case .swapCalls: return 4
            case .addCall: return 8
            case .libFuzzers: return 20
            }
        }
    }

    /// The most choice bytes a new call gets: more than any call the generator makes reads
    /// (a choice past a record's end reads 0, so a short record is a valid call too).
    static let newCallBytes = 48

    /// One mutation of `input`, at most `maxSize` bytes long, chosen by `seed`.
    public static func mutate(_ input: [UInt8], maxSize: Int, seed: UInt32) -> Outcome {
        var rng = SplitMix64(seed: UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 &+ UInt64(input.count))
        // Normalised first (when it needs it), so that a record put after a cut last
        // record stays a record.
        var records = FuzzInput.records(input)
        var input = input
        if records.last?.isCut == true || (records.last?.bytes.upperBound ?? 0) != input.count {
            input = FuzzInput.normalized(input)
            records = FuzzInput.records(input)
        }
        let generated = records.indices.filter { records[$0].isGenerated }
        var roll = rng.below(100)
        var operation = Operation.libFuzzers
        for op in Operation.allCases {
            if roll < op.share { operation = op; break }
            roll -= op.share
        }
        if records.isEmpty && operation != .libFuzzers { operation = .addCall }
        let result: [UInt8]?
        switch operation {
        case .changeChoice:
            result = changeChoice(input, records, generated, &rng)
        case .growCall:
            result = growCall(input, records, generated, &rng)
        case .removeCalls:
            result = removeCalls(input, records, &rng)
        case .copyCall:
            result = copyCall(input, records, &rng)
        case .repeatCall:
            result = repeatCall(input, records, &rng)
        case .swapCalls:
            result = swapCalls(input, records, &rng)
        case .addCall:
            result = insert(newCall(&rng), into: input, records, &rng)
        case .libFuzzers:
            result = nil
        }
        guard let bytes = result, bytes.count <= maxSize, bytes != input else { return .useDefault }
        return .mutated(bytes)
    }

    /// One choice byte of one generated call set to another value.
    static func changeChoice(_ input: [UInt8], _ records: [FuzzInput.Record], _ generated: [Int], _ rng: inout SplitMix64) -> [UInt8]? {
        guard !generated.isEmpty else { return nil }
        let choices = records[generated[rng.below(generated.count)]].choices
        guard !choices.isEmpty else { return nil }
        var out = input
        let at = choices.lowerBound + rng.below(choices.count)
        // A choice among n is the byte modulo n, and most choices are among fewer than 16:
        // a small value half the time, any byte otherwise.
        let value = UInt8(rng.chance(50) ? rng.below(16) : rng.below(256))
        out[at] = value == out[at] ? value &+ 1 : value
        return out
    }

    /// A generated call's choices extended by a few bytes (its later choices, which read 0
    /// past the record's end, become free to vary).
    static func growCall(_ input: [UInt8], _ records: [FuzzInput.Record], _ generated: [Int], _ rng: inout SplitMix64) -> [UInt8]? {
        guard !generated.isEmpty else { return nil }
        let record = records[generated[rng.below(generated.count)]]
        let room = FuzzInput.maxRecordBytes - record.choices.count
        guard room > 0 else { return nil }
        let extra = (0..<min(room, rng.int(1...8))).map { _ in UInt8(rng.below(256)) }
        var out = Array(input[..<record.choices.upperBound])
        out[record.bytes.lowerBound] = UInt8(record.choices.count + extra.count)
        out += extra
        out += input[record.choices.upperBound...]
        return out
    }

    /// One call removed, or (one time in four) a run of up to half the calls.
    static func removeCalls(_ input: [UInt8], _ records: [FuzzInput.Record], _ rng: inout SplitMix64) -> [UInt8]? {
        guard !records.isEmpty else { return nil }
        let count = records.count > 1 && rng.chance(25) ? rng.int(1...max(1, records.count / 2)) : 1
        let first = rng.below(records.count - count + 1)
        let cut = records[first].bytes.lowerBound..<records[first + count - 1].bytes.upperBound
        return Array(input[..<cut.lowerBound]) + input[cut.upperBound...]
    }

    /// Two calls' places exchanged.
    static func swapCalls(_ input: [UInt8], _ records: [FuzzInput.Record], _ rng: inout SplitMix64) -> [UInt8]? {
        guard records.count > 1 else { return nil }
        let i = rng.below(records.count - 1)
        let j = rng.int((i + 1)...(records.count - 1))
        var out = Array(input[..<records[i].bytes.lowerBound])
        out += input[records[j].bytes]
        out += input[records[i].bytes.upperBound..<records[j].bytes.lowerBound]
        out += input[records[i].bytes]
        out += input[records[j].bytes.upperBound...]
        return out
    }

    /// A copy of one call: half the time right after it (the call made again at once, as
    /// a tap repeated or a method called twice), else anywhere.
    static func copyCall(_ input: [UInt8], _ records: [FuzzInput.Record], _ rng: inout SplitMix64) -> [UInt8]? {
        guard !records.isEmpty else { return nil }
        let i = rng.below(records.count)
        let copy = Array(input[records[i].bytes])
        return rng.chance(50) ? insert(copy, into: input, before: i + 1, records) : insert(copy, into: input, records, &rng)
    }

    /// One call followed by one to four copies of itself: the same call made again at
    /// once, as apps do when a tap arrives twice or a push is sent again before the first
    /// has finished (the shape of "Can't add self as subview"). Repeats at one instant of
    /// the virtual clock reach the paths that count what happens within one run-loop
    /// turn, which one copy at a time reaches only through inputs that each add coverage.
    static func repeatCall(_ input: [UInt8], _ records: [FuzzInput.Record], _ rng: inout SplitMix64) -> [UInt8]? {
        guard !records.isEmpty else { return nil }
        let i = rng.below(records.count)
        let copies: [UInt8] = (0..<rng.int(1...4)).flatMap { _ in input[records[i].bytes] }
        return insert(copies, into: input, before: i + 1, records)
    }

    /// `record` put at a record boundary of `input` chosen at random.
    static func insert(_ record: [UInt8], into input: [UInt8], _ records: [FuzzInput.Record], _ rng: inout SplitMix64) -> [UInt8]? {
        insert(record, into: input, before: rng.below(records.count + 1), records)
    }

    /// `record` put before the k-th record of `input` (after the last when k is their count).
    static func insert(_ record: [UInt8], into input: [UInt8], before k: Int, _ records: [FuzzInput.Record]) -> [UInt8] {
        let at = k >= records.count ? (records.last?.bytes.upperBound ?? 0) : records[k].bytes.lowerBound
        return Array(input[..<at]) + record + input[at...]
    }

    /// A generated call with random choices.
    static func newCall(_ rng: inout SplitMix64) -> [UInt8] {
        let n = rng.int(4...newCallBytes)
        return [UInt8(n)] + (0..<n).map { _ in UInt8(rng.below(256)) }
    }
}
