import Testing
import KitSimRuntime
@testable import KitSimFuzz

/// The libFuzzer target's structure-aware mutator (`FuzzMutator`): each kind of mutation
/// changes the records it names and no other, the result always decodes, and the same
/// input and seed give the same result.
@Suite struct FuzzMutatorTests {
    /// The bytes of each record of `bytes`, in order.
    static func records(_ bytes: [UInt8]) -> [[UInt8]] { FuzzInput.records(bytes).map { Array(bytes[$0.bytes]) } }

    /// Inputs of every shape: seeds' programs, written-out calls between them, cut records.
    static let inputs: [[UInt8]] = {
        let literal = FuzzInput.literal("local v = UIView() v.alpha = 0.5") ?? []
        var out: [[UInt8]] = [[], [0], [3, 1, 2, 3], literal, [0xFF, 0, 40] + Array("x".utf8), [40, 1, 2]]
        for seed in UInt64(1)...12 {
            let bytes = FuzzInput.bytes(seed: seed, calls: Int(seed) * 3)
            out.append(bytes)
            out.append(bytes + literal + FuzzInput.bytes(seed: seed + 100, calls: 4))
            out.append(Array(bytes.prefix(bytes.count * 2 / 3)))
        }
        return out
    }()

    /// Every byte is in one record, in order, and the records are what `program` decodes.
    @Test func recordsCoverTheInput() {
        for input in Self.inputs {
            let records = FuzzInput.records(input)
            var at = 0
            for r in records {
                #expect(r.bytes.lowerBound == at)
                #expect(r.body.upperBound == r.bytes.upperBound)
                at = r.bytes.upperBound
            }
            #expect(at == input.count)
            #expect(records.count + 1 == FuzzInput.program(input).calls.count)
        }
        #expect(FuzzInput.records([5, 1]) == [FuzzInput.Record(bytes: 0..<2, body: 1..<2, isGenerated: true, isCut: true)])
        #expect(FuzzInput.records([0xFF, 0]).first?.isCut == true)
        #expect(FuzzInput.records([2, 1, 1]).first?.isCut == false)
    }

    /// Normalising keeps the program and leaves no cut record, so another can follow.
    @Test func normalisingKeepsTheProgram() {
        for input in Self.inputs {
            let n = FuzzInput.normalized(input)
            #expect(FuzzInput.program(n) == FuzzInput.program(input))
            #expect(FuzzInput.records(n).allSatisfy { !$0.isCut })
            #expect(FuzzInput.records(n + [1, 7]).count == FuzzInput.records(n).count + 1)
        }
        #expect(FuzzInput.normalized([40, 1, 2]) == [2, 1, 2])
        #expect(FuzzInput.normalized([0xFF, 0, 9] + Array("ab".utf8)) == [0xFF, 0, 2] + Array("ab".utf8))
    }

    /// What each kind of mutation may change, in records: the input's records and the
    /// result's, both normalised.
    struct Case: CustomTestStringConvertible, Sendable {
        let operation: FuzzMutator.Operation
        let holds: @Sendable (_ before: [[UInt8]], _ after: [[UInt8]]) -> Bool
        var testDescription: String { "\(operation)" }
    }

    static let cases: [Case] = [
        Case(operation: .changeChoice) { before, after in
            // One record, one byte of its choices, its length kept.
            guard before.count == after.count else { return false }
            let changed = zip(before, after).filter { $0 != $1 }
            guard changed.count == 1, let (a, b) = changed.first, a.count == b.count, a[0] == b[0] else { return false }
            return zip(a, b).filter { $0 != $1 }.count == 1
        },
        Case(operation: .growCall) { before, after in
            // One generated record longer, its old choices a prefix of its new.
            guard before.count == after.count else { return false }
            let changed = zip(before, after).filter { $0 != $1 }
            guard changed.count == 1, let (a, b) = changed.first else { return false }
            return b.count > a.count && b[0] == UInt8(b.count - 1) && Array(b[1..<a.count]) == Array(a[1...])
        },
        Case(operation: .removeCalls) { before, after in
            // A run of records gone, the rest in order.
            guard after.count < before.count else { return false }
            let k = zip(before, after).prefix { $0 == $1 }.count
            let removed = before.count - after.count
            return Array(before[(k + removed)...]) == Array(after[k...])
        },
        Case(operation: .copyCall) { before, after in
            // One more record, a copy of one of the input's, the rest in order.
            guard after.count == before.count + 1 else { return false }
            let k = zip(before, after).prefix { $0 == $1 }.count
            return before.contains(after[k]) && Array(before[k...]) == Array(after[(k + 1)...])
        },
        Case(operation: .repeatCall) { before, after in
            // One to four copies of one record right after it, the rest in order.
            let m = after.count - before.count
            guard (1...4).contains(m) else { return false }
            return before.indices.contains { i in
                after == Array(before[...i]) + Array(repeating: before[i], count: m) + Array(before[(i + 1)...])
            }
        },
        Case(operation: .swapCalls) { before, after in
            // Two records exchanged.
            guard before.count == after.count else { return false }
            let differ = before.indices.filter { before[$0] != after[$0] }
            return differ.count == 2 && before[differ[0]] == after[differ[1]] && before[differ[1]] == after[differ[0]]
        },
        Case(operation: .addCall) { before, after in
            // One new generated record, the rest in order.
            guard after.count == before.count + 1 else { return false }
            let k = zip(before, after).prefix { $0 == $1 }.count
            return after[k][0] != FuzzInput.literalMarker && Array(before[k...]) == Array(after[(k + 1)...])
        },
    ]

