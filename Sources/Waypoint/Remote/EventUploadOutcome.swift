import Foundation

/// What an answer of `POST /v1/events` means for the batch sent: a pure mapping, tested without a network.
enum EventUploadOutcome: Sendable, Hashable {
    /// 2xx: the server stored the batch; the counts come from its answer.
    case delivered(EventUploadReceipt)
    /// 413: the batch is too large; send it again in halves.
    case split
    /// 429: wait (for `Retry-After` when given) and send it again.
    case rateLimited(retryAfter: Duration?)
    /// 401 or 403: the key is refused; stop until resumed.
    case unauthorized
    /// 503: the server cannot store now (its disk is full or its database unreachable); wait for
    /// `Retry-After` when given, else back off, and send it again.
    case unavailable(retryAfter: Duration?)
    /// Any other status (other 5xx included): back off and send it again.
    case retry

    /// Maps a response to what to do, for a batch of `count` events; `now` reads an HTTP-date `Retry-After`.
    init(_ response: HTTPResponse, count: Int, now: Date) {
        switch response.status {
        case 200..<300:
            self = .delivered(EventUploadReceipt(body: response.body, count: count))
        case 413:
            self = .split
        case 429:
            self = .rateLimited(retryAfter: response.header("Retry-After").flatMap { Self.retryAfter($0, now: now) })
        case 401, 403:
            self = .unauthorized
        case 503:
            self = .unavailable(retryAfter: response.header("Retry-After").flatMap { Self.retryAfter($0, now: now) })
        default:
            self = .retry
        }
    }

    /// A `Retry-After` value: seconds, or an HTTP date.
    static func retryAfter(_ value: String, now: Date) -> Duration? {
        let text = value.trimmingCharacters(in: .whitespaces)
        if let seconds = Int(text) { return .seconds(max(0, seconds)) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: text) else { return nil }
        return .seconds(fractional: date.timeIntervalSince(now))
    }
}
