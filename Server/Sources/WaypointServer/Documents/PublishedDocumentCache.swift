import Synchronization

/// The published document of each environment, kept in memory for a second.
///
/// Serving the document to apps then does not read the store on every request. A publish through this process replaces the entry at once; one through another process (on the
/// same PostgreSQL) is seen within ``lifetime``. Apps cache the document for 60 s anyway.
final class PublishedDocumentCache: Sendable {
    private struct Cached {
        let document: PublishedDocument?
        let expires: ContinuousClock.Instant
    }

    static let lifetime: Duration = .seconds(1)

    private let store: any Store
    private let entries = Mutex<[String: Cached]>([:])

    init(store: any Store) { self.store = store }

    /// The document published to an environment (at most ``lifetime`` old), or nil when there is none.
    func document(appID: String, environment: String) async throws -> PublishedDocument? {
        let key = appID + "\u{0}" + environment
        let now = ContinuousClock.now
        if let cached = entries.withLock({ $0[key] }), cached.expires > now {
            return cached.document
        }
        let document = try await PublishedDocument.read(from: store, appID: appID, environment: environment)
        entries.withLock { $0[key] = Cached(document: document, expires: now + Self.lifetime) }
        return document
    }

    /// Forgets an environment's entry (after a publish through this process).
    func invalidate(appID: String, environment: String) {
        _ = entries.withLock { $0.removeValue(forKey: appID + "\u{0}" + environment) }
    }
}
