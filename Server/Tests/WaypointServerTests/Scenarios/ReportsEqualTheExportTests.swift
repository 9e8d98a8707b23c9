import Foundation
import HummingbirdTesting
import Testing
import Waypoint
import WaypointTools
@testable import WaypointServer

/// The server's reports equal, byte for byte, the CLI's reports over the server's own export, after
/// random batches, duplicate and out-of-order deliveries, users split across batches, and erasures
/// (docs/ARCHITECTURE.md, "Reports at scale").
@Suite("Reports equal the export")
struct ReportsEqualTheExportTests {
    /// Scopes of the flow report, as query parameters.
    static let flowScopes = [
        "", "&by=variation", "&revision=1", "&revision=2&by=variation&experiment=short-signup",
        "&since=2026-11-02", "&since=2026-11-02T10:30:00Z&until=2026-11-04T07:00:00.500Z&by=variation",
        "&revision=1&until=2026-11-03", "&environment=production&since=2026-11-01T12:00:00Z",
    ]
    /// Scopes of the walkthrough and experiment reports.
    static let otherScopes = ["", "&revision=2", "&since=2026-11-02T10:30:00Z&until=2026-11-04"]
    static let goals = ["$complete", "plan", "plan:annual"]

    /// Query parameters as a dictionary.
    static func parameters(_ query: String) -> [String: String] {
        var result: [String: String] = [:]
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2 { result[parts[0]] = parts[1] }
        }
        return result
    }

    static func scope(_ parameters: [String: String]) throws -> ReportScope {
        try ReportScope.parse(
            environment: parameters["environment"], revision: parameters["revision"], since: parameters["since"],
            until: parameters["until"], experiment: parameters["experiment"])
    }

    /// An admin's GET: the status and the body.
    typealias Get = @Sendable (String) async throws -> (status: Int, text: String)

    static func get(_ client: any TestClientProtocol) -> Get {
        { path in
            let answer = try await client.send(path, headers: TestServer.admin)
            return (Int(answer.status.code), answer.text)
        }
    }

    /// Every report the server answers, compared with the same report over its export (read through `read`).
    static func expectReportsEqualTheExport(_ get: @escaping Get, app: String, note: String, read: Get? = nil) async throws {
        let export = try await (read ?? get)("/v1/apps/\(app)/events?format=jsonl")
        try #require(export.status == 200)
        let lines = export.text.split(separator: "\n").map(String.init)
        let documents = try [1, 2].map { try WaypointDocument(validating: Data(RandomEvents.document(revision: $0).utf8)) }
        func document(_ parameters: [String: String]) -> WaypointDocument { documents[(parameters["revision"].flatMap(Int.init) ?? 2) - 1] }

        for query in flowScopes {
            let parameters = Self.parameters(query)
            let answer = try await get("/v1/apps/\(app)/funnel?flow=signup" + query)
            let expected = try Funnel.compute(
                jsonLines: Data((lines.joined(separator: "\n") + "\n").utf8),
                query: FunnelQuery(flowID: "signup", groupByVariation: parameters["by"] == "variation", document: document(parameters),
                                   scope: try scope(parameters)))
            #expect(answer.status == 200, "\(note) funnel\(query): \(answer.text)")
            #expect(answer.text == String(decoding: expected.jsonData(), as: UTF8.self) + "\n", "\(note) funnel\(query)")
        }
        for query in otherScopes {
            let parameters = Self.parameters(query)
            let answer = try await get("/v1/apps/\(app)/walkthroughs/tour/report?by=variation" + query)
            var expected = try WalkthroughReport.compute(
                lines: lines, query: WalkthroughQuery(
                    walkthroughID: "tour", groupByVariation: true,
                    declaredSteps: document(parameters).reportedStepIDs(ofWalkthrough: "tour"), scope: try scope(parameters)))
            expected.events = lines.count
            #expect(answer.status == 200, "\(note) walkthrough\(query): \(answer.text)")
            #expect(answer.text == String(decoding: expected.jsonData(), as: UTF8.self) + "\n", "\(note) walkthrough\(query)")
            for goal in goals {
                let answer = try await get("/v1/apps/\(app)/experiments/short-signup?goal=\(goal)" + query)
                var expected = try ExperimentReport.compute(
                    lines: lines, query: ExperimentQuery(experiment: "short-signup", goal: ExperimentGoal(goal), scope: try scope(parameters)),
                    document: document(parameters))
                expected.events = lines.count
                #expect(answer.status == 200, "\(note) experiment \(goal)\(query): \(answer.text)")
                #expect(answer.text == String(decoding: expected.jsonData(), as: UTF8.self) + "\n", "\(note) experiment \(goal)\(query)")
            }
        }
    }

    @Test(arguments: StoreKind.available)
    func afterRandomBatchesDuplicatesAndErasures(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            try await TestServer.run(store: store) { client in
                let app = try await client.createApp("fuzz")
                for revision in [1, 2] {
                    let upload = try await client.upload("fuzz", Data(RandomEvents.document(revision: revision).utf8))
                    try #require(upload.status == .created, "\(upload.text)")
                }
                #expect(try await client.publish("fuzz", revision: 2).status == .ok)
                var random = RandomEvents(seed: 2_711)
                let users = (0..<160).map { random.user($0) }
                // Every line once, in random batches across users; a batch in seven is sent twice.
                var pending = users.flatMap { $0 }
                pending.shuffle(using: &random)
                var batches: [[String]] = []
                while !pending.isEmpty {
                    let size = min(pending.count, random.int(1...100))
                    batches.append(Array(pending.prefix(size)))
                    pending.removeFirst(size)
                }
                for (number, batch) in batches.enumerated() {
                    let answer = try await client.postEvents(key: app.production, lines: batch)
                    #expect(answer.status == 200, "\(answer.text)")
                    if number % 7 == 3 { _ = try await client.postEvents(key: app.production, lines: batch) }
                    if number == batches.count / 2 {
                        try await Self.expectReportsEqualTheExport(Self.get(client), app: "fuzz", note: "\(kind) halfway")
                        for erased in ["u3", "u40", "u77"] {
                            let erasure = try await client.send("/v1/apps/fuzz/users/\(erased)", .delete, headers: TestServer.admin)
                            #expect(erasure.status == .ok || erasure.status == .noContent, "\(erasure.text)")
                        }
                    }
                }
                try await Self.expectReportsEqualTheExport(Self.get(client), app: "fuzz", note: "\(kind) at the end")
            }
        }
    }
}
