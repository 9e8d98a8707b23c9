import Foundation
import Testing
import TestSupport
@testable import Waypoint
@testable import WaypointTools

@Suite("Report scope: revision, date range, experiment, hand-computed")
struct FlowReportScopeTests {
    /// u1 completes on revision 3; u2 abandons on revision 4; u3 abandons at `a` on revision 3,
    /// then starts again on revision 4 and completes; u4's events carry no revision (a bundled document).
    /// u3's first `Flow Started` carries 3: u3 is in revision 3's report, with all of u3's events.
    static let revisions: [String] =
        Scoped.run("u1", at: 0, steps: ["a", "b"], end: .flowCompleted, revision: 3)
        + Scoped.run("u2", at: 10, steps: ["a", "c"], end: .flowAbandoned, revision: 4)
        + Scoped.run("u3", at: 20, steps: ["a"], end: .flowAbandoned, revision: 3)
        + Scoped.run("u3", at: 100, steps: ["a", "c"], end: .flowCompleted, revision: 4)
        + Scoped.run("u4", at: 30, steps: ["a"], end: nil)

    @Test func theScannerReadsRevisionAsAnInteger() throws {
        func scan(_ line: String) -> EventLineScanner.Fields? {
            var line = line
            return line.withUTF8 { EventLineScanner.scan($0.baseAddress!, count: $0.count) }
        }
        let base = #"{"messageId":"m","userId":"u","event":"Flow Started","timestamp":"2026-01-01T00:00:00.000Z","flowId":"signup""#
        #expect(scan(base + #","revision":3}"#)?.revision == 3)
        #expect(scan(base + "}")?.revision == nil)
        #expect(scan(base + #","revision":null}"#) != nil)
        #expect(scan(base + #","revision":null}"#)?.revision == nil)
        // As the event format declares it: an integer, so a string or a fraction is not a valid event.
        #expect(scan(base + #","revision":"3"}"#) == nil)
        #expect(scan(base + #","revision":3.5}"#) == nil)
    }

    @Test func aRevisionHoldsTheUsersWhoStartedOnItWithAllTheirEvents() throws {
        let three = try #require(try Scoped.report(Self.revisions, FunnelQuery(flowID: "signup", scope: ReportScope(revision: 3))).flowReport)
        // u1 (completed) and u3, whose first run started on 3: with u3's second run on 4 too, u3 completed.
        #expect([three.overall.started, three.overall.completed, three.overall.abandoned, three.overall.inProgress] as [Int] == [2, 2, 0, 0])
        #expect(three.steps.map(\.stepID) == ["a", "b", "c"])
        #expect(three.steps.map(\.viewed) == [2, 1, 1])
        #expect(three.steps.map(\.droppedHere) == [0, 0, 0])
        #expect(three.scope == ReportScope(revision: 3))
        #expect(three.byRevision == nil)  // everyone started on revision 3: no split to show

        let four = try #require(try Scoped.report(Self.revisions, FunnelQuery(flowID: "signup", scope: ReportScope(revision: 4))).flowReport)
        // u2 (abandoned at c) only: u3's run on 4 counts in revision 3, where u3 started.
        #expect([four.overall.started, four.overall.completed, four.overall.abandoned, four.overall.inProgress] as [Int] == [1, 0, 1, 0])
        #expect(four.overall.step("c")?.droppedHere == 1)
        #expect(four.overall.step("b") == nil)

        let none = try #require(try Scoped.report(Self.revisions, FunnelQuery(flowID: "signup", scope: ReportScope(revision: 9))).flowReport)
        #expect(none.overall.started == 0)
        #expect(none.steps.isEmpty)
    }

    @Test func byRevisionCountsEachUserUnderTheRevisionOfTheirFirstStart() throws {
        let report = try #require(try Scoped.report(Self.revisions, FunnelQuery(flowID: "signup")).flowReport)
        #expect([report.overall.started, report.overall.completed, report.overall.abandoned, report.overall.inProgress] as [Int] == [4, 2, 1, 1])
        #expect(report.scope == nil)
        let groups = try #require(report.byRevision)
        #expect(groups.keys.sorted() == ["(none)", "3", "4"])
        // u1 and u3 (first started on 3) under 3; u2 under 4; u4 under (none).
        #expect(groups["3"].map { [$0.started, $0.completed, $0.abandoned, $0.inProgress] as [Int] } == [2, 2, 0, 0])
        #expect(groups["4"].map { [$0.started, $0.completed, $0.abandoned, $0.inProgress] as [Int] } == [1, 0, 1, 0])
        #expect(groups["(none)"].map { [$0.started, $0.completed, $0.abandoned, $0.inProgress] as [Int] } == [1, 0, 0, 1])
        #expect(groups["4"]?.step("c")?.dropRate == 1)
        // The groups add up to everyone; group R is revision R's report.
        #expect(groups.values.map(\.started).reduce(0, +) == report.started)
        for revision in [3, 4] {
            let scoped = try #require(try Scoped.report(Self.revisions, FunnelQuery(flowID: "signup", scope: ReportScope(revision: revision))).flowReport)
            #expect(groups["\(revision)"]?.started == scoped.started)
            #expect(groups["\(revision)"]?.completed == scoped.completed)
            #expect(groups["\(revision)"]?.abandoned == scoped.overall.abandoned)
        }
    }

