import Foundation
import Testing
import TestSupport
@testable import WaypointTools

/// Durations kept by page, as a store keeps a cell's, give the exact medians once the pages that
/// hold them are read (docs/ARCHITECTURE.md, "Reports at scale").
@Suite struct DurationPageTests {
    @Test(arguments: [
        (Int64(0), Int32(0)), (31, 31), (32, 32), (33, 32), (34, 33), (63, 47), (64, 48), (4_000, 143), (4_095, 143),
        (4_096, 144), (-1, -1), (-32, -32), (-33, -33), (Int64.max, 959), (Int64.min, -960),
    ] as [(Int64, Int32)])
    func aDurationsPageIsItsOctaveCutInSixteen(value: Int64, page: Int32) {
        #expect(DurationHistogram.page(of: value) == page)
    }

    @Test func pagesAscendWithDurations() {
        var random = SplitMix64(seed: 4)
        let values = ((0..<5_000).map { _ in Int64.random(in: -200_000...200_000, using: &random) } + [Int64.min, Int64.max, 0, -1]).sorted()
        for (lower, upper) in zip(values, values.dropFirst()) {
            #expect(DurationHistogram.page(of: lower) <= DurationHistogram.page(of: upper))
        }
    }

    /// A random histogram of `count` durations over a span, some of them negative.
    static func histogram(_ random: inout SplitMix64, count: Int, span: Int64) -> DurationHistogram {
        DurationHistogram((0..<count).map { _ in Int64.random(in: -40...span, using: &random) })
    }

    @Test(arguments: [(1, Int64(50)), (2, 9_000), (7, 9_000), (400, 70_000), (3_001, 1_000_000)])
    func countsByPageWithTheMedianPagesReadGiveTheExactMedian(count: Int, span: Int64) {
        var random = SplitMix64(seed: UInt64(count))
        let exact = Self.histogram(&random, count: count, span: span)
        let counted = exact.byPage
        let parts = exact.exactPages
        #expect(counted.values.isEmpty && counted.count == exact.count && !counted.isExact)
        // The counts and every page's part add up to the exact histogram again.
        var whole = counted
        for part in parts.values { whole.add(part) }
        #expect(whole == exact)
        #expect(exact.medianPages.isEmpty && exact.median != nil)
        // The counts alone give no median, and name the pages that hold it: one or two.
        #expect(counted.median == nil)
        let needed = counted.medianPages
        #expect((1...2).contains(needed.count))
        var read = counted
        for page in needed { read.add(parts[page]!) }
        #expect(read.medianPages.isEmpty)
        #expect(read.median == exact.median)
        // A page too few leaves the median unknown rather than wrong.
        if needed.count == 2 {
            var half = counted
            half.add(parts[needed.min()!]!)
            #expect(half.median == nil && half.medianPages == [needed.max()!])
        }
    }

    @Test func sumsAndDifferencesOfMixedHistogramsStayExact() {
        var random = SplitMix64(seed: 11)
        let cells = (0..<30).map { _ in Self.histogram(&random, count: Int.random(in: 0...80, using: &random), span: 120_000) }
        let held = (0..<30).map { _ in Self.histogram(&random, count: Int.random(in: 0...3, using: &random), span: 120_000) }
        let mixed = cells.map(\.byPage) + held + cells.flatMap { $0.exactPages.values }
        var added = DurationHistogram()
        for histogram in mixed { added.add(histogram) }
        #expect(DurationHistogram.sum(mixed) == added)
        #expect(added == DurationHistogram.sum(cells + held))
        #expect(added.isExact)
        // Taking a cell's counts away leaves its pages' parts, which cancel its exact durations.
        var difference = added
        difference.add(cells[0].byPage, sign: -1)
        difference.add(cells[0], sign: 1)
        for part in cells[0].exactPages.values { difference.add(part, sign: -1) }
        #expect(difference == added)
    }

    @Test func pagesAreWrittenAndReadBackAndFormatOneIsStillRead() throws {
        var random = SplitMix64(seed: 3)
        let exact = Self.histogram(&random, count: 300, span: 90_000)
        var mixed = exact.byPage
        mixed.add(exact.exactPages.first!.value)
        var writer = ContributionWriter()
        writer.histogram(mixed)
        var reader = ContributionReader(writer.bytes)
        #expect(try reader.histogram() == mixed)
        #expect(reader.isAtEnd)
        // Format 1 wrote durations only: the same bytes without the page list.
        var old = ContributionWriter()
        old.histogram(exact)
        var oldReader = ContributionReader(Array(old.bytes.dropLast()))
        oldReader.format = 1
        #expect(try oldReader.histogram() == exact)
        #expect(oldReader.isAtEnd)
    }

    @Test(arguments: [
        ([Int32(5), 5], [1, 1], "not ascending"), ([7, 3], [1, 1], "not ascending"), ([4], [0], "counted 0 times"),
    ] as [([Int32], [Int], String)])
    func badPagesAreRefused(pages: [Int32], counts: [Int], refusal: String) {
        var writer = ContributionWriter()
        writer.count(0)
        writer.count(pages.count)
        var previous: Int32 = 0
        for (index, page) in pages.enumerated() {
            writer.signed(Int64(index == 0 ? page : page - previous))
            writer.int(counts[index])
            previous = page
        }
        var reader = ContributionReader(writer.bytes)
        #expect { _ = try reader.histogram() } throws: { "\($0)".contains(refusal) }
    }

