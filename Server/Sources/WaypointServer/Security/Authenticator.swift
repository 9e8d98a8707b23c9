import Foundation
import HTTPTypes
import Hummingbird
import Synchronization

/// Checks the admin token (for ``AccessMiddleware``) and SDK keys of requests, and applies the rate limit per key and client
/// address (docs/ARCHITECTURE.md, "Operating the server").
///
/// Secrets are hashed at once and only hashes are compared (in constant time) or looked up;
/// neither a key nor the token is ever logged or stored.
public final class Authenticator: Sendable {
    private let adminToken: AdminToken
    private let store: any Store
    private let limiter: RateLimiter
    /// Who sent a request.
    let clientAddress: ClientAddress
    /// The time keys are checked against.
    let now: @Sendable () -> Date
    /// Environments by key hash, each with the time it was looked up.
    private let environments = Mutex<[String: (environment: EnvironmentRecord, cachedAt: Date)]>([:])

    /// How long a key's lookup is reused. A rotation or revocation through this process is seen at
    /// once (``forgetKeys()``); one through another process (on the same PostgreSQL) within this time.
    static let cacheLifetime: TimeInterval = 5

    static let keyHeader = HTTPField.Name("Waypoint-Key")!

    public init(
        adminToken: AdminToken, store: any Store, limiter: RateLimiter, trustedProxies: [TrustedProxy] = [],
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.adminToken = adminToken
        self.store = store
        self.limiter = limiter
        self.clientAddress = ClientAddress(trustedProxies: trustedProxies)
        self.now = now
    }

    /// Forgets every key looked up, so a rotation or revocation takes effect at the next request.
    func forgetKeys() {
        environments.withLock { $0.removeAll() }
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
        let unknown = APIError.unauthorized(
            "The SDK key is not known or no longer works: use the environment's current key from POST /v1/apps or a rotation "
                + "(POST /v1/apps/{app}/environments/{environment}/keys) on this server.")
        guard SDKKey.isWellFormed(key) else { throw unknown }
        let hash = SecretHash.sha256Hex(key)
        let now = now()
        let environment: EnvironmentRecord
        if let cached = environments.withLock({ $0[hash] }), now.timeIntervalSince(cached.cachedAt) < Self.cacheLifetime {
            environment = cached.environment
        } else {
            guard let found = try await store.environment(keyHash: hash, at: now) else {
                _ = environments.withLock { $0.removeValue(forKey: hash) }
                throw unknown
            }
            environments.withLock { cache in
                if cache.count >= 10_000 { cache.removeAll() }
                cache[hash] = (found, now)
            }
            environment = found
        }
        // A key in its grace period stops working when it ends, cached or not.
        if let expires = environment.keyExpiresAt, expires <= now { throw unknown }
        guard SecretHash.constantTimeEquals(environment.keyHash, hash) else { throw unknown }
        if let retryAfter = limiter.acquire(hash + " " + clientAddress.resolve(request, context: context)) {
            throw APIError.rateLimited(retryAfter: retryAfter)
        }
        return environment
    }
}
