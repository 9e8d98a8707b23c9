import Foundation
import Testing
import TestSupport
@testable import Waypoint
@testable import WaypointTools

/// A revision is published while users are in the flow, and the app picks the new document up mid-run:
/// a revision's report holds the users whose first `Flow Started` carries it, with all of their events
/// (docs/ARCHITECTURE.md, "Reports": scope).
@Suite("Revision scope: a publish while users are in the flow")
struct MidRunPublishTests {
    /// Revision 2 is published at 1,000 s; the app picks it up at once, so every later event of a run
    /// carries 2, whatever revision the run started on.
    static let publish: Double = 1_000

    static func revision(at seconds: Double) -> Int { seconds < publish ? 1 : 2 }

    /// A run of `signup` from `start` through `steps`, 150 s apart, then `end`; each event carries
    /// the revision of its time (`bundled`: none).
    static func run(_ user: String, at start: Double, steps: [String], end: EventName?, bundled: Bool = false) -> [String] {
        func line(_ name: EventName, _ seconds: Double, step: String? = nil) -> String {
            Scoped.line(user, name, at: seconds, step: step, outcome: name == .stepCompleted ? "next" : nil,
                        revision: bundled ? nil : revision(at: seconds))
        }
        var lines = [line(.flowStarted, start)]
        var time = start
        for step in steps {
            lines.append(line(.stepViewed, time, step: step))
            time += 150
            lines.append(line(.stepCompleted, time, step: step))
        }
        if let end { lines.append(line(end, time + 1)) }
        return lines
    }

    /// Seven users start on revision 1: one completes before the publish, two complete after it (their
    /// `Flow Completed` carries 2), one abandons after it, one is still in the flow after it, one is
    /// still at `a` on revision 1, and one abandons on revision 1 and then completes a second run
    /// started on revision 2. Four users start on revision 2 (one completes, one abandons, two are in
    /// progress); one completes on a bundled document; one has lost their `Flow Started` and has only
    /// a view and a completion on revision 2.
    static let lines: [String] =
        run("early-done", at: 0, steps: ["a", "b"], end: .flowCompleted)
        + run("straddle-done-1", at: 500, steps: ["a", "b", "c", "d"], end: .flowCompleted)
        + run("straddle-done-2", at: 550, steps: ["a", "b", "c", "d"], end: .flowCompleted)
        + run("straddle-abandon", at: 600, steps: ["a", "b", "c"], end: .flowAbandoned)
        + run("straddle-progress", at: 700, steps: ["a", "b", "c"], end: nil)
        + run("early-progress", at: 100, steps: ["a"], end: nil)
        + run("restart", at: 200, steps: ["a"], end: .flowAbandoned)
        + run("restart", at: 1_200, steps: ["a", "b"], end: .flowCompleted)
        + run("late-done", at: 1_100, steps: ["a", "b"], end: .flowCompleted)
        + run("late-abandon", at: 1_150, steps: ["a"], end: .flowAbandoned)
        + run("late-progress-1", at: 1_300, steps: ["a"], end: nil)
        + run("late-progress-2", at: 1_350, steps: ["a", "b"], end: nil)
        + run("bundled", at: 300, steps: ["a"], end: .flowCompleted, bundled: true)
        + [Scoped.line("lost-start", .stepViewed, at: 1_400, step: "b", revision: 2),
           Scoped.line("lost-start", .flowCompleted, at: 1_500, revision: 2)]

    /// started, completed, abandoned, inProgress.
    static func figures(_ figures: FlowReport.Figures?) -> [Int]? {
        figures.map { [$0.started, $0.completed, $0.abandoned, $0.inProgress] }
    }

    static func flow(_ scope: ReportScope, lines: [String] = lines) throws -> FlowReport {
        try #require(try Scoped.report(lines, FunnelQuery(flowID: "signup", scope: scope)).flowReport)
    }

