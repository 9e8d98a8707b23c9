import Foundation
import Testing
import TestSupport
@testable import WaypointTools

/// The walkthrough and experiment reports from summed per-user contributions equal the reports
/// over the same events, byte for byte, whatever the scope and goal (docs/ARCHITECTURE.md,
/// "Reports at scale").
@Suite struct WalkthroughAndExperimentContributionTests {
    struct Scope: CustomTestStringConvertible, Sendable {
        var name: String
        var scope: ReportScope
        var testDescription: String { name }

        /// Whether the date range, if any, starts and ends at midnight UTC (cells keep days).
        var wholeDays: Bool {
            scope.since.map { $0 % 86_400_000 == 0 } ?? true && scope.until.map { $0 % 86_400_000 == 0 } ?? true
        }
    }

    static let day = RandomHintAndExperimentEvents.firstDay
    static let scopes: [Scope] = [
        Scope(name: "everything", scope: ReportScope()),
        Scope(name: "revision 1", scope: ReportScope(revision: 1)),
        Scope(name: "revision 2", scope: ReportScope(revision: 2)),
        Scope(name: "whole days", scope: ReportScope(since: day + 86_400_000, until: day + 3 * 86_400_000)),
        Scope(name: "since a day", scope: ReportScope(since: day + 2 * 86_400_000)),
        Scope(name: "times inside days", scope: ReportScope(since: day + 86_400_000 + 37_000_123, until: day + 4 * 86_400_000 - 1)),
        Scope(name: "revision and times", scope: ReportScope(revision: 1, since: day + 50_000_000)),
    ]

    /// What a report call gave: its JSON, or its error's text.
    static func outcome(_ body: () throws -> Data) -> String {
        do {
            return String(decoding: try body(), as: UTF8.self)
        } catch {
            return "error: \(error)"
        }
    }

    static func data(_ lines: [String]) -> Data { Data((lines.joined(separator: "\n") + "\n").utf8) }

    /// The rows a store reads for a scope: of `kind` and the scope's revision; with a date range,
    /// those that started in it, and the groups of the others.
    static func scoped(_ rows: [ContributionRow], kind: ContributionKind, scope: ReportScope) -> (rows: [ContributionRow], outside: Set<String>) {
        let revisionRows = rows.filter { $0.kind == kind && $0.revision == scope.revision }
        guard scope.since != nil || scope.until != nil else { return (revisionRows, []) }
        let inRange = revisionRows.filter { row in row.startMs.map(scope.includesStart(atMilliseconds:)) ?? false }
        let outside = revisionRows.filter { row in !(row.startMs.map(scope.includesStart(atMilliseconds:)) ?? false) }
        return (inRange, Set(outside.map(\.group)))
    }

    /// Users summed into cells as a store sums them, through the stored bytes, with one user added
    /// a second time and taken away again; as rows whose start is their cell's day.
    static func cells(_ perUserRows: [[ContributionRow]]) throws -> [ContributionRow] {
        // A user's row is summed into one cell per grouping, as a store sums it.
        let perUser = try perUserRows.map { rows in try rows.flatMap { try $0.cellRows() } }
        var cells: [ContributionRow.Cell: [UInt8]] = [:]
        for rows in perUser + [perUser[7]] {
            for row in rows {
                var totals = row.totals
                if let bytes = cells[row.cell] {
                    totals = try ContributionTotals(bytes: bytes)
                    try totals.add(row.totals)
                }
                cells[row.cell] = totals.bytes
            }
        }
        for row in perUser[7] {
            var totals = try ContributionTotals(bytes: cells[row.cell] ?? [])
            try totals.subtract(row.totals)
            cells[row.cell] = totals.bytes
        }
        return try cells.map { cell, bytes in
            ContributionRow(
                kind: cell.kind, subject: cell.subject, revision: cell.revision, startMs: cell.startDay.map { $0 * 86_400_000 },
                group: cell.group, totals: try ContributionTotals(bytes: bytes))
        }
    }

    /// The events of the tests, each user's in delivery order, and the rows of each user.
    struct Events: Sendable {
        let users: [[String]]
        let lines: [String]
        let perUser: [[ContributionRow]]
        let rows: [ContributionRow]
        let cells: [ContributionRow]

