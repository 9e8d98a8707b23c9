import Foundation
import GRDB
import Testing
@testable import WaypointServer

/// `waypoint-server audit verify`: its words and exit status for an intact log, an altered one,
/// and one it cannot check.
@Suite("audit verify")
struct AuditVerifyCommandTests {
    @Test func verifyTellsIntactOrNamesTheAlteredEntry() async throws {
        try await TemporaryFiles.with { directory in
            let data = directory.appendingPathComponent("data")
            let store = try SQLiteStore(directory: data)
            for minute in 0..<3 { try await store.audit.appendAudit(StoreContractTests.auditEntry(.keyRotated, minutes: Double(minute))) }
            try await store.close()
            let server = try ServerProcess.executable().path

            let intact = try await Program.run(server, ["audit", "verify", "--data", data.path], timeout: .seconds(20))
            #expect(intact.status == 0, "\(intact.output)")
            #expect(intact.output.hasPrefix("audit log intact: 3 entries\n"), "\(intact.output)")

            let queue = try DatabaseQueue(path: data.appendingPathComponent("waypoint.sqlite").path)
            try await queue.write { db in
                try db.execute(sql: "DROP TRIGGER audit_log_no_update")
                try db.execute(sql: #"UPDATE audit_log SET details = '{"deletedEvents":0}' WHERE seq = 2"#)
            }
            try queue.close()
            let altered = try await Program.run(server, ["audit", "verify", "--data", data.path], timeout: .seconds(20))
            #expect(altered.status == 1, "\(altered.output)")
            #expect(altered.output.hasPrefix("audit log altered: entry #2 does not verify"), "\(altered.output)")
            #expect(altered.output.contains("To proceed:"))

            // Without the key, nothing can be checked: status 2, and how to give it.
            try FileManager.default.removeItem(at: data.appendingPathComponent("audit.key"))
            let noKey = try await Program.run(server, ["audit", "verify", "--data", data.path], timeout: .seconds(20))
            #expect(noKey.status == 2, "\(noKey.output)")
            #expect(noKey.output.contains("audit.key does not exist: verifying needs the key the server chained the log with"), "\(noKey.output)")
        }
    }
}
