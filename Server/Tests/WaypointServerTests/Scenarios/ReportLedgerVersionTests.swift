import Foundation
import HTTPTypes
import HummingbirdTesting
import Logging
import Synchronization
import Testing
import WaypointTools
@testable import WaypointServer

/// A ledger built by other report rules is rebuilt from the events when a server starts, and until
/// then reports and event intake answer 503 with why (docs/ARCHITECTURE.md, "The ledger's version").
@Suite("The ledger's version")
struct ReportLedgerVersionTests {
    typealias LedgerStore = TestDatabase

    /// Opens a store on one database twice, as two starts of a server do: `first` fills it, `second`
    /// opens it again.
    static func twoStarts(
        _ kind: StoreKind, first: @Sendable (LedgerStore) async throws -> Void, second: @Sendable (LedgerStore) async throws -> Void
    ) async throws {
        switch kind {
        case .sqlite:
            try await TemporaryFiles.with { directory in
                try await first(try SQLiteStore(directory: directory))
                try await second(try SQLiteStore(directory: directory))
            }
        case .postgres:
            let url = try PostgresServer.createDatabase()
            try await PostgresServer.withStore(url: url) { try await first($0) }
            try await PostgresServer.withStore(url: url) { try await second($0) }
        }
    }

    /// Random users of two revisions posted in random batches, then the reports checked against the export.
    static func fill(_ store: LedgerStore) async throws -> Void {
        try await TestServer.run(store: store) { client in
            let app = try await ReportsEqualTheExportTests.createFuzzApp(client)
            try await ReportsEqualTheExportTests.postRandomUsers(60, seed: 90_210, largestBatch: 80, key: app.production, client)
            try await ReportsEqualTheExportTests.expectReportsEqualTheExport(ReportsEqualTheExportTests.get(client), app: "fuzz", note: "before")
        }
    }

    /// Records `version` as the ledger's and, with `emptied`, drops its sums: what only a rebuild from
    /// the events gives back.
    static func tamper(_ store: LedgerStore, version: Int, emptied: Bool) async throws {
        var queries = [SQLQuery(text: "UPDATE report_ledger SET version = ?", values: [.integer(Int64(version))])]
        if emptied {
            queries += ["contribution_cells", "contribution_cell_changes", "contribution_cell_pages", "contribution_rows"].map {
                SQLQuery(text: "DELETE FROM \($0)", values: [])
            }
        }
        _ = try await store.run(queries)
    }

    static func storedVersion(_ store: LedgerStore) async throws -> Int64? {
        let rows = try await store.run([SQLQuery(text: "SELECT version FROM report_ledger", values: [], columns: [.integer])])
        guard case .integer(let version)? = rows.first?.first?.first ?? nil else { return nil }
        return version
    }