    @Test func withoutRevisionsThereIsNoByRevision() throws {
        let lines = Scoped.run("u1", at: 0, steps: ["a"], end: .flowCompleted)
        let report = try #require(try Scoped.report(lines, FunnelQuery(flowID: "signup")).flowReport)
        #expect(report.byRevision == nil)
        let json = String(decoding: FunnelResult.flow(report).jsonData(), as: UTF8.self)
        #expect(!json.contains("byRevision"))
        #expect(!json.contains("\"scope\""))
    }

    /// 22 revisions, revision r with r users: the 20 with the most users keep their names, 1 and 2 are `(other)`.
    @Test func revisionsBeyondTwentyAreFoldedIntoOther() throws {
        var lines: [String] = []
        for revision in 1...22 {
            for user in 0..<revision { lines += Scoped.run("r\(revision)-\(user)", at: 0, steps: ["a"], end: .flowCompleted, revision: revision) }
        }
        lines += Scoped.run("bundled", at: 0, steps: ["a"], end: nil)
        let report = try #require(try Scoped.report(lines, FunnelQuery(flowID: "signup")).flowReport)
        let groups = try #require(report.byRevision)
        #expect(groups.count == 22)  // 20 named, (other), (none)
        #expect(groups["(other)"]?.started == 3)
        #expect(groups["1"] == nil && groups["2"] == nil)
        #expect(groups["3"]?.started == 3 && groups["22"]?.started == 22)
        #expect(groups["(none)"]?.inProgress == 1)
        #expect(report.folded == FoldedValues(revisions: 2))
        let json = String(decoding: FunnelResult.flow(report).jsonData(), as: UTF8.self)
        #expect(json.contains(#""folded":{"appVersions":0,"revisions":2,"steps":0,"variations":0}"#))
    }

    /// Days 0, 1 and 2: a, b, c start once; d starts on day 0 and again on day 1; e never starts.
    static let cohorts: [String] =
        Scoped.run("a", at: 0, steps: ["s1", "s2"], end: .flowCompleted)
        + Scoped.run("b", at: Scoped.day, steps: ["s1"], end: .flowAbandoned)
        // b comes back after the range ends and completes: all of b's events count.
        + Scoped.run("b", at: 5 * Scoped.day, steps: ["s1", "s2"], end: .flowCompleted)
        + Scoped.run("c", at: 2 * Scoped.day, steps: ["s1"], end: nil)
        + Scoped.run("d", at: 100, steps: ["s1"], end: .flowAbandoned)
        + Scoped.run("d", at: Scoped.day + 100, steps: ["s1", "s2"], end: .flowCompleted)
        + [Scoped.line("e", .stepViewed, at: Scoped.day + 5, step: "s1")]

    @Test func aDateRangeCountsTheUsersWhoFirstStartedInIt() throws {
        let scope = ReportScope(since: Scoped.time(Scoped.day), until: Scoped.time(2 * Scoped.day))
        let report = try #require(try Scoped.report(Self.cohorts, FunnelQuery(flowID: "signup", scope: scope)).flowReport)
        // Only b: d first started on day 0, c on day 2 (until is excluded), e never started.
        #expect([report.overall.started, report.overall.completed, report.overall.abandoned] as [Int] == [1, 1, 0])
        #expect(report.overall.step("s2")?.viewed == 1)
        // From b's first start (day 1) to its completion on day 5, 3 s after that run's start.
        #expect(report.overall.medianMsToComplete == (4 * Scoped.day + 3) * 1000)

        let dayZero = ReportScope(until: Scoped.time(Scoped.day))
        let early = try #require(try Scoped.report(Self.cohorts, FunnelQuery(flowID: "signup", scope: dayZero)).flowReport)
        // a and d (d's second run on day 1 counts: d first started on day 0).
        #expect([early.overall.started, early.overall.completed, early.overall.abandoned] as [Int] == [2, 2, 0])

        let fromDayTwo = ReportScope(since: Scoped.time(2 * Scoped.day))
        let late = try #require(try Scoped.report(Self.cohorts, FunnelQuery(flowID: "signup", scope: fromDayTwo)).flowReport)
        #expect([late.overall.started, late.overall.inProgress] as [Int] == [1, 1])
        #expect(late.overall.step("s1")?.droppedHere == 1)
    }

