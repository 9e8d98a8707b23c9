import Foundation
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
}
