import Foundation

/// When ``RemoteDocument`` asks the server again: a steady interval while all is well, and growing,
/// jittered waits after failures, so that a fleet of phones coming back online does not call at once.
///
/// A pure value: the random number is passed in, so tests get exact delays.
public struct RefreshPolicy: Sendable, Hashable {
    /// The wait between refreshes after a success; at least the server's `Cache-Control: max-age`.
    package var interval: Duration
    /// The wait after the first failure, before jitter.
    package var initialBackoff: Duration
    /// The factor applied after each further failure.
    package var multiplier: Double
    /// The longest wait after failures, before jitter.
    package var maximumBackoff: Duration
    /// The share of a wait that is random, from 0 (none) to 1 (anywhere between 0 and the full wait).
    package var jitter: Double

    /// Creates a policy; by default every 5 minutes, and after failures 5 s doubling up to 1 hour, half of it random.
    public init(
        interval: Duration = .seconds(300), initialBackoff: Duration = .seconds(5), multiplier: Double = 2,
        maximumBackoff: Duration = .seconds(3600), jitter: Double = 0.5
    ) {
        self.interval = interval
        self.initialBackoff = initialBackoff
        self.multiplier = max(1, multiplier)
        self.maximumBackoff = maximumBackoff
        self.jitter = min(1, max(0, jitter))
    }

    /// The wait after `failures` consecutive failures (1 for the first), given `random` in 0..<1:
    /// `min(maximumBackoff, initialBackoff × multiplier^(failures − 1)) × (1 − jitter × random)`.
    package func backoff(afterFailures failures: Int, random: Double) -> Duration {
        let full = initialBackoff.backoffSeconds(multiplier: multiplier, afterFailures: failures, atMost: maximumBackoff)
        let unit = min(1, max(0, random))
        return .seconds(fractional: full * (1 - jitter * unit))
    }

    /// The wait after a success: ``interval``, or the server's `max-age` when that is longer.
    package func delayAfterSuccess(maxAge: Duration?) -> Duration {
        guard let maxAge, maxAge > interval else { return interval }
        return maxAge
    }
}
