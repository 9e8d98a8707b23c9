import Foundation

/// The body of `POST /v1/apps/{app}/environments/{env}/publish`: `{"revision":N,"confirm":false}`.
///
/// Read strictly: a key it does not know or a value of the wrong type is refused with a reason, so a
/// misspelt `"confirm"` never publishes without the confirmation its sender meant to give.
struct PublishRequest: Sendable, Hashable {
    /// The revision to publish.
    let revision: Int
    /// Whether the publisher confirms moving users in flight back or discarding their progress.
    let confirm: Bool

    /// What a body looks like, for the messages.
    static let example = #"{"revision":3,"confirm":false}"#

    /// Reads a body; throws 400 with what is wrong and what to send.
    static func parse(_ body: Data) throws(APIError) -> PublishRequest {
        do {
            return try JSONDecoder().decode(PublishRequest.self, from: body)
        } catch let error as APIError {
            throw error
        } catch DecodingError.typeMismatch(_, let context) where context.codingPath.isEmpty {
            throw refusal("The body must be a JSON object such as \(example).")
        } catch {
            throw refusal("The body is not a publish: \(EventBatch.describe(error)). Send \(example).")
        }
    }

    /// A 400 that says what is wrong with the body.
    static func refusal(_ message: String) -> APIError {
        APIError.badRequest(message, code: "bad-request")
    }
}

extension PublishRequest: Decodable {
    /// Any key of a JSON object (also read by ``RotateKeyRequest``).
    struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        if let unknown = container.allKeys.map(\.stringValue).filter({ $0 != "revision" && $0 != "confirm" }).sorted().first {
            throw Self.refusal(
                "\(String(reflecting: unknown)) is not a field of a publish; send \"revision\" and, optionally, \"confirm\", such as \(Self.example).")
        }
        let revisionKey = Key(stringValue: "revision")
        guard container.contains(revisionKey) else {
            throw Self.refusal("\"revision\" is missing; name the revision to publish, such as \(Self.example).")
        }
        guard let revision = try? container.decode(Int.self, forKey: revisionKey), revision > 0 else {
            throw Self.refusal("\"revision\" must be a revision number (1, 2, …), not \(Self.text(container, revisionKey)).")
        }
        let confirmKey = Key(stringValue: "confirm")
        var confirm = false
        if container.contains(confirmKey) {
            guard let flag = try? container.decode(Bool.self, forKey: confirmKey) else {
                throw Self.refusal("\"confirm\" must be true or false, not \(Self.text(container, confirmKey)).")
            }
            confirm = flag
        }
        self.init(revision: revision, confirm: confirm)
    }

    /// The value at `key` as its sender wrote it, near enough for a message (also used by ``RotateKeyRequest``).
    static func text(_ container: KeyedDecodingContainer<Key>, _ key: Key) -> String {
        if (try? container.decodeNil(forKey: key)) == true { return "null" }
        if let flag = try? container.decode(Bool.self, forKey: key) { return flag ? "true" : "false" }
        if let number = try? container.decode(Int.self, forKey: key) { return String(number) }
        if let number = try? container.decode(Double.self, forKey: key) { return String(number) }
        if let string = try? container.decode(String.self, forKey: key) { return String(reflecting: string) }
        if (try? container.decode([AnyDecodable].self, forKey: key)) != nil { return "an array" }
        return "an object"
    }

    /// Anything at all, to tell an array from an object.
    private struct AnyDecodable: Decodable {
        init(from decoder: any Decoder) throws {}
    }
}