        init(seed: UInt64, count: Int) {
            users = RandomHintAndExperimentEvents.users(seed: seed, count: count)
            lines = users.flatMap { $0 }
            perUser = users.map { Contributions.ofUser(lines: $0) }
            rows = perUser.flatMap { $0 }
            // swiftlint:disable:next force_try
            cells = try! WalkthroughAndExperimentContributionTests.cells(perUser)
        }
    }

    static let walkthroughEvents = Events(seed: 27, count: 300)
    static let experimentEvents = Events(seed: 1_127, count: 300)

    @Test func addingThenTakingAwayAUserGivesBackTheSumsBytes() throws {
        let events = Self.walkthroughEvents
        var cells: [ContributionRow.Cell: ContributionTotals] = [:]
        for row in events.rows {
            guard var sum = cells[row.cell] else {
                cells[row.cell] = row.totals
                continue
            }
            try sum.add(row.totals)
            cells[row.cell] = sum
        }
        var checked = 0
        for rows in events.perUser.prefix(40) {
            for row in rows where row.kind != .flow {
                let before = try #require(cells[row.cell]).bytes
                var totals = try ContributionTotals(bytes: before)
                try totals.add(row.totals)
                #expect(totals.bytes != before)
                totals = try ContributionTotals(bytes: totals.bytes)
                try totals.subtract(row.totals)
                #expect(totals.bytes == before)
                checked += 1
            }
        }
        #expect(checked > 60)
    }

    // MARK: Walkthrough report

    struct WalkthroughSplit: CustomTestStringConvertible, Sendable {
        var name: String
        var byVariation: Bool
        var experiment: String?
        var testDescription: String { name }
    }

    static let walkthroughSplits: [WalkthroughSplit] = [
        WalkthroughSplit(name: "not split", byVariation: false),
        WalkthroughSplit(name: "by tour-test", byVariation: true, experiment: "tour-test"),
        WalkthroughSplit(name: "by variation, no experiment named", byVariation: true),
        WalkthroughSplit(name: "by an experiment no event carries", byVariation: true, experiment: "nope"),
    ]

    static func walkthroughQuery(_ scope: Scope, _ split: WalkthroughSplit) -> WalkthroughQuery {
        var reportScope = scope.scope
        reportScope.experiment = split.experiment
        return WalkthroughQuery(
            walkthroughID: "tour", groupByVariation: split.byVariation, declaredSteps: RandomHintAndExperimentEvents.declaredTourSteps,
            scope: reportScope)
    }

    static func walkthroughReport(_ rows: [ContributionRow], query: WalkthroughQuery, events: Int) -> String {
        let (inRange, outside) = scoped(rows, kind: .walkthrough, scope: query.scope)
        return outcome { try WalkthroughReport.compute(contributions: inRange, query: query, events: events, groupsOutsideRange: outside).jsonData() }
    }

    @Test(arguments: scopes, walkthroughSplits)
    func summedWalkthroughUsersGiveTheReportOfTheirEvents(_ scope: Scope, _ split: WalkthroughSplit) throws {
        let events = Self.walkthroughEvents
        let lines = events.lines
        let query = Self.walkthroughQuery(scope, split)
        let expected = Self.outcome { try WalkthroughReport.compute(jsonLines: Self.data(lines), query: query).jsonData() }
        #expect(Self.walkthroughReport(events.rows, query: query, events: lines.count) == expected)
        if split.experiment == "tour-test" {
            let report = try WalkthroughReport.compute(jsonLines: Self.data(lines), query: query)
            #expect(report.started > 20)
            #expect((report.byVariation?.count ?? 0) >= 3)
            #expect((report.byAppVersion?.count ?? 0) >= 3)
            #expect(report.steps.contains { $0.inDocument == false && $0.shown > 0 })
            #expect(report.steps.contains { $0.targetNotFound > 0 && $0.droppedHere > 0 && !$0.skippedBy.isEmpty })
        }
        if scope.wholeDays {
            #expect(Self.walkthroughReport(events.cells, query: query, events: lines.count) == expected)
        }
    }

    @Test func theNoDocumentWalkthroughReportListsStepsById() throws {
        let users = RandomHintAndExperimentEvents.users(seed: 3, count: 80)
        let rows = users.flatMap { Contributions.ofUser(lines: $0) }
        let report = try WalkthroughReport.compute(contributions: rows, query: WalkthroughQuery(walkthroughID: "tour"), events: 0)
        let ids = report.steps.map(\.stepID)
        #expect(ids == ids.sorted())
        let overEvents = try WalkthroughReport.compute(lines: users.flatMap { $0 }, query: WalkthroughQuery(walkthroughID: "tour"))
        #expect(Set(ids) == Set(overEvents.steps.map(\.stepID)))
        #expect(report.started == overEvents.started)
    }

