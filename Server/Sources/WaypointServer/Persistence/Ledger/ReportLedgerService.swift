import Foundation
import Logging
import ServiceLifecycle

/// Rebuilds the report ledger at start when its version is not this server's, while the server
/// already answers (docs/ARCHITECTURE.md, "The ledger's version"): `GET /ready`, reports and event
/// intake say 503 with the progress until it is done. A rebuild that fails is tried again after
/// ``retryDelay``; a graceful shutdown stops it (the transaction rolls back; the next start begins again).
public struct ReportLedgerService: Service {
    let ledger: any ReportLedgerRepository
    let logger: Logger
    /// How long a failed rebuild waits before it starts again.
    let retryDelay: Duration

    public init(ledger: any ReportLedgerRepository, logger: Logger, retryDelay: Duration = .seconds(30)) {
        self.ledger = ledger
        self.logger = logger
        self.retryDelay = retryDelay
    }

    public func run() async throws {
        let state = ledger.reportLedger
        try? await cancelWhenGracefulShutdown {
            // A PostgreSQL store reads its version once its migrations ran, before the server listens.
            while state.phase == .unchecked { try await Task.sleep(for: .milliseconds(50)) }
            while state.needsRebuild {
                do {
                    try await ledger.rebuildReportLedger(logger: logger)
                } catch is CancellationError {
                    return
                } catch {
                    if Task.isCancelled { return }
                    logger.error("The report ledger could not be rebuilt: \(error). Trying again in \(retryDelay).")
                    try await Task.sleep(for: retryDelay)
                }
            }
        }
        // A service that returns would end the server: wait for its shutdown.
        try? await gracefulShutdown()
    }
}

/// Progress of one rebuild in the log: where it starts, then every ``interval`` at most, then its end.
struct ReportLedgerRebuildLog {
    static let interval: Duration = .seconds(5)
    let logger: Logger
    let stored: Int
    let version: Int
    let total: Int
    private let started = ContinuousClock.now
    private var logged = ContinuousClock.now

    init(logger: Logger, stored: Int, version: Int, total: Int) {
        self.logger = logger
        self.stored = stored
        self.version = version
        self.total = total
        logger.notice(
            "Rebuilding the report ledger from \(total) stored events: it was built with report rules version \(stored), this server counts with version \(version). Reports and event intake answer 503 until it is done.")
    }

    mutating func read(_ events: Int) {
        let now = ContinuousClock.now
        guard now - logged >= Self.interval else { return }
        logged = now
        let share = total > 0 ? " (\(min(100, events * 100 / total))%)" : ""
        logger.notice("Rebuilding the report ledger: \(events) of \(total) events read\(share).")
    }

    func finished(events: Int) {
        let seconds = (ContinuousClock.now - started) / .seconds(1)
        logger.notice(
            "Rebuilt the report ledger with report rules version \(version): \(events) events read in \(String(format: "%.1f", seconds)) s. Reports and event intake are open.")
    }
}
