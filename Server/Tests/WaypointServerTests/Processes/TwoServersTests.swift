import Foundation
import NIOCore
import NIOHTTP1
import Testing

/// Two server processes on one PostgreSQL database, as behind a load balancer.
@Suite("Two servers, one PostgreSQL", .enabled(if: PostgresServer.isInstalled, Comment(rawValue: PostgresServer.notInstalledMessage)))
struct TwoServersTests {
    @Test func eventsAreStoredOnceAndPublishingThroughOneIsServedByTheOther() async throws {
        let url = try PostgresServer.createDatabase()
        // Started together on an empty database: the migration runs once.
        async let startFirst = ServerProcess(["--database", url])
        async let startSecond = ServerProcess(["--database", url])
        let (first, second) = try await (startFirst, startSecond)

        let app = try await HTTP.createApp(port: first.port, "shared")
        let conflict = try await HTTP.send(port: second.port, "/v1/apps", method: .POST, headers: HTTP.admin,
                                           body: Data(#"{"id":"shared","name":"Again"}"#.utf8))
        #expect(conflict.status == 409)

        // The same batches, posted to both servers at once.
        let batches = (0..<20).map { batch in (0..<50).map { TestEvents.line("b\(batch)-\($0)", user: "u\($0 % 5)", at: $0) } }
        let totals = try await withThrowingTaskGroup(of: (Int, Int).self) { group in
            for lines in batches {
                for port in [first.port, second.port] {
                    group.addTask {
                        let answer = try await HTTP.postEvents(port: port, key: app.production, lines: lines)
                        let object = try answer.object()
                        return (object["accepted"] as? Int ?? -1, object["duplicates"] as? Int ?? -1)
                    }
                }
            }
            return try await group.reduce(into: (0, 0)) { $0.0 += $1.0; $0.1 += $1.1 }
        }
        #expect(totals.0 == 1000)
        #expect(totals.1 == 1000)
        let exported = try await HTTP.exportedMessageIDs(port: second.port, app: "shared")
        #expect(exported.count == 1000)
        #expect(Set(exported).count == 1000)

        // Published through the first, served by the second.
        let document = try TestServer.example("waypoint.json")
        let upload = try await HTTP.send(port: first.port, "/v1/apps/shared/revisions", method: .POST, headers: HTTP.admin, body: document)
        #expect(upload.status == 201)
        let publish = try await HTTP.send(port: first.port, "/v1/apps/shared/environments/production/publish", method: .POST,
                                          headers: HTTP.admin, body: Data(#"{"revision":1}"#.utf8))
        #expect(publish.status == 200)
        let served = try await HTTP.send(port: second.port, "/v1/document", headers: [("Waypoint-Key", app.production)])
        #expect(served.status == 200)
        #expect(served.body == document)
        #expect(first.terminate() == 0)
        #expect(second.terminate() == 0)
    }

    /// Both servers take batches of the same users at once; the reports either answers equal the
    /// reports over the export (one user's contribution is recomputed at a time, across processes).
    @Test func reportsStayEqualToTheExportWhenBothServersTakeTheSameUsers() async throws {
        let url = try PostgresServer.createDatabase()
        async let startFirst = ServerProcess(["--database", url])
        async let startSecond = ServerProcess(["--database", url])
        let (first, second) = try await (startFirst, startSecond)
        let app = try await HTTP.createApp(port: first.port, "shared")
        for revision in [1, 2] {
            let upload = try await HTTP.send(port: first.port, "/v1/apps/shared/revisions", method: .POST, headers: HTTP.admin,
                                             body: Data(RandomEvents.document(revision: revision).utf8))
            try #require(upload.status == 201, "\(upload.text)")
        }
        let publish = try await HTTP.send(port: first.port, "/v1/apps/shared/environments/production/publish", method: .POST,
                                          headers: HTTP.admin, body: Data(#"{"revision":2}"#.utf8))
        #expect(publish.status == 200)

        var random = RandomEvents(seed: 99)
        let users = (0..<60).map { random.user($0) }
        // Each user's events in three batches; every batch goes to both servers at once, so the same
        // users (and the same events, as duplicates) arrive through two processes concurrently.
        var batches: [[String]] = [[], [], []]
        for lines in users { for (index, line) in lines.enumerated() { batches[index % 3].append(line) } }
        try await withThrowingTaskGroup(of: Int.self) { group in
            for batch in batches {
                for chunk in stride(from: 0, to: batch.count, by: 100).map({ Array(batch[$0..<min($0 + 100, batch.count)]) }) {
                    for port in [first.port, second.port] {
                        group.addTask { try await HTTP.postEvents(port: port, key: app.production, lines: chunk).status }
                    }
                }
            }
            for try await status in group { #expect(status == 200) }
        }
        func get(_ port: Int) -> ReportsEqualTheExportTests.Get {
            { path in
                let answer = try await HTTP.send(port: port, path, headers: HTTP.admin, timeout: .seconds(60))
                return (answer.status, answer.text)
            }
        }
        try await ReportsEqualTheExportTests.expectReportsEqualTheExport(get(second.port), app: "shared", note: "two servers", read: get(first.port))
        #expect(first.terminate() == 0)
        #expect(second.terminate() == 0)
    }
}
