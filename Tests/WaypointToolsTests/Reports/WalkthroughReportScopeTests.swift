import Foundation
import Testing
import TestSupport
@testable import Waypoint
@testable import WaypointTools

@Suite("Walkthrough report: scope and rates, hand-computed")
struct WalkthroughReportScopeTests {
    static func hint(
        _ user: String, _ name: EventName, at seconds: Double, step: String? = nil, trigger: String? = nil, revision: Int? = nil,
        experiment: String? = nil, variation: String? = nil
    ) -> String {
        Scoped.line(user, name, at: seconds, step: step, revision: revision, experiment: experiment, variation: variation,
                    trigger: trigger, walkthrough: "tour")
    }

    /// a (revision 1, day 0) completes both hints; b (revision 2, day 1) completes intro and stops at
    /// panel; c (revision 2, day 1) is shown intro and stops there; d (revision 2, day 2) skips intro
    /// and completes; e (no start, no revision) is shown intro, and counts in no figure.
    static let lines: [String] = [
        Self.hint("a", .walkthroughStarted, at: 0, revision: 1),
        Self.hint("a", .hintShown, at: 0, step: "intro", revision: 1),
        Self.hint("a", .hintCompleted, at: 1, step: "intro", trigger: "tap", revision: 1),
        Self.hint("a", .hintShown, at: 1, step: "panel", revision: 1),
        Self.hint("a", .hintCompleted, at: 2, step: "panel", trigger: "button", revision: 1),
        Self.hint("a", .walkthroughCompleted, at: 2, revision: 1),
        Self.hint("b", .walkthroughStarted, at: Scoped.day, revision: 2),
        Self.hint("b", .hintShown, at: Scoped.day, step: "intro", revision: 2),
        Self.hint("b", .hintCompleted, at: Scoped.day + 1, step: "intro", trigger: "tap", revision: 2),
        Self.hint("b", .hintShown, at: Scoped.day + 1, step: "panel", revision: 2),
        Self.hint("c", .walkthroughStarted, at: Scoped.day + 10, revision: 2),
        Self.hint("c", .hintShown, at: Scoped.day + 10, step: "intro", revision: 2),
        Self.hint("d", .walkthroughStarted, at: 2 * Scoped.day, revision: 2),
        Self.hint("d", .hintShown, at: 2 * Scoped.day, step: "intro", revision: 2),
        Self.hint("d", .hintSkipped, at: 2 * Scoped.day + 1, step: "intro", trigger: "skip", revision: 2),
        Self.hint("d", .hintShown, at: 2 * Scoped.day + 1, step: "panel", revision: 2),
        Self.hint("d", .hintCompleted, at: 2 * Scoped.day + 2, step: "panel", trigger: "tap", revision: 2),
        Self.hint("d", .walkthroughCompleted, at: 2 * Scoped.day + 2, revision: 2),
        Self.hint("e", .hintShown, at: 5, step: "intro"),
    ]

    @Test func completionRateAndPerHintRatesOfTheUsersShown() throws {
        let report = try Scoped.walkthrough(Self.lines, WalkthroughQuery(walkthroughID: "tour"))
        #expect(report.overall.started == 4)
        #expect(report.overall.completed == 2)
        #expect(report.overall.completionRate == 0.5)
        #expect(report.withoutStart == 1)
        let intro = try #require(report.overall.step("intro"))
        // Shown to a, b, c, d (e never started); completed by a and b; c stopped there.
        #expect([intro.shown, intro.completed, intro.droppedHere] as [Int] == [4, 2, 1])
        #expect(intro.completionRate == 2.0 / 4)
        #expect(intro.dropRate == 1.0 / 4)
        let panel = try #require(report.overall.step("panel"))
        #expect([panel.shown, panel.completed, panel.droppedHere] as [Int] == [3, 2, 1])
        #expect(panel.completionRate == 2.0 / 3)
        #expect(panel.dropRate == 1.0 / 3)
        let object = try #require(try JSONSerialization.jsonObject(with: report.jsonData()) as? [String: Any])
        #expect(object["completionRate"] as? Double == 0.5)
        let steps = try #require(object["steps"] as? [[String: Any]])
        #expect(steps.first?["completionRate"] as? Double == 0.5)
        #expect(steps.first?["dropRate"] as? Double == 0.25)
        #expect(object["withoutStart"] as? Int == 1)
        #expect(object["scope"] == nil)
    }

    @Test func aHintShownToNobodyHasNoRates() throws {
        let report = try Scoped.walkthrough(
            [Self.hint("a", .walkthroughStarted, at: 0), Self.hint("a", .hintSkipped, at: 0, step: "intro", trigger: "condition")],
            WalkthroughQuery(walkthroughID: "tour"))
        let intro = try #require(report.overall.step("intro"))
        #expect(intro.completionRate == nil && intro.dropRate == nil)
        #expect(report.overall.completionRate == 0)
        let steps = try #require((try JSONSerialization.jsonObject(with: report.jsonData()) as? [String: Any])?["steps"] as? [[String: Any]])
        #expect(steps.first?["dropRate"] is NSNull)
    }

    @Test func aRevisionKeepsItsEventsAndADateRangeItsStarters() throws {
        let two = try Scoped.walkthrough(Self.lines, WalkthroughQuery(walkthroughID: "tour", scope: ReportScope(revision: 2)))
        #expect([two.overall.started, two.overall.completed] as [Int] == [3, 1])
        #expect(two.overall.step("intro").map { [$0.shown, $0.completed, $0.skipped, $0.droppedHere] as [Int] } == [3, 1, 1, 1])
        #expect(two.overall.step("panel").map { [$0.shown, $0.droppedHere] as [Int] } == [2, 1])

        let dayOne = ReportScope(since: Scoped.time(Scoped.day), until: Scoped.time(2 * Scoped.day))
        let day = try Scoped.walkthrough(Self.lines, WalkthroughQuery(walkthroughID: "tour", scope: dayOne))
        // b and c; e never started, so no date range counts it.
        #expect([day.overall.started, day.overall.completed] as [Int] == [2, 0])
        #expect(day.overall.step("intro").map { [$0.shown, $0.completed, $0.droppedHere] as [Int] } == [2, 1, 1])
        #expect(day.scope == dayOne)
    }

    @Test func byVariationNeedsOneExperiment() throws {
        let lines = [
            Self.hint("a", .walkthroughStarted, at: 0, experiment: "tips", variation: "short"),
            Self.hint("a", .hintShown, at: 1, step: "intro", experiment: "colors", variation: "blue"),
            Self.hint("b", .walkthroughStarted, at: 0, experiment: "tips", variation: "long"),
        ]
        let error = try #require(throws: ReportError.self) {
            try Scoped.walkthrough(lines, WalkthroughQuery(walkthroughID: "tour", groupByVariation: true))
        }
        #expect(error.description == "The events of walkthrough \"tour\" carry 2 experiments: colors, tips. "
            + "--by variation splits users by the variations of one experiment; pass --experiment KEY to say which, "
            + "such as --experiment colors.")
        let colors = try Scoped.walkthrough(
            lines, WalkthroughQuery(walkthroughID: "tour", groupByVariation: true, scope: ReportScope(experiment: "colors")))
        #expect(colors.byVariation?.mapValues { $0.started } == ["blue": 1, "(none)": 1])
        let tips = try Scoped.walkthrough(
            lines, WalkthroughQuery(walkthroughID: "tour", groupByVariation: true, scope: ReportScope(experiment: "tips")))
        #expect(tips.byVariation?.mapValues { $0.started } == ["short": 1, "long": 1])
    }
}