    @Test(arguments: cases) func aMutationChangesOnlyWhatItNames(_ c: Case) {
        var made = 0
        for input in Self.inputs {
            let base = FuzzInput.normalized(input)
            let records = FuzzInput.records(base)
            let generated = records.indices.filter { records[$0].isGenerated }
            for seed in UInt64(0)..<20 {
                var rng = SplitMix64(seed: seed)
                let out: [UInt8]?
                switch c.operation {
                case .changeChoice: out = FuzzMutator.changeChoice(base, records, generated, &rng)
                case .growCall: out = FuzzMutator.growCall(base, records, generated, &rng)
                case .removeCalls: out = FuzzMutator.removeCalls(base, records, &rng)
                case .copyCall: out = FuzzMutator.copyCall(base, records, &rng)
                case .repeatCall: out = FuzzMutator.repeatCall(base, records, &rng)
                case .swapCalls: out = FuzzMutator.swapCalls(base, records, &rng)
                case .addCall: out = FuzzMutator.insert(FuzzMutator.newCall(&rng), into: base, records, &rng)
                case .libFuzzers: out = nil
                }
                guard let out else { continue }
                made += 1
                // swapCalls may exchange two equal records: no change to check.
                if out == base { continue }
                #expect(c.holds(Self.records(base), Self.records(out)), "\(c.operation) of \(base) gave \(out)")
            }
        }
        #expect(made > 100)
    }

    /// The shares add up to 100, and over many seeds each kind of mutation happens.
    @Test func everyKindHappens() {
        #expect(FuzzMutator.Operation.allCases.map(\.share).reduce(0, +) == 100)
        let input = FuzzInput.bytes(seed: 5, calls: 30)
        var defaults = 0, recordCounts = Set<Int>()
        for seed in UInt32(0)..<2_000 {
            switch FuzzMutator.mutate(input, maxSize: 1 << 16, seed: seed) {
            case .useDefault: defaults += 1
            case .mutated(let bytes):
                #expect(bytes != input)
                recordCounts.insert(FuzzInput.records(bytes).count)
            }
        }
        // About one mutation in five is libFuzzer's (its share, and the few that changed nothing).
        #expect(defaults > 300 && defaults < 600)
        let n = FuzzInput.records(input).count
        #expect(recordCounts.contains(n) && recordCounts.contains(n + 1) && recordCounts.contains(n - 1))
    }

    /// The same input and seed give the same mutation; a result never passes `maxSize`.
    @Test func deterministicAndBounded() {
        for input in Self.inputs {
            for seed in UInt32(0)..<30 {
                #expect(FuzzMutator.mutate(input, maxSize: 1 << 16, seed: seed) == FuzzMutator.mutate(input, maxSize: 1 << 16, seed: seed))
                if case .mutated(let bytes) = FuzzMutator.mutate(input, maxSize: input.count, seed: seed) {
                    #expect(bytes.count <= input.count)
                }
            }
        }
        // An empty input gets a call (or libFuzzer's mutation).
        for seed in UInt32(0)..<20 {
            if case .mutated(let bytes) = FuzzMutator.mutate([], maxSize: 100, seed: seed) {
                #expect(FuzzInput.records(bytes).count == 1)
            }
        }
    }
}