    @Test(arguments: StoreKind.available)
    func aLedgerOfAnEarlierVersionIsRebuiltAtStartAndReportsEqualTheExport(_ kind: StoreKind) async throws {
        let earlier = ReportRules.version - 1
        try await Self.twoStarts(kind) { store in
            try await Self.fill(store)
            try await Self.tamper(store, version: earlier, emptied: true)
            // The server that was running checks the version in each transaction: it stops counting at once.
            await #expect(throws: StoreError.self) {
                _ = try await store.insertEvents([StoreContractTests.event("late")], appID: "fuzz")
            }
        } second: { store in
            #expect(store.reportLedger.phase == .outdated(stored: earlier))
            try await TestServer.run(store: store) { client in
                let ready = try await client.send("/ready")
                #expect(ready.status == .serviceUnavailable)
                #expect(ready.headers[.retryAfter] == "30")
                let reason = try #require(try ready.object()["reason"] as? String)
                #expect(reason.contains("built with report rules version \(earlier) and this server counts with version \(ReportRules.version)"), "\(reason)")
                #expect(reason.contains("apps keep their events and send them again"), "\(reason)")

                let report = try await client.send("/v1/apps/fuzz/funnel?flow=signup", headers: TestServer.admin)
                #expect(report.status == .serviceUnavailable)
                #expect(try report.errorCode() == "reports-rebuilding")
                let erasure = try await client.send("/v1/apps/fuzz/users/u1", .delete, headers: TestServer.admin)
                #expect(erasure.status == .serviceUnavailable, "\(erasure.text)")
                let keys = try await client.send("/v1/apps/fuzz/environments/production/keys", .post, headers: TestServer.admin, json: "{}")
                let key = try #require(try keys.object()["sdkKey"] as? String, "\(keys.text)")
                let refused = try await client.postEvents(key: key, lines: [TestEvents.line("while-rebuilding")])
                #expect(refused.status == .serviceUnavailable)
                #expect(try refused.errorCode() == "reports-rebuilding")
                // What does not read the ledger keeps working: documents and the export.
                #expect(try await client.document(key: key).status == .ok)
                let export = try await client.send("/v1/apps/fuzz/events?format=jsonl", headers: TestServer.admin)
                #expect(export.status == .ok)
                #expect(!export.text.contains("while-rebuilding"))

                let log = RetentionServiceTests.RecordedLog()
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask { try await ReportLedgerService(ledger: store, logger: log.logger).run() }
                    try await Polling.until("the rebuild ends", timeout: .seconds(120)) { store.reportLedger.phase == .current }
                    group.cancelAll()
                }
                let lines = log.lines.withLock { $0 }
                #expect(lines.first?.contains("Rebuilding the report ledger from") == true, "\(lines)")
                #expect(lines.last?.contains("Rebuilt the report ledger with report rules version \(ReportRules.version)") == true, "\(lines)")
                #expect(try await Self.storedVersion(store) == Int64(ReportRules.version))
                #expect(try await client.send("/ready").status == .ok)
                try await ReportsEqualTheExportTests.expectReportsEqualTheExport(
                    ReportsEqualTheExportTests.get(client), app: "fuzz", note: "\(kind) after the rebuild")
                #expect(try await client.postEvents(key: key, lines: [TestEvents.line("after-rebuilding")]).status == .ok)
            }
        }
    }

    @Test(arguments: StoreKind.available)
    func aLedgerOfALaterVersionIsNeitherRebuiltNorRead(_ kind: StoreKind) async throws {
        let later = ReportRules.version + 1
        try await Self.twoStarts(kind) { store in
            try await Self.fill(store)
            try await Self.tamper(store, version: later, emptied: false)
        } second: { store in
            #expect(store.reportLedger.phase == .newer(stored: later))
            try await TestServer.run(store: store) { client in
                let ready = try await client.send("/ready")
                #expect(ready.status == .serviceUnavailable)
                let reason = try #require(try ready.object()["reason"] as? String)
                #expect(reason.contains("report rules version \(later), newer than this server's version \(ReportRules.version)"), "\(reason)")
                #expect(reason.contains("Run that release (or a later one) here."), "\(reason)")
                let report = try await client.send("/v1/apps/fuzz/funnel?flow=signup", headers: TestServer.admin)
                #expect(try report.errorCode() == "reports-rebuilding")
                // A publish that ends an experiment cannot freeze its figures now: 503, and nothing changes.
                let stop = try await client.send(
                    "/v1/apps/fuzz/revisions/2/edits", .post, headers: TestServer.admin,
                    json: #"{"edits": [{"op": "stop-experiment", "key": "short-signup"}]}"#)
                #expect(stop.status == .created, "\(stop.text)")
                let publish = try await client.publish("fuzz", revision: 3)
                #expect(publish.status == .serviceUnavailable, "\(publish.text)")
                #expect(try publish.errorCode() == "reports-rebuilding", "\(publish.text)")
                let listed = try await client.send("/v1/apps/fuzz/experiments?environment=production", headers: TestServer.admin)
                let experiments = try #require(try listed.object()["experiments"] as? [[String: Any]], "\(listed.text)")
                #expect(experiments.map { "\($0["key"] ?? "")/\($0["status"] ?? "")" } == ["short-signup/running", "welcome-copy/running"], "\(listed.text)")
            }
            // The service leaves it as it is: a later release's sums are not this one's to change.
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { try await ReportLedgerService(ledger: store, logger: Logger(label: "ledger-tests")).run() }
                try await Task.sleep(for: .milliseconds(300))
                group.cancelAll()
            }
            #expect(try await Self.storedVersion(store) == Int64(later))
            #expect(store.reportLedger.phase == .newer(stored: later))
        }
    }

    /// A new database is built by every version: it opens current, and a database of the release
    /// before the version existed (events stored, no version row) is recorded as version 1.
    @Test(arguments: StoreKind.available)
    func theMigrationRecordsWhichRulesBuiltTheLedger(_ kind: StoreKind) async throws {
        try await Self.twoStarts(kind) { store in
            #expect(store.reportLedger.phase == .current)
            #expect(try await Self.storedVersion(store) == Int64(ReportRules.version))
            try await StoreContractTests.makeApp(store, "a")
            _ = try await store.insertEvents([StoreContractTests.event("e1", user: "u1")], appID: "a")
            // As the release before this step left it: the step not applied, the table missing.
            let undo: [SQLQuery] = switch store.dialect {
            case .sqlite: [SQLQuery(text: "DELETE FROM grdb_migrations WHERE identifier = ?", values: [.text("12-" + StoreSchema.reportLedgerStepName)])]
            case .postgres: [SQLQuery(text: StoreMigrations.forgettingPostgres(from: "12-" + StoreSchema.reportLedgerStepName), values: [])]
            }
            _ = try await store.run(undo + [SQLQuery(text: "DROP TABLE report_ledger", values: [])])
        } second: { store in
            let version = try await Self.storedVersion(store)
            #expect(version == 1)
            #expect(store.reportLedger.phase == (ReportRules.version == 1 ? .current : .outdated(stored: 1)))
        }
    }
}
