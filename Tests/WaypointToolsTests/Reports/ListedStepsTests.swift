import Foundation
import Testing
@testable import Waypoint
@testable import WaypointTools

/// With the document, the step ids it does not declare are listed on their own for the 50 with the
/// most viewers; the others are summed into one `(other steps)` row (docs/ARCHITECTURE.md, "Reports").
@Suite("Listed undeclared steps")
struct ListedStepsTests {
    /// `signup` declares two steps, `splash` and `done`.
    static let document: WaypointDocument = {
        let json = """
            {"schemaVersion": 1, "flows": [{"id": "signup", "steps": [{"id": "splash"}, {"id": "done"}]}]}
            """
        // A fixed, valid document: a failure here is a broken test.
        return try! WaypointDocument(validating: Data(json.utf8))
    }()

    static var query: FunnelQuery { FunnelQuery(flowID: "signup", document: document) }

    /// One user's `Flow Started` and `Step Viewed`s, one second apart.
    static func user(_ id: String, steps: [String], version: String? = nil, revision: Int? = nil, at start: Double = 0) -> [String] {
        func event(_ name: EventName, at seconds: Double, step: String? = nil) -> String {
            OnboardingEvent(
                messageID: "m-\(id)-\(name.rawValue)-\(step ?? "")-\(seconds)", userID: id, event: name,
                timestamp: Lines.date(start + seconds), flowID: "signup", flowVersion: 1, stepID: step,
                appVersion: version, revision: revision
            ).jsonLine
        }
        return [event(.flowStarted, at: 0)] + steps.enumerated().map { event(.stepViewed, at: Double($0.offset + 1), step: $0.element) }
    }

    static func extra(_ number: Int) -> String { "extra-" + (number < 10 ? "0\(number)" : "\(number)") }

    /// 60 undeclared ids, `extra-k` viewed by k + 1 users; one user views `extra-00`…`extra-02`, so the
    /// ten least viewed ids have 55 views from 53 users. Users alternate between app versions 1 and 2.
    static var sixtyIDs: [String] {
        var lines: [String] = []
        for number in 0..<60 {
            for viewer in 0...number where !(number < 3 && viewer == 0) {
                lines += user("\(number)-\(viewer)", steps: ["splash", extra(number)], version: viewer % 2 == 0 ? "1" : "2")
            }
        }
        return lines + user("several", steps: ["splash", extra(0), extra(1), extra(2)], version: "2")
    }

    @Test func theFiftyMostViewedAreListedAndTheRestAreSummedIntoOneRow() throws {
        let report = try Lines.flowReport(Self.sixtyIDs, Self.query)
        let kept = (10..<60).map(Self.extra)
        #expect(report.steps.map(\.stepID) == ["splash", "done"] + kept + [ReportBounds.otherSteps])
        #expect(report.steps.map(\.inDocument) == [true, true] + Array(repeating: false, count: 51))
        for number in 10..<60 {
            let step = try #require(report.overall.step(Self.extra(number)))
            #expect((step.viewed, step.droppedHere) == (number + 1, number + 1), "\(Self.extra(number))")
        }
        let other = try #require(report.overall.step(ReportBounds.otherSteps))
        // 1 + 2 + … + 10 views, summed (by 53 users: the user who viewed three of them counts three times).
        #expect((other.viewed, other.droppedHere) == (55, 53))
        #expect(report.folded == FoldedValues(steps: 10))
        #expect(report.overall.step("splash")?.viewed == 53 + (11...60).reduce(0, +))
    }

