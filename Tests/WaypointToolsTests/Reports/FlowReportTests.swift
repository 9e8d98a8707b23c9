import Foundation
import Testing
@testable import Waypoint
@testable import WaypointTools

/// Events of the `signup` flow for flow report tests; times are seconds after 2026-01-01T00:00:00Z.
private enum Event {
    static func make(
        _ user: String, _ name: EventName, at seconds: Double, step: String? = nil, index: Int? = nil,
        outcome: String? = nil, duration: Int64? = nil, variation: String? = nil, flow: String = "signup"
    ) -> String {
        OnboardingEvent(
            messageID: "m-\(user)-\(name.rawValue)-\(step ?? "")-\(seconds)-\(outcome ?? "")", userID: user, event: name,
            timestamp: Lines.date(seconds), flowID: flow, flowVersion: 1, stepID: step, stepIndex: index,
            experiment: variation == nil ? nil : "exp", variation: variation, outcome: outcome, durationMs: duration
        ).jsonLine
    }

    static func started(_ user: String, at seconds: Double, variation: String? = nil) -> String {
        make(user, .flowStarted, at: seconds, variation: variation)
    }
    static func viewed(_ user: String, _ step: String, at seconds: Double, index: Int? = nil, variation: String? = nil) -> String {
        make(user, .stepViewed, at: seconds, step: step, index: index, variation: variation)
    }
    static func left(_ user: String, _ step: String, _ outcome: String, at seconds: Double, after duration: Int64? = nil) -> String {
        make(user, .stepCompleted, at: seconds, step: step, outcome: outcome, duration: duration)
    }
    static func skipped(_ user: String, _ step: String, at seconds: Double) -> String {
        make(user, .stepSkipped, at: seconds, step: step)
    }
    static func completed(_ user: String, at seconds: Double) -> String { make(user, .flowCompleted, at: seconds) }
    static func abandoned(_ user: String, at seconds: Double, step: String? = nil) -> String {
        make(user, .flowAbandoned, at: seconds, step: step)
    }
}

@Suite("Flow report, hand-computed")
struct FlowReportTests {
    let signup = FunnelQuery(flowID: "signup")

    @Test func aForkCountsEachBranchByItsOwnUsers() throws {
        let report = try Lines.flowReport([
            Event.started("u1", at: 0), Event.viewed("u1", "splash", at: 0), Event.left("u1", "splash", "login", at: 4, after: 4000),
            Event.viewed("u1", "login", at: 4), Event.left("u1", "login", "next", at: 10, after: 6000), Event.completed("u1", at: 10),
            Event.started("u2", at: 0), Event.viewed("u2", "splash", at: 0), Event.left("u2", "splash", "register", at: 2, after: 2000),
            Event.viewed("u2", "registration", at: 2), Event.left("u2", "registration", "next", at: 30, after: 28000),
            Event.completed("u2", at: 30),
            Event.started("u3", at: 0), Event.viewed("u3", "splash", at: 0), Event.left("u3", "splash", "register", at: 6, after: 6000),
            Event.viewed("u3", "registration", at: 6),
        ], signup)
        #expect(report.started == 3)
        #expect(report.completed == 2)
        #expect(report.overall.abandoned == 0)
        #expect(report.overall.completionRate == 2.0 / 3)
        #expect(report.overall.medianMsToComplete == 20_000)  // (10 s + 30 s) / 2
        // First appearance in time: u2 reached registration (2 s) before u1 reached login (4 s).
        #expect(report.steps.map(\.stepID) == ["splash", "registration", "login"])
        #expect(report.steps.map(\.viewed) == [3, 2, 1])
        #expect(report.steps.map(\.droppedHere) == [0, 1, 0])
        let splash = try #require(report.overall.step("splash"))
        #expect(splash.outcomes == ["login": 1, "register": 2])
        #expect(splash.medianDurationMs == 4000)
        #expect(report.overall.step("registration")?.medianDurationMs == 28_000)
        #expect(report.steps.allSatisfy { $0.inDocument == nil })
    }

