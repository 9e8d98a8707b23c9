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

    /// An environment of an app: hashed as two strings, with no string joined for each request.
    private struct Key: Hashable {
        let appID: AppID
        let environment: EnvironmentName
    }

    /// The entries, and how many times one was invalidated.
    private struct Entries {
        var documents: [Key: Cached] = [:]
        var generation = 0
    }

    static let lifetime: Duration = .seconds(1)

    private let revisions: any RevisionRepository
    private let entries = Mutex(Entries())

    init(revisions: any RevisionRepository) { self.revisions = revisions }

    /// The document published to an environment (at most ``lifetime`` old), or nil when there is none.
    func document(appID: AppID, environment: EnvironmentName) async throws -> PublishedDocument? {
        let name = Key(appID: appID, environment: environment)
        let now = ContinuousClock.now
        let (cached, generation) = entries.withLock { ($0.documents[name], $0.generation) }
        if let cached, cached.expires > now {
            return cached.document
        }
        let document = try await PublishedDocument.read(from: revisions, appID: appID, environment: environment)
        entries.withLock { entries in
            // A publish while the store was read: what was read may be the revision before it.
            guard entries.generation == generation else { return }
            entries.documents[name] = Cached(document: document, expires: now + Self.lifetime)
        }
        return document
    }

    /// Forgets an environment's entry (after a publish through this process), and keeps no read that
    /// was under way then.
    func invalidate(appID: AppID, environment: EnvironmentName) {
        entries.withLock { entries in
            entries.documents.removeValue(forKey: Key(appID: appID, environment: environment))
            entries.generation &+= 1
        }
    }
}
