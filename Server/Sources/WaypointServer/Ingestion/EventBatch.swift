import Foundation
import Waypoint

/// A `POST /v1/events` body, `{"batch":[event,…]}`, read event by event: a malformed event is
/// rejected with its index and message, the others are kept.
struct EventBatch {
    /// One refused event, as the receipt lists it.
    typealias Rejection = EventUploadReceipt.Rejection

    /// The valid events, in batch order.
    var events: [OnboardingEvent] = []
    /// The invalid ones.
    var rejected: [Rejection] = []
    /// How many events the batch held.
    var count = 0

    /// The longest text accepted in any string field of an event, in characters.
    static let maxStringLength = 200

    /// Reads a body; throws 400 when it is not `{"batch":[…]}` JSON, 413 when it holds more than `maxEvents`.
    init(body: Data, maxEvents: Int) throws(APIError) {
        guard String(validating: body, as: UTF8.self) != nil else {
            throw APIError.badRequest("The body is not valid UTF-8; send the batch as UTF-8 JSON.")
        }
        let envelope: Envelope
        do {
            envelope = try JSONDecoder().decode(Envelope.self, from: body)
        } catch {
            throw APIError.badRequest(
                "The body is not a batch of events: \(Self.describe(error)). Send JSON of the form {\"batch\":[{…event…}, …]}.")
        }
        count = envelope.batch.count
        guard count <= maxEvents else {
            throw APIError.tooLarge("The batch holds \(count) events; send at most \(maxEvents) per request.")
        }
        for (index, slot) in envelope.batch.enumerated() {
            switch slot.result {
            case .success(let event):
                if let problem = Self.problem(of: event) {
                    rejected.append(Rejection(index: index, message: problem))
                } else {
                    events.append(event)
                }
            case .failure(let failure):
                rejected.append(Rejection(index: index, message: failure.message))
            }
        }
    }

    /// What is wrong with an event that decoded, if anything: the first problem, and how to fix it.
    static func problem(of event: OnboardingEvent) -> String? {
        if event.messageID.isEmpty { return "\"messageId\" is empty; give every event a unique id, such as a UUID." }
        if event.userID.isEmpty { return "\"userId\" is empty; give the id of the user the event is about." }
        let strings: [(String, String?)] = [
            ("messageId", event.messageID), ("userId", event.userID), ("event", event.event.rawValue),
            ("flowId", event.flowID), ("walkthroughId", event.walkthroughID), ("stepId", event.stepID),
            ("experiment", event.experiment), ("variation", event.variation), ("outcome", event.outcome),
            ("trigger", event.trigger), ("appVersion", event.appVersion),
        ]
        for case (let name, let value?) in strings {
            if value.count > maxStringLength {
                return "\"\(name)\" is \(value.count) characters long; send at most \(maxStringLength)."
            }
            if value.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
                return "\"\(name)\" contains a control character; send text without control characters."
            }
        }
        if event.event.rawValue.isEmpty { return "\"event\" is empty; use an event name such as \"Step Viewed\"." }
        if !event.event.isKnown {
            let hint = event.event.suggestion.map { "did you mean \"\($0)\"? " } ?? ""
            return "\"event\" \"\(event.event)\" is not an event name Waypoint reports; \(hint)"
                + "the names are \(EventName.all.map { "\"\($0)\"" }.joined(separator: ", "))."
        }
        if let duration = event.durationMs, duration < 0 {
            return "\"durationMs\" is \(duration); a duration is a number of milliseconds, 0 or more."
        }
        return nil
    }

    static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, let context):
            return "\"\(key.stringValue)\" is missing\(where_(context))"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            return "\(path(context.codingPath)) has the wrong type"
        case DecodingError.dataCorrupted(let context):
            if context.codingPath.isEmpty { return "it is not valid JSON (\(context.debugDescription))" }
            return "\(path(context.codingPath)): \(context.debugDescription)"
        default:
            return "\(error)"
        }
    }

    private static func where_(_ context: DecodingError.Context) -> String {
        context.codingPath.isEmpty ? "" : " in \(path(context.codingPath))"
    }

    private static func path(_ codingPath: [any CodingKey]) -> String {
        guard let key = codingPath.last, key.intValue == nil else { return "the event" }
        return "\"\(key.stringValue)\""
    }

    private struct Envelope: Decodable {
        let batch: [Slot]
    }

    private struct Failure: Error {
        let message: String
    }

    /// One element of the batch: an event, or why it is not one.
    private struct Slot: Decodable {
        let result: Result<OnboardingEvent, Failure>

        init(from decoder: any Decoder) throws {
            do {
                result = .success(try OnboardingEvent(from: decoder))
            } catch {
                result = .failure(Failure(message: "Not a valid event: " + EventBatch.describe(error) + "."))
            }
        }
    }
}
