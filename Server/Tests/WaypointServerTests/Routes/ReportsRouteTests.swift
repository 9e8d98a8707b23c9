import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import Waypoint
import WaypointTools
@testable import WaypointServer

@Suite("Funnel and export")
struct ReportsRouteTests {
    /// The CLI's funnel fixture, without its deliberately broken line.
    static func fixtureLines() throws -> [String] {
        let text = String(decoding: try TestServer.cliFixture("Snapshots/funnel-events.jsonl"), as: UTF8.self)
        return text.split(separator: "\n").map(String.init).filter { line in
            (try? JSONDecoder().decode(OnboardingEvent.self, from: Data(line.utf8))) != nil
        }
    }

    @Test func theExportHoldsEveryStoredEventOnceAsItsJSONLine() async throws {
        try await TestServer.run { client in
            let app = try await client.createApp("fitness")
            let lines = try Self.fixtureLines()
            _ = try await client.postEvents(key: app.production, lines: lines)
            _ = try await client.postEvents(key: app.staging, lines: lines)
            let export = try await client.send("/v1/apps/fitness/events?format=jsonl", headers: TestServer.admin)
            #expect(export.status == .ok)
            #expect(export.headers[.contentType]?.hasPrefix("application/x-ndjson") == true)
            let exported = export.text.split(separator: "\n").map(String.init)
            let expected = try lines.map { EventIngestion.jsonLine(of: try JSONDecoder().decode(OnboardingEvent.self, from: Data($0.utf8))) }
            #expect(exported == expected)
            #expect(export.text.hasSuffix("\n"))
        }
    }

    @Test func theExportIsPaged() async throws {
        try await TestServer.run { client in
            let app = try await client.createApp("fitness")
            let total = ReportsController.exportPageSize * 2 + 7
            for start in stride(from: 0, to: total, by: 1000) {
                let lines = (start..<min(start + 1000, total)).map { TestEvents.line("m\($0)", user: "u\($0 % 50)") }
                _ = try await client.postEvents(key: app.production, lines: lines)
            }
            let export = try await client.send("/v1/apps/fitness/events?format=jsonl", headers: TestServer.admin)
            let ids = export.text.split(separator: "\n").map { line in
                (try? JSONDecoder().decode(OnboardingEvent.self, from: Data(line.utf8)))?.messageID ?? ""
            }
            #expect(ids == (0..<total).map { "m\($0)" })
        }
    }

    /// The endpoint answers exactly what `waypoint funnel --format json` prints for the export.
    @Test(arguments: [
        "flow=signup&by=variation&window=1m",
        "flow=signup&steps=splash,registration,personalization",
        "flow=signup&steps=splash,registration&window=14d&environment=production",
    ])
    func theFunnelMatchesTheCLIOnTheExport(query: String) async throws {
        try await TestServer.run { client in
            let app = try await client.createApp("fitness")
            // Published, as an app's document is: the flow report reads contributions, which list
            // steps in the document's order (without one, by id: first appearance is not a sum).
            let document = try TestServer.example("waypoint.json")
            #expect(try await client.upload("fitness", document).status == .created)
            #expect(try await client.publish("fitness", revision: 1).status == .ok)
            _ = try await client.postEvents(key: app.production, lines: try Self.fixtureLines())
            let export = try await client.send("/v1/apps/fitness/events?format=jsonl", headers: TestServer.admin)
            let file = TemporaryFiles.path("export").appendingPathExtension("jsonl")
            defer { try? FileManager.default.removeItem(at: file) }
            try export.data.write(to: file)

            let response = try await client.send("/v1/apps/fitness/funnel?\(query)", headers: TestServer.admin)
            #expect(response.status == .ok, "\(response.text)")
            let items = URLComponents(string: "?" + query)?.queryItems ?? []
            let value = { (name: String) in items.first { $0.name == name }?.value }
            let report = try Funnel.compute(
                file: file,
                query: FunnelQuery(
                    flowID: value("flow") ?? "", steps: value("steps").map { $0.split(separator: ",").map(String.init) },
                    window: FunnelWindow(value("window") ?? "14d") ?? .days(14), groupByVariation: value("by") == "variation",
                    document: try WaypointDocument(validating: document),
                    // The server echoes the environment it was asked for; a file of one environment's events has no other.
                    scope: ReportScope(environment: value("environment"))))
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            let cli = String(decoding: try encoder.encode(report), as: UTF8.self) + "\n"
            #expect(response.text == cli)
        }
    }

