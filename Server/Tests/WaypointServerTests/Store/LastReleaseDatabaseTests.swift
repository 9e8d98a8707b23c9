import Foundation
import GRDB
import HTTPTypes
import Synchronization
import HummingbirdTesting
import Logging
import Testing
import WaypointTools
@testable import WaypointServer

/// A database made by the last release opens unchanged in this one and answers as it did, on both
/// stores: its apps, keys, revisions, events, audit log and reports (docs/ARCHITECTURE.md, "Migrations").
///
/// The fixtures under `Fixtures/` are dumps of databases that release made (`sqlite3 .dump`,
/// `pg_dump --inserts`), with the tests' audit key. `WAYPOINT_RECORD_RELEASE_DATABASES=1 swift test
/// --filter LastReleaseDatabaseTests` records them again with this build, which is what to do when
/// a release is cut.
@Suite("A database of the last release")
struct LastReleaseDatabaseTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    static var recording: Bool { ProcessInfo.processInfo.environment["WAYPOINT_RECORD_RELEASE_DATABASES"] == "1" }

    static func dump(_ kind: StoreKind) -> URL { fixtures.appendingPathComponent("last-release.\(kind.rawValue).sql") }
    /// The production SDK key of the fixture's app (a test key, never used elsewhere).
    static func keyFile(_ kind: StoreKind) -> URL { fixtures.appendingPathComponent("last-release.\(kind.rawValue).key") }

    /// What the release stored: app `fuzz` with both revisions, revision 2 published, random users'
    /// events, an erased user and a rotated staging key; returns the production key.
    static func fill(_ store: TestDatabase) async throws -> String {
        let key = Mutex("")
        try await TestServer.run(store: store) { client in
            let app = try await ReportsEqualTheExportTests.createFuzzApp(client)
            key.withLock { $0 = app.production }
            try await ReportsEqualTheExportTests.postRandomUsers(16, seed: 4_242, largestBatch: 60, key: app.production, client)
            #expect(try await client.send("/v1/apps/fuzz/users/u7", .delete, headers: TestServer.admin).status == .ok)
            let rotated = try await client.send("/v1/apps/fuzz/environments/staging/keys", .post, headers: TestServer.admin, json: "{}")
            #expect(rotated.status == .ok || rotated.status == .created, "\(rotated.text)")
        }
        return key.withLock { $0 }
    }

    /// Records the fixtures with this build.
    static func record(_ kind: StoreKind) async throws {
        switch kind {
        case .sqlite:
            try await TemporaryFiles.with { directory in
                let key = try await fill(try SQLiteStore(directory: directory, auditKey: try TestServer.auditKey()))
                try key.write(to: keyFile(.sqlite), atomically: true, encoding: .utf8)
                let process = Process()
                process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
                process.arguments = [directory.appendingPathComponent("waypoint.sqlite").path, ".dump"]
                let pipe = Pipe()
                process.standardOutput = pipe
                try process.run()
                let data = pipe.fileHandleForReading.readDataToEndOfFile()
                process.waitUntilExit()
                try data.write(to: dump(.sqlite), options: .atomic)
            }
        case .postgres:
            let url = try PostgresServer.createDatabase()
            let key = try await PostgresServer.withStore(url: url) { try await fill($0) }
            try key.write(to: keyFile(.postgres), atomically: true, encoding: .utf8)
            // Without the `\\restrict` fence of recent versions, which older `psql`s do not know.
            let text = try PostgresServer.dump(url: url).split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.hasPrefix("\\restrict") && !$0.hasPrefix("\\unrestrict") }.joined(separator: "\n")
            try Data(text.utf8).write(to: dump(.postgres), options: .atomic)
        }
    }

    @Test(arguments: StoreKind.available)
    func aDatabaseOfTheLastReleaseOpensAndAnswers(_ kind: StoreKind) async throws {
        if Self.recording { try await Self.record(kind) }
        let key = try String(contentsOf: Self.keyFile(kind), encoding: .utf8)
        let dump = try String(contentsOf: Self.dump(kind), encoding: .utf8)
        @Sendable func check(_ store: TestDatabase) async throws {
            // A ledger of other rules is rebuilt first, as at a server's start.
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { try await ReportLedgerService(ledger: store, logger: Logger(label: "release-tests")).run() }
                try await Polling.until("the ledger is current", timeout: .seconds(60)) { store.reportLedger.phase == .current }
                group.cancelAll()
            }
            try await TestServer.run(store: store) { client in
                #expect(try await client.send("/ready").status == .ok)
                let document = try await client.document(key: key)
                #expect(document.status == .ok)
                #expect(document.headers[.init("Waypoint-Revision")!] == "2")
                let export = try await client.send("/v1/apps/fuzz/events?format=jsonl", headers: TestServer.admin)
                #expect(!export.text.contains("\"userId\":\"u7\""))
                #expect(export.text.split(separator: "\n").count > 50)
                try await ReportsEqualTheExportTests.expectReportsEqualTheExport(
                    ReportsEqualTheExportTests.get(client), app: "fuzz", note: "\(kind)", welcomeCopy: false)
                // It takes events as before.
                #expect(try await client.postEvents(key: key, lines: [TestEvents.line("after-upgrade")]).status == .ok)
                // The release's audit log reads on: its entries, newest first.
                let audit = try await client.auditLog()
                #expect(audit.entries.map { $0["action"] as? String } == [
                    "key-rotated", "user-erased", "revision-published", "revision-uploaded", "revision-uploaded", "app-created",
                ])
            }
        }
        switch kind {
        case .sqlite:
            try await TemporaryFiles.with { directory in
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                let path = directory.appendingPathComponent("waypoint.sqlite").path
                let queue = try DatabaseQueue(path: path)
                try await queue.writeWithoutTransaction { db in try db.execute(sql: dump) }
                try queue.close()
                let store = try SQLiteStore(directory: directory, auditKey: try TestServer.auditKey())
                try await check(store)
                try await store.close()
                let verified = try await AuditVerification.verify(data: directory, key: try TestServer.auditKey())
                #expect(verified.isIntact, "\(verified.message)")
                // Its schema is now a new database's.
                let fresh = directory.appendingPathComponent("fresh")
                try await SQLiteStore(directory: fresh).close()
                #expect(try StoreSchemaTests.sqliteCatalog(path) == StoreSchemaTests.sqliteCatalog(fresh.appendingPathComponent("waypoint.sqlite").path))
            }
        case .postgres:
            let url = try PostgresServer.createDatabase()
            try PostgresServer.load(url: url, sql: dump)
            try await PostgresServer.withStore(url: url) { try await check($0) }
            var logger = Logger(label: "release-tests")
            logger.logLevel = .warning
            let verified = try await AuditVerification.verify(database: url, key: try TestServer.auditKey(), logger: logger)
            #expect(verified.isIntact, "\(verified.message)")
            let fresh = try PostgresServer.createDatabase()
            try await PostgresServer.withStore(url: fresh) { _ in }
            #expect(try PostgresServer.schema(url: url) == PostgresServer.schema(url: fresh))
        }
    }
}