    @Test func aSkippedStepIsNotADropOff() throws {
        let report = try Lines.flowReport([
            Event.started("u1", at: 0), Event.viewed("u1", "a", at: 0), Event.left("u1", "a", "next", at: 1),
            Event.skipped("u1", "health", at: 1), Event.viewed("u1", "done", at: 1), Event.left("u1", "done", "next", at: 2),
            Event.completed("u1", at: 2),
            Event.started("u2", at: 0), Event.viewed("u2", "a", at: 0), Event.left("u2", "a", "next", at: 1),
            Event.skipped("u2", "health", at: 1), Event.viewed("u2", "done", at: 1), Event.abandoned("u2", at: 9),
        ], signup)
        let health = try #require(report.overall.step("health"))
        #expect(health.viewed == 0)
        #expect(health.skipped == 2)
        #expect(health.droppedHere == 0)
        #expect(report.overall.step("done")?.droppedHere == 1)
        #expect(report.overall.abandoned == 1)
        #expect(report.steps.map(\.stepID) == ["a", "health", "done"])
    }

    @Test func backIsAnOutcomeAndUsersAreCountedOnce() throws {
        let report = try Lines.flowReport([
            Event.started("u1", at: 0),
            Event.viewed("u1", "a", at: 0, index: 0), Event.left("u1", "a", "next", at: 1, after: 1000),
            Event.viewed("u1", "b", at: 1, index: 1), Event.left("u1", "b", "back", at: 3, after: 2000),
            Event.viewed("u1", "a", at: 3, index: 0), Event.left("u1", "a", "next", at: 8, after: 5000),
            Event.viewed("u1", "b", at: 8, index: 1), Event.left("u1", "b", "next", at: 9, after: 1000),
            Event.completed("u1", at: 9),
        ], signup)
        let a = try #require(report.overall.step("a"))
        #expect(a.viewed == 1)
        #expect(a.outcomes == ["next": 1])
        #expect(a.medianDurationMs == 3000)  // events, not users: (1 s + 5 s) / 2
        let b = try #require(report.overall.step("b"))
        #expect(b.outcomes == ["back": 1, "next": 1])
        #expect(b.medianDurationMs == 1500)
        #expect(report.overall.medianMsToComplete == 9000)
    }

    @Test func aDropOffAfterBackIsAtTheStepLastViewed() throws {
        let report = try Lines.flowReport([
            Event.started("u1", at: 0), Event.viewed("u1", "a", at: 0, index: 0), Event.left("u1", "a", "next", at: 1),
            Event.viewed("u1", "b", at: 1, index: 1), Event.left("u1", "b", "back", at: 2),
            Event.viewed("u1", "a", at: 2, index: 0), Event.abandoned("u1", at: 60, step: "a"),
        ], signup)
        #expect(report.steps.map(\.droppedHere) == [1, 0])
        #expect(report.overall.abandoned == 1)
        #expect(report.completed == 0)
        #expect(report.overall.medianMsToComplete == nil)
    }

    @Test func aRestartCountsTheUserOnceAndTimesFromTheFirstStart() throws {
        let report = try Lines.flowReport([
            Event.started("u1", at: 0), Event.viewed("u1", "a", at: 0), Event.abandoned("u1", at: 5),
            Event.started("u1", at: 100), Event.viewed("u1", "a", at: 100), Event.viewed("u1", "b", at: 110),
            Event.completed("u1", at: 120),
            // Completed before starting (clock skew): completed, but no time to complete.
            Event.completed("u2", at: 0), Event.started("u2", at: 50), Event.viewed("u2", "a", at: 50),
        ], signup)
        #expect(report.started == 2)
        #expect(report.completed == 2)
        #expect(report.overall.abandoned == 0)  // u1 abandoned once, then completed
        #expect(report.overall.completionRate == 1)
        #expect(report.overall.medianMsToComplete == 120_000)
        #expect(report.steps.map(\.viewed) == [2, 1])
        #expect(report.steps.map(\.droppedHere) == [0, 0])
    }

