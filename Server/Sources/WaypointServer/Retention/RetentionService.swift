import Foundation
import Logging
import ServiceLifecycle
import Waypoint
import WaypointTools

/// `--retention-days N`: deletes the events whose time is more than N days ago, a minute after the
/// server starts and then every hour, in every app and environment (docs/ARCHITECTURE.md,
/// "Operating the server").
///
/// Run by the server's service group, it stops at graceful shutdown. Its clock is injected: `now`
/// says what time it is and `sleep` waits, so tests run passes without waiting.
public struct RetentionService: Service {
    /// The longest retention accepted, in days (a little over 100 years).
    public static let maximumDays = 36_600

    /// The wait before the first pass: the store's migrations run first.
    public static let firstDelay: Duration = .seconds(60)

    /// The wait between two passes.
    public static let interval: Duration = .seconds(3600)

    let events: any EventRepository
    let audit: any AuditRepository
    let days: Int
    let logger: Logger
    let now: @Sendable () -> Date
    let sleep: @Sendable (Duration) async throws -> Void

    /// Throws a ``ConfigurationError`` saying what to pass unless `days` is 1 to ``maximumDays``.
    public static func validate(days: Int) throws {
        guard (1...maximumDays).contains(days) else {
            throw ConfigurationError(
                "--retention-days must be a whole number of days from 1 to \(maximumDays), such as 30 (it is \(days)); "
                    + "leave it out to keep events forever.")
        }
    }

    public init(
        events: any EventRepository, audit: any AuditRepository, days: Int, logger: Logger,
        now: @escaping @Sendable () -> Date = { Date() },
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) throws {
        try Self.validate(days: days)
        self.events = events
        self.audit = audit
        self.days = days
        self.logger = logger
        self.now = now
        self.sleep = sleep
    }

    /// Passes until the task is cancelled or the server shuts down gracefully.
    public func run() async throws {
        await cancelWhenGracefulShutdown {
            var wait = Self.firstDelay
            // Each round waits first; it ends when the wait is cancelled.
            while !Task.isCancelled {
                do { try await self.sleep(wait) } catch { return }
                _ = await self.deleteExpired()
                wait = Self.interval
            }
        }
    }

    /// The time before which events are deleted: `days` before now, in milliseconds since 1970.
    var cutoff: Int64 {
        Timestamp.milliseconds(now()) - Int64(days) * 86_400_000
    }

    /// One pass: deletes the expired events and logs one line with how many; nil when the store
    /// failed (logged as an error; the next pass tries again).
    ///
    /// A pass that deleted events is recorded in the audit log, as done by ``AuditActor/retention``,
    /// once it is over: the deletion runs in many bounded transactions, so the entry cannot share one.
    @discardableResult
    func deleteExpired() async -> Int? {
        let cutoff = self.cutoff
        let before = WaypointTime.iso8601(milliseconds: cutoff)
        do {
            let deleted = try await events.deleteEvents(before: cutoff)
            logger.info("retention: deleted \(deleted) event\(deleted == 1 ? "" : "s") older than \(days) day\(days == 1 ? "" : "s") (before \(before))")
            if deleted > 0 {
                do {
                    try await AuditLog(repository: audit, now: now).record(
                        .eventsExpired, by: .retention,
                        details: ["days": .number(Double(days)), "before": .string(before), "deletedEvents": .number(Double(deleted))])
                } catch {
                    logger.error("retention: deleted \(deleted) events but could not record it in the audit log: \(error)")
                }
            }
            return deleted
        } catch {
            logger.error("retention: could not delete the events before \(before): \(error); the next pass, in an hour, tries again")
            return nil
        }
    }
}