    @Test func usersWhoStartedOnRevisionOneAndFinishedOnTwoCountInRevisionOne() throws {
        let one = try Self.flow(ReportScope(revision: 1))
        // early-done, straddle-done-1, straddle-done-2 and restart completed; straddle-abandon abandoned;
        // straddle-progress and early-progress are still in the flow.
        #expect(Self.figures(one.overall) == [7, 4, 1, 2])
        // The straddling runs' steps count here whatever revision their events carry (d on 1 or 2).
        #expect(one.overall.step("c")?.viewed == 4)
        #expect(one.overall.step("d")?.viewed == 2)
        #expect(one.overall.step("c")?.droppedHere == 2)

        let two = try Self.flow(ReportScope(revision: 2))
        // Only the users who started on 2: their figures add up, though more users finished on 2.
        #expect(Self.figures(two.overall) == [4, 1, 1, 2])
        #expect(two.overall.started == two.overall.completed + two.overall.abandoned + two.overall.inProgress)
        #expect(two.overall.step("c") == nil)
        #expect(two.withoutStart == 0)
    }

    @Test func byRevisionGroupsUsersByTheirFirstStartAndAddsUpToStarted() throws {
        let report = try Self.flow(ReportScope())
        #expect(Self.figures(report.overall) == [12, 6, 2, 4])
        // lost-start has events but no `Flow Started`: in no figure, and said.
        #expect(report.withoutStart == 1)
        let groups = try #require(report.byRevision)
        #expect(groups.keys.sorted() == ["(none)", "1", "2"])
        #expect(Self.figures(groups["1"]) == [7, 4, 1, 2])
        #expect(Self.figures(groups["2"]) == [4, 1, 1, 2])
        #expect(Self.figures(groups["(none)"]) == [1, 1, 0, 0])
        #expect(groups.values.map(\.started).reduce(0, +) == report.started)
        // A revision's report is its group, figure for figure.
        for revision in [1, 2] {
            let scoped = try Self.flow(ReportScope(revision: revision))
            let group = try #require(groups["\(revision)"])
            #expect(Self.figures(group) == Self.figures(scoped.overall))
            #expect(group.medianMsToComplete == scoped.overall.medianMsToComplete)
            #expect(group.steps.filter { $0.viewed > 0 } == scoped.overall.steps.filter { $0.viewed > 0 })
        }
        let json = String(decoding: FunnelResult.flow(report).jsonData(), as: UTF8.self)
        #expect(json.contains(#""withoutStart":1"#))
        #expect(!String(decoding: FunnelResult.flow(try Self.flow(ReportScope(revision: 1))).jsonData(), as: UTF8.self).contains("withoutStart"))
    }

    @Test func aRevisionAndADateRangeHoldOnTheSameFirstStart() throws {
        // From 400 s, revision 1: the four straddling users (restart started at 200 s, though its second run is at 1,200 s).
        let scoped = try Self.flow(ReportScope(revision: 1, since: Scoped.time(400)))
        #expect(Self.figures(scoped.overall) == [4, 2, 1, 1])
        // From 1,150 s, revision 2: late-abandon, late-progress-1 and -2; restart's second start is not its first.
        let late = try Self.flow(ReportScope(revision: 2, since: Scoped.time(1_150)))
        #expect(Self.figures(late.overall) == [3, 0, 1, 2])
        // A date range without a revision reads the first start over every revision's events.
        // The straddling four, restart, late-done, late-abandon and bundled.
        let range = try Self.flow(ReportScope(since: Scoped.time(150), until: Scoped.time(1_200)))
        #expect(Self.figures(range.overall) == [8, 5, 2, 1])
    }

