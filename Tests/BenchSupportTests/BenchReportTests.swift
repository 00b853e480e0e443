import Testing
import BenchSupport

/// The benchmarks' hand-written table and number formats (DEVELOPERS.md rule 7: small
/// and tested).
@Suite struct BenchReportTests {
    @Test func columnsArePaddedAndNumbersAlignRight() {
        let r = BenchReport(header: ["measurement", "time"], rightAligned: [1])
        r.rows.append(["a long measurement", "1.5 ns"])
        r.rows.append(["short", "12.25 ns"])
        #expect(r.tableLines() == [
            "| measurement        |     time |",
            "|--------------------|----------|",
            "| a long measurement |   1.5 ns |",
            "| short              | 12.25 ns |",
        ])
    }

    @Test func shortRowsGetEmptyCells() {
        let r = BenchReport(header: ["a", "b", "c"], rightAligned: [])
        r.rows.append(["x"])
        #expect(r.tableLines().last == "| x |   |   |")
    }

    @Test func failedChecksAreKeptPassedOnesAreNot() {
        let r = BenchReport(header: ["m"], rightAligned: [])
        #expect(r.check(true, "fine"))
        #expect(!r.check(false, "objects left alive"))
        #expect(r.failures == ["objects left alive"])
    }

    @Test(arguments: [(0.8654, "0.87"), (12.34, "12.3"), (1234.4, "1234"), (2.0, "2.00"), (-3.5, "-3.50"),
                      (Double.nan, "n/a"), (Double.infinity, "n/a")])
    func numbersKeepThreeDigits(_ c: (Double, String)) {
        #expect(fmt(c.0) == c.1)
    }

    @Test func groupsThousandsAndTakesMedians() {
        #expect(grouped(1_000_000) == "1,000,000")
        #expect(grouped(999) == "999")
        #expect(median([3, 1, 2]) == 2)
        #expect(median([4, 1, 3, 2]) == 2.5)
        #expect(median([]).isNaN)
    }
}
