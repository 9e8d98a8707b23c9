import Foundation

/// The body of `POST /v1/apps/{app}/environments/{env}/keys`: `{"graceHours":24}`, or nothing for
/// the default grace period.
///
/// Read strictly, like ``PublishRequest``: a key it does not know or a value of the wrong type is
/// refused with a reason, so a misspelt `"graceHours"` never gives the default by accident.
/// The range (0…720) is checked by ``AppAdministration/rotateKey(appID:environment:graceHours:by:)``.
struct RotateKeyRequest: Sendable, Hashable {
    /// How long the keys being replaced keep working, in hours.
    let graceHours: Int

    /// What a body looks like, for the messages.
    static let example = #"{"graceHours":24}"#

    /// Reads a body (empty or whitespace: the default); throws 400 with what is wrong and what to send.
    static func parse(_ body: Data) throws(APIError) -> RotateKeyRequest {
        if body.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) {
            return RotateKeyRequest(graceHours: AppAdministration.defaultGraceHours)
        }
        do {
            return try JSONDecoder().decode(RotateKeyRequest.self, from: body)
        } catch let error as APIError {
            throw error
        } catch DecodingError.typeMismatch(_, let context) where context.codingPath.isEmpty {
            throw PublishRequest.refusal("The body must be a JSON object such as \(example), or empty.")
        } catch {
            throw PublishRequest.refusal("The body is not a rotation: \(EventBatch.describe(error)). Send \(example), or nothing.")
        }
    }
}

extension RotateKeyRequest: Decodable {
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: PublishRequest.Key.self)
        if let unknown = container.allKeys.map(\.stringValue).filter({ $0 != "graceHours" }).sorted().first {
            throw PublishRequest.refusal(
                "\(String(reflecting: unknown)) is not a field of a rotation; send only \"graceHours\", such as \(Self.example), or nothing.")
        }
        let key = PublishRequest.Key(stringValue: "graceHours")
        guard container.contains(key) else {
            self.init(graceHours: AppAdministration.defaultGraceHours)
            return
        }
        guard let hours = try? container.decode(Int.self, forKey: key) else {
            throw PublishRequest.refusal(
                "\"graceHours\" must be a whole number of hours from 0 to \(AppAdministration.maximumGraceHours), "
                    + "not \(PublishRequest.text(container, key)).")
        }
        self.init(graceHours: hours)
    }
}
