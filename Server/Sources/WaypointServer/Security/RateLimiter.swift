import Foundation
import Synchronization

/// A token bucket per name: `rate` requests per second sustained, `burst` at once.
///
/// The names are SDK keys with client addresses (``SDKKeyClient``), client addresses, or account
/// names; a name is hashed once per request, in place, and a bucket is two numbers, so taking a
/// token allocates nothing once the table has room. A client can
/// make up many addresses, so the table is bounded: a bucket that has refilled is the same as no
/// bucket and is dropped at the next sweep (every `sweepInterval`, or when the table is full), and a
/// table still three quarters full after a sweep keeps only its most recently used half.
public final class RateLimiter<Name: Hashable & Sendable>: Sendable {
    private struct Bucket {
        var tokens: Double
        var updated: ContinuousClock.Instant
    }

    private struct Table {
        var buckets: [Name: Bucket] = [:]
        var lastSweep: ContinuousClock.Instant?
    }

    private let rate: Double
    private let burst: Double
    private let capacity: Int
    private let sweepInterval: Duration
    private let table = Mutex(Table())

    /// - Parameter capacity: the most buckets kept at once.
    public init(rate: Double, burst: Double, capacity: Int = 100_000, sweepInterval: Duration = .seconds(60)) {
        self.rate = rate
        self.burst = max(burst, 1)
        self.capacity = max(capacity, 2)
        self.sweepInterval = sweepInterval
    }

    /// Takes one token for `name`; returns nil when allowed, otherwise the whole seconds to wait.
    public func acquire(_ name: Name, now: ContinuousClock.Instant = .now) -> Int? {
        table.withLock { table in
            sweepIfDue(&table, now: now)
            // One lookup, changed in place: a new name starts with a full bucket.
            return take(&table.buckets[name, default: Bucket(tokens: burst, updated: now)], now: now)
        }
    }

    private func take(_ bucket: inout Bucket, now: ContinuousClock.Instant) -> Int? {
        bucket = refilled(bucket, now: now)
        if bucket.tokens >= 1 {
            bucket.tokens -= 1
            return nil
        }
        return wait(bucket)
    }

    /// Gives back a token ``acquire(_:now:)`` took for `name` (never beyond `burst`): an attempt
    /// charged before it was made, which turned out not to count.
    public func giveBack(_ name: Name, now: ContinuousClock.Instant = .now) {
        table.withLock { table in
            guard let bucket = table.buckets[name] else { return }
            var refilled = refilled(bucket, now: now)
            refilled.tokens = min(burst, refilled.tokens + 1)
            table.buckets[name] = refilled
        }
    }

    /// The whole seconds `name` must wait before its next request, without taking a token; nil
    /// when it may go ahead.
    public func waitBeforeNext(_ name: Name, now: ContinuousClock.Instant = .now) -> Int? {
        table.withLock { table in
            let bucket = refilled(table.buckets[name], now: now)
            return bucket.tokens >= 1 ? nil : wait(bucket)
        }
    }

    /// How many buckets are kept.
    public var count: Int { table.withLock { $0.buckets.count } }

    private func refilled(_ bucket: Bucket?, now: ContinuousClock.Instant) -> Bucket {
        guard var bucket else { return Bucket(tokens: burst, updated: now) }
        bucket.tokens = min(burst, bucket.tokens + max(0, Self.seconds(now - bucket.updated)) * rate)
        bucket.updated = max(bucket.updated, now)
        return bucket
    }

    private func wait(_ bucket: Bucket) -> Int {
        let wait = rate > 0 ? (1 - bucket.tokens) / rate : 60
        return max(1, Int(wait.rounded(.up)))
    }

    private func sweepIfDue(_ table: inout Table, now: ContinuousClock.Instant) {
        let due = table.lastSweep.map { now - $0 >= sweepInterval } ?? true
        guard due || table.buckets.count >= capacity else { return }
        table.lastSweep = now
        table.buckets = table.buckets.filter { refilled($0.value, now: now).tokens < burst }
        // Still mostly full: keep the newer half, so the next sweep is far away.
        if table.buckets.count >= capacity * 3 / 4 {
            let kept = table.buckets.sorted { $0.value.updated > $1.value.updated }.prefix(capacity / 2)
            table.buckets = Dictionary(uniqueKeysWithValues: kept.map { ($0.key, $0.value) })
        }
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
