/// What a sink's error asks of a ``DurableEventQueue``: back off as usual, wait a given time, or
/// stop retrying until delivery is resumed.
public enum RetryAdvice: Sendable, Hashable {
    /// Retry after the queue's usual backoff.
    case backoff
    /// Retry after exactly this wait (such as an HTTP `Retry-After`).
    case after(Duration)
    /// Stop retrying: retrying cannot help until something changes (such as a revoked key).
    case pause
}

/// An error of an ``EventSink`` that tells the queue when to try again.
public protocol RetryAdvising: Error {
    /// When to try again.
    var retryAdvice: RetryAdvice { get }
}
