import Foundation

/// Why ``HTTPEventSink`` could not deliver a batch; the events stay queued (behind a
/// ``DurableEventQueue``) and ``retryAdvice`` says when to try again.
public struct EventUploadError: Error, Sendable, Hashable, CustomStringConvertible, RetryAdvising {
    private enum Kind: Sendable, Hashable {
        case network(url: String, message: String, timedOut: Bool)
        case rateLimited(url: String, retryAfter: Duration?)
        case unauthorized(url: String, status: Int, message: String?)
        case paused(url: String, status: Int)
        case server(url: String, status: Int, message: String?, retryAfter: Duration?)
    }

    private let kind: Kind

    private init(_ kind: Kind) { self.kind = kind }

    static func network(url: URL, message: String, timedOut: Bool) -> EventUploadError {
        EventUploadError(.network(url: url.absoluteString, message: message, timedOut: timedOut))
    }

    static func rateLimited(url: URL, retryAfter: Duration?) -> EventUploadError {
        EventUploadError(.rateLimited(url: url.absoluteString, retryAfter: retryAfter))
    }

    static func unauthorized(url: URL, status: Int, message: String?) -> EventUploadError {
        EventUploadError(.unauthorized(url: url.absoluteString, status: status, message: message))
    }

    static func paused(url: URL, status: Int) -> EventUploadError {
        EventUploadError(.paused(url: url.absoluteString, status: status))
    }

    static func server(url: URL, status: Int, message: String?, retryAfter: Duration? = nil) -> EventUploadError {
        EventUploadError(.server(url: url.absoluteString, status: status, message: message, retryAfter: retryAfter))
    }

    /// The HTTP status that caused the failure, when there was one.
    package var status: Int? {
        switch kind {
        case .network: nil
        case .rateLimited: 429
        case .unauthorized(_, let status, _), .paused(_, let status), .server(_, let status, _, _): status
        }
    }

    /// Whether delivery is paused until ``HTTPEventSink/resume()`` because the server refused the key.
    package var isPaused: Bool {
        switch kind {
        case .unauthorized, .paused: true
        default: false
        }
    }

    public var retryAdvice: RetryAdvice {
        switch kind {
        case .network: .backoff
        case .rateLimited(_, let retryAfter), .server(_, _, _, let retryAfter): retryAfter.map(RetryAdvice.after) ?? .backoff
        case .unauthorized, .paused: .pause
        }
    }

    /// What went wrong, in one sentence without what happens to the events next: a queue behind
    /// ``HTTPEventSink`` keeps them (``description`` says so), while a one-off sender such as
    /// `waypoint play --send-to` keeps nothing and says so itself.
    package var problem: String {
        switch kind {
        case .network(let url, let message, let timedOut):
            return "Could not post events to \(url)\(timedOut ? " in time" : ""): \(message)"
        case .rateLimited(let url, _):
            return "\(url) answered 429 (too many requests)"
        case .unauthorized(let url, let status, let message):
            return "\(url) refused the SDK key with \(status)\(message.map { " (\($0))" } ?? "")"
        case .paused(let url, let status):
            return "Delivery to \(url) is paused since the server refused the SDK key with \(status)"
        case .server(let url, let status, let message, _):
            return "\(url) answered \(status)\(message.map { " (\($0))" } ?? "")"
        }
    }

    public var description: String {
        let kept = "the events stay queued"
        switch kind {
        case .network:
            return "\(problem); \(kept) and are sent again after a backoff."
        case .rateLimited(_, let retryAfter):
            let wait = retryAfter.map { "after \(Int($0.seconds.rounded(.up))) s, as Retry-After asks" } ?? "after a backoff"
            return "\(problem); \(kept) and are sent again \(wait)."
        case .unauthorized:
            return "\(problem); delivery is paused and \(kept). Check the environment's Waypoint-Key, then call resume()."
        case .paused:
            return "\(problem); \(kept). Check the environment's Waypoint-Key, then call resume()."
        case .server(_, _, _, let retryAfter):
            let wait = retryAfter.map { "after \(Int($0.seconds.rounded(.up))) s, as Retry-After asks" } ?? "after a backoff"
            return "\(problem); \(kept) and are sent again \(wait)."
        }
    }
}