    @Test func eachGroupListsTheKeptIdsItsUsersReachedAndItsShareOfTheRow() throws {
        let report = try Lines.flowReport(Self.sixtyIDs, Self.query)
        let groups = try #require(report.byAppVersion)
        #expect(groups.keys.sorted() == ["1", "2"])
        let kept = Set((10..<60).map(Self.extra))
        for (name, group) in groups {
            let undeclared = group.steps.filter { $0.inDocument == false }.map(\.stepID)
            #expect(undeclared.last == ReportBounds.otherSteps, "\(name)")
            #expect(Set(undeclared.dropLast()).isSubset(of: kept), "\(name)")
        }
        // Each user is in one group: the groups' figures add up to everyone's.
        for stepID in kept.sorted() + [ReportBounds.otherSteps] {
            let viewed = groups.values.compactMap { $0.step(stepID)?.viewed }.reduce(0, +)
            #expect(viewed == report.overall.step(stepID)?.viewed, "\(stepID)")
        }
        // Version 2: the odd viewers of the ten folded ids, and the three views of the user who viewed three of them.
        #expect(groups["2"]?.step(ReportBounds.otherSteps)?.viewed == (0..<10).map { ($0 + 1) / 2 }.reduce(0, +) + 3)
    }

    /// Skips, outcomes and durations at the folded ids: summed over the ids, every duration kept,
    /// and a user who stopped counted once, at the id they stopped at.
    @Test func theRowSumsViewsSkipsAndOutcomesOverTheFoldedIDs() throws {
        func event(_ user: String, _ name: EventName, _ step: String?, at seconds: Double, outcome: String? = nil, duration: Int64? = nil) -> String {
            OnboardingEvent(
                messageID: "m-\(user)-\(name.rawValue)-\(step ?? "")-\(seconds)", userID: user, event: name, timestamp: Lines.date(seconds),
                flowID: "signup", flowVersion: 1, stepID: step, outcome: outcome, durationMs: duration
            ).jsonLine
        }
        // 50 ids with three viewers each are listed; `f1` and `f2`, with one or two, are folded.
        var lines = (0..<ReportBounds.listedSteps).flatMap { number in
            (0..<3).flatMap { Self.user("k\(number)-\($0)", steps: ["kept-\(number)"]) }
        }
        lines += [
            event("x", .flowStarted, nil, at: 0), event("y", .flowStarted, nil, at: 0),
            event("x", .stepViewed, "f1", at: 1), event("x", .stepCompleted, "f1", at: 2, outcome: "next", duration: 100),
            event("x", .stepViewed, "f2", at: 2), event("x", .stepCompleted, "f2", at: 3, outcome: "next", duration: 300),
            event("x", .stepSkipped, "f1", at: 4), event("x", .stepSkipped, "f2", at: 5),
            event("y", .stepViewed, "f2", at: 1), event("y", .stepCompleted, "f2", at: 2, outcome: "back", duration: 200),
        ]
        let report = try Lines.flowReport(lines, Self.query)
        #expect(report.folded == FoldedValues(steps: 2))
        #expect(report.overall.step("f1") == nil)
        let other = try #require(report.overall.step(ReportBounds.otherSteps))
        // Views: x at f1 and f2, y at f2; skips: x at f1 and f2; outcomes: next at f1 and f2 (x), back (y).
        #expect((other.viewed, other.skipped, other.droppedHere) == (3, 2, 2))
        #expect(other.outcomes == ["next": 2, "back": 1])
        #expect(other.medianDurationMs == 200)
    }

    /// Equal viewers: by id. More viewers win over an earlier id.
    @Test func tiesAreBrokenById() throws {
        var lines = (0..<52).flatMap { Self.user("tie-\($0)", steps: ["tie-" + ($0 < 10 ? "0\($0)" : "\($0)")], at: Double($0)) }
        lines += Self.user("p1", steps: ["zz-popular"]) + Self.user("p2", steps: ["zz-popular"])
        let report = try Lines.flowReport(lines, Self.query)
        let listed = report.steps.filter { $0.inDocument == false }.map(\.stepID)
        #expect(listed == (0..<49).map { "tie-" + ($0 < 10 ? "0\($0)" : "\($0)") } + ["zz-popular", ReportBounds.otherSteps])
        #expect(report.overall.step(ReportBounds.otherSteps)?.viewed == 3)
        #expect(report.folded == FoldedValues(steps: 3))
        // The same whichever way the events are read.
        let file = try Lines.file(Lines.data(Array(lines.reversed())))
        defer { try? FileManager.default.removeItem(at: file) }
        let fromFile = try Funnel.compute(file: file, query: Self.query, threads: 3, chunkBytes: 4096, maxLineBytes: 1 << 20, progress: nil)
        #expect(fromFile.jsonData() == (try Funnel.compute(jsonLines: Lines.data(lines), query: Self.query)).jsonData())
    }

