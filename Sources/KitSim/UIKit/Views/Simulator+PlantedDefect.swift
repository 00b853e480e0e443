#if KITSIM_PLANTED_DEFECT
// A defect planted on purpose, compiled only with `-D KITSIM_PLANTED_DEFECT`
// (`scripts/fuzz-libfuzzer.sh --planted`): it shows that the coverage-guided libFuzzer
// target finds a bug on a rare path that `kitsim fuzz`, drawing calls at random, does not
// find with the same budget. Never part of an ordinary build.

/// How often each stage of the planted path was reached (stage k: the k-th spring
/// animation begun at one instant; the last stage is the defect). The fuzzers print these
/// at exit, which shows how far a search got.
nonisolated(unsafe) public var plantedDefectStages = [Int](repeating: 0, count: Animations.plantedSpringTableSize + 2)

/// The stages as one line: `stage 1: 120, stage 2: 7, …`.
public func plantedDefectStagesLine() -> String {
    plantedDefectStages.indices.dropFirst().map { "stage \($0): \(plantedDefectStages[$0])" }.joined(separator: ", ")
}

/// Counts a stage. Not inlined, so that each stage is a call site of its own, and so an
/// edge of its own to libFuzzer's coverage: each stage reached is progress it keeps.
@inline(never)
func reachedPlantedStage(_ stage: Int) { plantedDefectStages[stage] += 1 }

extension Animations {
    /// The number of slots in the planted table.
    static let plantedSpringTableSize = 3

    /// The planted defect, the shape of a fixed-size table that overflows: the spring
    /// animations (`animate_usingSpringWithDamping`) begun at one instant of the virtual
    /// clock — one Core Animation transaction — share a table of three slots, emptied when
    /// the clock moves on; the fourth finds the table full and takes a transition hold on
    /// its `animations` block (or a view in its place) that nothing releases, which the
    /// fuzzers' stranded-hold check reports once the run loop is idle. One spring
    /// animation is common; four with no turn of the clock between them are rare in a
    /// random program, however long.
    ///
    /// Not optimised: the optimiser folds the switch below, whose every case calls
    /// `reachedPlantedStage` with its own slot count, into one call taking the count (one
    /// block, one coverage counter for all the stages), and libFuzzer would then see no
    /// progress until the last slot. Unoptimised, each case is a block of its own.
    @_optimize(none)
    func plantedSpringDefect(animations: Value) throws {
        if plantedSpringInstant != heap.now {
            plantedSpringInstant = heap.now
            plantedSpringSlots = 0
        }
        plantedSpringSlots += 1
        // One call site per stage, one case per slot of the table: libFuzzer sees the
        // table fill up, slot by slot, and the default is the animation that finds it full.
        switch plantedSpringSlots {
        case 1: reachedPlantedStage(1)
        case 2: reachedPlantedStage(2)
        case 3: reachedPlantedStage(3)
        default:
            reachedPlantedStage(Self.plantedSpringTableSize + 1)
            // The animations block when it is one, else (a Lua function, or a bad
            // argument) a view standing for the animation's state: either is held for a
            // transition that has ended.
            if let block = animations.objectID, heap.isKind(block, of: heap.blockClass) {
                try heap.hold(block, sim.transitions.transitionHold)
            } else {
                try heap.hold(try sim.make(heap[UIView.self]), sim.transitions.transitionHold)
            }
        }
    }
}
#endif
