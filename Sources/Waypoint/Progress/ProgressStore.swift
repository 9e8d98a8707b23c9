import Foundation

/// A place where Waypoint keeps progress between launches: flow paths, walkthrough progress, donations.
///
/// A store holds opaque bytes under string keys. Waypoint encodes versioned snapshots on top of it
/// (see `ProgressStore.loadSnapshot(_:forKey:)`), so a store only has to move bytes safely.
/// Implementations must be safe to call from any task.
///
/// Use ``FileProgressStore`` in apps that want a file they control, ``UserDefaultsProgressStore`` for
/// the simplest set-up, and `InMemoryProgressStore` (from `WaypointTesting`) in tests.
public protocol ProgressStore: Sendable {
    /// Returns the bytes saved under `key`, or `nil` when nothing was saved.
    ///
    /// Throws ``ProgressStoreError`` when something is there but cannot be read.
    func data(forKey key: String) async throws -> Data?

    /// Saves `data` under `key`, replacing what was there; either the old or the new bytes survive a crash.
    func setData(_ data: Data, forKey key: String) async throws

    /// Removes what is saved under `key`; does nothing when nothing is saved.
    func removeData(forKey key: String) async throws

    /// Moves unreadable or corrupt data under `key` out of the way, keeping it for inspection.
    ///
    /// - Returns: where the data was moved (a path or a key), or `nil` when there was nothing to move.
    func quarantine(key: String) async throws -> String?
}