    @Test func aWalkthroughWithoutRowsIsRefusedAsOneWithoutEvents() {
        let flowLines = Self.walkthroughEvents.lines.filter { $0.contains("\"flowId\"") }.prefix(5)
        let query = WalkthroughQuery(walkthroughID: "tour")
        let expected = Self.outcome { try WalkthroughReport.compute(lines: flowLines, query: query).jsonData() }
        #expect(expected.hasPrefix("error: No events of walkthrough \"tour\" among 5 events"))
        #expect(Self.outcome { try WalkthroughReport.compute(contributions: [], query: query, events: 5).jsonData() } == expected)
    }

    // MARK: Experiment report

    struct ExperimentCase: CustomTestStringConvertible, Sendable {
        var experiment: String
        var goal: String
        var sequential = false
        var control: String?
        var guardrails: [String]?
        var minimumDetectableEffect: Double?
        /// A split by app version, locale or platform.
        var by: ReportDimension?
        var testDescription: String {
            "\(experiment) \(goal)\(sequential ? " sequential" : "")\(control.map { " control \($0)" } ?? "")"
                + (guardrails.map { " guardrails \($0.joined(separator: ","))" } ?? "") + (minimumDetectableEffect.map { " MDE \($0)" } ?? "")
                + (by.map { " by \($0.rawValue)" } ?? "")
        }

        var query: ExperimentQuery {
            ExperimentQuery(
                experiment: experiment, goal: ExperimentGoal(goal), guardrails: guardrails?.map(ExperimentGoal.init),
                minimumDetectableEffect: minimumDetectableEffect, control: control, sequential: sequential, by: by)
        }
    }

    static let experimentCases: [ExperimentCase] = [
        ExperimentCase(experiment: "paywall-copy", goal: "$complete"),
        ExperimentCase(experiment: "paywall-copy", goal: "paywall", sequential: true),
        ExperimentCase(experiment: "paywall-copy", goal: "paywall:subscribe", control: "annual-first"),
        ExperimentCase(experiment: "paywall-copy", goal: "welcome", guardrails: ["$complete", "paywall:subscribe"], minimumDetectableEffect: 0.3),
        ExperimentCase(experiment: "tour-test", goal: "$complete"),
        ExperimentCase(experiment: "paywall-copy", goal: "paywall:subscribe", by: .locale),
        ExperimentCase(experiment: "paywall-copy", goal: "$complete", sequential: true, by: .platform),
        ExperimentCase(experiment: "tour-test", goal: "intro", by: .appVersion),
        ExperimentCase(experiment: "tour-test", goal: "intro:tap", sequential: true, guardrails: ["$complete", "intro"], minimumDetectableEffect: 0.05),
    ]

    static func experimentReport(_ rows: [ContributionRow], query: ExperimentQuery, events: Int) -> String {
        let (inRange, _) = scoped(rows, kind: .experiment, scope: query.scope)
        return outcome {
            try ExperimentReport.compute(contributions: inRange, query: query, document: ExperimentLines.document, events: events).jsonData()
        }
    }

    @Test(arguments: scopes, experimentCases)
    func summedExperimentUsersGiveTheReportOfTheirEvents(_ scope: Scope, _ testCase: ExperimentCase) throws {
        let events = Self.experimentEvents
        let lines = events.lines
        var query = testCase.query
        query.scope = scope.scope
        let expected = try ExperimentReport.compute(jsonLines: Self.data(lines), query: query, document: ExperimentLines.document)
        #expect(expected.variations.allSatisfy { $0.users > 10 })
        if scope.scope.isEmpty {
            // The events hold every case the report counts apart.
            #expect(expected.multipleVariations > 0)
            #expect(expected.undeclaredVariationUsers > 0)
            #expect(expected.variations.allSatisfy { $0.conversions > 0 && $0.conversions < $0.users })
            // Power is sized and dated from the exposures, whichever way the report is read.
            #expect(expected.variations.dropFirst().allSatisfy { $0.power?.usersNeeded != nil && $0.power?.daysLeft != nil })
        }
        #expect(expected.guardrails.map(\.goal) == (testCase.guardrails ?? []))
        if testCase.by != nil { #expect((expected.groups?.count ?? 0) > 1) }
        #expect(Self.experimentReport(events.rows, query: query, events: lines.count) == String(decoding: expected.jsonData(), as: UTF8.self))
        if scope.wholeDays {
            #expect(Self.experimentReport(events.cells, query: query, events: lines.count)
                == String(decoding: expected.jsonData(), as: UTF8.self))
            // A store reads only the cells of the query's groupings, which are enough.
            let selected = events.cells.filter { query.cellSelection.contains($0.group) }
            #expect(selected.count < events.cells.count)
            #expect(Self.experimentReport(selected, query: query, events: lines.count) == String(decoding: expected.jsonData(), as: UTF8.self))
        }
    }

