import Foundation

/// What ``ProgressStore/loadSnapshot(_:forKey:)`` found under a key.
///
/// Loading never throws: bad data is moved aside and reported as ``recovered(_:)`` so the app can
/// log it and carry on as if nothing had been saved.
enum SnapshotLoad<Value: Codable & Sendable>: Sendable {
    /// Nothing was saved under the key.
    case empty
    /// A snapshot was saved and decoded.
    case loaded(Snapshot<Value>)
    /// Something was saved but could not be used; it was moved aside (see ``ProgressStoreError/movedTo``)
    /// and the app should start fresh.
    case recovered(ProgressStoreError)

    /// The loaded snapshot, or `nil` when there was none or it could not be used.
    var snapshot: Snapshot<Value>? {
        if case .loaded(let snapshot) = self { return snapshot }
        return nil
    }

    /// The loaded value, or `nil` when there was none or it could not be used.
    var value: Value? {
        snapshot?.value
    }

    /// The problem that was recovered from, if any.
    var error: ProgressStoreError? {
        if case .recovered(let error) = self { return error }
        return nil
    }
}

extension SnapshotLoad: Equatable where Value: Equatable {}
