import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import Waypoint
import WaypointTools
@testable import WaypointServer

/// `GET /v1/apps/{app}/experiments/{key}`: exactly what `waypoint experiment` computes (WaypointTools'
/// ``ExperimentReport``) over the environment's export, against the published document.
@Suite("Experiment report route")
struct ExperimentRouteTests {
    /// The example document, the one the seeded server publishes.
    static func document() throws -> WaypointDocument {
        try WaypointDocument(validating: try TestServer.example("waypoint.json"))
    }

    /// What the CLI prints over the export of `environment`, for `query`.
    static func cli(_ client: any TestClientProtocol, environment: String = "production", _ query: ExperimentQuery) async throws -> String {
        let export = try await client.send("/v1/apps/fitness/events?format=jsonl&environment=\(environment)", headers: TestServer.admin)
        #expect(export.status == .ok)
        let lines = export.text.split(separator: "\n").map(String.init)
        let report = try ExperimentReport.compute(lines: lines, query: query, document: try document())
        return String(decoding: report.jsonData(), as: UTF8.self) + "\n"
    }

    @Test func theRouteAnswersWhatTheCLIComputesOverTheExport() async throws {
        try await ReportScopeRouteTests.seeded { client in
            let plain = try await client.send("/v1/apps/fitness/experiments/short-signup", headers: TestServer.admin)
            #expect(plain.status == .ok, "\(plain.text)")
            #expect(plain.text == (try await Self.cli(client, ExperimentQuery(experiment: "short-signup"))))
            // By hand: p1, p3 in control (p1 completes), p2, p4 in short (p4 completes); p5 is never exposed.
            let object = try plain.object()
            let variations = try #require(object["variations"] as? [[String: Any]])
            #expect(variations.map { $0["users"] as? Int } == [2, 2])
            #expect(variations.map { $0["conversions"] as? Int } == [1, 1])
            #expect(object["flowId"] as? String == "signup")

            let since = ReportScope.milliseconds("2026-11-05")
            let scoped = try await client.send(
                "/v1/apps/fitness/experiments/short-signup?goal=splash:login&sequential=true&control=short&since=2026-11-05",
                headers: TestServer.admin)
            #expect(scoped.status == .ok, "\(scoped.text)")
            #expect(scoped.text == (try await Self.cli(client, ExperimentQuery(
                experiment: "short-signup", goal: ExperimentGoal("splash:login"), control: "short", sequential: true,
                scope: ReportScope(since: since)))))
            #expect(try scoped.object()["sequential"] as? Bool == true)

            let staging = try await client.send("/v1/apps/fitness/experiments/short-signup?environment=staging&revision=1", headers: TestServer.admin)
            #expect(staging.status == .ok, "\(staging.text)")
            #expect(staging.text == (try await Self.cli(
                client, environment: "staging", ExperimentQuery(experiment: "short-signup", scope: ReportScope(environment: "staging", revision: 1)))))
        }
    }

    @Test(arguments: [
        ("/v1/apps/fitness/experiments/short-sigup", 404, "unknown-experiment", "Did you mean \"short-signup\"?"),
        ("/v1/apps/fitness/experiments/short-signup?control=shrt", 400, "bad-query", "Did you mean \"short\"?"),
        ("/v1/apps/fitness/experiments/short-signup?goal=splsh", 400, "bad-query", "Did you mean \"splash\"?"),
        ("/v1/apps/fitness/experiments/short-signup?flow=end-flow", 400, "bad-query", "does not reach \"end-flow\""),
        ("/v1/apps/fitness/experiments/short-signup?sequential=yes", 400, "bad-query", "sequential=yes is not a boolean"),
        ("/v1/apps/fitness/experiments/short-signup?experiment=x", 400, "bad-query", "experiment is not a parameter of the experiment report"),
        ("/v1/apps/fitness/experiments/short-signup?revision=9", 404, "not-found", "has no revision 9"),
    ])
    func mistakesAreAnsweredInWords(path: String, status: Int, code: String, message: String) async throws {
        try await ReportScopeRouteTests.seeded { client in
            let response = try await client.send(path, headers: TestServer.admin)
            #expect(response.status.code == status, "\(response.text)")
            #expect(try response.errorCode() == code)
            let said = (try response.object()["error"] as? [String: Any])?["message"] as? String
            #expect(said?.contains(message) == true, "\(response.text)")
        }
    }
}
