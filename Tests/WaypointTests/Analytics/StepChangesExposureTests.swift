import Foundation
import Testing
import TestSupport
import Waypoint
import WaypointTesting

/// Experiments that change steps: a resolved flow or walkthrough shows the user's variation, and a run
/// is exposed at the first step any variation changes, entered or skipped; before it, no event
/// carries the experiment.
@MainActor
@Suite("Exposure at the steps an experiment changes")
struct StepChangesExposureTests {
    static let experiment = "paywall-copy"

    struct Run {
        var events: [OnboardingEvent] = []
        /// The screen and the content's headline of each step shown, in order.
        var shown: [(screen: String, headline: String?)] = []
    }

    /// Runs `onboarding` of `document` for `attributes` with `answers`, then abandons it when it has not completed.
    static func run(
        _ document: WaypointDocument, _ attributes: Attributes, answers: [String], languages: [String] = ["en"]
    ) async throws -> Run {
        let resolution = try document.resolve(attributes: attributes, preferredLanguages: languages)
        let navigator = FlowNavigator(try #require(resolution.flows["onboarding"]), context: attributes)
        let analytics = FlowAnalytics(navigator, userID: "u")
        var run = Run()
        analytics.onEvent = { run.events.append($0) }
        try await navigator.start()
        func record() {
            if let screen = navigator.currentScreen { run.shown.append((screen, navigator.currentContent.string("headline"))) }
        }
        record()
        for answer in answers {
            try navigator.next(answer)
            record()
        }
        if !navigator.isCompleted { analytics.abandon() }
        return run
    }

    static func user(_ variation: String) throws -> String {
        try #require(try StepChangesFixture.user(in: variation))
    }

    /// Expects no experiment on the events before the first event of `stepID` and `variation` on every event from it on.
    static func expectExposed(_ events: [OnboardingEvent], at stepID: String, to variation: String,
                              sourceLocation: SourceLocation = #_sourceLocation) throws {
        let index = try #require(events.firstIndex { $0.stepID == stepID }, sourceLocation: sourceLocation)
        for event in events[..<index] {
            #expect(event.experiment == nil && event.variation == nil,
                    "\(event.event.rawValue) \(event.stepID ?? "") is before exposure", sourceLocation: sourceLocation)
        }
        for event in events[index...] {
            #expect(event.experiment == experiment && event.variation == variation,
                    "\(event.event.rawValue) \(event.stepID ?? "") is after exposure", sourceLocation: sourceLocation)
        }
    }

    @Test("A user who never reaches a changed step has no experiment on any event", arguments: ["control", "annual-first"])
    func neverReached(variation: String) async throws {
        let run = try await Self.run(try StepChangesFixture.document(), ["id": .string(try Self.user(variation))], answers: ["next", "later"])
        #expect(run.events.map(\.event.rawValue) == ["Flow Started", "Step Viewed", "Step Completed", "Step Viewed", "Step Completed",
                                                     "Flow Completed"])
        #expect(run.events.allSatisfy { $0.experiment == nil && $0.variation == nil && !$0.jsonLine.contains("experiment") })
    }

    @Test("Entering the changed step exposes the run from that step's events on, in the control too; the variation's changes show",
          arguments: [
              ("control", ["next", "sleep", "next", "next", "next"], "Paywall", "Go premium", ["finish/notifications", "finish/done"]),
              ("annual-first", ["next", "sleep", "next", "next"], "PaywallAnnual", "Save 40% with a year", ["finish/done"]),
          ])
    func enteredStep(variation: String, answers: [String], screen: String, headline: String, finish: [String]) async throws {
        let run = try await Self.run(try StepChangesFixture.document(), ["id": .string(try Self.user(variation))], answers: answers)
        #expect(run.events.last?.event.rawValue == "Flow Completed")
        #expect(run.events.filter { $0.event.rawValue == "Step Viewed" }.compactMap(\.stepID) == ["welcome", "goals", "paywall"] + finish)
        #expect(run.shown.map(\.screen).prefix(3) == ["Welcome", "Goals", screen])
        #expect(run.shown[2].headline == headline)
        let paywall = try #require(run.events.firstIndex { $0.stepID == "paywall" })
        #expect(run.events[paywall].event == .experimentViewed && run.events[paywall + 1].event.rawValue == "Step Viewed")
        try Self.expectExposed(run.events, at: "paywall", to: variation)
    }

    @Test("A changed step skipped by its `when` exposes the run at its Step Skipped", arguments: ["control", "annual-first"])
    func skippedByWhen(variation: String) async throws {
        let attributes: Attributes = ["id": .string(try Self.user(variation)), "country": "CN"]
        let run = try await Self.run(try StepChangesFixture.document(), attributes, answers: ["next", "sleep"])
        let paywall = try #require(run.events.firstIndex { $0.stepID == "paywall" })
        #expect(run.events[paywall].event == .experimentViewed && run.events[paywall + 1].event.rawValue == "Step Skipped")
        try Self.expectExposed(run.events, at: "paywall", to: variation)
    }

    /// The fixture with only the change to the subflow's step `notifications` (skipped in `annual-first`).
    static func subflowOnlyDocument() throws -> WaypointDocument {
        var document = try StepChangesFixture.document()
        document.experiments[0].changes["annual-first"]?.removeAll { $0.flow != "finish" }
        return document
    }

    @Test("A change to a subflow's step exposes the run where the subflow reaches it: entered in the control, skipped by `skip: true`",
          arguments: [("control", ["next", "sleep", "next", "next", "next"], "Step Viewed"),
                      ("annual-first", ["next", "sleep", "next", "next"], "Step Skipped")])
    func subflowStep(variation: String, answers: [String], event: String) async throws {
        let run = try await Self.run(try Self.subflowOnlyDocument(), ["id": .string(try Self.user(variation))], answers: answers)
        #expect(run.events.last?.event.rawValue == "Flow Completed")
        let notifications = try #require(run.events.firstIndex { $0.stepID == "finish/notifications" })
        #expect(run.events[notifications].event == .experimentViewed && run.events[notifications + 1].event.rawValue == event)
        #expect(run.shown.map(\.screen).contains("Paywall"))
        try Self.expectExposed(run.events, at: "finish/notifications", to: variation)
    }

    @Test("Users outside the experiment see the document as written and are never exposed")
    func outsideTheExperiment() async throws {
        var document = try StepChangesFixture.document()
        document.experiments[0].coverage = 0
        let resolution = try document.resolve(attributes: ["id": "user-1"], preferredLanguages: [])
        #expect(resolution.flows["onboarding"]?.stepExperiments == [])
        let run = try await Self.run(document, ["id": "user-1"], answers: ["next", "sleep", "next", "next", "next"])
        #expect(run.shown.map(\.screen) == ["Welcome", "Goals", "Paywall", "Notifications", "Done"])
        #expect(run.events.last?.event.rawValue == "Flow Completed")
        #expect(run.events.allSatisfy { $0.experiment == nil && $0.variation == nil })
    }

    @Test("A forced variation applies its changes and counts as in the experiment")
    func forcedVariation() throws {
        let resolution = try StepChangesFixture.document().resolve(
            attributes: ["id": "anyone"], forcedVariations: [Self.experiment: "annual-first"], preferredLanguages: ["de"])
        let onboarding = try #require(resolution.flows["onboarding"])
        #expect(onboarding.stepExperiments == [StepExperiment(
            assignment: ExperimentAssignment(experiment: Self.experiment, variation: "annual-first"), changedSteps: ["paywall"])])
        let paywall = try #require(onboarding.fixedSteps?.first { $0.id == "paywall" })
        #expect(paywall.screen == "PaywallAnnual")
        #expect(paywall.content.string("headline") == "Spare 40 % im Jahr")
        // `content` is merged key by key (docs/ARCHITECTURE.md, "Experiments that change steps"): the
        // variation sets only the headline, so the plans, trial and badge of the step stay. (This test
        // once expected the whole content replaced.)
        #expect(paywall.content.strings("plans") == ["monthly", "annual"])
        #expect(paywall.content.integer("trialDays") == 7)
        #expect(resolution.flows["finish"]?.stepExperiments.first?.changedSteps == ["notifications"])
    }

    @Test("Content is in the user's locale: the attribute, else the device's languages, then the default", arguments: [
        (["locale": "de"] as Attributes, ["pt-BR"], "Willkommen", "Premium holen"),
        ([:] as Attributes, ["pt-BR", "de"], "Bem-vindo", "Seja premium"),
        ([:] as Attributes, ["fr"], "Welcome", "Go premium"),
    ])
    func localizedContent(attributes: Attributes, languages: [String], title: String, headline: String) throws {
        var attributes = attributes
        attributes["id"] = .string(try Self.user("control"))
        let onboarding = try #require(try StepChangesFixture.document().resolve(attributes: attributes, preferredLanguages: languages)
            .flows["onboarding"])
        let steps = try #require(onboarding.fixedSteps)
        #expect(steps[0].content.string("title") == title)
        #expect(steps[2].content.string("headline") == headline)
        #expect(steps[2].content.strings("plans") == ["monthly", "annual"])
        #expect(steps[2].content.integer("trialDays") == 7)
        #expect(steps[2].content.bool("showsClose") == true)
        #expect(steps[1].content.isEmpty)
    }

    // MARK: Walkthroughs

    /// Runs the walkthrough `home-tour` of the fixture resolved for `user` through both hints, with the
    /// texts presented to the app.
    static func tour(for user: String, languages: [String]) async throws -> (events: [OnboardingEvent], presented: [HintPresentation]) {
        let walkthrough = try #require(try StepChangesFixture.document().resolve(attributes: ["id": .string(user)], preferredLanguages: languages)
            .walkthroughs["home-tour"])
        let hints = HintCoordinator(catalog: WalkthroughCatalog([walkthrough]), context: Attributes(), store: InMemoryProgressStore())
        let analytics = WalkthroughAnalytics(hints, userID: user)
        var seen: [OnboardingEvent] = []
        analytics.onEvent = { seen.append($0) }
        hints.anchorDidAppear("home.streaks", present: { _ in })
        hints.anchorDidAppear("home.timer", present: { _ in })
        await hints.start()
        var presented: [HintPresentation] = []
        for _ in 0..<2 {
            if let presentation = hints.presentation { presented.append(presentation) }
            hints.next()
        }
        return (seen, presented)
    }

    @Test("A walkthrough run is exposed at its first changed hint; the presentation carries the variation's text in the user's locale",
          arguments: [("control", "Deine Serie", TooltipPosition.auto), ("annual-first", "Bleib dran", .above)])
    func walkthroughExposedAtTheChangedHint(variation: String, text: String, position: TooltipPosition) async throws {
        let (events, presented) = try await Self.tour(for: try Self.user(variation), languages: ["de-DE"])
        #expect(events.map(\.event.rawValue) == ["Walkthrough Started", "Hint Shown", "Hint Completed", "Experiment Viewed", "Hint Shown",
                                                 "Hint Completed", "Walkthrough Completed"])
        #expect(presented.map(\.tooltipText) == ["Start a session", text])
        #expect(presented.last?.tooltipPosition == position)
        let index = try #require(events.firstIndex { $0.stepID == "streaks" })
        #expect(events[index].event == .experimentViewed && events[index + 1].event.rawValue == "Hint Shown")
        #expect(events[..<index].allSatisfy { $0.experiment == nil && $0.variation == nil })
        #expect(events[index...].allSatisfy { $0.experiment == Self.experiment && $0.variation == variation })
    }

    @Test("A changed hint passed over exposes the walkthrough run; another walkthrough's run is its own")
    func walkthroughRecorderPassedOver() throws {
        var recorder = WalkthroughEventRecorder()
        let attribution = EventAttribution(userID: "u")
        let changes = StepExperiment(assignment: ExperimentAssignment(experiment: Self.experiment, variation: "control"), changedSteps: ["streaks"])
        func hint(_ name: HintAnalyticsEvent.Name, _ walkthrough: String = "home-tour", step: String? = nil) -> HintAnalyticsEvent {
            HintAnalyticsEvent(event: name, timestamp: Date(timeIntervalSince1970: 0), walkthroughId: walkthrough, walkthroughVersion: 1, stepId: step)
        }
        let sequence: [(HintAnalyticsEvent, String?)] = [
            (hint(.walkthroughStarted), nil), (hint(.hintShown, step: "timer"), nil), (hint(.hintCompleted, step: "timer"), nil),
            (hint(.hintSkipped, step: "streaks"), "control"), (hint(.walkthroughCompleted), "control"),
        ]
        for (number, (event, variation)) in sequence.enumerated() {
            let recorded = try #require(
                recorder.events(for: event, attribution: attribution, stepExperiments: [changes], messageID: { "\(number)" }).last)
            #expect(recorded.variation == variation && recorded.experiment == variation.map { _ in Self.experiment }, "\(event.event)")
        }
        #expect(recorder.events(for: hint(.hintShown, "other", step: "timer"), attribution: attribution, messageID: { "x" })
            .allSatisfy { $0.experiment == nil })
    }
}
