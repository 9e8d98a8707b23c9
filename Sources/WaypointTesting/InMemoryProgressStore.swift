import Foundation
import Waypoint

/// A ``Waypoint/ProgressStore`` that keeps everything in memory, for tests and previews.
///
/// It records every write, so a test can check what was persisted and how often.
public actor InMemoryProgressStore: ProgressStore {
    /// What is stored now, by key.
    public private(set) var contents: [String: Data]
    /// Data moved aside by ``quarantine(key:)``, by the key it was moved to.
    public private(set) var quarantined: [String: Data] = [:]
    /// How many times ``setData(_:forKey:)`` was called.
    public private(set) var writeCount = 0

    /// Creates a store, optionally pre-filled (for example with a corrupt snapshot).
    public init(_ contents: [String: Data] = [:]) {
        self.contents = contents
    }

    public func data(forKey key: String) async throws -> Data? {
        contents[key]
    }

    public func setData(_ data: Data, forKey key: String) async throws {
        writeCount += 1
        contents[key] = data
    }

    public func removeData(forKey key: String) async throws {
        contents[key] = nil
    }

    public func quarantine(key: String) async throws -> String? {
        guard let data = contents.removeValue(forKey: key) else { return nil }
        let movedKey = "\(key).corrupt-\(quarantined.count + 1)"
        quarantined[movedKey] = data
        return movedKey
    }

    /// Replaces the bytes under `key` without counting a write, to simulate a damaged store.
    public func corrupt(key: String, with data: Data = Data("{ not json".utf8)) {
        contents[key] = data
    }
}
