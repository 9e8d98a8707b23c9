import Foundation
import Synchronization

/// A token bucket per SDK key: `rate` requests per second sustained, `burst` at once.
///
/// Keys are identified by their hash; only keys that authenticated reach the limiter, so it holds
/// at most one bucket per environment.
public final class RateLimiter: Sendable {
    private struct Bucket {
        var tokens: Double
        var updated: ContinuousClock.Instant
    }

    private let rate: Double
    private let burst: Double
    private let buckets = Mutex<[String: Bucket]>([:])

    public init(rate: Double, burst: Double) {
        self.rate = rate
        self.burst = max(burst, 1)
    }

    /// Takes one token for `key`; returns nil when allowed, otherwise the whole seconds to wait.
    public func acquire(_ key: String, now: ContinuousClock.Instant = .now) -> Int? {
        buckets.withLock { buckets in
            var bucket = buckets[key] ?? Bucket(tokens: burst, updated: now)
            let elapsed = now - bucket.updated
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            bucket.tokens = min(burst, bucket.tokens + max(0, seconds) * rate)
            bucket.updated = now
            if bucket.tokens >= 1 {
                bucket.tokens -= 1
                buckets[key] = bucket
                return nil
            }
            buckets[key] = bucket
            let wait = rate > 0 ? (1 - bucket.tokens) / rate : 60
            return max(1, Int(wait.rounded(.up)))
        }
    }
}