    @Test func subflowStepsAreReportedAsEventsCarryThemInDocumentOrder() throws {
        let document = try WaypointDocument(validating: Data("""
            {"schemaVersion": 1, "flows": [
              {"id": "signup", "steps": [
                {"id": "splash", "on": {"login": "login", "register": "registration"}},
                {"id": "login", "on": {"next": "end"}},
                {"id": "registration"},
                {"id": "end", "subflow": "shared-end", "on": {"next": "$complete"}}]},
              {"id": "shared-end", "steps": [{"id": "notifications"}, {"id": "thanks"}]}]}
            """.utf8))
        let declared = try #require(document.reportedStepIDs(ofFlow: "signup"))
        #expect(declared == ["splash", "login", "registration", "end/notifications", "end/thanks"])
        #expect(document.reportedStepIDs(ofFlow: "nope") == nil)
        let report = try Lines.flowReport([
            Event.started("u1", at: 0), Event.viewed("u1", "splash", at: 0), Event.left("u1", "splash", "login", at: 1),
            Event.viewed("u1", "login", at: 1), Event.left("u1", "login", "next", at: 2),
            Event.viewed("u1", "end/notifications", at: 2), Event.viewed("u1", "legacy-step", at: 2.5),
            Event.viewed("u1", "end/notifications", at: 3),
        ], FunnelQuery(flowID: "signup", declaredSteps: declared))
        // A step the document does not declare is listed after the declared ones (ReportBounds).
        #expect(report.steps.map(\.stepID) == declared + ["legacy-step"])
        #expect(report.folded == nil)
        #expect(report.steps.map(\.inDocument) == [true, true, true, true, true, false])
        #expect(report.steps.map(\.viewed) == [1, 1, 0, 1, 0, 1])
        #expect(report.steps.map(\.droppedHere) == [0, 0, 0, 1, 0, 0])
    }

    @Test func aUsersVariationIsTheirEarliestOne() throws {
        let query = FunnelQuery(flowID: "signup", groupByVariation: true)
        let report = try Lines.flowReport([
            // The first event has no variation; the earliest that has one says "short".
            Event.started("u1", at: 0), Event.viewed("u1", "a", at: 1, variation: "short"),
            Event.viewed("u1", "b", at: 2, variation: "control"), Event.completed("u1", at: 3),
            Event.started("u2", at: 0, variation: "control"), Event.viewed("u2", "a", at: 0, variation: "control"),
            // u3 never started: in no group, only in `withoutStart`.
            Event.viewed("u3", "a", at: 0),
        ], query)
        let groups = try #require(report.byVariation)
        #expect(groups.keys.sorted() == ["control", "short"])
        #expect(groups["short"]?.completed == 1)
        #expect(groups["short"]?.steps.map(\.viewed) == [1, 1])
        #expect(groups["control"]?.started == 1)
        // A group lists only the steps its users reached.
        #expect(groups["control"]?.steps.map(\.viewed) == [1])
        #expect(groups["control"]?.steps.map(\.droppedHere) == [1])
        #expect(report.steps.map(\.viewed) == [2, 1])
        #expect(report.withoutStart == 1)
    }

    @Test func tiesInTimeAreOrderedByStepIndexThenFileOrder() throws {
        let report = try Lines.flowReport([
            Event.started("u1", at: 0), Event.started("u2", at: 0), Event.started("u3", at: 0),
            // Same millisecond: the step index puts b last, whatever the file says.
            Event.viewed("u1", "b", at: 5, index: 1), Event.viewed("u1", "a", at: 5, index: 0),
            // Same millisecond and index: file order, so c is last.
            Event.viewed("u2", "a", at: 5, index: 0), Event.viewed("u2", "c", at: 5, index: 0),
            // No step index (a skip): after every view of the same millisecond.
            Event.skipped("u3", "s", at: 5),
        ], signup)
        #expect(report.overall.step("b")?.droppedHere == 1)
        #expect(report.overall.step("c")?.droppedHere == 1)
        #expect(report.overall.step("a")?.droppedHere == 0)
        // First appearance at the same time: by step index (a 0, c 0, b 1, s none), then file order (a before c).
        #expect(report.steps.map(\.stepID) == ["a", "c", "b", "s"])
    }

