import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOHTTP1
import Testing
@testable import WaypointServer

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `waypoint-server backup` while a server writes, and a server restored from its copy; and
/// `pg_dump`/`pg_restore` for PostgreSQL.
@Suite("Backups")
struct BackupTests {
    /// What a server answers about the app "fitness": its documents, revisions and exported events.
    struct Answers: Equatable {
        var documents: [String]
        var revisions: String
        var exportedIDs: [String]
    }

    static func answers(port: Int, app: TestApp) async throws -> Answers {
        var documents: [String] = []
        for key in [app.production, app.staging] {
            let answer = try await HTTP.send(port: port, "/v1/document", headers: [("Waypoint-Key", key)])
            documents.append("\(answer.status) \(answer.headers.first(name: "Waypoint-Revision") ?? "-") "
                + "\(answer.headers.first(name: "ETag") ?? "-") \(answer.text)")
        }
        let revisions = try await HTTP.send(port: port, "/v1/apps/fitness/revisions", headers: HTTP.admin)
        return Answers(
            documents: documents, revisions: "\(revisions.status) \(revisions.text)",
            exportedIDs: try await HTTP.exportedMessageIDs(port: port, app: "fitness"))
    }

    /// A real server keeps receiving events while `backup` copies its database; a new server on a
    /// folder holding the copy serves the same documents to the same keys, lists the same revisions,
    /// and exports every event acknowledged before the backup started (and none that never was).
    @Test func aBackupTakenWhileTheServerWritesRestoresEverything() async throws {
        try await TemporaryFiles.with { root in
            let data = root.appendingPathComponent("data")
            let server = try await ServerProcess(["--data", data.path])
            let app = try await HTTP.createApp(port: server.port, "fitness")
            for document in [try TestServer.example("waypoint.json"), try SeedData.withoutRegistration()] {
                let answer = try await HTTP.send(port: server.port, "/v1/apps/fitness/revisions", method: .POST, headers: HTTP.admin, body: document)
                #expect(answer.status == 201)
            }
            for (environment, revision) in [("production", 1), ("staging", 2)] {
                let answer = try await HTTP.send(
                    port: server.port, "/v1/apps/fitness/environments/\(environment)/publish", method: .POST, headers: HTTP.admin,
                    body: Data(#"{"revision":\#(revision)}"#.utf8))
                #expect(answer.status == 200)
            }

            // A writer posts batches until told to stop, recording what was acknowledged.
            let acknowledged = LockedBox<[String]>([])
            let stop = LockedBox(false)
            let writer = Task {
                for batch in 0..<5000 where !stop.get() {
                    let lines = (0..<20).map { SeedData.event("Step Viewed", user: "u\(batch % 50)", at: $0, step: "splash", index: 0) }
                    let key = batch.isMultiple(of: 2) ? app.production : app.staging
                    let answer = try await HTTP.postEvents(port: server.port, key: key, lines: lines)
                    guard answer.status == 200 else { throw TestFailure("events: \(answer.status) \(answer.text)") }
                    let ids = lines.map { line in
                        ((try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any])?["messageId"] as? String ?? ""
                    }
                    acknowledged.update { $0 += ids }
                }
            }
            try await Polling.until("the writer stores events", timeout: .seconds(60), interval: .milliseconds(20)) { acknowledged.get().count >= 200 }
            let beforeBackup = acknowledged.get()
            let copy = root.appendingPathComponent("backups/waypoint-copy.sqlite")
            try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
            let backup = try await StartupRun.run(["--data", data.path, "--to", copy.path], command: ["backup"])
            #expect(backup.status == 0, "\(backup.standardError)")
            #expect(backup.standardError.isEmpty)
            let duringBackup = acknowledged.get().count
            try await Polling.until("the writer goes on after the backup", timeout: .seconds(60), interval: .milliseconds(20)) {
                acknowledged.get().count >= duringBackup + 100
            }
            stop.set(true)
            try await writer.value
            let everything = Set(acknowledged.get())

            // The copy: private, whole, and alone in its folder.
            let attributes = try FileManager.default.attributesOfItem(atPath: copy.path)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
            #expect(try FileManager.default.contentsOfDirectory(atPath: copy.deletingLastPathComponent().path) == ["waypoint-copy.sqlite"])

            let original = try await Self.answers(port: server.port, app: app)
            #expect(Set(original.exportedIDs) == everything)
            _ = server.terminate()

            let restored = root.appendingPathComponent("restored")
            try FileManager.default.createDirectory(at: restored, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: copy, to: restored.appendingPathComponent("waypoint.sqlite"))
            // The audit key, backed up with the data: the restored log verifies with it.
            try FileManager.default.copyItem(at: data.appendingPathComponent("audit.key"), to: restored.appendingPathComponent("audit.key"))
            let verify = try await StartupRun.run(["--data", restored.path], command: ["audit", "verify"])
            #expect(verify.status == 0, "\(verify.standardError)")
            let second = try await ServerProcess(["--data", restored.path])
            let answers = try await Self.answers(port: second.port, app: app)
            #expect(answers.documents == original.documents)
            #expect(answers.documents.allSatisfy { $0.hasPrefix("200 ") })
            #expect(answers.revisions == original.revisions)
            #expect(Set(beforeBackup).isSubset(of: Set(answers.exportedIDs)))
            #expect(Set(answers.exportedIDs).isSubset(of: everything))
            // Nothing stored after the backup ended is in the copy: it is one moment's database. The
            // writer has at most one batch (20 events) stored but not yet acknowledged at any time.
            #expect(answers.exportedIDs.count <= duringBackup + 20)
            #expect(duringBackup < everything.count)
            #expect(Set(answers.exportedIDs).count == answers.exportedIDs.count)
            // The restored server takes new events with the same keys.
            let more = try await HTTP.postEvents(port: second.port, key: app.staging, lines: [SeedData.event("Flow Started", user: "new", at: 0)])
            #expect(more.status == 200)
            _ = second.terminate()
        }
    }

    /// Each failure is one line on standard error with what to do, exit status 1, and no file left.
    @Test func backupFailuresSayWhatToDo() async throws {
        try await TemporaryFiles.with { root in
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            let target = root.appendingPathComponent("copy.sqlite").path
            let missing = try await StartupRun.run(["--data", root.appendingPathComponent("none").path, "--to", target], command: ["backup"])
            missing.expectOneLine(containing: ["There is no database at \(root.path)/none/waypoint.sqlite", "--data"])

            let data = root.appendingPathComponent("data")
            try await SQLiteStore(directory: data).close()
            let folder = try await StartupRun.run(["--data", data.path, "--to", root.path], command: ["backup"])
            folder.expectOneLine(containing: ["\(root.path) is a folder", "--to"])
            let nowhere = try await StartupRun.run(["--data", data.path, "--to", root.path + "/absent/copy.sqlite"], command: ["backup"])
            nowhere.expectOneLine(containing: ["The folder \(root.path)/absent does not exist"])
            let unwritable = try await StartupRun.run(["--data", data.path, "--to", "/proc/waypoint-copy.sqlite"], command: ["backup"])
            unwritable.expectOneLine(containing: ["Cannot write in /proc: ", "Pass --to a file in a folder this user may write."])

            let garbage = root.appendingPathComponent("garbage")
            try FileManager.default.createDirectory(at: garbage, withIntermediateDirectories: true)
            try Data(repeating: 0x41, count: 4096).write(to: garbage.appendingPathComponent("waypoint.sqlite"))
            let notDatabase = try await StartupRun.run(["--data", garbage.path, "--to", target], command: ["backup"])
            notDatabase.expectOneLine(containing: ["Cannot read the database \(garbage.path)/waypoint.sqlite: ", "Waypoint database"])
            #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).sorted() == ["data", "garbage"])
        }
    }

    /// PostgreSQL: `pg_dump --format=custom`, then `pg_restore` into a new, empty database; a server
    /// on it answers as the first did.
    @Test(.enabled(if: PostgresServer.isInstalled, "needs PostgreSQL"))
    func aPgDumpRestoresIntoAFreshDatabase() async throws {
        let running = try PostgresServer.shared()
        let source = try PostgresServer.createDatabase()
        let restored = try PostgresServer.createDatabase()
        let keys = LockedBox<TestApp?>(nil)
        let expected = LockedBox<[String]>([])
        @Sendable func answers(_ client: some TestClientProtocol, _ app: TestApp) async throws -> [String] {
            [
                try await client.document(key: app.production).text, try await client.document(key: app.staging).text,
                try await client.send("/v1/apps/fitness/revisions", headers: TestServer.admin).text,
                try await client.send("/v1/apps/fitness/events?format=jsonl", headers: TestServer.admin).text,
                try await client.send("/v1/apps/fitness/funnel?flow=signup", headers: TestServer.admin).text,
            ]
        }
        try await PostgresServer.withStore(url: source) { store in
            try await TestServer.run(store: store) { client in
                let app = try await client.createApp("fitness")
                #expect(try await client.upload("fitness", try TestServer.example("waypoint.json")).status == .created)
                #expect(try await client.publish("fitness", revision: 1).status == .ok)
                #expect(try await client.postEvents(key: app.production, lines: DashboardPagesTests.inFlightUsers).status == .ok)
                keys.set(app)
                expected.set(try await answers(client, app))
            }
        }
        let dump = running.directory.appendingPathComponent("dump-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: dump) }
        try PostgresServer.run(running.bin.appendingPathComponent("pg_dump"), Self.connection(source) + ["--format=custom", "--file", dump])
        try PostgresServer.run(running.bin.appendingPathComponent("pg_restore"), Self.connection(restored) + ["--no-owner", "--exit-on-error", dump])
        let app = try #require(keys.get())
        try await PostgresServer.withStore(url: restored) { store in
            try await TestServer.run(store: store) { client in
                let answered = try await answers(client, app)
                #expect(answered == expected.get())
                #expect(answered[3].split(separator: "\n").count == DashboardPagesTests.inFlightUsers.count)
            }
        }
    }

    /// `pg_dump`'s connection arguments for a URL made by ``PostgresServer/createDatabase()``.
    static func connection(_ url: String) throws -> [String] {
        let components = try #require(URLComponents(string: url))
        return ["--host", components.host ?? "127.0.0.1", "--port", "\(components.port ?? 5432)", "--username", "postgres",
                "--dbname", String(components.path.dropFirst())]
    }
}
