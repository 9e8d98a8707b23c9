import Foundation

extension ProgressStore {
    /// Saves `value` under `key` as a ``Snapshot`` stamped with `date`.
    ///
    /// The JSON has sorted keys, so equal values give equal bytes; dates (`savedAt` and any inside
    /// `value`) are ISO 8601 in UTC with milliseconds, e.g. `"2026-01-01T00:00:00.000Z"`.
    ///
    /// - Throws: ``ProgressStoreError`` with code ``ProgressStoreError/Code/encodingFailed`` when the
    ///   value cannot be encoded (nothing is written), or whatever the store throws when writing.
    func saveSnapshot<V: Codable & Sendable>(_ value: V, forKey key: String, at date: Date) async throws {
        let data: Data
        do {
            data = try SnapshotCoding.makeEncoder().encode(Snapshot(value: value, savedAt: date))
        } catch let error as EncodingError {
            throw ProgressStoreError.encodingFailed(key: key, problem: Self.describe(error))
        } catch {
            throw ProgressStoreError.encodingFailed(key: key, problem: "\(error)")
        }
        try await setData(data, forKey: key)
    }

    /// Loads the ``Snapshot`` saved under `key`; never throws.
    ///
    /// Returns ``SnapshotLoad/empty`` when nothing is saved and ``SnapshotLoad/loaded(_:)`` when the
    /// snapshot decodes. Bytes that are not a snapshot of `V` (not JSON, the wrong shape, a format
    /// version from a newer Waypoint) and data the store reports as unreadable are moved aside with
    /// ``quarantine(key:)`` and returned as ``SnapshotLoad/recovered(_:)``, whose error says what was
    /// wrong and where the data went, so the app logs it and starts fresh. Errors other than a
    /// ``ProgressStoreError`` (say, from a custom store that is offline) leave the data in place.
    func loadSnapshot<V: Codable & Sendable>(_ type: V.Type, forKey key: String) async -> SnapshotLoad<V> {
        let data: Data?
        do {
            data = try await self.data(forKey: key)
        } catch let error as ProgressStoreError {
            guard error.code == .unreadable else { return .recovered(error) }
            return .recovered(await moveAside(key: key, reporting: error))
        } catch {
            let wrapped = ProgressStoreError.unreadable(key: key, location: nil, problem: "\(error)")
            return .recovered(wrapped.leftInPlace(because: "it may be readable later"))
        }
        guard let data else { return .empty }
        do {
            return .loaded(try SnapshotCoding.makeDecoder().decode(Snapshot<V>.self, from: data))
        } catch {
            let problem = SnapshotCoding.diagnose(data, key: key, as: V.self, error: error)
            return .recovered(await moveAside(key: key, reporting: problem))
        }
    }

    private func moveAside(key: String, reporting error: ProgressStoreError) async -> ProgressStoreError {
        do {
            guard let destination = try await quarantine(key: key) else { return error.nothingToMove() }
            return error.movedAside(to: destination)
        } catch let failure as ProgressStoreError {
            return error.leftInPlace(because: failure.problem)
        } catch let failure {
            return error.leftInPlace(because: "\(failure)")
        }
    }

    private static func describe(_ error: EncodingError) -> String {
        switch error {
        case .invalidValue(_, let context):
            let path = SnapshotCoding.path(context.codingPath)
            let place = path.isEmpty ? "" : "at \"\(path)\": "
            return place + context.debugDescription
        @unknown default:
            return "\(error)"
        }
    }
}
