import GRDB
import PostgresNIO

/// Which failures of SQLite and PostgreSQL mean "nothing can be stored now" (docs/ARCHITECTURE.md,
/// "Operating the server"): the one place that reads the databases' own errors. The API answers
/// these with 503 and `Retry-After` (``APIError/from(_:)``), so apps keep their events and send
/// them again; every other failure stays a 500.
extension StoreError {
    /// The ``StoreError`` that `error` means when it says the store cannot store now (a full disk,
    /// a database that cannot be written, a lost PostgreSQL server), else nil. A ``StoreError`` is
    /// itself.
    init?(storageFailure error: any Error) {
        switch error {
        case let error as StoreError:
            self = error
        case let error as DatabaseError:
            guard let failure = Self.sqlite(error) else { return nil }
            self = failure
        case let error as PSQLError:
            guard let failure = Self.postgres(error) else { return nil }
            self = failure
        case let error as PostgresTransactionError:
            let inner = [error.beginError, error.closureError, error.commitError].compactMap { $0 }
            guard let failure = inner.lazy.compactMap({ StoreError(storageFailure: $0) }).first else { return nil }
            self = failure
        default:
            return nil
        }
    }

    private static func sqlite(_ error: DatabaseError) -> StoreError? {
        let said = "SQLite: \(error.message ?? "\(error.resultCode)")"
        switch error.resultCode {
        case .SQLITE_FULL:
            return .storageFull(
                "The disk that holds the SQLite database is full (\(said)), so nothing more can be stored. "
                    + "Free space on that disk; the server stores again by itself once there is room.")
        case .SQLITE_READONLY:
            return .storageUnavailable(
                "The SQLite database cannot be written (\(said)): its file, its folder or its disk became read-only. "
                    + "Give the server's user write access again (or remount the disk read-write); the server stores again by itself.")
        case .SQLITE_IOERR, .SQLITE_CANTOPEN:
            return .storageUnavailable(
                "The disk failed to read or write the SQLite database (\(said)). "
                    + "Check that the data folder and its files are still there and writable, and the system log for disk errors.")
        case .SQLITE_BUSY:
            return .storageUnavailable(
                "Another program kept the SQLite database locked for more than 10 seconds (\(said)). "
                    + "Stop whatever else writes to the data folder; only waypoint-server should.")
        default:
            return nil
        }
    }

    private static func postgres(_ error: PSQLError) -> StoreError? {
        switch error.code {
        case .server:
            let state = error.serverInfo?[.sqlState] ?? ""
            let said = "PostgreSQL: \(error.serverInfo?[.message] ?? state)"
            if state == "53100" {
                return .storageFull(
                    "The disk that holds the PostgreSQL database is full (\(said)), so nothing more can be stored. "
                        + "Free space on the database server's disk; the server stores again by itself once there is room.")
            }
            // 53: insufficient resources; 57P: the server shuts down or starts; 08: connection
            // failures; 25006: a read-only (standby) server.
            if state.hasPrefix("53") || state.hasPrefix("57P") || state.hasPrefix("08") || state == "25006" {
                return .storageUnavailable(postgresLost(said))
            }
            return nil
        case .connectionError, .serverClosedConnection, .clientClosedConnection, .uncleanShutdown, .poolClosed:
            return .storageUnavailable(postgresLost("the connection to it was lost"))
        default:
            return nil
        }
    }

    /// The words for a PostgreSQL server that cannot be used now.
    static func postgresLost(_ why: String) -> String {
        "PostgreSQL cannot be used now (\(why)). Check that it runs and accepts connections; "
            + "the server reconnects by itself once it does."
    }
}
