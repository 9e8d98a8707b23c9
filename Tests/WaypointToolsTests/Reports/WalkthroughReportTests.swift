import Foundation
import Testing
import TestSupport
@testable import Waypoint
@testable import WaypointTools

/// A walkthrough event; times are seconds after 2026-01-01T00:00:00Z.
private func hint(
    _ user: String, _ name: EventName, at seconds: Double, step: String? = nil, index: Int? = nil, trigger: String? = nil,
    version: String? = nil, variation: String? = nil, walkthrough: String = "layering"
) -> OnboardingEvent {
    OnboardingEvent(
        messageID: "m-\(user)-\(name.rawValue)-\(step ?? "")-\(seconds)", userID: user, event: name, timestamp: Lines.date(seconds),
        stepID: step, stepIndex: index, walkthroughID: walkthrough, walkthroughVersion: 1, trigger: trigger,
        experiment: variation == nil ? nil : "tips", variation: variation, appVersion: version)
}

@Suite("Walkthrough report, hand-computed")
struct WalkthroughReportTests {
    static let declared = ["intro", "panel-cell", "finish"]

    /// a completes on 2.4; b skips intro, stops at panel-cell and later (on 2.5) finish's target is
    /// not found; c (no version) has panel-cell skipped by its condition and closes at finish; d
    /// completes in a second run with other triggers, on 2.5; e saw a step the document no longer
    /// has, but has no `Walkthrough Started`: e counts in no figure, only in `withoutStart`.
    static let events: [OnboardingEvent] = [
        hint("a", .walkthroughStarted, at: 0, version: "2.4", variation: "control"),
        hint("a", .hintShown, at: 0, step: "intro", index: 0, version: "2.4"),
        hint("a", .hintCompleted, at: 5, step: "intro", index: 0, trigger: "tap", version: "2.4"),
        hint("a", .hintShown, at: 5, step: "panel-cell", index: 1, version: "2.4"),
        hint("a", .hintCompleted, at: 9, step: "panel-cell", index: 1, trigger: "timer", version: "2.4"),
        hint("a", .hintShown, at: 9, step: "finish", index: 2, version: "2.4"),
        hint("a", .hintCompleted, at: 12, step: "finish", index: 2, trigger: "button", version: "2.4"),
        hint("a", .walkthroughCompleted, at: 12, version: "2.4"),
        hint("b", .walkthroughStarted, at: 0, version: "2.4", variation: "control"),
        hint("b", .hintShown, at: 0, step: "intro", index: 0, version: "2.4"),
        hint("b", .hintSkipped, at: 3, step: "intro", index: 0, trigger: "skip", version: "2.4"),
        hint("b", .hintShown, at: 3, step: "panel-cell", index: 1, version: "2.4"),
        hint("b", .targetNotFound, at: 60, step: "finish", index: 2, trigger: "targetTimeout", version: "2.5"),
        hint("c", .walkthroughStarted, at: 0, variation: "short"),
        hint("c", .hintShown, at: 0, step: "intro", index: 0),
        hint("c", .hintCompleted, at: 2, step: "intro", index: 0, trigger: "tap"),
        hint("c", .hintSkipped, at: 2, step: "panel-cell", index: 1, trigger: "condition"),
        hint("c", .hintShown, at: 2, step: "finish", index: 2),
        hint("c", .hintSkipped, at: 4, step: "finish", index: 2, trigger: "close"),
        hint("d", .walkthroughStarted, at: 0, version: "2.5", variation: "control"),
        hint("d", .hintShown, at: 0, step: "intro", index: 0, version: "2.5"),
        hint("d", .hintCompleted, at: 1, step: "intro", index: 0, trigger: "button", version: "2.5"),
        hint("d", .hintShown, at: 1, step: "panel-cell", index: 1, version: "2.5"),
        hint("d", .walkthroughStarted, at: 100, version: "2.5", variation: "short"),
        hint("d", .hintShown, at: 100, step: "intro", index: 0, version: "2.5"),
        hint("d", .hintCompleted, at: 101, step: "intro", index: 0, trigger: "tap", version: "2.5"),
        hint("d", .hintShown, at: 101, step: "panel-cell", index: 1, version: "2.5"),
        hint("d", .hintCompleted, at: 105, step: "panel-cell", index: 1, trigger: "timer", version: "2.5"),
        hint("d", .hintShown, at: 105, step: "finish", index: 2, version: "2.5"),
        hint("d", .hintCompleted, at: 110, step: "finish", index: 2, trigger: "button", version: "2.5"),
        hint("d", .walkthroughCompleted, at: 110, version: "2.5"),
        hint("e", .hintShown, at: 0, step: "old-step", version: "2.4"),
        // Not this walkthrough's.
        hint("f", .hintShown, at: 0, step: "intro", index: 0, version: "9.0", walkthrough: "share-hint"),
        OnboardingEvent(userID: "g", event: .stepViewed, timestamp: Lines.date(0), flowID: "signup", stepID: "intro", appVersion: "9.1"),
    ]

