import Foundation

/// An SDK key as listed: named by its prefix, never by its secret or its hash.
public struct SDKKeySummary: Sendable, Hashable {
    /// What names the key (see ``SDKKey/prefix(of:)``); unique within its environment.
    public var prefix: String
    /// When it was made (whole milliseconds).
    public var createdAt: Date
    /// When it stops (or stopped) working; nil for the environment's current key, which works until
    /// a rotation replaces it.
    public var expiresAt: Date?

    public init(prefix: String, createdAt: Date, expiresAt: Date?) {
        self.prefix = prefix
        self.createdAt = createdAt
        self.expiresAt = expiresAt
    }

    /// Where a key is in its life.
    public enum Status: String, Sendable, Hashable {
        /// The environment's current key: it works until a rotation replaces it.
        case current
        /// Replaced by a rotation; it works until ``SDKKeySummary/expiresAt``.
        case retiring
        /// Past its expiry or revoked: refused with 401.
        case ended
    }

    /// Where the key is at `now`.
    public func status(at now: Date) -> Status {
        guard let expiresAt else { return .current }
        return expiresAt > now ? .retiring : .ended
    }
}