    /// A report over every revision against the published document: a step an earlier revision had
    /// keeps its own row, in the revision whose users reached it.
    @Test func aStepAnEarlierRevisionHadKeepsItsRow() throws {
        let lines = Self.user("early-1", steps: ["splash", "stress-check", "done"], revision: 1)
            + Self.user("early-2", steps: ["splash", "stress-check"], revision: 1)
            + Self.user("late", steps: ["splash", "done"], revision: 2)
        let report = try Lines.flowReport(lines, Self.query)
        #expect(report.steps.map(\.stepID) == ["splash", "done", "stress-check"])
        let removed = try #require(report.overall.step("stress-check"))
        #expect((removed.viewed, removed.droppedHere, removed.inDocument) == (2, 1, false))
        #expect(report.folded == nil)
        #expect(report.byRevision?["1"]?.step("stress-check")?.viewed == 2)
        #expect(report.byRevision?["2"]?.steps.map(\.stepID) == ["splash", "done"])
    }

    /// More distinct ids than a report tracks: those first seen beyond ``ReportBounds/trackedSteps``
    /// are folded as they are read, and the report stays the same size.
    @Test func idsBeyondTheTrackedOnesAreFoldedAsTheyAreRead() throws {
        let count = ReportBounds.trackedSteps + 500
        let favourite = Self.user("popular", steps: ["late-favourite"], at: Double(count) + 1)
            + Self.user("popular-2", steps: ["late-favourite"], at: Double(count) + 2)
        let others = (0..<count).flatMap { Self.user("u\($0)", steps: ["id-\($0)"], at: Double($0)) }
        let result = try Funnel.compute(jsonLines: Lines.data(favourite + others), query: Self.query)
        let report = try #require(result.flowReport)
        #expect(report.steps.count == 2 + ReportBounds.listedSteps + 1)
        #expect(report.folded == FoldedValues(steps: count + 1 - ReportBounds.listedSteps))
        // Read first, the favourite has its own row; 49 other ids do too.
        #expect(report.overall.step("late-favourite")?.viewed == 2)
        #expect(report.overall.step(ReportBounds.otherSteps)?.viewed == count - (ReportBounds.listedSteps - 1))
        // Read after every other id, it is folded: the one imprecision of the bound.
        let late = try #require(try Funnel.compute(jsonLines: Lines.data(others + favourite), query: Self.query).flowReport)
        #expect(late.overall.step("late-favourite") == nil)
        #expect(late.folded == FoldedValues(steps: count + 1 - ReportBounds.listedSteps))
        #expect(late.overall.step(ReportBounds.otherSteps)?.viewed == count + 2 - ReportBounds.listedSteps)
        // Read in ranges on several threads, each range tracks its own ids; an id folded in any
        // range is folded, so every user is still counted once, on one row.
        let file = try Lines.file(Lines.data(others + favourite))
        defer { try? FileManager.default.removeItem(at: file) }
        let ranges = try #require(try Funnel.compute(
            file: file, query: Self.query, threads: 3, chunkBytes: 1 << 16, maxLineBytes: 1 << 20, progress: nil).flowReport)
        let rows = ranges.steps.filter { $0.inDocument == false }
        #expect(rows.count == ReportBounds.listedSteps + 1)
        #expect(rows.map(\.viewed).reduce(0, +) == count + 2)
        #expect(ranges.folded == FoldedValues(steps: count + 1 - ReportBounds.listedSteps))
        #expect(result.jsonData().count < 20_000, "\(result.jsonData().count) bytes")
    }
}