    static var lines: [String] { events.map(\.jsonLine) }

    static func report(_ lines: [String], _ query: WalkthroughQuery) throws -> WalkthroughReport {
        try WalkthroughReport.compute(jsonLines: Lines.data(lines), query: query)
    }

    @Test func everyStepHasItsShownCompletedSkippedTargetNotFoundAndDropOffs() throws {
        let report = try Self.report(Self.lines, WalkthroughQuery(walkthroughID: "layering", declaredSteps: Self.declared))
        #expect(report.walkthroughID == "layering")
        #expect(report.started == 4)
        #expect(report.completed == 2)
        #expect(report.overall.completionRate == 0.5)
        // e's old-step is not listed: no counted user reached it.
        #expect(report.steps.map(\.stepID) == ["intro", "panel-cell", "finish"])
        #expect(report.steps.map(\.inDocument) == [true, true, true])
        #expect(report.steps.map(\.shown) == [4, 3, 3])
        #expect(report.steps.map(\.completed) == [3, 2, 2])
        #expect(report.steps.map(\.skipped) == [1, 1, 1])
        #expect(report.steps.map(\.targetNotFound) == [0, 0, 1])
        #expect(report.steps.map(\.droppedHere) == [0, 1, 1])
        // Split by trigger: d completed intro once with the button and once with a tap.
        #expect(report.steps.map(\.completedBy) == [["tap": 3, "button": 1], ["timer": 2], ["button": 2]])
        #expect(report.steps.map(\.skippedBy) == [["skip": 1], ["condition": 1], ["close": 1]])
        #expect(report.withoutStart == 1)
        #expect(report.byVariation == nil)
        #expect(report.invalidLines == 0)
        #expect(report.events == 34)
    }

    @Test func byAppVersionAUserCountsUnderTheVersionOfTheirLastEventThatHasOne() throws {
        let report = try Self.report(Self.lines, WalkthroughQuery(walkthroughID: "layering", declaredSteps: Self.declared))
        let groups = try #require(report.byAppVersion)
        // b's last event says 2.5; e has no start; other walkthroughs' and flows' versions are not counted.
        #expect(groups.keys.sorted() == ["(none)", "2.4", "2.5"])
        let old = try #require(groups["2.4"])
        #expect((old.started, old.completed, old.completionRate) == (1, 1, 1))
        #expect(old.steps.map(\.shown) == [1, 1, 1])
        #expect(old.steps.map(\.droppedHere) == [0, 0, 0])
        let new = try #require(groups["2.5"])
        #expect((new.started, new.completed, new.completionRate) == (2, 1, 0.5))
        // A group lists only the hints its users reached.
        #expect(new.steps.map(\.shown) == [2, 2, 1])
        #expect(new.steps.map(\.completed) == [1, 1, 1])
        #expect(new.steps.map(\.skipped) == [1, 0, 0])
        #expect(new.steps.map(\.targetNotFound) == [0, 0, 1])
        #expect(new.steps.map(\.droppedHere) == [0, 1, 0])
        #expect(new.step("intro")?.completedBy == ["button": 1, "tap": 1])
        let none = try #require(groups["(none)"])
        #expect((none.started, none.completed) == (1, 0))
        #expect(none.steps.map(\.shown) == [1, 0, 1])
        #expect(none.steps.map(\.droppedHere) == [0, 0, 1])
        #expect(none.step("panel-cell")?.skippedBy == ["condition": 1])
    }

    @Test func byVariationAUserCountsUnderTheVariationOfTheirEarliestEventThatHasOne() throws {
        let report = try Self.report(Self.lines, WalkthroughQuery(walkthroughID: "layering", groupByVariation: true))
        let groups = try #require(report.byVariation)
        // e, without a variation, has no start: there is no `(none)` group.
        #expect(groups.keys.sorted() == ["control", "short"])
        // d's first run was in control, its second in short.
        #expect((groups["control"]?.started, groups["control"]?.completed) == (3, 2))
        #expect((groups["short"]?.started, groups["short"]?.completed) == (1, 0))
    }

