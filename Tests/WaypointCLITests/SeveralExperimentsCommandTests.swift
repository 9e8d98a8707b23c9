import Foundation
import Testing
import TestSupport
import Waypoint
import WaypointTools
@testable import WaypointCLI

/// The commands on a document whose flow two experiments change at two steps: lint, resolve, play
/// (one `Experiment Viewed` per experiment), and the reports split by either experiment.
@Suite("Commands on several experiments per run")
struct SeveralExperimentsCommandTests {
    static let document = CommandRunner.fixture("two-experiments.json")

    static func user(_ welcome: String, _ paywall: String) throws -> String {
        try #require(try TwoExperimentsFixture.user(welcome: welcome, paywall: paywall))
    }

    static func events(_ url: URL) throws -> [OnboardingEvent] {
        try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map {
            try JSONDecoder().decode(OnboardingEvent.self, from: Data($0.utf8))
        }
    }

    @Test func theFixtureFileIsTheSharedFixtureAndLintsClean() throws {
        #expect(try String(contentsOfFile: Self.document, encoding: .utf8) == TwoExperimentsFixture.text + "\n")
        let result = CommandRunner.run(["lint", Self.document])
        #expect(result.status == 0)
        #expect(result.output == "two-experiments.json: no problems (1 flow, 0 walkthroughs, 2 experiments)\n")
    }