    /// With a published document, the flow report lists its steps in document order, as
    /// `waypoint funnel --document` does; 80 users played through both variations of signup.
    @Test func theFlowReportFollowsThePublishedDocument() async throws {
        try await TestServer.run { client in
            let app = try await client.createApp("fitness")
            let document = try TestServer.example("waypoint.json")
            #expect(try await client.upload("fitness", document).status == .created)
            #expect(try await client.publish("fitness", revision: 1).status == .ok)
            let events = try TestServer.cliFixture("Snapshots/flow-report-events.jsonl")
            let lines = String(decoding: events, as: UTF8.self).split(separator: "\n").map(String.init)
            for start in stride(from: 0, to: lines.count, by: 200) {
                let answer = try await client.postEvents(key: app.production, lines: Array(lines[start..<min(start + 200, lines.count)]))
                #expect(answer.status == .ok)
            }
            let response = try await client.send("/v1/apps/fitness/funnel?flow=signup&by=variation", headers: TestServer.admin)
            #expect(response.status == .ok, "\(response.text)")
            let file = TemporaryFiles.path("export").appendingPathExtension("jsonl")
            defer { try? FileManager.default.removeItem(at: file) }
            try events.write(to: file)
            // The published document scopes the report as `--document` scopes the CLI's: its steps and its variations.
            let cli = try Funnel.compute(
                file: file, query: FunnelQuery(flowID: "signup", groupByVariation: true, document: try WaypointDocument(validating: document)))
            #expect(response.text == String(decoding: cli.jsonData(), as: UTF8.self) + "\n")
            let object = try response.object()
            #expect(object["kind"] as? String == "flow")
            #expect(object["started"] as? Int == 80)
            let steps = try #require(object["steps"] as? [[String: Any]])
            #expect(steps.map { $0["stepId"] as? String }
                == ["splash", "login", "registration", "personalization", "shared-end/notifications", "shared-end/done"])
        }
    }

    /// Events an SDK key can send, each of its own step, variation and app version: the endpoint
    /// folds what the published document does not declare, exactly as `waypoint funnel --document`
    /// does over the export.
    @Test func undeclaredValuesAreFoldedAsTheCLIFoldsThem() async throws {
        try await TestServer.run { client in
            let app = try await client.createApp("fitness")
            let document = try TestServer.example("waypoint.json")
            #expect(try await client.upload("fitness", document).status == .created)
            #expect(try await client.publish("fitness", revision: 1).status == .ok)
            let lines = (0..<300).flatMap { index in
                ["Flow Started", "Step Viewed"].map { name in
                    SeedData.event(name, user: "user-\(index)", at: index, step: name == "Step Viewed" ? "step-\(index)" : nil,
                                   variation: "variation-\(index)", appVersion: "9.\(index)")
                }
            } + Array(SeedData.inFlight("regular", [("splash", "login"), ("login", nil)]))
            #expect(try await client.postEvents(key: app.production, lines: lines).status == .ok)
            let response = try await client.send("/v1/apps/fitness/funnel?flow=signup&by=variation", headers: TestServer.admin)
            #expect(response.status == .ok, "\(response.text)")
            #expect(response.headers[.connection] == "close")
            let export = try await client.send("/v1/apps/fitness/events?format=jsonl", headers: TestServer.admin)
            let file = TemporaryFiles.path("export").appendingPathExtension("jsonl")
            defer { try? FileManager.default.removeItem(at: file) }
            try export.data.write(to: file)
            let cli = try Funnel.compute(
                file: file, query: FunnelQuery(flowID: "signup", groupByVariation: true, document: try WaypointDocument(validating: document)))
            #expect(response.text == String(decoding: cli.jsonData(), as: UTF8.self) + "\n")
            let groups = try #require(try response.object()["byVariation"] as? [String: Any])
            #expect(groups.keys.sorted() == ["(other)", "control"])
            let folded = try #require(try response.object()["folded"] as? [String: Int])
            #expect(folded == ["variations": 300, "appVersions": 300 - ReportBounds.namedGroups, "steps": 300 - ReportBounds.listedSteps])
        }
    }

    @Test func theFunnelOverManyUsersReadsEveryPage() async throws {
        try await TestServer.run { client in
            let app = try await client.createApp("fitness")
            let users = StoredLines.pageSize + 300
            var lines: [String] = []
            for user in 0..<users {
                lines.append(TestEvents.line("v\(user)", user: "u\(user)", step: "splash"))
                if user % 2 == 0 { lines.append(TestEvents.line("w\(user)", user: "u\(user)", step: "login", at: 10)) }
            }
            for start in stride(from: 0, to: lines.count, by: 1000) {
                _ = try await client.postEvents(key: app.production, lines: Array(lines[start..<min(start + 1000, lines.count)]))
            }
            let response = try await client.send("/v1/apps/fitness/funnel?flow=signup&steps=splash,login", headers: TestServer.admin)
            let steps = try #require(try response.object()["steps"] as? [[String: Any]])
            #expect(steps.map { $0["users"] as? Int } == [users, (users + 1) / 2])
        }
    }

    @Test func funnelAndExportErrors() async throws {
        try await TestServer.run { client in
            _ = try await client.createApp("fitness")
            #expect(try await client.send("/v1/apps/fitness/funnel?flow=signup").status == .unauthorized)
            #expect(try await client.send("/v1/apps/fitness/events?format=jsonl").status == .unauthorized)
            #expect(try await client.send("/v1/apps/missing/funnel?flow=signup", headers: TestServer.admin).status == .notFound)
            #expect(try await client.send("/v1/apps/missing/events?format=jsonl", headers: TestServer.admin).status == .notFound)
            for query in ["", "flow=", "flow=signup&window=soon", "flow=signup&by=country", "flow=signup&steps=,", "flow=signup&environment=qa"] {
                let response = try await client.send("/v1/apps/fitness/funnel?\(query)", headers: TestServer.admin)
                #expect(response.status == .badRequest, "\(query)")
                #expect(try response.errorCode() == "bad-query")
            }
            #expect(try await client.send("/v1/apps/fitness/events?format=csv", headers: TestServer.admin).status == .badRequest)
        }
    }
}
