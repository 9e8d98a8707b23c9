import Testing
import WaypointTools

/// The bytes the stores keep for a row's or a cell's totals (docs/ARCHITECTURE.md, "Reports at
/// scale"): stored cells and rows are read back and compared by them, so they must not change.
@Suite("Stored totals' bytes")
struct StoredTotalsBytesTests {
    /// The same bytes whatever order the totals were built in: step ids and outcomes sorted by
    /// bytes, numbers as zig-zag varints, texts as length and UTF-8 (format 2).
    @Test func totalsAreWrittenAsStoresKeepThem() throws {
        var totals = FlowTotals()
        totals.users = 1
        totals.events = 2
        totals.started = 1
        var second = FlowTotals.Step()
        second.viewed = 1
        second.outcomes = ["y": 1, "x": 1]
        var first = FlowTotals.Step()
        first.viewed = 1
        totals.steps = ["b": second, "a": first]
        let expected: [UInt8] = [
            2, 0, // format 2, a flow's totals
            2, 4, 2, 0, 0, // users 1, events 2, started 1, completed 0, abandoned 0
            0, 0, // no duration to complete, no page
            2, // two steps, by id
            1, 0x61, 2, 0, 0, 0, 0, 0, // "a": viewed 1, skipped 0, dropped 0, no duration, no page, no outcome
            1, 0x62, 2, 0, 0, 0, 0, 2, 1, 0x78, 2, 1, 0x79, 2, // "b": the same, then outcomes "x" 1 and "y" 1
        ]
        #expect(ContributionTotals.flow(totals).bytes == expected)
        #expect(try ContributionTotals(bytes: expected) == .flow(totals))
    }
}
