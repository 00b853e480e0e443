#if canImport(Testing)
import KitSimBridge
import Testing
import KitSimReport

// Swift Testing assertions on a scenario's outcome: each records an issue at the caller's
// line with the object's `why` and `history`, or every leak with its path.

/// The scenario passed (its own `expect`s and `sim.verify()`).
public func expectPassed(_ outcome: Outcome, sourceLocation: SourceLocation = #_sourceLocation) {
    record(OwnershipCheck.passed(outcome), sourceLocation)
}

/// The object labelled `label` was deallocated by the end of the run.
public func expectDeallocated(_ outcome: Outcome, _ label: String, sourceLocation: SourceLocation = #_sourceLocation) {
    record(OwnershipCheck.deallocated(outcome, label), sourceLocation)
}

/// The object labelled `label` is alive at the end of the run.
public func expectAlive(_ outcome: Outcome, _ label: String, sourceLocation: SourceLocation = #_sourceLocation) {
    record(OwnershipCheck.alive(outcome, label), sourceLocation)
}

/// No retain cycle and no abandoned controller was reported that the scenario does not
/// expect (`expect(obj).to.leak()` marks a leak made on purpose).
public func expectNoLeaks(_ outcome: Outcome, sourceLocation: SourceLocation = #_sourceLocation) {
    record(OwnershipCheck.noLeaks(outcome), sourceLocation)
}

/// The fate of every labelled object, exhaustively: a wrong, missing or unlisted one fails
/// with a diff (expected −, actual +).
public func expectFates(_ outcome: Outcome, _ expected: [String: Fate], sourceLocation: SourceLocation = #_sourceLocation) {
    record(OwnershipCheck.fates(outcome, expected), sourceLocation)
}

private func record(_ failure: String?, _ sourceLocation: SourceLocation) {
    if let failure { Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation) }
}
#endif
