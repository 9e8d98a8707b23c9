import Foundation

/// Whether the database can store now: what `GET /ready` asks (docs/ARCHITECTURE.md, "Operating
/// the server"). ``SQLiteStore`` and ``PostgresStore`` implement it.
public protocol StorageReadiness: Sendable {
    /// Checks cheaply, against the database itself, that storing is possible now: SQLite commits a
    /// tiny write and has room to grow; PostgreSQL answers `SELECT 1` within the connection wait.
    /// Throws ``StoreError/storageFull(_:)`` or ``StoreError/storageUnavailable(_:)`` saying why
    /// not, in words an operator can act on. `GET /ready` answers with it.
    func checkStorage() async throws
}