    @Test("resolve names the first experiment, then each other one with the steps where it exposes a run",
          arguments: [("friendly", "annual-first"), ("control", "control")])
    func resolveListsBothExperiments(welcome: String, paywall: String) throws {
        let attributes = #"{"id":"\#(try Self.user(welcome, paywall))"}"#
        let text = CommandRunner.run(["resolve", Self.document, "--attributes", attributes])
        #expect(text.status == 0)
        let line = try #require(text.output.split(separator: "\n").first { $0.contains("onboarding") })
        #expect(line.contains("welcome-copy → \(welcome) (in the experiment, hash "))
        #expect(line.contains("also paywall-copy → \(paywall) (in the experiment, hash "))
        #expect(line.hasSuffix("), exposed at paywall"))
        let json = CommandRunner.run(["resolve", Self.document, "--attributes", attributes, "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let flow = try #require((object["flows"] as? [String: Any])?["onboarding"] as? [String: Any])
        #expect(flow["experiment"] as? String == "welcome-copy" && flow["variation"] as? String == welcome)
        let others = try #require(flow["otherExperiments"] as? [[String: Any]])
        #expect(others.count == 1)
        #expect(others.first?["experiment"] as? String == "paywall-copy" && others.first?["variation"] as? String == paywall)
        #expect(others.first?["changedSteps"] as? [String] == ["paywall"])
        #expect(Set((object["experiments"] as? [String: Any])?.keys.map { $0 } ?? []) == ["welcome-copy", "paywall-copy"])
    }

    @Test("play writes one Experiment Viewed per experiment at its own step and says where each exposed the run",
          arguments: [("friendly", "annual-first"), ("control", "annual-first"), ("friendly", "control")])
    func playExposesEachExperimentAtItsStep(welcome: String, paywall: String) throws {
        let url = TemporaryFiles.file("several", pathExtension: "jsonl")
        defer { try? FileManager.default.removeItem(at: url) }
        let attributes = #"{"id":"\#(try Self.user(welcome, paywall))"}"#
        let result = CommandRunner.run([
            "play", Self.document, "--flow", "onboarding", "--attributes", attributes, "--script", "next,next,subscribe,next",
            "--events", url.path,
        ])
        #expect(result.status == 0, "\(result.error ?? "")")
        #expect(result.output.contains("variation \(welcome) of welcome-copy"))
        #expect(result.output.contains(
            "\nExposed to welcome-copy (\(welcome)) at welcome, then paywall-copy (\(paywall)) at paywall\n"), "\(result.output)")
        let events = try Self.events(url)
        #expect(events.filter { $0.event == .experimentViewed }.map { "\($0.experiment ?? "") \($0.variation ?? "") \($0.stepID ?? "")" }
            == ["welcome-copy \(welcome) welcome", "paywall-copy \(paywall) paywall"])
        #expect(events.filter { $0.event != .experimentViewed && $0.event != .flowStarted }
            .allSatisfy { $0.experiment == "welcome-copy" && $0.variation == welcome })

        let json = CommandRunner.run([
            "play", Self.document, "--flow", "onboarding", "--attributes", attributes, "--script", "next,next,subscribe,next",
            "--format", "json",
        ])
        let summary = try #require(json.output.split(separator: "\n").last)
        #expect(summary.contains(#""exposures":[{"experiment":"welcome-copy","stepId":"welcome","variation":"\#(welcome)"},"#
            + #"{"experiment":"paywall-copy","stepId":"paywall","variation":"\#(paywall)"}]"#), "\(summary)")
    }

    @Test func theReportsSplitPlayedUsersByEitherExperiment() throws {
        let url = TemporaryFiles.file("several-report", pathExtension: "jsonl")
        defer { try? FileManager.default.removeItem(at: url) }
        let document = try TwoExperimentsFixture.document()
        var reachedPaywall: [String: Int] = [:]
        var started: [String: Int] = [:]
        for index in 0..<24 {
            let id = "user-\(index)"
            let script = index % 3 == 0 ? "next,later" : "next,next,\(index % 2 == 0 ? "subscribe" : "notNow"),next"
            let flow = try #require(try document.resolve(attributes: ["id": .string(id)], preferredLanguages: []).flows["onboarding"])
            let variation = try #require(flow.stepExperiments.first { $0.assignment.experiment == "paywall-copy" }?.assignment.variation)
            if index % 3 != 0 { reachedPaywall[variation, default: 0] += 1 }
            started["any", default: 0] += 1
            let result = CommandRunner.run([
                "play", Self.document, "--flow", "onboarding", "--attributes", #"{"id":"\#(id)"}"#, "--script", script,
                "--events", url.path, "--append", "--clock", "start=2026-11-21T10:\(String(format: "%02d", index)):00Z,step=5s",
            ])
            #expect(result.status == 0, "\(result.error ?? "")")
        }
        let experiment = CommandRunner.run([
            "experiment", url.path, "--experiment", "paywall-copy", "--document", Self.document, "--format", "json",
        ])
        #expect(experiment.status == 0, "\(experiment.error ?? "")")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(experiment.output.utf8)) as? [String: Any])
        let rows = try #require(report["variations"] as? [[String: Any]])
        #expect(Dictionary(uniqueKeysWithValues: rows.compactMap { row in (row["variation"] as? String).map { ($0, row["users"] as? Int ?? -1) } })
            == reachedPaywall)

        let funnel = CommandRunner.run([
            "funnel", url.path, "--flow", "onboarding", "--by", "variation", "--experiment", "paywall-copy", "--document", Self.document,
            "--format", "json",
        ])
        #expect(funnel.status == 0, "\(funnel.error ?? "")")
        let flow = try #require(try JSONSerialization.jsonObject(with: Data(funnel.output.utf8)) as? [String: Any])
        #expect(flow["started"] as? Int == started["any"])
        let groups = try #require(flow["byVariation"] as? [String: [String: Any]])
        for (variation, users) in reachedPaywall { #expect(groups[variation]?["started"] as? Int == users, "\(variation)") }
        // Without --experiment, a split by variation over two experiments is refused, naming both.
        let refused = CommandRunner.run(["funnel", url.path, "--flow", "onboarding", "--by", "variation"])
        #expect(refused.status != 0)
        #expect(refused.error?.contains("paywall-copy") == true && refused.error?.contains("welcome-copy") == true, "\(refused.error ?? "")")
    }
}
