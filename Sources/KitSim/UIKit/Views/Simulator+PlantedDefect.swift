#if KITSIM_PLANTED_DEFECT
// A defect planted on purpose, compiled only with `-D KITSIM_PLANTED_DEFECT`
// (`scripts/fuzz-libfuzzer.sh --planted`): it shows that the coverage-guided libFuzzer
// target finds a bug on a rare path that `kitsim fuzz`, drawing calls at random, does not
// find with the same budget. Never part of an ordinary build.

/// How often each stage of the planted path was reached.
nonisolated(unsafe) public var plantedDefectStages = [Int](repeating: 0, count: 5)

/// Counts a stage. Not inlined, so that each stage is a call site of its own, and so an
/// edge of its own to libFuzzer's coverage: each condition met is progress it keeps.
@inline(never)
func reachedPlantedStage(_ stage: Int) { plantedDefectStages[stage] += 1 }

extension Simulator {
    /// The planted defect: a spring animation of 0.35 s after 2 s, with damping 0.5 and
    /// an initial velocity of 10, takes a transition hold on its `animations` block (or a
    /// view in its place) that nothing releases, which the fuzzers' stranded-hold check reports. Each argument is
    /// a common value alone; all four together are rare.
    func plantedSpringDefect(duration: Double, delay: Double, damping: Double, velocity: Double, animations: Value) throws {
        guard duration == 0.35 else { return }
        reachedPlantedStage(1)
        guard delay == 2 else { return }
        reachedPlantedStage(2)
        guard damping == 0.5 else { return }
        reachedPlantedStage(3)
        guard velocity == 10 else { return }
        reachedPlantedStage(4)
        // The animations block when it is one, else (a Lua function) a view standing for
        // the animation's state: either is held for a transition that has ended.
        if let block = animations.objectID, heap.isKind(block, of: heap.blockClass) {
            try heap.hold(block, transitionHold)
        } else {
            try heap.hold(try make(uikit.view), transitionHold)
        }
    }
}
#endif
