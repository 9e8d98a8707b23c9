import Foundation
import Logging
import Synchronization
import WaypointTools

/// Whether a store's report ledger was built by this server's report rules
/// (``ReportRules/version``), and how far its rebuild is when it was not (docs/ARCHITECTURE.md,
/// "The ledger's version").
///
/// Every store keeps one. The store reads the recorded version when it opens (SQLite) or once its
/// migrations ran (PostgreSQL), and checks it again inside each transaction that reads or changes
/// the ledger, so a server of another version (another process on the same database) never mixes
/// its sums with these. Until the ledger is current, reports and event intake answer 503
/// `reports-rebuilding` with this state's words, and so does `GET /ready`; documents, keys and the
/// rest of the API keep working. ``ReportLedgerService`` runs the rebuild.
public final class ReportLedger: Sendable {
    /// What the server knows of the ledger.
    enum Phase: Sendable, Equatable {
        /// The recorded version was not read yet (a PostgreSQL store before its migrations).
        case unchecked
        /// Built by this server's rules.
        case current
        /// Built by an earlier version; waiting for its rebuild.
        case outdated(stored: Int)
        /// Being rebuilt by this server: `read` of `total` stored events so far.
        case rebuilding(stored: Int, read: Int, total: Int)
        /// Built by a later version than this server's, which cannot count as it does.
        case newer(stored: Int)
    }

    /// The version of the rules this server computes reports with.
    let version: Int
    private let state = Mutex(Phase.unchecked)

    init(version: Int = ReportRules.version) {
        self.version = version
    }

    var phase: Phase { state.withLock { $0 } }

    /// Whether the ledger waits for a rebuild that this server can do.
    var needsRebuild: Bool {
        if case .outdated = phase { true } else { false }
    }

    /// Records the version the store holds.
    func note(stored: Int) {
        let version = version
        state.withLock { phase in
            if stored == version {
                phase = .current
            } else if stored > version {
                phase = .newer(stored: stored)
            } else if case .rebuilding = phase {
                // This server's own rebuild is under way: its progress stays.
            } else {
                phase = .outdated(stored: stored)
            }
        }
    }

    /// Refuses, with why, unless the ledger is current or not read yet (the transaction then checks
    /// the stored version itself): the quick answer that keeps requests from waiting on a rebuild.
    func checkReady() throws(StoreError) {
        let phase = phase
        switch phase {
        case .unchecked, .current: return
        case .outdated, .rebuilding, .newer: throw Self.refusal(phase, version: version)
        }
    }

    /// Checks the version a transaction read (`nil`: no row, a database not migrated): refuses when
    /// it is not this server's, and notes it either way.
    func check(stored: Int?) throws(StoreError) {
        guard let stored else {
            throw StoreError.storageUnavailable("The database has no report_ledger table row; restart the server so that it migrates the database.")
        }
        note(stored: stored)
        if stored != version { throw Self.refusal(phase, version: version) }
    }

    /// Marks the start of this server's rebuild of a ledger built by `stored`, over about `total` events.
    func startRebuild(stored: Int, total: Int) {
        state.withLock { $0 = .rebuilding(stored: stored, read: 0, total: total) }
    }

    /// Notes that the rebuild has read `read` events.
    func progress(read: Int) {
        state.withLock { phase in
            if case .rebuilding(let stored, _, let total) = phase { phase = .rebuilding(stored: stored, read: read, total: max(total, read)) }
        }
    }

    /// Ends this server's rebuild: `succeeded`, the ledger is current; else it is outdated again.
    func endRebuild(succeeded: Bool) {
        state.withLock { phase in
            guard case .rebuilding(let stored, _, _) = phase else { return }
            phase = succeeded ? .current : .outdated(stored: stored)
        }
    }

    /// The refusal of a server whose rebuild another server of the database is running now.
    static func rebuildingElsewhere(version: Int) -> StoreError {
        .reportsNotReady(
            "Another server of this database is rebuilding the reports from the stored events (for report rules version \(version) or later). "
                + "Until it is done, reports and event intake answer 503 and apps keep their events and send them again; documents are served as usual.")
    }

    /// The words of a refusal in `phase`: what is going on, how far, and what happens to the requests.
    static func refusal(_ phase: Phase, version: Int) -> StoreError {
        let meanwhile = "Until it is done, reports and event intake answer 503 and apps keep their events and send them again; documents are served as usual."
        switch phase {
        case .rebuilding(let stored, let read, let total):
            let share = total > 0 ? " (\(min(100, read * 100 / total))%)" : ""
            return .reportsNotReady(
                "The reports are being rebuilt from the stored events, because they were built with report rules version \(stored) "
                    + "and this server counts with version \(version): \(read) of \(total) events read\(share). \(meanwhile)")
        case .newer(let stored):
            return .reportsNotReady(
                "The reports were built with report rules version \(stored), newer than this server's version \(version): "
                    + "a later release of waypoint-server uses this database, and this one would count differently. "
                    + "Run that release (or a later one) here. Meanwhile reports and event intake answer 503 and apps keep their events "
                    + "and send them again; documents are served as usual.")
        case .outdated(let stored):
            return .reportsNotReady(
                "The reports were built with report rules version \(stored) and this server counts with version \(version); "
                    + "they are rebuilt from the stored events when a server of this version starts, which one is doing now. \(meanwhile)")
        case .unchecked, .current:
            return .reportsNotReady("The reports are not ready. \(meanwhile)")
        }
    }
}
