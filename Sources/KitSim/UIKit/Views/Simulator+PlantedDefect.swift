#if KITSIM_PLANTED_DEFECT
// A defect planted on purpose, compiled only with `-D KITSIM_PLANTED_DEFECT`
// (`scripts/fuzz-libfuzzer.sh --planted`): it shows that the coverage-guided libFuzzer
// target finds a bug on a rare path that `kitsim fuzz`, drawing calls at random, does not
// find with the same budget. Never part of an ordinary build.

/// How often each stage of the planted path was reached (stage k: the k-th springy
/// animation begun at one instant; stage 4 is the defect).
nonisolated(unsafe) public var plantedDefectStages = [Int](repeating: 0, count: 5)

/// Counts a stage. Not inlined, so that each stage is a call site of its own, and so an
/// edge of its own to libFuzzer's coverage: each stage reached is progress it keeps.
@inline(never)
func reachedPlantedStage(_ stage: Int) { plantedDefectStages[stage] += 1 }

extension Simulator {
    /// The number of slots in the planted table.
    static let plantedSpringTableSize = 3

    /// The planted defect, the shape of a fixed-size table that overflows: the springy
    /// animations (`animate_usingSpringWithDamping` with damping 0.5) begun at one instant
    /// of the virtual clock — one Core Animation transaction — share a table of three
    /// slots, emptied when the clock moves on; the fourth finds the table full and takes a
    /// transition hold on its `animations` block (or a view in its place) that nothing
    /// releases, which the fuzzers' stranded-hold check reports. A damping of 0.5 is a
    /// common value alone; four such animations with no turn of the run loop between them
    /// are rare, however long the program.
    func plantedSpringDefect(damping: Double, animations: Value) throws {
        guard damping == 0.5 else { return }
        if plantedSpringInstant != heap.now {
            plantedSpringInstant = heap.now
            plantedSpringSlots = 0
        }
        plantedSpringSlots += 1
        // One call site per stage: libFuzzer sees the table fill up, slot by slot.
        switch plantedSpringSlots {
        case 1: reachedPlantedStage(1)
        case 2: reachedPlantedStage(2)
        case 3: reachedPlantedStage(3)
        default:
            reachedPlantedStage(4)
            // The animations block when it is one, else (a Lua function) a view standing
            // for the animation's state: either is held for a transition that has ended.
            if let block = animations.objectID, heap.isKind(block, of: heap.blockClass) {
                try heap.hold(block, transitionHold)
            } else {
                try heap.hold(try make(uikit.view), transitionHold)
            }
        }
    }
}
#endif