    @Test func withoutADocumentStepsAreInOrderOfFirstAppearance() throws {
        let report = try Self.report(Self.lines, WalkthroughQuery(walkthroughID: "layering"))
        // intro at 0 s, panel-cell first at 1 s, finish at 2 s; e's old-step is not listed (e never started).
        #expect(report.steps.map(\.stepID) == ["intro", "panel-cell", "finish"])
        #expect(report.steps.allSatisfy { $0.inDocument == nil })
        #expect(report.steps.map(\.shown) == [4, 3, 3])
    }

    @Test func theOrderOfEventsDoesNotMatterAndEveryEntryPointAgrees() throws {
        let query = WalkthroughQuery(walkthroughID: "layering", groupByVariation: true, declaredSteps: Self.declared)
        let expected = try Self.report(Self.lines, query)
        #expect(try Self.report(Self.lines.reversed(), query) == expected)
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5 { #expect(try Self.report(Self.lines.shuffled(using: &generator), query) == expected) }
        #expect(try WalkthroughReport.compute(events: Self.events, query: query) == expected)
        #expect(try WalkthroughReport.compute(lines: Self.lines, query: query) == expected)
        let url = try Lines.file(Lines.data(Self.lines))
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(try WalkthroughReport.compute(file: url, query: query) == expected)
    }

    @Test func invalidLinesAreSkippedAndCounted() throws {
        let lines = ["{broken", Self.lines[0], "", "null", Self.lines[1],
                     #"{"messageId":"m","userId":"x","event":"Hint Shown","timestamp":"2026-01-01T00:00:00Z","walkthroughId":"layering","trigger":5}"#]
        let report = try Self.report(lines, WalkthroughQuery(walkthroughID: "layering"))
        #expect(report.invalidLines == 3)
        #expect(report.events == 2)
        #expect(report.started == 1)
        #expect(report.steps.map(\.shown) == [1])
        let text = String(decoding: report.jsonData(), as: UTF8.self)
        #expect(text.contains(#""invalidLines":3"#))
    }

    @Test func theJSONIsStableWithSortedKeys() throws {
        let lines = [
            hint("u", .walkthroughStarted, at: 0), hint("u", .hintShown, at: 0, step: "intro", index: 0),
            hint("u", .hintCompleted, at: 1, step: "intro", index: 0, trigger: "tap"), hint("u", .walkthroughCompleted, at: 1),
        ].map(\.jsonLine)
        let report = try Self.report(lines, WalkthroughQuery(walkthroughID: "layering", declaredSteps: ["intro", "next"]))
        #expect(String(decoding: report.jsonData(), as: UTF8.self)
            == #"{"completed":1,"completionRate":1,"events":4,"invalidLines":0,"kind":"walkthrough","started":1,"steps":["#
            + #"{"completed":1,"completedBy":{"tap":1},"completionRate":1,"dropRate":0,"droppedHere":0,"inDocument":true,"shown":1,"#
            + #""skipped":0,"skippedBy":{},"stepId":"intro","targetNotFound":0},{"completed":0,"completedBy":{},"completionRate":null,"#
            + #""dropRate":null,"droppedHere":0,"inDocument":true,"shown":0,"skipped":0,"skippedBy":{},"stepId":"next","targetNotFound":0}],"#
            + #""walkthroughId":"layering"}"#)
        // With versions and variations: both groups, each with the keys of the whole but the groups and counts.
        let full = try Self.report(Self.lines, WalkthroughQuery(walkthroughID: "layering", groupByVariation: true))
        let object = try #require(try JSONSerialization.jsonObject(with: full.jsonData()) as? [String: Any])
        #expect(Set(object.keys) == ["kind", "walkthroughId", "started", "completed", "completionRate", "steps", "byVariation",
                                     "byAppVersion", "withoutStart", "invalidLines", "events"])
        #expect(object["withoutStart"] as? Int == 1)
        let group = try #require((object["byAppVersion"] as? [String: [String: Any]])?["2.5"])
        #expect(Set(group.keys) == ["kind", "walkthroughId", "started", "completed", "completionRate", "steps"])
    }

