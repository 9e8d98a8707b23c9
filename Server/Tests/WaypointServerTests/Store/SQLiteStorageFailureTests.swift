import Foundation
import GRDB
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import WaypointServer

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SQLite that cannot store: a full disk and a database made read-only while the server runs. The
/// API answers 503 with `Retry-After` (apps keep their events), nothing is half-written, `/ready`
/// says why, and storing works again by itself once the cause is gone.
@Suite("SQLite storage failures")
struct SQLiteStorageFailureTests {
    /// Batches of `size` events, `m<batch>-<index>`.
    static func batch(_ number: Int, size: Int) -> [String] {
        (0..<size).map { TestEvents.line("m\(number)-\($0)", user: "user-\(number)-\($0)", at: $0 % 3600) }
    }

    @Test func aFullDiskAnswers503WithRetryAfterWritesNothingHalfAndRecoversOnceThereIsRoom() async throws {
        try await TemporaryFiles.with { directory in
            // A database capped at 200 pages (800 KiB) fills as a full disk does: SQLITE_FULL.
            let store = try SQLiteStore(directory: directory, maxPageCount: 200)
            try await TestServer.run(store: store) { client in
                let app = try await client.createApp("fitness")
                var stored: [Int] = []
                var refused: Int?
                for number in 0..<60 where refused == nil {
                    let response = try await client.postEvents(key: app.production, lines: Self.batch(number, size: 100))
                    if response.status == .ok {
                        stored.append(number)
                    } else {
                        #expect(response.status == .serviceUnavailable, "\(response.status): \(response.text)")
                        #expect(response.headers[.retryAfter] == "60")
                        #expect(try response.errorCode() == "storage-full")
                        let message = (try response.object()["error"] as? [String: Any])?["message"] as? String ?? ""
                        #expect(message.contains("is full"), "\(message)")
                        #expect(message.contains("Free space"), "\(message)")
                        refused = number
                    }
                }
                let full = try #require(refused, "the database never filled up")
                #expect(stored.count > 2)

                // Nothing of the refused batch is stored; every accepted batch is, whole.
                var exported = try await Self.exportedIDs(client)
                #expect(exported.filter { $0.hasPrefix("m\(full)-") }.isEmpty)
                #expect(exported.count == stored.count * 100)

                // What room is left takes single events, until not even one fits: the database is full.
                var singles = 0
                for single in 0..<2000 {
                    let response = try await client.postEvents(key: app.production, lines: [TestEvents.line("s\(single)", user: "single-\(single)")])
                    guard response.status == .ok else {
                        #expect(response.status == .serviceUnavailable)
                        break
                    }
                    singles += 1
                }
                exported = try await Self.exportedIDs(client)
                #expect(exported.count == stored.count * 100 + singles)

                let ready = try await client.send("/ready")
                #expect(ready.status == .serviceUnavailable)
                let reason = try #require(try ready.object()["reason"] as? String)
                #expect(reason.contains("reached its size limit of 200 pages"), "\(reason)")
                #expect(reason.contains("Delete old events"), "\(reason)")
                #expect(try await client.send("/health").status == .ok)

                // Room is made (old events deleted by another connection): storing works again.
                let queue = try DatabaseQueue(path: directory.appendingPathComponent("waypoint.sqlite").path)
                try await queue.write { db in
                    try db.execute(sql: "DELETE FROM events WHERE message_id LIKE 'm0-%' OR message_id LIKE 'm1-%' OR message_id LIKE 'm2-%' OR message_id LIKE 'm3-%'")
                }
                try queue.close()
                #expect(try await client.send("/ready").status == .ok)
                let again = try await client.postEvents(key: app.production, lines: Self.batch(full, size: 100))
                #expect(again.status == .ok, "\(again.text)")
                #expect(try await Self.exportedIDs(client).filter { $0.hasPrefix("m\(full)-") }.count == 100)
            }
        }
    }

    @Test func aDatabaseMadeReadOnlyWhileRunningAnswers503AndRecovers() async throws {
        try await TemporaryFiles.with { directory in
            let store = try SQLiteStore(directory: directory)
            try await TestServer.run(store: store) { client in
                let app = try await client.createApp("fitness")
                #expect(try await client.postEvents(key: app.production, lines: Self.batch(0, size: 10)).status == .ok)
                // An open file stays writable after chmod, for any user; the immutable attribute
                // stops writes through open files too, even root's (as a disk remounted read-only does).
                let files = ["waypoint.sqlite", "waypoint.sqlite-wal"].map { directory.appendingPathComponent($0).path }
                guard Self.chattr("+i", files) else {
                    print("note: read-only at run time not exercised: `chattr +i` is not permitted here (it needs root or CAP_LINUX_IMMUTABLE on ext4/xfs/btrfs)")
                    return
                }
                defer { _ = Self.chattr("-i", files) }
                let refused = try await client.postEvents(key: app.production, lines: Self.batch(1, size: 10))
                #expect(refused.status == .serviceUnavailable, "\(refused.text)")
                #expect(refused.headers[.retryAfter] == "10")
                #expect(try refused.errorCode() == "storage-unavailable")
                let ready = try await client.send("/ready")
                #expect(ready.status == .serviceUnavailable)
                let reason = try #require(try ready.object()["reason"] as? String)
                #expect(reason.contains("SQLite"), "\(reason)")
                #expect(try await client.send("/health").status == .ok)

                #expect(Self.chattr("-i", files))
                #expect(try await client.send("/ready").status == .ok)
                #expect(try await client.postEvents(key: app.production, lines: Self.batch(1, size: 10)).status == .ok)
                let exported = try await Self.exportedIDs(client)
                #expect(exported.count == 20)
            }
        }
    }

    /// `chattr FLAG FILES`; whether it succeeded.
    static func chattr(_ flag: String, _ paths: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/chattr")
        process.arguments = [flag] + paths
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/chattr"), (try? ProcessLaunch.run(process)) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    static func exportedIDs(_ client: any TestClientProtocol) async throws -> [String] {
        let export = try await client.send("/v1/apps/fitness/events?format=jsonl", headers: TestServer.admin)
        try #require(export.status == .ok, "\(export.text)")
        return export.text.split(separator: "\n").compactMap { line in
            ((try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any])?["messageId"] as? String
        }
    }
}
