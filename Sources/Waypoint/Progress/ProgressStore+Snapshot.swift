import Foundation

extension ProgressStore {
    /// Saves `value` in a versioned snapshot under `key`.
    public func saveSnapshot<Value: Codable & Sendable>(_ value: Value, forKey key: String, at date: Date) async throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .millisecondsSince1970
        try await setData(encoder.encode(Snapshot(value: value, savedAt: date)), forKey: key)
    }

    /// Loads the snapshot under `key`; anything unusable is moved aside and reported, never thrown.
    public func loadSnapshot<Value: Codable & Sendable>(_ type: Value.Type, forKey key: String) async -> SnapshotLoad<Value> {
        let data: Data?
        do { data = try await self.data(forKey: key) } catch {
            let moved = try? await quarantine(key: key)
            return .recovered(.corrupt(key: key, reason: String(describing: error), movedTo: moved ?? nil))
        }
        guard let data else { return .empty }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .millisecondsSince1970
        do {
            return .loaded(try decoder.decode(Snapshot<Value>.self, from: data))
        } catch {
            let moved = try? await quarantine(key: key)
            return .recovered(.corrupt(key: key, reason: "not a valid snapshot", movedTo: moved ?? nil))
        }
    }
}
