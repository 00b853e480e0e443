#if KITSIM_PLANTED_DEFECT
// A defect planted on purpose, compiled only with `-D KITSIM_PLANTED_DEFECT`
// (scripts/fuzz-planted.sh): it shows that the coverage-guided libFuzzer target finds a
// bug on a rare path that `kitsim fuzz`, drawing calls at random, does not find with the
// same budget. Never part of an ordinary build.

/// How often each stage of the planted path was reached (for the measurement only).
nonisolated(unsafe) public var plantedDefectStages = [Int](repeating: 0, count: 5)

/// Counts a stage. Not inlined, so that each stage is a call site of its own, and so an
/// edge of its own to libFuzzer's coverage: each condition met is progress it can keep.
@inline(never)
func reachedPlantedStage(_ stage: Int) { plantedDefectStages[stage] += 1 }

extension Simulator {
    /// Whether the planted defect fires for a dismissal of `b` presented by `a`: an
    /// over-full-screen controller dismissed without animation from a tab bar controller
    /// showing its third tab. The caller then takes a transition hold on `b` that nothing
    /// releases, which the fuzzers' stranded-hold check reports.
    func plantedDefectApplies(dismissed b: ObjectID, presenter a: ObjectID, animated: Bool) throws -> Bool {
        guard try presentationStyle(of: b) == "overFullScreen" else { return false }
        reachedPlantedStage(1)
        guard !animated else { return false }
        reachedPlantedStage(2)
        guard heap.isKind(a, of: uikit.tabBarController) else { return false }
        reachedPlantedStage(3)
        guard clampedInt(try number(a, uikit.tabSelectedIndex, default: 0)) == 2 else { return false }
        reachedPlantedStage(4)
        return true
    }
}
#endif
