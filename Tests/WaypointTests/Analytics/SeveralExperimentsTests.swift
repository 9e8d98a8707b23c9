import Foundation
import Testing
import TestSupport
import Waypoint
import WaypointTesting

/// Several experiments per run: each is assigned by its own hash and exposed at its own first changed
/// step, with one `Experiment Viewed` each; the stamped `experiment`/`variation` name the first; a run
/// restored after a relaunch neither exposes an experiment again nor loses one.
@MainActor
@Suite("Several experiments per run")
struct SeveralExperimentsTests {
    /// The four pairs of variations of `welcome-copy` and `paywall-copy`.
    nonisolated static let pairs = [("control", "control"), ("control", "annual-first"), ("friendly", "control"), ("friendly", "annual-first")]

    /// Runs `onboarding` of the fixture for `user` with `answers` from a new launch (restoring what
    /// `store` holds), and returns the events it sent.
    static func launch(
        _ user: String, answers: [String], store: InMemoryProgressStore? = nil, document: WaypointDocument? = nil
    ) async throws -> [OnboardingEvent] {
        let attributes: Attributes = ["id": .string(user)]
        let resolution = try (document ?? TwoExperimentsFixture.document()).resolve(attributes: attributes, preferredLanguages: [])
        let navigator = FlowNavigator(try #require(resolution.flows["onboarding"]), context: attributes, store: store)
        let analytics = FlowAnalytics(navigator, userID: user)
        var events: [OnboardingEvent] = []
        analytics.onEvent = { events.append($0) }
        try await navigator.start()
        for answer in answers { try navigator.next(answer) }
        await navigator.waitForSaves()
        return events
    }

    static func user(_ welcome: String, _ paywall: String) throws -> String {
        try #require(try TwoExperimentsFixture.user(welcome: welcome, paywall: paywall))
    }

    @Test("The two experiments assign independently: every pair of variations has users")
    func independentAssignment() throws {
        for (welcome, paywall) in Self.pairs { _ = try Self.user(welcome, paywall) }
    }

    @Test("A run sends one Experiment Viewed per experiment at its own step; the stamped fields name the first", arguments: pairs)
    func eachExperimentIsExposedAtItsOwnStep(welcome: String, paywall: String) async throws {
        let events = try await Self.launch(try Self.user(welcome, paywall), answers: ["next", "next", "subscribe", "next"])
        #expect(events.last?.event == .flowCompleted)
        let viewed = events.filter { $0.event == .experimentViewed }
        #expect(viewed.map { "\($0.experiment ?? "") \($0.variation ?? "") \($0.stepID ?? "")" }
            == ["welcome-copy \(welcome) welcome", "paywall-copy \(paywall) paywall"])
        #expect(viewed.allSatisfy { $0.flowID == "onboarding" && $0.flowVersion == 1 })
        // Each is sent just before the event of the step that exposed the run, at the same time and index.
        for view in viewed {
            let index = try #require(events.firstIndex(of: view))
            #expect(events[index + 1].event == .stepViewed && events[index + 1].stepID == view.stepID)
            #expect(events[index + 1].stepIndex == view.stepIndex && events[index + 1].timestamp == view.timestamp)
        }
        let first = try #require(events.firstIndex { $0.event == .experimentViewed })
        #expect(events[..<first].allSatisfy { $0.experiment == nil && $0.variation == nil })
        #expect(events[first...].filter { $0.event != .experimentViewed }
            .allSatisfy { $0.experiment == "welcome-copy" && $0.variation == welcome })
    }

    @Test("A run that stops before the paywall is exposed to the welcome experiment only", arguments: pairs)
    func onlyTheStepsReachedExpose(welcome: String, paywall: String) async throws {
        let events = try await Self.launch(try Self.user(welcome, paywall), answers: ["next", "later"])
        #expect(events.filter { $0.event == .experimentViewed }.compactMap(\.experiment) == ["welcome-copy"])
        #expect(!events.contains { $0.experiment == "paywall-copy" })
    }

    /// How the progress saved by the first launch is kept: as written, or as a version of Waypoint
    /// that did not record exposures wrote it.
    enum SavedFormat: String, CaseIterable, Sendable { case current, withoutExposures }

    @Test("A run restored after the first exposure exposes only the second later, never the first again",
          arguments: SavedFormat.allCases, pairs)
    func restoredRunExposesOnlyTheSecond(format: SavedFormat, pair: (String, String)) async throws {
        let user = try Self.user(pair.0, pair.1)
        let store = InMemoryProgressStore()
        let before = try await Self.launch(user, answers: ["next"], store: store)
        #expect(before.filter { $0.event == .experimentViewed }.compactMap(\.experiment) == ["welcome-copy"])
        let key = "waypoint.flow.onboarding"
        let saved = try #require(try await store.data(forKey: key))
        var envelope = try #require(try JSONSerialization.jsonObject(with: saved) as? [String: Any])
        var state = try #require(envelope["value"] as? [String: Any])
        let exposures = try #require(state["exposures"] as? [[String: Any]])
        #expect(exposures.compactMap { $0["experiment"] as? String } == ["welcome-copy"])
        if format == .withoutExposures {
            state.removeValue(forKey: "exposures")
            envelope["value"] = state
            try await store.setData(try JSONSerialization.data(withJSONObject: envelope), forKey: key)
        }

        let after = try await Self.launch(user, answers: ["next", "notNow", "next"], store: store)
        #expect(after.first?.event == .stepViewed && after.first?.stepID == "goals")
        #expect(after.last?.event == .flowCompleted)
        let viewed = after.filter { $0.event == .experimentViewed }
        #expect(viewed.map { "\($0.experiment ?? "") \($0.variation ?? "") \($0.stepID ?? "")" } == ["paywall-copy \(pair.1) paywall"])
        // The first exposure is kept: every event after the restore still names it.
        #expect(after.filter { $0.event != .experimentViewed }.allSatisfy { $0.experiment == "welcome-copy" && $0.variation == pair.0 })

        // Restored once more, after both exposures: neither is sent again.
        let store2 = InMemoryProgressStore()
        _ = try await Self.launch(user, answers: ["next", "next"], store: store2)
        let again = try await Self.launch(user, answers: ["subscribe", "next"], store: store2)
        #expect(!again.contains { $0.event == .experimentViewed })
        #expect(again.allSatisfy { $0.experiment == "welcome-copy" && $0.variation == pair.0 })
    }

    @Test("A run restored on a step that an experiment published since then changes is exposed to it there", arguments: pairs)
    func restoredOnANewlyChangedStep(welcome: String, paywall: String) async throws {
        let user = try Self.user(welcome, paywall)
        var before = try TwoExperimentsFixture.document()
        before.experiments.removeAll { $0.key == "paywall-copy" }
        let store = InMemoryProgressStore()
        let first = try await Self.launch(user, answers: ["next", "next"], store: store, document: before)
        #expect(first.filter { $0.event == .experimentViewed }.compactMap(\.experiment) == ["welcome-copy"])
        let after = try await Self.launch(user, answers: ["notNow", "next"], store: store)
        #expect(after.prefix(2).map(\.event) == [.experimentViewed, .stepViewed])
        #expect(after.first?.experiment == "paywall-copy" && after.first?.variation == paywall && after.first?.stepID == "paywall")
        #expect(after.dropFirst().allSatisfy { $0.experiment == "welcome-copy" && $0.variation == welcome })
    }

    @Test("A resolved flow carries every step experiment the user takes part in; restoring keeps the saved exposures")
    func resolutionAndRestore() throws {
        let user = try Self.user("friendly", "annual-first")
        let flow = try #require(try TwoExperimentsFixture.document().resolve(attributes: ["id": .string(user)], preferredLanguages: [])
            .flows["onboarding"])
        #expect(flow.stepExperiments.map(\.assignment) == [
            ExperimentAssignment(experiment: "welcome-copy", variation: "friendly"),
            ExperimentAssignment(experiment: "paywall-copy", variation: "annual-first"),
        ])
        #expect(flow.stepExperiments.map(\.changedSteps) == [["welcome"], ["paywall"]])
        let steps = try #require(flow.fixedSteps)
        #expect(steps[0].content.string("title") == "Hi there!" && steps[0].content.string("body") == "Let's get you moving.")
        #expect(steps[2].screen == "PaywallAnnual")

        var state = FlowState(for: flow)
        let effects = try state.start(in: flow, context: ["id": .string(user)])
        state.recordExposures(of: effects, in: flow, context: ["id": .string(user)])
        #expect(state.exposures == [ExperimentAssignment(experiment: "welcome-copy", variation: "friendly")])
        let (restored, result) = FlowState.restoring(state, in: flow, context: ["id": .string(user)])
        #expect(result == .resumed(visits: 1))
        #expect(restored.exposures == state.exposures)
    }
}

