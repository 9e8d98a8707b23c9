import Foundation
import HTTPTypes
import Hummingbird
import Synchronization

/// Checks the admin token (for ``AccessMiddleware``) and SDK keys of requests, and applies the rate limit per key and client
/// address (docs/ARCHITECTURE.md, "Operating the server").
///
/// Secrets are hashed at once and only hashes are compared (in constant time) or looked up in the
/// store; neither a key nor the token is ever logged or stored. A key that the store knows is then
/// kept in memory with its environment for ``cacheLifetime``, so a request with a known key costs
/// one dictionary lookup instead of a SHA-256 and a query. That dictionary hashes keys with Swift's
/// per-process random seed, so how long a lookup takes tells nothing about the keys it holds.
public final class Authenticator: Sendable {
    /// A key the store knows, as it was found.
    private struct CachedKey {
        let environment: EnvironmentRecord
        /// The key's rate-limit name (``SDKKeyClient/key``).
        let bucket: UInt64
        let cachedAt: Date
    }

    /// The keys looked up, by the key itself, and how many times they were all forgotten.
    private struct KeyCache {
        var keys: [String: CachedKey] = [:]
        var generation = 0
    }

    private let adminToken: AdminToken
    private let apps: any AppRepository
    private let limiter: RateLimiter<SDKKeyClient>
    /// Who sent a request.
    let clientAddress: ClientAddress
    /// The time keys are checked against.
    let now: @Sendable () -> Date
    private let cache = Mutex(KeyCache())

    /// How long a key's lookup is reused. A rotation or revocation through this process is seen at
    /// once (``forgetKeys()``); one through another process (on the same PostgreSQL) within this time.
    /// A key in its grace period stops at the grace period's end whether its lookup is cached or not.
    static let cacheLifetime: TimeInterval = 5

    /// The most keys kept; past it the cache starts again empty.
    static let cacheCapacity = 10_000

    static let keyHeader = HTTPField.Name("Waypoint-Key")!

    init(
        adminToken: AdminToken, apps: any AppRepository, limiter: RateLimiter<SDKKeyClient>, trustedProxies: [TrustedProxy] = [],
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.adminToken = adminToken
        self.apps = apps
        self.limiter = limiter
        self.clientAddress = ClientAddress(trustedProxies: trustedProxies)
        self.now = now
    }

    /// Forgets every key looked up, so a rotation or revocation takes effect at the next request;
    /// a lookup that was under way when this was called is not kept either.
    func forgetKeys() {
        cache.withLock { cache in
            cache.keys.removeAll()
            cache.generation &+= 1
        }
    }

    /// Whether `token` is the admin token (compared in constant time).
    func isAdminToken(_ token: String) -> Bool { adminToken.matches(token) }

    /// The environment of the request's `Waypoint-Key`; throws 401 for a missing or unknown key and
    /// 429 when the key, used from the request's client address, is over its rate limit: a client
    /// that floods with an app's key does not use up the limit of the app's other users.
    func environment(of request: Request, context: some RequestContext) async throws -> EnvironmentRecord {
        guard let key = request.headers[Self.keyHeader], !key.isEmpty else {
            throw APIError.unauthorized("This request needs an SDK key: send the header `Waypoint-Key: wps_…` with a key from POST /v1/apps.")
        }
        let now = now()
        let found: CachedKey
        if let cached = cache.withLock({ $0.keys[key] }), now.timeIntervalSince(cached.cachedAt) < Self.cacheLifetime {
            found = cached
        } else {
            found = try await lookUp(key, at: now)
        }
        // A key in its grace period stops working when it ends, cached or not.
        if let expires = found.environment.keyExpiresAt, expires <= now { throw Self.unknownKey }
        if let retryAfter = limiter.acquire(SDKKeyClient(key: found.bucket, client: clientAddress.key(request, context: context))) {
            throw APIError.rateLimited(retryAfter: retryAfter)
        }
        return found.environment
    }

    /// Hashes `key`, finds its environment in the store and keeps it, unless keys were forgotten
    /// meanwhile (a revocation that the lookup may have missed).
    private func lookUp(_ key: String, at now: Date) async throws -> CachedKey {
        guard SDKKey.isWellFormed(key) else { throw Self.unknownKey }
        let generation = cache.withLock { cache in
            _ = cache.keys.removeValue(forKey: key)
            return cache.generation
        }
        let hash = SecretHash.sha256Hex(key)
        guard let environment = try await apps.environment(keyHash: hash, at: now),
              SecretHash.constantTimeEquals(environment.keyHash, hash)
        else { throw Self.unknownKey }
        let found = CachedKey(environment: environment, bucket: SDKKeyClient.key(ofHash: hash), cachedAt: now)
        cache.withLock { cache in
            guard cache.generation == generation else { return }
            if cache.keys.count >= Self.cacheCapacity { cache.keys.removeAll() }
            cache.keys[key] = found
        }
        return found
    }

    private static var unknownKey: APIError {
        APIError.unauthorized(
            "The SDK key is not known or no longer works: use the environment's current key from POST /v1/apps or a rotation "
                + "(POST /v1/apps/{app}/environments/{environment}/keys) on this server.")
    }
}