    @Test(arguments: FlowContributionTests.cases)
    func cellsKeptByPageGiveTheSameReportWithTheirMedianPages(_ testCase: FlowContributionTests.Case) throws {
        let users = FlowContributionTests.users(seed: 2_711, count: 300, publishes: testCase.publishes)
        let lines = users.flatMap { $0 }
        let query = FlowContributionTests.query(testCase)
        let expected = try Funnel.compute(jsonLines: Data((lines.joined(separator: "\n") + "\n").utf8), query: query)
        // Whole days only: cells keep the day (the other cases read single users, exact).
        guard testCase.scope.since.map({ $0 % 86_400_000 == 0 }) ?? true, testCase.scope.until.map({ $0 % 86_400_000 == 0 }) ?? true else { return }
        var cells: [ContributionRow.Cell: ContributionRow] = [:]
        for row in try users.flatMap({ Contributions.ofUser(lines: $0) }).flatMap({ try $0.cellRows() }) {
            if cells[row.cell] == nil { cells[row.cell] = row } else { try cells[row.cell]!.totals.add(row.totals) }
        }
        // Each cell as a store keeps it, through its bytes: counts by page, and its pages apart.
        var counted: [ContributionRow] = []
        var pages: [Int32: [ContributionRow]] = [:]
        var pageRows = 0
        for row in cells.values {
            let (counts, parts) = row.totals.paged
            var kept = row
            kept.totals = try ContributionTotals(bytes: counts.bytes)
            counted.append(kept)
            for (page, part) in parts {
                var pageRow = row
                pageRow.totals = try ContributionTotals(bytes: part.bytes)
                pages[page, default: []].append(pageRow)
                pageRows += 1
            }
        }
        let scoped = FlowContributionTests.scoped(counted, query: query)
        let needed = try Funnel.medianPages(contributions: scoped.rows, query: query, groupsOutsideRange: scoped.outside)
        #expect(!needed.isEmpty)
        #expect(needed.all.count < pages.count / 2, "a report reads a few of the pages: \(needed.all.count) of \(pages.count)")
        // Each grouping's cells with the pages of its own medians: of the cells the query reads, only those.
        #expect(Set(needed.byPrefix.keys).isSubset(of: query.cellSelection.prefixes ?? []))
        let neededRows = pages.flatMap { page, rows in rows.filter { needed.pages(ofGroup: $0.group).contains(page) } }
        #expect(neededRows.count < pageRows / 2, "a report reads a few of the pages' rows: \(neededRows.count) of \(pageRows)")
        do {
            _ = try FlowContributionTests.reportFromRows(counted, query: query, events: lines.count)
            Issue.record("a report was made without the pages its medians need")
        } catch {
            #expect("\(error)".contains("that no stored page holds"))
        }
        // Reading the pages in every cell of the report's groupings instead adds nothing: the same report.
        let everyCell = counted + needed.all.flatMap { pages[$0] ?? [] }
        let actualOverEveryCell = try FlowContributionTests.reportFromRows(everyCell, query: query, events: lines.count)
        #expect(String(decoding: actualOverEveryCell.jsonData(), as: UTF8.self) == String(decoding: expected.jsonData(), as: UTF8.self))
        // One page fewer than a grouping needs, and the report refuses to guess its median.
        if let (prefix, numbers) = needed.byPrefix.first, let dropped = numbers.first {
            let short = counted + neededRows.filter { !($0.group.hasPrefix(prefix) && pages[dropped]?.contains($0) == true) }
            #expect(throws: ReportError.self) { try FlowContributionTests.reportFromRows(short, query: query, events: lines.count) }
        }
        let read = counted + neededRows
        let actual = try FlowContributionTests.reportFromRows(read, query: query, events: lines.count)
        #expect(String(decoding: actual.jsonData(), as: UTF8.self) == String(decoding: expected.jsonData(), as: UTF8.self))
    }

    @Test
    func aPagesCountAndAHeldChangeOfItsDurationAddUpToNoStep() throws {
        // A cell counts a user's 1,234 ms by its page; the user is erased, and the held change takes
        // back the exact duration: the keys differ, the durations add up to none, and so no step.
        var cell = FlowTotals()
        var counted = FlowTotals.Step()
        counted.durations = DurationHistogram([1_234]).byPage
        cell.steps[ExactID("plan")] = counted
        cell.toComplete = DurationHistogram([5_000]).byPage
        var taken = FlowTotals()
        var exact = FlowTotals.Step()
        exact.durations = DurationHistogram([1_234])
        taken.steps[ExactID("plan")] = exact
        taken.toComplete = DurationHistogram([5_000])
        var change = FlowTotals()
        change.add(taken, sign: -1)
        #expect(change.steps[ExactID("plan")]?.durations.count == -1)
        let summed = FlowTotals.sum([cell, change])
        #expect(summed.steps[ExactID("plan")] == nil)
        #expect(summed.toComplete.isEmpty)
        // With another user left, the step stays, and its durations count that user only.
        var other = FlowTotals()
        var kept = FlowTotals.Step()
        kept.durations = DurationHistogram([2_000])
        other.steps[ExactID("plan")] = kept
        #expect(FlowTotals.sum([cell, change, other]).steps[ExactID("plan")]?.durations.count == 1)
    }
}
