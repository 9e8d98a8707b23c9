import Foundation
import Testing
import TestSupport
import Waypoint
@testable import WaypointCLI

/// `waypoint play --events` through a flow whose paywall subflow varies by experiment writes the
/// events an app writes: the experiment from entering the subflow step on, none before.
@MainActor
@Suite("waypoint play: a subflow experiment")
struct PlaySubflowExperimentTests {
    /// The fixture document in a temporary file.
    static func documentFile() throws -> URL {
        let url = TemporaryFiles.file("subflow-experiment", pathExtension: "json")
        try Data(SubflowExperimentFixture.text.utf8).write(to: url)
        return url
    }

    /// Plays `onboarding` with `arguments` added, and reads the events written.
    static func play(_ arguments: [String], script: String) throws -> (CommandRunner.Result, [OnboardingEvent]) {
        let document = try documentFile()
        let events = TemporaryFiles.file("subflow-experiment", pathExtension: "jsonl")
        defer {
            try? FileManager.default.removeItem(at: document)
            try? FileManager.default.removeItem(at: events)
        }
        let result = CommandRunner.run(["play", document.path, "--flow", "onboarding", "--script", script, "--events", events.path,
                                        "--clock", "start=2026-11-21T10:00:00Z,step=5s"] + arguments)
        let lines = (try? String(contentsOf: events, encoding: .utf8)) ?? ""
        return (result, try lines.split(separator: "\n").map { try JSONDecoder().decode(OnboardingEvent.self, from: Data($0.utf8)) })
    }

    /// What an app's analytics send for the same answers: name, step, index, outcome, experiment, variation.
    static func appEvents(_ attributes: Attributes, answers: [String]) async throws -> [String] {
        let resolution = try SubflowExperimentFixture.document().resolve(attributes: attributes)
        let navigator = FlowNavigator(try #require(resolution.flows["onboarding"]), context: attributes)
        let analytics = FlowAnalytics(navigator, userID: "app")
        var seen: [OnboardingEvent] = []
        analytics.onEvent = { seen.append($0) }
        try await navigator.start()
        for answer in answers { try navigator.next(answer) }
        if !navigator.isCompleted { analytics.abandon() }
        return seen.map(Self.summary)
    }

    static func summary(_ event: OnboardingEvent) -> String {
        [event.event.rawValue, event.stepID, event.stepIndex.map(String.init), event.outcome, event.experiment, event.variation]
            .map { $0 ?? "-" }.joined(separator: " ")
    }

    @Test("The attributes decide the variation; events carry it from the subflow step on, as an app's do",
          arguments: [("control", "next,sleep,next,next"), ("annual-first", "next,sleep,next,next,next")])
    func attributesDecideAndEventsMatchTheApps(variation: String, script: String) async throws {
        let user = try #require(try SubflowExperimentFixture.user(in: variation, of: "paywall-copy", flowOrWalkthrough: "paywall"))
        let attributes = #"{"id":"\#(user)","country":"US"}"#
        let (result, events) = try Self.play(["--attributes", attributes], script: script)
        #expect(result.status == 0, "\(result.error ?? "")")
        #expect(result.output.hasPrefix(
            #"Flow onboarding (version 2), attributes {"country":"US","id":"\#(user)"}, variation \#(variation) of paywall-copy (in the experiment, hash "#))

        let index = try #require(events.firstIndex { $0.stepID?.hasPrefix("paywall/") == true })
        #expect(index == 5)  // Flow Started, welcome viewed and completed, goals viewed and completed
        #expect(events[..<index].allSatisfy { $0.experiment == nil && $0.variation == nil })
        #expect(events[index...].allSatisfy { $0.experiment == "paywall-copy" && $0.variation == variation && $0.userID == user })
        #expect(events.last?.event.rawValue == "Flow Completed")
        let app = try await Self.appEvents(SubflowExperimentFixture.attributes(user), answers: script.split(separator: ",").map(String.init))
        #expect(events.map(Self.summary) == app)
    }

    @Test("A user outside the experiment's condition plays the control and no event carries the experiment")
    func outsideTheCondition() throws {
        let (result, events) = try Self.play(["--attributes", #"{"id":"user-1","country":"FR"}"#], script: "next,stress,next,next")
        #expect(result.status == 0, "\(result.error ?? "")")
        #expect(result.output.contains("variation control of paywall-copy (not in the experiment: "))
        #expect(events.filter { $0.event.rawValue == "Step Viewed" }.compactMap(\.stepID) == ["welcome", "goals", "paywall/plans", "done"])
        #expect(!events.isEmpty && events.allSatisfy { $0.experiment == nil && $0.variation == nil })
    }

    @Test("--variation forces the subflow's variation, and a run stopped inside it is abandoned with it")
    func variationForcesTheSubflow() throws {
        let (result, events) = try Self.play(["--variation", "annual-first"], script: "next,sleep,quit")
        #expect(result.status == 0, "\(result.error ?? "")")
        #expect(result.output.hasPrefix("Flow onboarding (version 2), attributes {}, variation annual-first of paywall-copy (forced by --variation)"))
        #expect(events.map(Self.summary) == [
            "Flow Started - - - - -",
            "Step Viewed welcome 0 - - -",
            "Step Completed welcome 0 next - -",
            "Step Viewed goals 1 - - -",
            "Step Completed goals 1 sleep - -",
            "Experiment Viewed paywall/annual 2 - paywall-copy annual-first",
            "Step Viewed paywall/annual 2 - paywall-copy annual-first",
            "Flow Abandoned paywall/annual 2 - paywall-copy annual-first",
        ])
    }

    @Test("--variation with a name the subflow does not have lists the ones it has")
    func unknownVariationOfTheSubflow() throws {
        let (result, _) = try Self.play(["--variation", "annual"], script: "next")
        #expect(result.status != 0)
        #expect(result.error == "No experiment reaching flow `onboarding` has an entry for variation `annual`. "
            + "The flow's experiment is `paywall-copy` (on the subflow `paywall`): use --variation with `control` or `annual-first`.")
    }
}