    @Test func theEncodedReportHasTheDesignsShape() throws {
        let result = try Funnel.compute(jsonLines: Lines.data([
            Event.started("u1", at: 0), Event.viewed("u1", "a", at: 0), Event.left("u1", "a", "next", at: 2, after: 2000),
            Event.completed("u1", at: 2), "not an event",
        ]), query: FunnelQuery(flowID: "signup", groupByVariation: true))
        let object = try #require(try JSONSerialization.jsonObject(with: result.jsonData()) as? [String: Any])
        #expect(object["kind"] as? String == "flow")
        #expect(object["flowId"] as? String == "signup")
        #expect(object["started"] as? Int == 1)
        #expect(object["completed"] as? Int == 1)
        #expect(object["abandoned"] as? Int == 0)
        #expect(object["completionRate"] as? Double == 1)
        #expect(object["medianMsToComplete"] as? Double == 2000)
        #expect(object["invalidLines"] as? Int == 1)
        let step = try #require((object["steps"] as? [[String: Any]])?.first)
        #expect(Set(step.keys) == ["stepId", "viewed", "skipped", "droppedHere", "dropRate", "outcomes", "medianDurationMs"])
        #expect(object["inProgress"] as? Int == 0)
        #expect(step["outcomes"] as? [String: Int] == ["next": 1])
        let none = try #require((object["byVariation"] as? [String: [String: Any]])?["(none)"])
        #expect(none["byVariation"] == nil && none["invalidLines"] == nil)
        #expect(none["started"] as? Int == 1)
        #expect(none["medianMsToComplete"] as? Double == 2000)
    }

    @Test func userOrderedEventsGiveTheSameReportAsAnyOrder() throws {
        let lines = [
            Event.started("u1", at: 0), Event.viewed("u1", "a", at: 0, variation: "x"), Event.left("u1", "a", "go", at: 3, after: 3000),
            Event.viewed("u1", "b", at: 3), Event.completed("u1", at: 4),
            Event.started("u2", at: 1), Event.viewed("u2", "a", at: 1), Event.skipped("u2", "b", at: 2), Event.abandoned("u2", at: 9),
            Event.viewed("u3", "c", at: 0.5, variation: "y"), Event.viewed("u3", "a", at: 1),
        ]
        let events = try lines.map { try JSONDecoder().decode(OnboardingEvent.self, from: Data($0.utf8)) }
        for query in [FunnelQuery(flowID: "signup", groupByVariation: true),
                      FunnelQuery(flowID: "signup", steps: ["a", "b", "$complete"], groupByVariation: true)] {
            let shuffled = try Funnel.compute(jsonLines: Lines.data(lines.reversed()), query: query)
            let streamed = try Funnel.compute(userOrderedEvents: events, query: query)
            #expect(streamed == shuffled)
            let streamedLines = try Funnel.compute(userOrderedJSONLines: lines + ["", "not an event"], query: query)
            #expect(streamedLines.jsonData() == shuffled.jsonData().replacingCount(of: "\"invalidLines\":0", with: "\"invalidLines\":1"))
        }
        #expect(throws: ReportError.self) { try Funnel.compute(userOrderedEvents: events + events.prefix(1), query: signup) }
        #expect {
            try Funnel.compute(userOrderedJSONLines: lines + lines.prefix(1), query: signup)
        } throws: { error in
            "\(error)".contains("The events of user \"u1\" came back after another user's")
        }
    }

    @Test func completeIsAStepOfTheSequentialFunnel() throws {
        let report = try Lines.report([
            Event.viewed("u1", "paywall", at: 0), Event.completed("u1", at: 5),
            Event.viewed("u2", "paywall", at: 0),
            Event.completed("u3", at: 0), Event.viewed("u3", "paywall", at: 1),  // completed before the paywall
        ], FunnelQuery(flowID: "signup", steps: ["paywall", "$complete"]))
        #expect(report.users == [3, 1])
        #expect(report.medians == [nil, 5000])
    }
}

private extension Data {
    /// These bytes with `text` replaced by `replacement` (both UTF-8).
    func replacingCount(of text: String, with replacement: String) -> Data {
        Data(String(decoding: self, as: UTF8.self).replacingOccurrences(of: text, with: replacement).utf8)
    }
}
