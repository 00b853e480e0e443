#if canImport(XCTest)
import KitSimBridge
import XCTest
import KitSimReport

// XCTest assertions on a scenario's outcome: each fails at the caller's line with the
// object's `why` and `history`, or every leak with its path.

/// The scenario passed (its own `expect`s and `sim.verify()`).
public func XCTAssertPassed(_ outcome: Outcome, file: StaticString = #filePath, line: UInt = #line) {
    if let failure = OwnershipCheck.passed(outcome) { XCTFail(failure, file: file, line: line) }
}

/// The object labelled `label` was deallocated by the end of the run.
public func XCTAssertDeallocated(_ outcome: Outcome, _ label: String, file: StaticString = #filePath, line: UInt = #line) {
    if let failure = OwnershipCheck.deallocated(outcome, label) { XCTFail(failure, file: file, line: line) }
}

/// The object labelled `label` is alive at the end of the run.
public func XCTAssertAlive(_ outcome: Outcome, _ label: String, file: StaticString = #filePath, line: UInt = #line) {
    if let failure = OwnershipCheck.alive(outcome, label) { XCTFail(failure, file: file, line: line) }
}

/// No retain cycle and no abandoned controller was reported that the scenario does not
/// expect (`expect(obj).to.leak()` marks a leak made on purpose).
public func XCTAssertNoLeaks(_ outcome: Outcome, file: StaticString = #filePath, line: UInt = #line) {
    if let failure = OwnershipCheck.noLeaks(outcome) { XCTFail(failure, file: file, line: line) }
}

/// The fate of every labelled object, exhaustively (a diff, expected −, actual +).
public func XCTAssertFates(_ outcome: Outcome, _ expected: [String: Fate], file: StaticString = #filePath, line: UInt = #line) {
    if let failure = OwnershipCheck.fates(outcome, expected) { XCTFail(failure, file: file, line: line) }
}
#endif
