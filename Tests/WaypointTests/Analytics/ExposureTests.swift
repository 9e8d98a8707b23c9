import Foundation
import Testing
import TestSupport
import Waypoint
import WaypointTesting

/// A run carries its experiment from the point the experiment decides on, and none before: for a
/// subflow's whole-flow entries, entering the subflow step.
@MainActor
@Suite("Exposure: experiment and variation from the decided point on")
struct ExposureTests {
    /// The index of the first event inside the subflow step `paywall`, or `nil` when the run never entered it.
    static func firstInPaywall(_ events: [OnboardingEvent]) -> Int? {
        events.firstIndex { $0.stepID?.hasPrefix("paywall/") == true }
    }

    /// Expects no experiment on the events before `index` and `assignment` on every event from it on.
    static func expectExposed(_ events: [OnboardingEvent], from index: Int, to assignment: ExperimentAssignment,
                              sourceLocation: SourceLocation = #_sourceLocation) {
        for event in events[..<index] {
            #expect(event.experiment == nil && event.variation == nil,
                    "\(event.event.rawValue) \(event.stepID ?? "") is before exposure", sourceLocation: sourceLocation)
        }
        for event in events[index...] {
            #expect(event.experiment == assignment.experiment && event.variation == assignment.variation,
                    "\(event.event.rawValue) \(event.stepID ?? "") is after exposure", sourceLocation: sourceLocation)
        }
    }

    /// Runs `onboarding` for `attributes` with `answers` (outcomes), then abandons it when it has not completed.
    static func run(_ attributes: Attributes, answers: [String], store: InMemoryProgressStore? = nil) async throws -> [OnboardingEvent] {
        let resolution = try SubflowExperimentFixture.document().resolve(attributes: attributes)
        let definition = try #require(resolution.flows["onboarding"])
        let navigator = FlowNavigator(definition, context: attributes, store: store)
        let analytics = FlowAnalytics(navigator, userID: "u")
        var seen: [OnboardingEvent] = []
        analytics.onEvent = { seen.append($0) }
        try await navigator.start()
        for answer in answers { try navigator.next(answer) }
        if !navigator.isCompleted { analytics.abandon() }
        await navigator.waitForSaves()
        return seen
    }

    @Test("A subflow experiment exposes the run where it enters the subflow step, in each variation",
          arguments: [("control", ["next", "sleep", "next", "next"], ["paywall/plans"]),
                      ("annual-first", ["next", "sleep", "next", "next", "next"], ["paywall/annual", "paywall/plans"])])
    func subflowExperimentExposesFromTheSubflowStep(variation: String, answers: [String], paywallSteps: [String]) async throws {
        let user = try #require(try SubflowExperimentFixture.user(in: variation, of: "paywall-copy", flowOrWalkthrough: "paywall"))
        let events = try await Self.run(SubflowExperimentFixture.attributes(user), answers: answers)

        #expect(events.map(\.event.rawValue).last == "Flow Completed")
        #expect(events.filter { $0.event.rawValue == "Step Viewed" }.map(\.stepID) == ["welcome", "goals"] + paywallSteps + ["done"])
        let index = try #require(Self.firstInPaywall(events))
        // Exposure sends `Experiment Viewed` where it happens, just before the step's own event.
        #expect(events[index].event == .experimentViewed && events[index].stepID == paywallSteps[0])
        #expect(events[index + 1].event.rawValue == "Step Viewed" && events[index + 1].stepID == paywallSteps[0])
        #expect(events[index - 1].event.rawValue == "Step Completed" && events[index - 1].stepID == "goals")
        #expect(events.filter { $0.event == .experimentViewed }.count == 1)
        Self.expectExposed(events, from: index, to: ExperimentAssignment(experiment: "paywall-copy", variation: variation))
        #expect(events[index].jsonLine.contains(#""experiment":"paywall-copy","variation":"\#(variation)""#))
    }

    @Test("A user outside the experiment's condition gets the control's steps and is never exposed")
    func outsideTheConditionIsNeverExposed() async throws {
        let attributes = SubflowExperimentFixture.attributes("user-1", country: "FR")
        let report = try SubflowExperimentFixture.document().resolve(attributes: attributes).report
        #expect(report.flows["paywall"]?.inExperiment == false)
        let events = try await Self.run(attributes, answers: ["next", "stress", "next", "next"])

        #expect(events.filter { $0.event.rawValue == "Step Viewed" }.map(\.stepID) == ["welcome", "goals", "paywall/plans", "done"])
        #expect(events.last?.event.rawValue == "Flow Completed")
        #expect(events.allSatisfy { $0.experiment == nil && $0.variation == nil && !$0.jsonLine.contains("experiment") })
    }

    @Test("A run abandoned before the subflow step carries no experiment; one abandoned after it carries it to its end")
    func abandonmentBeforeAndAfterExposure() async throws {
        let user = try #require(try SubflowExperimentFixture.user(in: "control", of: "paywall-copy", flowOrWalkthrough: "paywall"))
        let early = try await Self.run(SubflowExperimentFixture.attributes(user), answers: ["next"])
        #expect(early.map(\.event.rawValue) == ["Flow Started", "Step Viewed", "Step Completed", "Step Viewed", "Flow Abandoned"])
        #expect(early.allSatisfy { $0.experiment == nil && $0.variation == nil })

        let late = try await Self.run(SubflowExperimentFixture.attributes(user), answers: ["next", "sleep", "next"])
        #expect(late.last?.event.rawValue == "Flow Abandoned" && late.last?.stepID == "done")
        let index = try #require(Self.firstInPaywall(late))
        Self.expectExposed(late, from: index, to: ExperimentAssignment(experiment: "paywall-copy", variation: "control"))
    }

    @Test("Going back out of the subflow keeps the exposure: every later event of the run carries it")
    func backOutOfTheSubflowStaysExposed() async throws {
        let user = try #require(try SubflowExperimentFixture.user(in: "annual-first", of: "paywall-copy", flowOrWalkthrough: "paywall"))
        let events = try await Self.run(SubflowExperimentFixture.attributes(user), answers: ["next", "sleep", "back", "back"])
        let index = try #require(Self.firstInPaywall(events))
        #expect(events[index...].contains { $0.event.rawValue == "Step Viewed" && $0.stepID == "welcome" })
        Self.expectExposed(events, from: index, to: ExperimentAssignment(experiment: "paywall-copy", variation: "annual-first"))
    }

    @Test("A run restored after a relaunch past the subflow is still exposed; one restored before it is not")
    func restoredRunKeepsItsExposure() async throws {
        let user = try #require(try SubflowExperimentFixture.user(in: "annual-first", of: "paywall-copy", flowOrWalkthrough: "paywall"))
        let attributes = SubflowExperimentFixture.attributes(user)
        let past = InMemoryProgressStore()
        _ = try await Self.run(attributes, answers: ["next", "sleep", "next", "next"], store: past)
        let resumedPast = try await Self.run(attributes, answers: ["next"], store: past)
        #expect(resumedPast.map(\.event.rawValue) == ["Step Viewed", "Step Completed", "Flow Completed"])
        #expect(resumedPast.allSatisfy { $0.experiment == "paywall-copy" && $0.variation == "annual-first" })

        let before = InMemoryProgressStore()
        _ = try await Self.run(attributes, answers: ["next"], store: before)
        let resumedBefore = try await Self.run(attributes, answers: ["sleep", "next"], store: before)
        let index = try #require(Self.firstInPaywall(resumedBefore))
        #expect(index > 0)
        Self.expectExposed(resumedBefore, from: index, to: ExperimentAssignment(experiment: "paywall-copy", variation: "annual-first"))
    }

    @Test("A flow declared in code whose subflow carries an experiment is exposed where the subflow starts")
    func declaredSubflowWithAnExperiment() async throws {
        var offer = Flow<Void>("offer") { Step("a"); Step("b") }
        offer.experiment = ExperimentAssignment(experiment: "offer-test", variation: "b")
        let flow = Flow<Void>("checkout") {
            Step("cart")
            Step("offer", subflow: offer)
            Step("pay")
        }
        let navigator = FlowNavigator(flow, context: ())
        let analytics = FlowAnalytics(navigator, userID: "u")
        var seen: [OnboardingEvent] = []
        analytics.onEvent = { seen.append($0) }
        try await navigator.start()
        for _ in 0..<4 { try navigator.next() }
        #expect(navigator.isCompleted)
        let index = try #require(seen.firstIndex { $0.stepID == "offer/a" })
        Self.expectExposed(seen, from: index, to: ExperimentAssignment(experiment: "offer-test", variation: "b"))
    }

    @Test("A flow's own experiment exposes it at Flow Started: every event carries it")
    func wholeFlowExperimentFromFlowStarted() async throws {
        var flow = Flow<Void>("signup") { Step("a") }
        flow.experiment = ExperimentAssignment(experiment: "short-signup", variation: "short")
        let navigator = FlowNavigator(flow, context: ())
        let analytics = FlowAnalytics(navigator, userID: "u")
        var seen: [OnboardingEvent] = []
        analytics.onEvent = { seen.append($0) }
        try await navigator.start()
        try navigator.next()
        #expect(seen.map(\.event.rawValue) == ["Experiment Viewed", "Flow Started", "Step Viewed", "Step Completed", "Flow Completed"])
        #expect(seen[0].stepID == nil && seen[0].flowID == "signup")
        Self.expectExposed(seen, from: 0, to: ExperimentAssignment(experiment: "short-signup", variation: "short"))
    }

    @Test("The stamp names the first experiment: a second experiment reached later is exposed too, but does not replace it")
    func theFirstExposureHolds() {
        var exposure = RunExposure()
        exposure.reach(nil)
        #expect(!exposure.isExposed)
        #expect(exposure.reach(ExperimentAssignment(experiment: "first", variation: "a"))?.experiment == "first")
        #expect(exposure.reach(ExperimentAssignment(experiment: "second", variation: "b"))?.experiment == "second")
        #expect(exposure.reach(ExperimentAssignment(experiment: "first", variation: "a")) == nil)
        #expect(exposure.exposures.map(\.experiment) == ["first", "second"])
        let event = exposure.attributing(OnboardingEvent(userID: "u", event: "Step Viewed", timestamp: Date(timeIntervalSince1970: 0),
                                                         experiment: "stale", variation: "stale"))
        #expect(event.experiment == "first" && event.variation == "a")
        #expect(RunExposure().attributing(event).experiment == nil)
    }
}