    @Test func noEventsOfTheWalkthroughIsAnErrorWithADidYouMean() throws {
        let typo = try #require(throws: ReportError.self) {
            try Self.report(Self.lines, WalkthroughQuery(walkthroughID: "layring"))
        }
        #expect(typo.walkthroughWithoutEvents?.walkthroughID == "layring")
        #expect(typo.walkthroughWithoutEvents?.walkthroughsWithEvents == ["layering", "share-hint"])
        #expect(typo.flowWithoutEvents == nil)
        #expect(typo.description == #"No events of walkthrough "layring". Did you mean "layering"? "#
            + "Walkthroughs with events: layering, share-hint. Check the walkthrough id, or pass --document to report on a "
            + "walkthrough without events yet.")
        let flowsOnly = try #require(throws: ReportError.self) {
            try Self.report([Self.lines.last ?? ""], WalkthroughQuery(walkthroughID: "layering"))
        }
        #expect(flowsOnly.description == #"No events of walkthrough "layering" among 1 events (none of them is a walkthrough "#
            + "event). Check the walkthrough id, or pass --document to report on a walkthrough without events yet.")
        let empty = try #require(throws: ReportError.self) { try Self.report([], WalkthroughQuery(walkthroughID: "layering")) }
        #expect(empty.description == #"No events of walkthrough "layering": the input has no events. Pass the events your app or server wrote."#)
        let invalid = try #require(throws: ReportError.self) { try Self.report(["hello", "[1]"], WalkthroughQuery(walkthroughID: "layering")) }
        #expect(invalid.description.hasPrefix("The input has no valid events (2 invalid lines; line 1: "))
        let missing = try #require(throws: ReportError.self) {
            try WalkthroughReport.compute(file: URL(fileURLWithPath: "/nonexistent/events.jsonl"), query: WalkthroughQuery(walkthroughID: "w"))
        }
        #expect(missing.isMissingFile)
    }

    @Test func aDeclaredWalkthroughWithoutEventsIsAReportOfZeros() throws {
        let report = try Self.report([Self.lines.last ?? ""], WalkthroughQuery(walkthroughID: "layering", declaredSteps: Self.declared))
        #expect(report.started == 0)
        #expect(report.overall.completionRate == 0)
        #expect(report.steps.map(\.stepID) == Self.declared)
        #expect(report.steps.allSatisfy { $0.shown == 0 && $0.droppedHere == 0 && $0.inDocument == true })
        #expect(report.byAppVersion == nil)
    }

    @Test func theDocumentGivesTheWalkthroughsStepsInOrder() throws {
        let document = try #require(WaypointDocument.validate(try DocumentFixtures.example("waypoint.json")).document)
        #expect(document.reportedStepIDs(ofWalkthrough: "layering") == ["intro", "panel-cell"])
        #expect(document.reportedStepIDs(ofWalkthrough: "signup") == nil)
    }

    /// A file big enough to be read in two ranges: users, steps, triggers and versions of the second
    /// range are renumbered when merged, and a user's events on both sides are one user.
    @Test func aFileReadInRangesGivesTheSameReport() throws {
        var lines: [String] = []
        let versions = ["1.0", "1.1", nil]
        for user in 0..<4000 {
            let id = "user-\(user)"
            let version = versions[user % 3]
            lines.append(hint(id, .walkthroughStarted, at: 0, version: version, variation: user % 2 == 0 ? "a" : "b").jsonLine)
            lines.append(hint(id, .hintShown, at: 0, step: "intro", index: 0, version: version).jsonLine)
            if user % 4 == 0 {
                lines.append(hint(id, .targetNotFound, at: 9, step: "panel-cell", index: 1, trigger: "targetTimeout", version: "2.0").jsonLine)
            } else {
                lines.append(hint(id, .hintCompleted, at: 5, step: "intro", index: 0, trigger: user % 3 == 0 ? "tap" : "button").jsonLine)
                lines.append(hint(id, .hintShown, at: 5, step: "panel-cell", index: 1).jsonLine)
                if user % 2 == 0 { lines.append(hint(id, .walkthroughCompleted, at: 9).jsonLine) }
            }
        }
        lines.shuffle()
        let url = try Lines.file(Lines.data(lines))
        defer { try? FileManager.default.removeItem(at: url) }
        let size = try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int)
        #expect(size > 1 << 20)
        let query = WalkthroughQuery(walkthroughID: "layering", groupByVariation: true)
        let expected = try Self.report(lines, query)
        #expect(try WalkthroughReport.compute(file: url, query: query, threads: 2) == expected)
        #expect(try WalkthroughReport.compute(file: url, query: query, threads: 3, chunkBytes: 4096, maxLineBytes: 1 << 20, progress: nil)
            == expected)
        // 1000 users (every 4th) lost panel-cell's target and stopped at intro; of the others, 1000 completed.
        #expect((expected.started, expected.completed) == (4000, 1000))
        #expect(expected.steps.map(\.targetNotFound) == [0, 1000])
        #expect(expected.steps.map(\.droppedHere) == [1000, 2000])
        #expect(expected.byAppVersion?["2.0"]?.started == 1000)
        #expect(expected.byAppVersion?.keys.sorted() == ["(none)", "1.0", "1.1", "2.0"])
    }
}