/// A revision published between two launches can give a running flow an experiment its run never
/// started with: the restored run was not exposed to it, so its events carry none and no
/// `Experiment Viewed` is sent (docs/ARCHITECTURE.md, "Exposure").
@MainActor
@Suite("An experiment published while a run is in flight")
struct ExperimentPublishedInFlightTests {
    static func document(withExperiment: Bool) throws -> WaypointDocument {
        let steps = #"[{ "id": "welcome", "screen": "Welcome" }, { "id": "goals", "screen": "Goals" }, { "id": "done", "screen": "Done" }]"#
        let flows = withExperiment
            ? #"{ "id": "onboarding", "version": 2, "experiment": "fresh-start", "variation": "control", "steps": \#(steps) },"#
                + #"{ "id": "onboarding", "version": 2, "experiment": "fresh-start", "variation": "short", "steps": [{ "id": "welcome", "screen": "Welcome" }, { "id": "done", "screen": "Done" }] }"#
            : #"{ "id": "onboarding", "version": 1, "steps": \#(steps) }"#
        let experiments = withExperiment
            ? #", "experiments": [{ "key": "fresh-start", "variations": ["control", "short"], "weights": [0.5, 0.5], "hashAttribute": "id" }]"#
            : ""
        return try WaypointDocument(validating: Data(#"{ "schemaVersion": 1, "flows": [\#(flows)]\#(experiments) }"#.utf8))
    }

    @Test("A run started before the experiment was published is not exposed to it after a relaunch")
    func notExposedAfterThePublish() async throws {
        let store = InMemoryProgressStore()
        let first = try await SeveralExperimentsTests.launch("user-1", answers: [], store: store, document: try Self.document(withExperiment: false))
        #expect(first.map(\.event) == [.flowStarted, .stepViewed])
        // The user is in the experiment of the revision published since.
        let published = try Self.document(withExperiment: true)
        let resolved = try published.resolve(attributes: ["id": "user-1"], preferredLanguages: []).flows["onboarding"]
        #expect(resolved?.experiment?.experiment == "fresh-start")
        let second = try await SeveralExperimentsTests.launch("user-1", answers: ["next"], store: store, document: published)
        #expect(!second.isEmpty)
        #expect(!second.contains { $0.event == .experimentViewed })
        #expect(second.allSatisfy { $0.experiment == nil && $0.variation == nil }, "\(second.map { "\($0.event.rawValue) \($0.experiment ?? "-")" })")
    }

    @Test("A run exposed at its start keeps the stamp after a relaunch and sends no second Experiment Viewed")
    func exposedRunKeepsItsStamp() async throws {
        let store = InMemoryProgressStore()
        let document = try Self.document(withExperiment: true)
        let first = try await SeveralExperimentsTests.launch("user-1", answers: [], store: store, document: document)
        #expect(first.filter { $0.event == .experimentViewed }.count == 1)
        let second = try await SeveralExperimentsTests.launch("user-1", answers: ["next"], store: store, document: document)
        #expect(!second.isEmpty && !second.contains { $0.event == .experimentViewed })
        #expect(second.allSatisfy { $0.experiment == "fresh-start" })
    }
}
