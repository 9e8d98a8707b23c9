import Hummingbird
import Synchronization

/// The published document of each environment, kept in memory for a second so that serving it does
/// not read the store on every request.
///
/// A publish through this process replaces the entry at once; one through another process (on the
/// same PostgreSQL) is seen within ``lifetime``. Apps cache the document for 60 s anyway.
final class PublishedDocuments: Sendable {
    struct Entry: Sendable {
        let revision: Int
        let etag: String
        let body: ByteBuffer
    }

    private struct Cached {
        let entry: Entry?
        let expires: ContinuousClock.Instant
    }

    static let lifetime: Duration = .seconds(1)

    private let store: any Store
    private let entries = Mutex<[String: Cached]>([:])

    init(store: any Store) { self.store = store }

    /// The document published to an environment, or nil when there is none.
    func document(appID: String, environment: String) async throws -> Entry? {
        let key = appID + "\u{0}" + environment
        let now = ContinuousClock.now
        if let cached = entries.withLock({ $0[key] }), cached.expires > now {
            return cached.entry
        }
        let entry = try await store.publishedRevision(appID: appID, environment: environment).map {
            Entry(revision: $0.revision, etag: "\"\($0.sha256)\"", body: ByteBuffer(bytes: $0.body))
        }
        entries.withLock { $0[key] = Cached(entry: entry, expires: now + Self.lifetime) }
        return entry
    }

    /// Forgets an environment's entry (after a publish through this process).
    func invalidate(appID: String, environment: String) {
        _ = entries.withLock { $0.removeValue(forKey: appID + "\u{0}" + environment) }
    }
}
