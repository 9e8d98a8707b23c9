import Foundation

/// A versioned envelope around saved progress.
public struct Snapshot<Value: Codable & Sendable>: Codable, Sendable {
    /// The envelope format this build writes.
    public static var currentFormatVersion: Int { 1 }
    /// The envelope format the snapshot was written with.
    public let formatVersion: Int
    /// When the snapshot was saved.
    public let savedAt: Date
    /// The saved value.
    public let value: Value

    /// Creates a snapshot in the current format.
    public init(value: Value, savedAt: Date) {
        self.formatVersion = Self.currentFormatVersion
        self.savedAt = savedAt
        self.value = value
    }
}

extension Snapshot: Equatable where Value: Equatable {}

/// The result of loading a snapshot: nothing saved, a snapshot, or unreadable data that was set aside.
public enum SnapshotLoad<Value: Codable & Sendable>: Sendable {
    /// Nothing is saved under the key.
    case empty
    /// The saved snapshot.
    case loaded(Snapshot<Value>)
    /// What was saved could not be used; it was moved aside and the caller should start fresh.
    case recovered(ProgressStoreError)
}
