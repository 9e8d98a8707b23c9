import Foundation

/// What an answer of `POST /v1/events` means for the batch sent: a pure mapping, tested without a network.
public enum EventUploadOutcome: Sendable, Hashable {
    /// 2xx: the server stored the batch; the counts come from its answer.
    case delivered(EventUploadReceipt)
    /// 413: the batch is too large; send it again in halves.
    case split
    /// 429: wait (for `Retry-After` when given) and send it again.
    case rateLimited(retryAfter: Duration?)
    /// 401 or 403: the key is refused; stop until resumed.
    case unauthorized
    /// Any other status (5xx included): back off and send it again.
    case retry

    /// Maps a response to what to do, for a batch of `count` events; `now` reads an HTTP-date `Retry-After`.
    public init(_ response: HTTPResponse, count: Int, now: Date) {
        switch response.status {
        case 200..<300:
            self = .delivered(EventUploadReceipt(body: response.body, count: count))
        case 413:
            self = .split
        case 429:
            self = .rateLimited(retryAfter: response.header("Retry-After").flatMap { Self.retryAfter($0, now: now) })
        case 401, 403:
            self = .unauthorized
        default:
            self = .retry
        }
    }

    /// A `Retry-After` value: seconds, or an HTTP date.
    public static func retryAfter(_ value: String, now: Date) -> Duration? {
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

/// The server's account of a delivered batch: `{"accepted":A,"duplicates":D,"rejected":[{"index":i,"message":"…"}]}`.
public struct EventUploadReceipt: Sendable, Hashable {
    /// One event the server refused; it is dropped, never sent again.
    public struct Rejection: Sendable, Hashable, Codable {
        /// The event's position in the batch.
        public var index: Int
        /// Why the server refused it.
        public var message: String

        /// Creates a rejection.
        public init(index: Int, message: String) {
            self.index = index
            self.message = message
        }
    }

    /// Events stored for the first time.
    public var accepted: Int
    /// Events the server already had (same `messageId`).
    public var duplicates: Int
    /// Events refused one by one.
    public var rejected: [Rejection]

    /// Creates a receipt.
    public init(accepted: Int, duplicates: Int, rejected: [Rejection]) {
        self.accepted = accepted
        self.duplicates = duplicates
        self.rejected = rejected
    }

    /// Reads the answer's body; a 2xx whose body is not such JSON counts every event as accepted.
    init(body: Data, count: Int) {
        struct Body: Decodable {
            let accepted: Int
            let duplicates: Int?
            let rejected: [Rejection]?
        }
        if let body = try? JSONDecoder().decode(Body.self, from: body) {
            self.init(accepted: body.accepted, duplicates: body.duplicates ?? 0, rejected: body.rejected ?? [])
        } else {
            self.init(accepted: count, duplicates: 0, rejected: [])
        }
    }
}
