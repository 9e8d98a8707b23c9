import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import Waypoint
import WaypointTools
@testable import WaypointServer

/// Concluded experiments (Server/README.md, "Concluded experiments"): the record a publish writes
/// for each experiment it ends, `GET /v1/apps/{app}/experiments` and the report of a concluded one.
@Suite("Concluded experiments")
struct ConcludedExperimentRouteTests {
    static let shipShort = #"{"op": "ship-variation", "experiment": "short-signup", "variation": "short"}"#
    static let stopPaywall = #"{"op": "stop-experiment", "key": "paywall-copy"}"#

    /// Publishes revision `revision` to `environment`, confirming what it does to users in flight.
    static func publish(_ client: some TestClientProtocol, _ revision: Int, to environment: String = "production") async throws {
        let response = try await client.send(
            "/v1/apps/fitness/environments/\(environment)/publish", .post, headers: TestServer.admin,
            json: #"{"revision":\#(revision),"confirm":true}"#)
        try #require(response.status == .ok, "publishing \(revision): \(response.text)")
    }

    /// The revision `edits` make of revision `base`.
    static func edit(_ client: some TestClientProtocol, base: Int, _ edits: String...) async throws -> Int {
        let response = try await RevisionEditsRouteTests.edit(client, base: base, RevisionEditsRouteTests.edits(edits.joined(separator: ", ")))
        try #require(response.status == .created, "\(response.text)")
        return try #require(try response.object()["revision"] as? Int)
    }

    static func experiments(_ client: some TestClientProtocol, environment: String = "production") async throws -> [[String: Any]] {
        let response = try await client.send("/v1/apps/fitness/experiments?environment=\(environment)", headers: TestServer.admin)
        try #require(response.status == .ok, "\(response.text)")
        return try #require(try response.object()["experiments"] as? [[String: Any]])
    }

    static func report(_ client: some TestClientProtocol, _ key: String) async throws -> TestResponse {
        try await client.send("/v1/apps/fitness/experiments/\(key)?environment=production", headers: TestServer.admin)
    }

    /// The JSON of `response` without `"concluded"`, to compare with a live report.
    static func figures(_ response: TestResponse) throws -> JSONValue {
        var members = try #require(try JSONValue(parsing: response.data).objectValue, "\(response.text)")
        members["concluded"] = nil
        return .object(members)
    }

    /// The example published as revision 1, `ReportScopeRouteTests`' events of `short-signup` posted.
    @discardableResult
    static func seeded(_ client: some TestClientProtocol) async throws -> TestApp {
        let app = try await client.createApp("fitness")
        #expect(try await client.upload("fitness", try TestServer.example("waypoint.json")).status == .created)
        try await publish(client, 1)
        #expect(try await client.postEvents(key: app.production, lines: ReportScopeRouteTests.production).status == .ok)
        return app
    }

    @Test func shippingAndStoppingAreRecordedWithTheReportFrozenAndListed() async throws {
        try await TestServer.run { client in
            let app = try await Self.seeded(client)
            let before = try await Self.report(client, "short-signup")
            #expect(before.status == .ok, "\(before.text)")
            let running = try await Self.experiments(client)
            #expect(running.map { $0["key"] as? String } == ["short-signup", "paywall-copy"])
            #expect(running.allSatisfy { $0["status"] as? String == "running" && $0["since"] is String && $0["decision"] == nil })
            #expect(running.map { $0["flowId"] as? String } == ["signup", "upgrade"])

            // Revision 2 ships `short`: publishing it concludes short-signup.
            let shipped = try await Self.edit(client, base: 1, Self.shipShort)
            try await Self.publish(client, shipped)
            let concluded = try await Self.report(client, "short-signup")
            #expect(concluded.status == .ok, "\(concluded.text)")
            #expect(concluded.text.hasSuffix("}\n"))
            let object = try concluded.object()
            #expect(try Self.figures(concluded) == (try Self.figures(before)), "\(concluded.text)\n\(before.text)")
            #expect(try Self.figures(concluded) != (try JSONValue(parsing: concluded.data)))
            let record = try #require(object["concluded"] as? [String: Any])
            #expect(record["decision"] as? String == "shipped")
            #expect(record["variation"] as? String == "short")
            #expect(record["revisions"] as? [Int] == [1])
            #expect(record["goal"] as? String == "$complete")
            #expect(record["firstPublished"] is String && record["lastPublished"] is String && record["concludedAt"] is String)
            // Events after the conclusion do not change its figures.
            let late = [
                ReportScopeRouteTests.event("Flow Started", user: "late", 0, day: 20, variation: "short", revision: 1),
                ReportScopeRouteTests.event("Flow Completed", user: "late", 1, day: 20, variation: "short", revision: 1),
            ]
            #expect(try await client.postEvents(key: app.production, lines: late).status == .ok)
            #expect(try await Self.report(client, "short-signup").text == concluded.text)

            // Revision 3 stops paywall-copy: it is concluded as stopped, having run in revisions 1 and 2.
            let stopped = try await Self.edit(client, base: shipped, Self.stopPaywall)
            try await Self.publish(client, stopped)
            let paywall = try #require(try await Self.report(client, "paywall-copy").object()["concluded"] as? [String: Any])
            #expect(paywall["decision"] as? String == "stopped")
            #expect(paywall["variation"] == nil)
            #expect(paywall["revisions"] as? [Int] == [1, 2])

            // The list: nothing runs now; the concluded ones newest first.
            let list = try await Self.experiments(client)
            #expect(list.map { $0["key"] as? String } == ["paywall-copy", "short-signup"])
            #expect(list.map { $0["status"] as? String } == ["concluded", "concluded"])
            #expect(list.map { $0["decision"] as? String } == ["stopped", "shipped"])
            #expect(list.map { $0["variation"] as? String } == [nil, "short"])
            #expect(list.allSatisfy { $0["concludedAt"] is String && $0["revisions"] is [Int] })
            // Staging ran nothing.
            #expect(try await Self.experiments(client, environment: "staging").isEmpty)

            // The publishes' audit entries say what they concluded, in words.
            let entries = try await client.auditLog("?action=revision-published").entries
            let words = entries.compactMap { ($0["details"] as? [String: Any])?["conclusions"] as? [String] }
            #expect(words == [["concludes paywall-copy: stopped"], ["concludes short-signup: shipped short"]], "\(entries)")
        }
    }

    @Test func aReportOfAConcludedExperimentTakesNoOtherScopeAndAnUnknownKeyIsStillNotFound() async throws {
        try await TestServer.run { client in
            try await Self.seeded(client)
            try await Self.publish(client, try await Self.edit(client, base: 1, Self.shipShort))
            let goal = try await client.send("/v1/apps/fitness/experiments/short-signup?goal=splash", headers: TestServer.admin)
            #expect(goal.status == .badRequest)
            #expect(try goal.errorCode() == "bad-query")
            #expect(try goal.errorMessage().contains("concluded in production"), "\(goal.text)")
            // The revision that declared it answers today's report of its runs.
            let revision = try await client.send("/v1/apps/fitness/experiments/short-signup?revision=1", headers: TestServer.admin)
            #expect(revision.status == .ok, "\(revision.text)")
            #expect(try revision.object()["concluded"] == nil)
            // Never declared, never concluded: today's 404.
            let unknown = try await client.send("/v1/apps/fitness/experiments/short-sigup", headers: TestServer.admin)
            #expect(unknown.status == .notFound)
            #expect(try unknown.errorCode() == "unknown-experiment")
            #expect(try unknown.errorMessage().hasPrefix("The document published to production has no experiment \"short-sigup\"."))
            // Staging never ran it.
            let staging = try await client.send("/v1/apps/fitness/experiments/short-signup?environment=staging", headers: TestServer.admin)
            #expect(staging.status == .notFound)
            let list = try await client.send("/v1/apps/fitness/experiments?flow=signup", headers: TestServer.admin)
            #expect(list.status == .badRequest)
        }
    }

    @Test func aKeyStartedAgainStartsANewRecord() async throws {
        try await TestServer.run { client in
            try await Self.seeded(client)
            let stopped = try await Self.edit(client, base: 1, Self.stopPaywall)
            try await Self.publish(client, stopped)
            // Back to revision 1: paywall-copy runs again, since this publish.
            try await Self.publish(client, 1)
            let again = try await Self.experiments(client)
            #expect(again.map { "\($0["key"] ?? "")/\($0["status"] ?? "")" } == ["short-signup/running", "paywall-copy/running", "paywall-copy/concluded"])
            try await Self.publish(client, stopped)
            let list = try await Self.experiments(client)
            let records = list.filter { $0["key"] as? String == "paywall-copy" }
            #expect(records.count == 2)
            // The newest record covers only the run since it started again: revision 1, published a third time.
            #expect(records.map { $0["revisions"] as? [Int] } == [[1], [1]])
            #expect(records.map { $0["decision"] as? String } == ["stopped", "stopped"])
            let first = try #require(records.last), second = try #require(records.first)
            let firstEnd = try #require(first["concludedAt"] as? String), secondStart = try #require(second["firstPublished"] as? String)
            #expect(secondStart >= firstEnd)
            let answer = try #require(try await Self.report(client, "paywall-copy").object()["concluded"] as? [String: Any])
            #expect(answer["concludedAt"] as? String == second["concludedAt"] as? String)
        }
    }

    @Test func aRollbackThatRemovesAnExperimentConcludesIt() async throws {
        try await TestServer.run { client in
            _ = try await client.createApp("fitness")
            let example = try TestServer.example("waypoint.json")
            // Revision 1 has no paywall-copy; revision 2 (the example) has it.
            let withoutPaywall = try DocumentEdits.apply(
                Data(RevisionEditsRouteTests.edits(Self.stopPaywall).utf8), to: try WaypointDocument(validating: example))
            #expect(try await client.upload("fitness", Data(withoutPaywall.text.utf8)).status == .created)
            #expect(try await client.upload("fitness", example).status == .created)
            // Revision 3 says what paywall-copy is for.
            let purpose = #"{"op": "update-experiment", "key": "paywall-copy", "set": {"goal": "paywall", "hypothesis": "Annual first sells more."}}"#
            let described = try await Self.edit(client, base: 2, purpose)
            try await Self.publish(client, 2)
            try await Self.publish(client, described)
            try await Self.publish(client, 1)
            let list = try await Self.experiments(client)
            #expect(list.map { "\($0["key"] ?? "")/\($0["status"] ?? "")" } == ["short-signup/running", "paywall-copy/concluded"])
            let record = try #require(list.last)
            #expect(record["decision"] as? String == "stopped")
            #expect(record["revisions"] as? [Int] == [2, 3])
            #expect(record["goal"] as? String == "paywall")
            #expect(record["hypothesis"] as? String == "Annual first sells more.")
            let report = try await Self.report(client, "paywall-copy").object()
            #expect(report["goal"] as? String == "paywall")
            #expect((report["concluded"] as? [String: Any])?["hypothesis"] as? String == "Annual first sells more.")
            let entry = try #require(try await client.auditLog("?action=revision-rolled-back").entries.first)
            #expect((entry["details"] as? [String: Any])?["conclusions"] as? [String] == ["concludes paywall-copy: stopped"])
        }
    }

    /// The record outlives the server: a new one over the same database answers it the same.
    @Test(arguments: StoreKind.available)
    func theRecordSurvivesARestart(kind: StoreKind) async throws {
        @Sendable func conclude(_ client: some TestClientProtocol) async throws -> (String, String) {
            try await Self.seeded(client)
            try await Self.publish(client, try await Self.edit(client, base: 1, Self.shipShort))
            let report = try await Self.report(client, "short-signup")
            #expect(report.status == .ok)
            let list = try await client.send("/v1/apps/fitness/experiments", headers: TestServer.admin)
            return (report.text, list.text)
        }
        @Sendable func read(_ client: some TestClientProtocol) async throws -> (String, String) {
            let report = try await Self.report(client, "short-signup")
            let list = try await client.send("/v1/apps/fitness/experiments", headers: TestServer.admin)
            return (report.text, list.text)
        }
        let answers = LockedBox<[(String, String)]>([])
        switch kind {
        case .sqlite:
            try await TemporaryFiles.with { directory in
                for restarted in [false, true] {
                    let store = try SQLiteStore(directory: directory)
                    try await TestServer.run(store: store) { client in
                        let answer = restarted ? try await read(client) : try await conclude(client)
                        answers.update { $0.append(answer) }
                    }
                    try await store.close()
                }
            }
        case .postgres:
            let url = try PostgresServer.createDatabase()
            for restarted in [false, true] {
                try await PostgresServer.withStore(url: url) { store in
                    try await TestServer.run(store: store) { client in
                        let answer = restarted ? try await read(client) : try await conclude(client)
                        answers.update { $0.append(answer) }
                    }
                }
            }
        }
        let both = answers.get()
        try #require(both.count == 2)
        #expect(both[0].0.contains(#""concluded":{"#), "\(both[0].0)")
        #expect(both[1].0 == both[0].0)
        #expect(both[1].1 == both[0].1)
        #expect(both[1].1.contains(#""status":"concluded""#))
    }
}