    @Test func theSequentialFunnelTakesTheSameUsers() throws {
        let scope = ReportScope(since: Scoped.time(Scoped.day), until: Scoped.time(2 * Scoped.day))
        let query = FunnelQuery(flowID: "signup", steps: ["s1", "s2", "$complete"], window: .days(14), scope: scope)
        let report = try #require(try Scoped.report(Self.cohorts, query).funnelReport)
        #expect(report.users == [1, 1, 1])  // b, whose completion on day 5 is within 14 days of its first view
        #expect(report.scope == scope)
        let all = try #require(try Scoped.report(Self.cohorts, FunnelQuery(flowID: "signup", steps: ["s1", "s2", "$complete"])).funnelReport)
        #expect(all.users == [5, 3, 3])  // e viewed s1 without starting
        let four = try #require(try Scoped.report(
            Self.revisions, FunnelQuery(flowID: "signup", steps: ["a", "c"], scope: ReportScope(revision: 4))).funnelReport)
        #expect(four.users == [1, 1])  // u2; u3 viewed a then c on revision 4, but started on 3
        let three = try #require(try Scoped.report(
            Self.revisions, FunnelQuery(flowID: "signup", steps: ["a", "c"], scope: ReportScope(revision: 3))).funnelReport)
        #expect(three.users == [2, 1])  // u1 and u3, with u3's views on revision 4
    }

    @Test func aStoreReadingUsersInOrderGivesTheSameScopedReport() throws {
        let scope = ReportScope(revision: nil, since: Scoped.time(Scoped.day), until: Scoped.time(3 * Scoped.day))
        for steps in [nil, ["s1", "s2"]] {
            let query = FunnelQuery(flowID: "signup", steps: steps, scope: scope)
            func user(_ line: String) -> String {
                line.range(of: #""userId":"[^"]*""#, options: .regularExpression).map { String(line[$0]) } ?? ""
            }
            let byUser = Self.cohorts.sorted { (user($0), $0) < (user($1), $1) }
            #expect(try Funnel.compute(userOrderedJSONLines: byUser, query: query) == Scoped.report(Self.cohorts, query))
        }
    }

    /// u1 is exposed to short-signup at splash, then to paywall-copy at the paywall; u2 only to
    /// short-signup; u3 to neither.
    static let experiments: [String] = [
        Scoped.line("u1", .flowStarted, at: 0),
        Scoped.line("u1", .stepViewed, at: 1, step: "splash", experiment: "short-signup", variation: "short"),
        Scoped.line("u1", .stepViewed, at: 2, step: "paywall", experiment: "paywall-copy", variation: "annual-first"),
        Scoped.line("u1", .flowCompleted, at: 3, experiment: "paywall-copy", variation: "annual-first"),
        Scoped.line("u2", .flowStarted, at: 0, experiment: "short-signup", variation: "control"),
        Scoped.line("u2", .stepViewed, at: 1, step: "splash", experiment: "short-signup", variation: "control"),
        Scoped.line("u3", .flowStarted, at: 0),
        Scoped.line("u3", .stepViewed, at: 1, step: "splash"),
    ]

    @Test func byVariationIsRefusedWhenTheEventsCarrySeveralExperiments() throws {
        for steps in [nil, ["splash", "paywall"]] {
            let error = try #require(throws: ReportError.self) {
                try Scoped.report(Self.experiments, FunnelQuery(flowID: "signup", steps: steps, groupByVariation: true))
            }
            #expect(error.description == "The events of flow \"signup\" carry 2 experiments: paywall-copy, short-signup. "
                + "--by variation splits users by the variations of one experiment; pass --experiment KEY to say which, "
                + "such as --experiment paywall-copy.")
            #expect(error.experimentsToChooseFrom == ["paywall-copy", "short-signup"])
        }
        // Without --by variation, nothing needs choosing.
        #expect(try Scoped.report(Self.experiments, FunnelQuery(flowID: "signup")).flowReport?.started == 3)
    }

    @Test func theExperimentChoosesWhoseVariationSplitsTheUsers() throws {
        func groups(_ key: String) throws -> [String: Int] {
            let report = try #require(try Scoped.report(
                Self.experiments, FunnelQuery(flowID: "signup", groupByVariation: true, scope: ReportScope(experiment: key))).flowReport)
            return (report.byVariation ?? [:]).mapValues { $0.started }
        }
        #expect(try groups("paywall-copy") == ["annual-first": 1, "(none)": 2])
        #expect(try groups("short-signup") == ["short": 1, "control": 1, "(none)": 1])
        let funnel = try #require(try Scoped.report(Self.experiments, FunnelQuery(
            flowID: "signup", steps: ["splash", "paywall"], groupByVariation: true, scope: ReportScope(experiment: "paywall-copy"))).funnelReport)
        // A user's views are all in the user's variation, though u1's splash view came before exposure to paywall-copy.
        #expect(funnel.byVariation?["annual-first"]?.steps.map(\.users) == [1, 1])
        #expect(funnel.byVariation?["(none)"]?.steps.map(\.users) == [2, 0])
    }

    @Test func anExperimentNoEventCarriesIsAnErrorWithADidYouMean() throws {
        let error = try #require(throws: ReportError.self) {
            try Scoped.report(Self.experiments, FunnelQuery(flowID: "signup", groupByVariation: true, scope: ReportScope(experiment: "paywal-copy")))
        }
        #expect(error.description == "No event of flow \"signup\" carries experiment \"paywal-copy\". Did you mean \"paywall-copy\"? "
            + "Experiments its events carry: paywall-copy, short-signup. Pass one of them to --experiment.")
    }

    /// A file read in parallel ranges merges what each range kept: revisions, first starts, experiments.
    @Test(arguments: [1, 2, 3])
    func aFileReadInRangesGivesTheSameScopedReports(threads: Int) throws {
        let lines = Self.revisions + Self.cohorts + Self.experiments
        let url = try Lines.file(Lines.data(lines))
        defer { try? FileManager.default.removeItem(at: url) }
        let since = ReportScope(revision: 4, since: Scoped.time(15))
        let queries = [
            FunnelQuery(flowID: "signup"),
            FunnelQuery(flowID: "signup", scope: since),
            FunnelQuery(flowID: "signup", scope: ReportScope(until: Scoped.time(Scoped.day + 50))),
            FunnelQuery(flowID: "signup", groupByVariation: true, scope: ReportScope(experiment: "paywall-copy")),
            FunnelQuery(flowID: "signup", steps: ["a", "c"], groupByVariation: true, scope: ReportScope(since: Scoped.time(15), experiment: "short-signup")),
        ]
        for query in queries {
            let expected = try Scoped.report(lines, query)
            let read = try Funnel.compute(file: url, query: query, threads: threads, chunkBytes: 64, maxLineBytes: 1 << 20, progress: nil)
            #expect(read == expected)
        }
        let refused = try #require(throws: ReportError.self) {
            try Funnel.compute(file: url, query: FunnelQuery(flowID: "signup", groupByVariation: true), threads: threads, chunkBytes: 64,
                               maxLineBytes: 1 << 20, progress: nil)
        }
        #expect(refused.experimentsToChooseFrom == ["paywall-copy", "short-signup"])
        let walkthrough = WalkthroughQuery(walkthroughID: "tour", scope: ReportScope(revision: 2, since: Scoped.time(Scoped.day)))
        let hints = try Lines.file(Lines.data(WalkthroughReportScopeTests.lines))
        defer { try? FileManager.default.removeItem(at: hints) }
        #expect(try WalkthroughReport.compute(file: hints, query: walkthrough, threads: threads, chunkBytes: 64, maxLineBytes: 1 << 20, progress: nil)
            == Scoped.walkthrough(WalkthroughReportScopeTests.lines, walkthrough))
    }

    @Test func everyReportKindEchoesItsScope() throws {
        let scope = ReportScope(environment: "staging", revision: 3, since: Scoped.time(0), until: Scoped.time(Scoped.day))
        let expected = #""scope":{"environment":"staging","revision":3,"since":"2026-01-01T00:00:00.000Z","until":"2026-01-02T00:00:00.000Z"}"#
        let flow = try Scoped.report(Self.revisions, FunnelQuery(flowID: "signup", scope: scope))
        let funnel = try Scoped.report(Self.revisions, FunnelQuery(flowID: "signup", steps: ["a"], scope: scope))
        let walkthrough = try Scoped.walkthrough(
            [Scoped.line("u", .walkthroughStarted, at: 0, revision: 3, walkthrough: "tour")], WalkthroughQuery(walkthroughID: "tour", scope: scope))
        for json in [flow.jsonData(), funnel.jsonData(), walkthrough.jsonData()] {
            #expect(String(decoding: json, as: UTF8.self).contains(expected))
        }
        let decoded = try JSONDecoder().decode(FunnelReport.self, from: funnel.jsonData())
        #expect(decoded.scope == scope)
    }
}
