import Foundation
import Testing
import TestSupport
import Waypoint
import WaypointTesting

/// Exposure for composed flows (``Subflow`` with `|>`) and walkthroughs.
@MainActor
@Suite("Exposure: composed flows and walkthroughs")
struct ExposureCompositionTests {
    enum Goal: Sendable { case sleep, stress }

    /// welcome |> goals |> paywall (named with `experiment`) |> done, all named `onboarding`; the
    /// paywall's `plans` step throws when `failAtPlans`.
    static func onboarding(experiment: ExperimentAssignment?, failAtPlans: Bool = false) -> Subflow<Void, Void> {
        let welcome = Subflow<Void, Void>.step("welcome") {}
        let goals = Subflow<Void, Goal>.step("goals") { .sleep }
        let annual = Subflow<Goal, Goal>.step("annual") { $0 }
        let plans = Subflow<Goal, Void>.step("plans") { _ in
            if failAtPlans { throw CancellationError() }
        }
        let variation = experiment?.variation == "annual-first" ? annual |> plans : plans
        let done = Subflow<Void, Void>.step("done") {}
        return (welcome |> goals |> variation.named("paywall", experiment: experiment) |> done).named("onboarding")
    }

    static func record(_ flow: Subflow<Void, Void>, attribution: EventAttribution = EventAttribution(userID: "u"))
        async -> [OnboardingEvent]
    {
        let analytics = SubflowAnalytics(attribution: attribution)
        var seen: [OnboardingEvent] = []
        analytics.onEvent = { seen.append($0) }
        _ = try? await flow.run(observer: analytics)
        await analytics.waitForDelivery()
        return seen
    }

    @Test("A named subflow given an experiment exposes the run at its start, in each variation", arguments: ["control", "annual-first"])
    func composedSubflowExposesAtItsStart(variation: String) async throws {
        let assignment = ExperimentAssignment(experiment: "paywall-copy", variation: variation)
        let events = await Self.record(Self.onboarding(experiment: assignment))

        #expect(events.last?.event.rawValue == "Flow Completed")
        let index = try #require(events.firstIndex { $0.stepID == "paywall" })
        #expect(events[index].event == .experimentViewed && events[index + 1].event.rawValue == "Step Viewed")
        #expect(events[..<index].allSatisfy { $0.experiment == nil && $0.variation == nil })
        #expect(events[index...].allSatisfy { $0.experiment == "paywall-copy" && $0.variation == variation })
        #expect(events.contains { $0.stepID == "paywall/annual" } == (variation == "annual-first"))
    }

    @Test("A run that fails inside the subflow is abandoned with the experiment; one without an assignment carries none")
    func abandonedAfterExposureAndUnassigned() async throws {
        let assignment = ExperimentAssignment(experiment: "paywall-copy", variation: "control")
        let failed = await Self.record(Self.onboarding(experiment: assignment, failAtPlans: true))
        let abandoned = try #require(failed.last)
        #expect(abandoned.event.rawValue == "Flow Abandoned")
        #expect(abandoned.experiment == "paywall-copy" && abandoned.variation == "control")

        let outside = await Self.record(Self.onboarding(experiment: nil))
        #expect(outside.contains { $0.stepID == "paywall/plans" })
        #expect(outside.allSatisfy { $0.experiment == nil && $0.variation == nil })
    }

    @Test("An experiment on the outermost subflow, or in the attribution, is exposed at Flow Started")
    func outermostExperimentFromFlowStarted() async throws {
        let assignment = ExperimentAssignment(experiment: "whole", variation: "b")
        let step = Subflow<Void, Void>.step("a") {}
        let named = await Self.record(step.named("onboarding", experiment: assignment))
        #expect(named.map(\.event.rawValue) == ["Experiment Viewed", "Flow Started", "Step Viewed", "Step Completed", "Flow Completed"])
        #expect(named.allSatisfy { $0.experiment == "whole" && $0.variation == "b" })

        let attributed = await Self.record(
            step.named("onboarding"), attribution: EventAttribution(userID: "u", experiment: "app", variation: "a", revision: 4))
        #expect(attributed.map(\.event.rawValue) == ["Experiment Viewed", "Flow Started", "Step Viewed", "Step Completed", "Flow Completed"])
        #expect(attributed.allSatisfy { $0.experiment == "app" && $0.variation == "a" && $0.revision == 4 })
    }

    /// Runs the walkthrough `home-tour` of the fixture resolved for `user` through both hints.
    static func tour(for user: String, revision: Int? = nil) async throws -> [OnboardingEvent] {
        var document = try SubflowExperimentFixture.document()
        document.revision = revision
        let walkthrough = try #require(try document.resolve(attributes: SubflowExperimentFixture.attributes(user)).walkthroughs["home-tour"])
        let hints = HintCoordinator(catalog: WalkthroughCatalog([walkthrough]), context: Attributes(), store: InMemoryProgressStore())
        let analytics = WalkthroughAnalytics(hints, userID: user)
        var seen: [OnboardingEvent] = []
        analytics.onEvent = { seen.append($0) }
        hints.anchorDidAppear("home.streaks", present: { _ in })
        hints.anchorDidAppear("home.timer", present: { _ in })
        await hints.start()
        hints.next()
        hints.next()
        return seen
    }

    @Test("A walkthrough's run is exposed at Walkthrough Started: every event of the run carries it", arguments: ["plain", "playful"])
    func walkthroughExposedFromItsStart(variation: String) async throws {
        let user = try #require(try SubflowExperimentFixture.user(in: variation, of: "tour-copy", flowOrWalkthrough: "home-tour"))
        let events = try await Self.tour(for: user, revision: 12)
        #expect(events.map(\.event.rawValue) == ["Experiment Viewed", "Walkthrough Started", "Hint Shown", "Hint Completed", "Hint Shown",
                                                 "Hint Completed", "Walkthrough Completed"])
        #expect(events.allSatisfy { $0.experiment == "tour-copy" && $0.variation == variation && $0.revision == 12 })
    }

    @Test("Walkthrough events are attributed only once their run has started")
    func walkthroughEventsBeforeTheStartCarryNone() {
        var recorder = WalkthroughEventRecorder()
        let attribution = EventAttribution(userID: "u", experiment: "tour-copy", variation: "plain")
        func hint(_ name: HintAnalyticsEvent.Name, _ walkthrough: String) -> HintAnalyticsEvent {
            HintAnalyticsEvent(event: name, timestamp: Date(timeIntervalSince1970: 0), walkthroughId: walkthrough, walkthroughVersion: 1)
        }
        #expect(recorder.events(for: hint(.targetNotFound, "home-tour"), attribution: attribution, messageID: { "1" }).last?.experiment == nil)
        let started = recorder.events(for: hint(.walkthroughStarted, "home-tour"), attribution: attribution, messageID: { "2" })
        #expect(started.map(\.event) == [.experimentViewed, .walkthroughStarted])
        #expect(started.allSatisfy { $0.experiment == "tour-copy" && $0.variation == "plain" })
        #expect(recorder.events(for: hint(.hintShown, "home-tour"), attribution: attribution, messageID: { "3" }).last?.variation == "plain")
        // Another walkthrough's run is its own.
        #expect(recorder.events(for: hint(.hintShown, "other"), attribution: attribution, messageID: { "4" }).last?.experiment == nil)
    }
}