    @Test func theSequentialFunnelTakesTheSameUsers() throws {
        let one = try #require(try Scoped.report(
            Self.lines, FunnelQuery(flowID: "signup", steps: ["a", "c", "$complete"], scope: ReportScope(revision: 1))).funnelReport)
        // 7 users started on revision 1; the four straddling ones reached c, two of them completed (on revision 2).
        #expect(one.users == [7, 4, 2])
        let two = try #require(try Scoped.report(
            Self.lines, FunnelQuery(flowID: "signup", steps: ["a", "c", "$complete"], scope: ReportScope(revision: 2))).funnelReport)
        #expect(two.users == [4, 0, 0])
    }

    /// The server's ledger: each user's rows summed give the same reports, byte for byte.
    @Test(arguments: [
        ReportScope(), ReportScope(revision: 1), ReportScope(revision: 2), ReportScope(revision: 3),
        ReportScope(revision: 1, since: Scoped.time(400)), ReportScope(since: Scoped.time(150), until: Scoped.time(1_200)),
    ])
    func theLedgersRowsGiveTheSameReports(_ scope: ReportScope) throws {
        let query = FunnelQuery(flowID: "signup", groupByVariation: false, declaredSteps: ["a", "b", "c", "d"], scope: scope)
        let expected = try Scoped.report(Self.lines, query)
        var byUser: [String: [String]] = [:]
        for line in Self.lines {
            let user = try #require(line.range(of: #""userId":"[^"]*""#, options: .regularExpression).map { String(line[$0]) })
            byUser[user, default: []].append(line)
        }
        let rows = byUser.values.flatMap { Contributions.ofUser(lines: $0) }
        // A user contributes to one revision at most: the one their first start carries.
        let revisionRows = rows.filter { $0.kind == .flow && $0.revision != nil }
        #expect(revisionRows.count == 11)
        let actual = try FlowContributionTests.reportFromRows(rows, query: query, events: Self.lines.count)
        #expect(String(decoding: actual.jsonData(), as: UTF8.self) == String(decoding: expected.jsonData(), as: UTF8.self))
    }

    /// Two `Flow Started` at one millisecond: the one first in the input is the first start, also
    /// when the file is read in parallel ranges, whose first starts are merged.
    @Test(arguments: [1, 2, 3])
    func tiesAreBrokenByInputOrderAcrossRanges(threads: Int) throws {
        let tie = [
            Scoped.line("tie", .flowStarted, at: 50, revision: 2),
            Scoped.line("tie", .flowStarted, at: 50, revision: 1),
            Scoped.line("tie", .flowCompleted, at: 60, revision: 1),
        ]
        let lines = Self.lines + tie
        let url = try Lines.file(Lines.data(lines))
        defer { try? FileManager.default.removeItem(at: url) }
        for (revision, expected) in [(1, [7, 4, 1, 2]), (2, [5, 2, 1, 2])] {
            let query = FunnelQuery(flowID: "signup", scope: ReportScope(revision: revision))
            let read = try Funnel.compute(file: url, query: query, threads: threads, chunkBytes: 64, maxLineBytes: 1 << 20, progress: nil)
            #expect(Self.figures(read.flowReport?.overall) == expected, "revision \(revision)")
            #expect(read == (try Scoped.report(lines, query)))
        }
        // Read one user at a time, as a store does, the same.
        func user(_ line: String) -> String {
            line.range(of: #""userId":"[^"]*""#, options: .regularExpression).map { String(line[$0]) } ?? ""
        }
        let byUser = lines.enumerated().sorted { (user($0.element), $0.offset) < (user($1.element), $1.offset) }.map(\.element)
        let query = FunnelQuery(flowID: "signup", scope: ReportScope(revision: 2))
        #expect(try Funnel.compute(userOrderedJSONLines: byUser, query: query) == Scoped.report(lines, query))
    }

    @Test func aWalkthroughRunStaysWithTheRevisionItStartedOn() throws {
        func hint(_ user: String, _ name: EventName, at seconds: Double, step: String? = nil) -> String {
            Scoped.line(user, name, at: seconds, step: step, revision: Self.revision(at: seconds), walkthrough: "tour")
        }
        let lines = [
            hint("a", .walkthroughStarted, at: 900), hint("a", .hintShown, at: 900, step: "intro"),
            hint("a", .hintShown, at: 1_100, step: "panel"), hint("a", .walkthroughCompleted, at: 1_200),
            hint("b", .walkthroughStarted, at: 1_300), hint("b", .hintShown, at: 1_300, step: "intro"),
            hint("c", .hintShown, at: 1_400, step: "intro"), hint("c", .walkthroughCompleted, at: 1_500),
        ]
        let one = try Scoped.walkthrough(lines, WalkthroughQuery(walkthroughID: "tour", scope: ReportScope(revision: 1)))
        #expect([one.started, one.completed] as [Int] == [1, 1])
        #expect(one.overall.step("panel")?.shown == 1)
        let two = try Scoped.walkthrough(lines, WalkthroughQuery(walkthroughID: "tour", scope: ReportScope(revision: 2)))
        #expect([two.started, two.completed] as [Int] == [1, 0])
        let all = try Scoped.walkthrough(lines, WalkthroughQuery(walkthroughID: "tour"))
        // c completed without a `Walkthrough Started`: left out, so completed never exceeds started.
        #expect([all.started, all.completed, all.withoutStart] as [Int] == [2, 1, 1])
        let rows = ["a", "b", "c"].flatMap { user in Contributions.ofUser(lines: lines.filter { $0.contains(#""userId":"\#(user)""#) }) }
        for scope in [ReportScope(), ReportScope(revision: 1), ReportScope(revision: 2)] {
            let query = WalkthroughQuery(walkthroughID: "tour", declaredSteps: ["intro", "panel"], scope: scope)
            let fromRows = try WalkthroughReport.compute(
                contributions: rows.filter { $0.revision == scope.revision }, query: query, events: lines.count)
            #expect(fromRows == (try Scoped.walkthrough(lines, query)))
        }
    }

    @Test func anExperimentCountsAUserInTheRevisionOfTheirExposure() throws {
        typealias L = ExperimentLines
        func event(_ user: String, _ name: EventName, at seconds: Double, step: String? = nil, outcome: String? = nil, variation: String? = nil) -> String {
            L.event(user, name, at: seconds, step: step, outcome: outcome, variation: variation, revision: Self.revision(at: seconds))
        }
        // u1 is exposed on revision 1 and converts on revision 2; u2 is exposed on revision 2 and does not convert.
        let lines = [
            event("u1", .flowStarted, at: 900, variation: "control"), event("u1", .stepViewed, at: 950, step: "welcome", variation: "control"),
            event("u1", .stepViewed, at: 1_100, step: "paywall", variation: "control"),
            event("u1", .flowCompleted, at: 1_200, variation: "control"),
            event("u2", .flowStarted, at: 1_300, variation: "annual-first"),
            event("u2", .stepViewed, at: 1_300, step: "welcome", variation: "annual-first"),
        ]
        let one = try L.report(lines, ExperimentQuery(experiment: "paywall-copy", scope: ReportScope(revision: 1)))
        #expect(one.variations.map(\.users) == [1, 0])
        #expect(one.variations.map(\.conversions) == [1, 0])
        let two = try L.report(lines, ExperimentQuery(experiment: "paywall-copy", scope: ReportScope(revision: 2)))
        #expect(two.variations.map(\.users) == [0, 1])
        let rows = ["u1", "u2"].flatMap { user in Contributions.ofUser(lines: lines.filter { $0.contains(#""userId":"\#(user)""#) }) }
        for revision in [1, 2] {
            let query = ExperimentQuery(experiment: "paywall-copy", scope: ReportScope(revision: revision))
            let fromRows = try ExperimentReport.compute(
                contributions: rows.filter { $0.revision == revision }, query: query, document: L.document, events: lines.count)
            #expect(fromRows == (try L.report(lines, query)))
        }
    }
}
