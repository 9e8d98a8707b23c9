import Foundation
import Testing
import TestSupport
@testable import WaypointTools

/// The flow report from summed per-user contributions equals the flow report over the same events,
/// byte for byte, whatever the scope (docs/ARCHITECTURE.md, "Reports at scale").
@Suite struct FlowContributionTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var scope: ReportScope
        var byVariation = false
        /// A split other than by variation (locale, platform, app version, revision).
        var by: ReportDimension?
        /// Whether publishes catch users in the flow (``RandomFlowEvents/user(_:using:midRunPublishes:)``).
        var publishes = false
        var testDescription: String { name }
    }

    static let day = RandomFlowEvents.firstDay
    static let cases: [Case] = [
        Case(name: "everything", scope: ReportScope()),
        Case(name: "by variation", scope: ReportScope(experiment: "short-signup"), byVariation: true),
        Case(name: "revision 2", scope: ReportScope(revision: 2)),
        Case(name: "revision 1 by variation", scope: ReportScope(revision: 1), byVariation: true),
        Case(name: "whole days", scope: ReportScope(since: day + 86_400_000, until: day + 3 * 86_400_000)),
        Case(name: "times inside days", scope: ReportScope(since: day + 86_400_000 + 37_000_123, until: day + 4 * 86_400_000 - 1), byVariation: true),
        Case(name: "revision and times", scope: ReportScope(revision: 1, since: day + 50_000_000, experiment: "short-signup"), byVariation: true),
        Case(name: "mid-run publishes, everything", scope: ReportScope(), publishes: true),
        Case(name: "mid-run publishes, revision 1", scope: ReportScope(revision: 1), publishes: true),
        Case(name: "mid-run publishes, revision 2 by variation", scope: ReportScope(revision: 2, experiment: "short-signup"), byVariation: true, publishes: true),
        Case(name: "by locale", scope: ReportScope(), by: .locale),
        Case(name: "by platform, revision 1 and whole days", scope: ReportScope(revision: 1, since: day + 86_400_000), by: .platform),
        Case(name: "by locale, times inside days", scope: ReportScope(since: day + 86_400_000 + 37_000_123, until: day + 4 * 86_400_000 - 1), by: .locale),
        Case(name: "mid-run publishes, revision 2 and whole days", scope: ReportScope(revision: 2, since: day + 86_400_000, until: day + 3 * 86_400_000),
             publishes: true),
    ]

    /// Seeded users' events; each user's lines in delivery order.
    static func users(seed: UInt64, count: Int, publishes: Bool = false) -> [[String]] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { RandomFlowEvents.user($0, using: &random, midRunPublishes: publishes) }
    }

    static func query(_ testCase: Case) -> FunnelQuery {
        FunnelQuery(
            flowID: "signup", groupByVariation: testCase.byVariation, by: testCase.by, declaredSteps: RandomFlowEvents.declaredSteps,
            declaredVariations: RandomFlowEvents.declaredVariations, scope: testCase.scope)
    }

    /// The report from rows, picking the rows of the scope as a store does.
    static func reportFromRows(_ rows: [ContributionRow], query: FunnelQuery, events: Int) throws -> FunnelResult {
        let scope = scoped(rows, query: query)
        return try Funnel.compute(contributions: scope.rows, query: query, events: events, groupsOutsideRange: scope.outside)
    }

    /// The rows of the query's scope, and the groups of its revision's rows outside its range, as a store picks them.
    static func scoped(_ rows: [ContributionRow], query: FunnelQuery) -> (rows: [ContributionRow], outside: Set<String>) {
        let scope = query.scope
        let revisionRows = rows.filter { $0.kind == .flow && $0.revision == scope.revision }
        let ranged = scope.since != nil || scope.until != nil
        let inRange = revisionRows.filter { row in
            guard ranged else { return true }
            guard let start = row.startMs else { return false }
            return scope.includesStart(atMilliseconds: start)
        }
        let outside = ranged ? Set(revisionRows.filter { row in !inRange.contains(row) }.map(\.group)) : []
        return (inRange, outside)
    }

    @Test(arguments: cases)
    func summedUsersGiveTheReportOfTheirEvents(_ testCase: Case) throws {
        let users = Self.users(seed: 27, count: 400, publishes: testCase.publishes)
        let lines = users.flatMap { $0 }
        let query = Self.query(testCase)
        let expected = try Funnel.compute(jsonLines: Data((lines.joined(separator: "\n") + "\n").utf8), query: query)
        let rows = users.flatMap { Contributions.ofUser(lines: $0) }
        let actual = try Self.reportFromRows(rows, query: query, events: lines.count)
        #expect(String(decoding: actual.jsonData(), as: UTF8.self) == String(decoding: expected.jsonData(), as: UTF8.self))
        #expect((expected.flowReport?.overall.started ?? 0) > 50)
        // A user has at most one revision's row: that of their first `Flow Started`, equal to their row over every revision.
        for userRows in users.map({ Contributions.ofUser(lines: $0).filter { $0.kind == .flow && $0.subject == "signup" } }) {
            let revisionRows = userRows.filter { $0.revision != nil }
            #expect(revisionRows.count <= 1)
            if let row = revisionRows.first { #expect(userRows.contains { $0.revision == nil && $0.totals == row.totals && $0.group == row.group }) }
        }
        if let report = expected.flowReport {
            if let by = testCase.by { #expect((report.groups(of: by)?.count ?? 0) > 2, "\(by): \(report.groups(of: by)?.keys.sorted() ?? [])") }
            let groups = [report.byRevision, report.byVariation, report.byLocale, report.byPlatform].flatMap { Array(($0 ?? [:]).values) }
            for figures in [report.overall] + groups {
                #expect(figures.started == figures.completed + figures.abandoned + figures.inProgress && figures.inProgress >= 0)
            }
        }
    }

    /// Revision 3 is published while users are in the flow, and no run starts on it: its report,
    /// from events or from rows, has no user, though events carry it.
    @Test func aRevisionOnlyLaterEventsCarryHasNoUsers() throws {
        let users = Self.users(seed: 27, count: 400, publishes: true)
        let lines = users.flatMap { $0 }
        #expect(lines.contains { $0.contains(#""revision":3"#) })
        let query = Self.query(Case(name: "revision 3", scope: ReportScope(revision: 3)))
        let expected = try Funnel.compute(jsonLines: Data((lines.joined(separator: "\n") + "\n").utf8), query: query)
        #expect(expected.flowReport?.overall.started == 0)
        #expect(expected.flowReport?.steps.allSatisfy { $0.viewed == 0 } == true)
        let rows = users.flatMap { Contributions.ofUser(lines: $0) }
        #expect(!rows.contains { $0.kind == .flow && $0.subject == "signup" && $0.revision == 3 })
        let actual = try Self.reportFromRows(rows, query: query, events: lines.count)
        #expect(actual.jsonData() == expected.jsonData())
    }

    @Test(arguments: cases)
    func cellsSummedThroughTheirBytesGiveTheSameReport(_ testCase: Case) throws {
        let users = Self.users(seed: 1_127, count: 300, publishes: testCase.publishes)
        let lines = users.flatMap { $0 }
        let query = Self.query(testCase)
        let expected = try Funnel.compute(jsonLines: Data((lines.joined(separator: "\n") + "\n").utf8), query: query)
        // Sum users into cells as a store does, through the stored bytes; add a user twice and take one away.
        var cells: [ContributionRow.Cell: (startMs: Int64?, bytes: [UInt8])] = [:]
        var perUserRows: [[ContributionRow]] = []
        for user in users {
            // A user's row is summed into one cell per grouping, as a store sums it.
            let rows = try Contributions.ofUser(lines: user).flatMap { try $0.cellRows() }
            perUserRows.append(rows)
            for row in rows {
                var totals = try cells[row.cell].map { try ContributionTotals(bytes: $0.bytes) } ?? row.totals
                if cells[row.cell] != nil { try totals.add(row.totals) }
                cells[row.cell] = (row.startMs, totals.bytes)
            }
        }
        for row in perUserRows[3] {
            var totals = try ContributionTotals(bytes: cells[row.cell]!.bytes)
            try totals.add(row.totals)
            try totals.subtract(row.totals)
            cells[row.cell] = (cells[row.cell]!.startMs, totals.bytes)
        }
        // Whole days only: the cells keep the day; for times inside a day, the cases above read single users.
        guard testCase.scope.since.map({ $0 % 86_400_000 == 0 }) ?? true, testCase.scope.until.map({ $0 % 86_400_000 == 0 }) ?? true else { return }
        let summed = try cells.map { cell, value in
            ContributionRow(
                kind: cell.kind, subject: cell.subject, revision: cell.revision,
                startMs: cell.startDay.map { $0 * 86_400_000 }, group: cell.group, totals: try ContributionTotals(bytes: value.bytes))
        }
        let actual = try Self.reportFromRows(summed, query: query, events: lines.count)
        #expect(String(decoding: actual.jsonData(), as: UTF8.self) == String(decoding: expected.jsonData(), as: UTF8.self))
        // A store reads only the cells of the query's groupings, which are enough.
        let selected = summed.filter { query.cellSelection.contains($0.group) }
        #expect(selected.count < summed.count)
        let fromSelected = try Self.reportFromRows(selected, query: query, events: lines.count)
        #expect(String(decoding: fromSelected.jsonData(), as: UTF8.self) == String(decoding: expected.jsonData(), as: UTF8.self))
    }

    @Test func aUserRecomputedAfterMoreEventsMovesBetweenCellsExactly() throws {
        let users = Self.users(seed: 5, count: 60)
        let query = Self.query(Case(name: "all", scope: ReportScope()))
        // Deliver each user's events in two halves; the first half's rows are replaced by the whole's.
        var rows: [ContributionRow] = []
        for user in users {
            let half = Array(user.prefix(user.count / 2))
            var total = ContributionTotals.flow(FlowTotals())
            for row in Contributions.ofUser(lines: half) where row.revision == nil && row.kind == .flow { try total.add(row.totals) }
            for row in Contributions.ofUser(lines: half) where row.revision == nil && row.kind == .flow { try total.subtract(row.totals) }
            #expect(total.isEmpty)
            rows += Contributions.ofUser(lines: user)
        }
        let lines = users.flatMap { $0 }
        let expected = try Funnel.compute(jsonLines: Data((lines.joined(separator: "\n") + "\n").utf8), query: query)
        let actual = try Self.reportFromRows(rows, query: query, events: lines.count)
        #expect(actual.jsonData() == expected.jsonData())
    }

    /// A histogram's entries are read back as written; durations out of order, an entry counted
    /// 0 times, or bytes that end early are refused, never read into a wrong median.
    @Test(arguments: [
        ([3, 5, 1_000_000, Int64.max], [1, -2, 7, 1], nil),
        ([5, 3], [1, 1], "not ascending"),
        ([5, 5], [1, 1], "not ascending"),
        ([2, 9], [1, 0], "counted 0 times"),
    ] as [([Int64], [Int], String?)])
    func histogramsAreReadBackOrRefused(values: [Int64], counts: [Int], refusal: String?) throws {
        var writer = ContributionWriter()
        writer.histogram(DurationHistogram(ascending: values, counts: counts))
        var reader = ContributionReader(writer.bytes)
        if let refusal {
            #expect { _ = try reader.histogram() } throws: { "\($0)".contains(refusal) }
        } else {
            let read = try reader.histogram()
            #expect(read.values == values && read.counts == counts && reader.isAtEnd)
            var truncated = ContributionReader(Array(writer.bytes.dropLast()))
            #expect(throws: ContributionError.self) { try truncated.histogram() }
        }
    }

    @Test func damagedBytesAreRefusedWithWhatToDo() throws {
        let row = try #require(Contributions.ofUser(lines: Self.users(seed: 9, count: 1)[0]).first)
        let bytes = row.totals.bytes
        #expect(try ContributionTotals(bytes: bytes) == row.totals)
        #expect(throws: ContributionError.self) { try ContributionTotals(bytes: Array(bytes.dropLast(3))) }
        do {
            _ = try ContributionTotals(bytes: bytes + [0])
            Issue.record("trailing bytes were read")
        } catch {
            #expect(error.description.contains("bytes after the figures"))
            #expect(error.description.contains("rebuild them from the stored events"))
        }
        do {
            _ = try ContributionTotals(bytes: [9] + bytes.dropFirst())
            Issue.record("an unknown format was read")
        } catch {
            #expect(error.description.contains("format 9"))
        }
    }

    @Test func aSequentialFunnelIsNotAnsweredFromContributions() {
        let query = FunnelQuery(flowID: "signup", steps: ["welcome", "done"])
        #expect(throws: ReportError.self) { try Funnel.compute(contributions: [], query: query, events: 0) }
    }

    /// Summing many histograms at once equals adding them one by one: in an array by duration for
    /// a narrow span, pairwise for a wide one (durations an hour and a year apart).
    @Test(arguments: [Int64(60_000), 400_000_000_000])
    func summingManyHistogramsEqualsAddingThemOneByOne(_ span: Int64) {
        var random = SplitMix64(seed: UInt64(span))
        let histograms = (0..<37).map { _ in DurationHistogram((0..<random.int(0...50)).map { _ in Int64.random(in: -5...span, using: &random) }) }
        var added = DurationHistogram()
        for histogram in histograms { added.add(histogram) }
        #expect(DurationHistogram.sum(histograms) == added)
        #expect(added.count > 500)
        #expect(DurationHistogram.sum([]) == DurationHistogram())
    }

    @Test(arguments: [[Int64](), [5], [3, 1, 2], [4, 4, 1, 9], [7, 7, 7, 7, 2, 100_000, -3]])
    func histogramMediansEqualListMedians(_ values: [Int64]) {
        #expect(DurationHistogram(values).median == FunnelTally.median(values))
        var split = DurationHistogram(values.prefix(2))
        split.add(DurationHistogram(values.dropFirst(2)))
        #expect(split == DurationHistogram(values))
        split.add(DurationHistogram(values.prefix(1)), sign: -1)
        #expect(split == DurationHistogram(values.dropFirst()))
    }
}