    @Test func experimentRowsNeedAnExposureAndSplitByExperiment() throws {
        let users = RandomHintAndExperimentEvents.users(seed: 11, count: 200)
        let rows = users.flatMap { Contributions.ofUser(lines: $0) }.filter { $0.kind == .experiment }
        let keys = Set(try rows.map { try JSONDecoder().decode([String: AnyDecodable].self, from: Data($0.group.utf8)) }.compactMap { $0["experiment"]?.text })
        #expect(keys.isSuperset(of: ["paywall-copy", "tour-test", "other-test"]))
        #expect(rows.allSatisfy { $0.startMs != nil && $0.totals.users == 1 })
    }

    /// A JSON value read only for its text.
    struct AnyDecodable: Decodable {
        var text: String?
        init(from decoder: any Decoder) throws { text = try? decoder.singleValueContainer().decode(String.self) }
    }

    // MARK: Bytes

    @Test func walkthroughAndExperimentTotalsTravelAsBytesAndRefuseDamage() throws {
        let users = RandomHintAndExperimentEvents.users(seed: 9, count: 20)
        let rows = users.flatMap { Contributions.ofUser(lines: $0) }
        let walkthrough = try #require(rows.first { $0.kind == .walkthrough && $0.totals.users == 1 })
        let experiment = try #require(rows.first { $0.kind == .experiment })
        for row in [walkthrough, experiment] {
            let bytes = row.totals.bytes
            #expect(bytes[1] == (row.kind == .walkthrough ? 1 : 2))
            #expect(try ContributionTotals(bytes: bytes) == row.totals)
            #expect(throws: ContributionError.self) { try ContributionTotals(bytes: Array(bytes.dropLast(1))) }
            for cut in [2, bytes.count / 2, bytes.count - 1] {
                do {
                    _ = try ContributionTotals(bytes: Array(bytes.prefix(cut)))
                    Issue.record("\(cut) of \(bytes.count) bytes were read")
                } catch {
                    #expect(error.description.contains("rebuild them from the stored events"))
                }
            }
            do {
                _ = try ContributionTotals(bytes: bytes + [0, 1])
                Issue.record("trailing bytes were read")
            } catch {
                #expect(error.description == "Stored report contributions hold bytes after the figures; "
                    + "rebuild them from the stored events (the server's README, \"Reports at scale\", says how).")
            }
        }
        var sum = walkthrough.totals
        do {
            try sum.add(experiment.totals)
            Issue.record("a walkthrough's and an experiment's totals were summed")
        } catch {
            #expect(error.description.hasPrefix("Contributions to the walkthrough report and to the"))
            #expect(error.description.contains("experiment report cannot be summed; a cell holds one report's contributions."))
        }
    }

    @Test func aDamagedGroupIsTheReportsError() {
        let row = ContributionRow(kind: .walkthrough, subject: "tour", revision: nil, startMs: 0, group: "{not json", totals: .walkthrough(WalkthroughTotals()))
        var totals = WalkthroughTotals()
        totals.users = 1
        let damaged = ContributionRow(kind: row.kind, subject: row.subject, revision: nil, startMs: 0, group: row.group, totals: .walkthrough(totals))
        let text = Self.outcome { try WalkthroughReport.compute(contributions: [damaged], query: WalkthroughQuery(walkthroughID: "tour"), events: 1).jsonData() }
        #expect(text.contains("walkthrough report group that is not one this server writes ({not json)"))
        #expect(text.contains("rebuild them from the stored events"))
    }
}
