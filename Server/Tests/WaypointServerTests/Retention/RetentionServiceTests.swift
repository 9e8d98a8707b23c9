import Foundation
import Logging
import Synchronization
import Testing
@testable import WaypointServer

/// `--retention-days N`: the service's passes, on a fixed clock, with waits that return at once.
@Suite("Retention")
struct RetentionServiceTests {
    /// The log lines a logger wrote, for checking what a pass says.
    final class RecordedLog: Sendable {
        let lines = Mutex<[String]>([])

        var logger: Logger {
            Logger(label: "retention-tests") { _ in Handler(log: self) }
        }

        struct Handler: LogHandler {
            let log: RecordedLog
            var metadata: Logger.Metadata = [:]
            var logLevel: Logger.Level = .info

            subscript(metadataKey key: String) -> Logger.Metadata.Value? {
                get { metadata[key] }
                set { metadata[key] = newValue }
            }

            func log(event: LogEvent) {
                log.lines.withLock { $0.append("\(event.level): \(event.message)") }
            }
        }
    }

    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let day: Int64 = 86_400_000

    static func event(_ id: String, daysAgo: Double) -> StoredEvent {
        let time = Int64(now.timeIntervalSince1970 * 1000) - Int64(daysAgo * Double(day))
        return StoredEvent(messageID: id, userID: "u", flowID: "signup", timestamp: time, environment: "production", receivedAt: 1, line: id)
    }

    /// The service waits a minute, deletes what is older than N days, then every hour; it ends when
    /// its wait is cancelled. Events delivered between two passes are judged at the next.
    @Test(arguments: StoreKind.available)
    func passesDeleteEventsOlderThanTheRetentionHourly(kind: StoreKind) async throws {
        try await kind.withStore { store in
            try await StoreContractTests.makeApp(store, "fitness")
            _ = try await store.insertEvents(
                [Self.event("old", daysAgo: 30.5), Self.event("edge", daysAgo: 29.9), Self.event("new", daysAgo: 1)], appID: "fitness")
            let log = RecordedLog()
            let waits = LockedBox<[Duration]>([])
            let service = try RetentionService(events: store, audit: store.audit, days: 30, logger: log.logger, now: { Self.now }) { duration in
                waits.update { $0.append(duration) }
                let count = waits.get().count
                if count == 2 {
                    _ = try await store.insertEvents([Self.event("late", daysAgo: 31), Self.event("recent", daysAgo: 2)], appID: "fitness")
                }
                if count == 3 { throw CancellationError() }
            }
            try await service.run()
            #expect(waits.get() == [.seconds(60), .seconds(3600), .seconds(3600)])
            #expect(try await StoreContractTests.allLines(store, appID: "fitness") == ["edge", "new", "recent"])
            #expect(log.lines.withLock { $0 } == [
                "info: retention: deleted 1 event older than 30 days (before 2026-12-16T08:00:00.000Z)",
                "info: retention: deleted 1 event older than 30 days (before 2026-12-16T08:00:00.000Z)",
            ])
        }
    }

    @Test func aFailingStoreIsLoggedAndTheServiceGoesOn() async throws {
        let log = RecordedLog()
        let service = try RetentionService(events: Failing(), audit: UnusedAudit(), days: 1, logger: log.logger, now: { Self.now })
        #expect(await service.deleteExpired() == nil)
        let lines = log.lines.withLock { $0 }
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("error: retention: could not delete the events before 2027-01-14T08:00:00.000Z: Unknown()") == true)
        #expect(lines.first?.hasSuffix("; the next pass, in an hour, tries again") == true)
    }

    @Test(arguments: [0, -1, 36_601, Int.max])
    func aRetentionOutsideOneDayToAHundredYearsIsRefused(days: Int) throws {
        let error = try #require(throws: ConfigurationError.self) { try RetentionService.validate(days: days) }
        #expect(error.description == "--retention-days must be a whole number of days from 1 to 36600, such as 30 (it is \(days)); "
            + "leave it out to keep events forever.")
    }

    /// `serve --retention-days 0` is one line on standard error and exit status 1.
    @Test func theServerRefusesABadRetentionAtStart() async throws {
        try await TemporaryFiles.with { directory in
            let outcome = try await StartupRun.run(["--data", directory.path, "--retention-days", "0"])
            outcome.expectOneLine(containing: ["--retention-days must be a whole number of days from 1 to 36600", "(it is 0)"])
        }
    }
}

/// An audit log no call should reach: a pass that deleted nothing records nothing.
struct UnusedAudit: AuditRepository {
    func appendAudit(_ entry: AuditEntry) async throws {
        Issue.record("an audit entry was appended: \(entry.action)")
    }

    func auditEntries(_ query: AuditQuery) async throws -> AuditPage {
        Issue.record("the audit log was read")
        throw Failing.Unknown()
    }
}
