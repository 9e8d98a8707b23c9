import Foundation

/// The server's account of a delivered batch: `{"accepted":A,"duplicates":D,"rejected":[{"index":i,"message":"…"}]}`.
///
/// The one statement of the answer of `POST /v1/events`: the server encodes it, the app's
/// ``HTTPEventSink`` decodes it (docs/ARCHITECTURE.md, "An event, from app to report").
package struct EventUploadReceipt: Sendable, Hashable, Codable {
    /// One event the server refused; it is dropped, never sent again.
    package struct Rejection: Sendable, Hashable, Codable {
        /// The event's position in the batch.
        package var index: Int
        /// Why the server refused it.
        package var message: String

        /// Creates a rejection.
        package init(index: Int, message: String) {
            self.index = index
            self.message = message
        }
    }

    /// Events stored for the first time.
    package var accepted: Int
    /// Events the server already had (same `messageId`).
    package var duplicates: Int
    /// Events refused one by one.
    package var rejected: [Rejection]

    /// Creates a receipt.
    package init(accepted: Int, duplicates: Int, rejected: [Rejection]) {
        self.accepted = accepted
        self.duplicates = duplicates
        self.rejected = rejected
    }

    private enum CodingKeys: String, CodingKey {
        case accepted, duplicates, rejected
    }

    /// Reads a receipt; `duplicates` and `rejected` may be missing (0 and none).
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        accepted = try container.decode(Int.self, forKey: .accepted)
        duplicates = try container.decodeIfPresent(Int.self, forKey: .duplicates) ?? 0
        rejected = try container.decodeIfPresent([Rejection].self, forKey: .rejected) ?? []
    }

    /// Reads the answer's body; a 2xx whose body is not such JSON counts every event as accepted.
    init(body: Data, count: Int) {
        self = (try? JSONDecoder().decode(EventUploadReceipt.self, from: body))
            ?? EventUploadReceipt(accepted: count, duplicates: 0, rejected: [])
    }
}
