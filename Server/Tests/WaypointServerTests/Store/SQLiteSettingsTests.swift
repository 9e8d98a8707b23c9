import Foundation
import GRDB
import Testing
@testable import WaypointServer

/// The settings every SQLite connection of the store runs with, writer and readers alike: what
/// durability, erasure and ingestion rely on (Server/README.md, "Durability").
@Suite("SQLite settings")
struct SQLiteSettingsTests {
    struct Setting: Sendable, CustomTestStringConvertible {
        var pragma: String
        var expected: String
        var testDescription: String { "\(pragma) = \(expected)" }
    }

    static let settings = [
        Setting(pragma: "journal_mode", expected: "wal"),
        // 2 is FULL: the log is fsynced at every commit.
        Setting(pragma: "synchronous", expected: "2"),
        Setting(pragma: "secure_delete", expected: "1"),
        Setting(pragma: "wal_autocheckpoint", expected: "\(SQLiteStore.checkpointPages)"),
    ]

    @Test(arguments: settings)
    func everyConnectionHas(_ setting: Setting) async throws {
        try await TemporaryFiles.with { directory in
            let store = try SQLiteStore(directory: directory)
            let written = try await store.pool.write { db in try String.fetchOne(db, sql: "PRAGMA \(setting.pragma)") }
            let read = try await store.pool.read { db in try String.fetchOne(db, sql: "PRAGMA \(setting.pragma)") }
            #expect(written == setting.expected, "the writer")
            #expect(read == setting.expected, "a reader")
            try await store.close()
        }
    }
}
