import Foundation
import Waypoint
import WaypointTools

/// A `POST /v1/events` body, `{"batch":[event,…]}`, read event by event: a malformed event is
/// rejected with its index and message, the others are kept.
struct EventBatch {
    /// One refused event, as the receipt lists it (``WaypointTools/EventIngestion/receipt(accepted:duplicates:rejected:)``).
    struct Rejection: Sendable, Hashable {
        /// The event's position in the batch.
        var index: Int
        /// Why it was refused.
        var message: String
    }

    /// The valid events, in batch order.
    var events: [OnboardingEvent] = []
    /// Each valid event's position in the batch.
    var positions: [Int] = []
    /// The invalid ones.
    var rejected: [Rejection] = []
    /// How many events the batch held.
    var count = 0

    /// The longest text accepted in any string field of an event, in characters.
    static let maxStringLength = 200

    /// The longest duration accepted, in milliseconds: ten years of 365 days. A step left open that long is
    /// already beyond any report's window, and the bound keeps every sum of durations far from overflowing.
    static let maxDurationMs: Int64 = 10 * 365 * 24 * 60 * 60 * 1000

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
                    positions.append(index)
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
        if event.flowID?.isEmpty == true {
            return "\"flowId\" is empty; omit it for walkthrough events or give the flow's id."
        }
        if let problem = timestampProblem(event.timestamp) { return problem }
        let strings: [(String, String?)] = [
            ("messageId", event.messageID), ("userId", event.userID), ("event", event.event.rawValue),
            ("flowId", event.flowID), ("walkthroughId", event.walkthroughID), ("stepId", event.stepID),
            ("experiment", event.experiment), ("variation", event.variation), ("outcome", event.outcome),
            ("trigger", event.trigger), ("appVersion", event.appVersion), ("locale", event.locale), ("platform", event.platform),
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
        if let problem = EventIngestion.unknownNameProblem(event.event) { return problem }
        if let duration = event.durationMs, duration < 0 {
            return "\"durationMs\" is \(duration); a duration is a number of milliseconds, 0 or more."
        }
        if let duration = event.durationMs, duration > maxDurationMs {
            return "\"durationMs\" is \(duration), longer than ten years; send at most \(maxDurationMs) milliseconds."
        }
        if let revision = event.revision, revision < 1 {
            return "\"revision\" is \(revision); revisions are numbered from 1. Send the Waypoint-Revision the document was "
                + "served with, or omit \"revision\" for a document bundled with the app."
        }
        // The fields the reports count it by (the core's rule, docs/ARCHITECTURE.md "Events").
        return EventIngestion.missingReportField(of: event)
    }

    /// The earliest and the latest time an event may have, in milliseconds since 1970 (UTC).
    static let timestampWindow: ClosedRange<Int64> = {
        let earliest = WaypointTime.parseISO8601("0001-01-01T00:00:00.000Z") ?? 0
        let latest = WaypointTime.parseISO8601("9999-12-31T23:59:59.999Z") ?? 0
        return earliest...latest
    }()

    /// Why `timestamp` cannot be stored, if it cannot: it lies outside the years 0001–9999 in UTC.
    static func timestampProblem(_ timestamp: Date) -> String? {
        let milliseconds = (timestamp.timeIntervalSince1970 * 1000).rounded()
        let fix = "send a time from 0001-01-01T00:00:00.000Z to 9999-12-31T23:59:59.999Z once its offset is applied."
        if milliseconds < Double(timestampWindow.lowerBound) {
            let utc = WaypointTime.iso8601(timestamp).map { " \($0) in UTC," } ?? " in UTC"
            return "\"timestamp\" is\(utc) before the year 0001; \(fix)"
        }
        if milliseconds > Double(timestampWindow.upperBound) {
            return "\"timestamp\" is after the year 9999 in UTC; \(fix)"
        }
        return nil
    }

    /// A decoding error in plain words: the field and what it must hold, never a Swift type name.
    ///
    /// `value` is the field's text, when it is text, to quote in the message.
    static func describe(_ error: any Error, value: String? = nil) -> String {
        let context: DecodingError.Context
        switch error {
        case DecodingError.keyNotFound(let key, _):
            return "\"\(key.stringValue)\" is missing"
        case DecodingError.typeMismatch(_, let found), DecodingError.valueNotFound(_, let found):
            context = found
        case DecodingError.dataCorrupted(let found):
            if found.codingPath.isEmpty { return "it is not valid JSON" }
            context = found
        default:
            return "it cannot be read"
        }
        guard let key = context.codingPath.last, key.intValue == nil else { return "it is not a JSON object" }
        return expectation(of: key.stringValue, value: value)
    }

    /// What the field `name` must hold, said of its `value` when that is known.
    static func expectation(of name: String, value: String?) -> String {
        switch name {
        case "timestamp":
            let quoted = value.map { " is \"\($0.count > 40 ? String($0.prefix(40)) + "…" : $0)\"," } ?? " is"
            return "\"timestamp\"\(quoted) not an ISO 8601 time such as 2026-11-21T10:00:00.000Z"
        case "flowVersion", "walkthroughVersion", "stepIndex", "revision":
            return "\"\(name)\" must be a whole number"
        case "durationMs":
            return "\"durationMs\" must be a whole number of milliseconds"
        case "event":
            return "\"event\" must be text, such as \"Step Viewed\""
        case "batch":
            return "\"batch\" must be an array of events"
        default:
            return "\"\(name)\" must be text"
        }
    }

    /// A key of any name, to read back the text of the field an error names.
    private struct AnyKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
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
                var value: String?
                if case DecodingError.dataCorrupted(let context) = error, let key = context.codingPath.last, key.intValue == nil {
                    value = try? decoder.container(keyedBy: AnyKey.self).decode(String.self, forKey: AnyKey(stringValue: key.stringValue))
                }
                var description = EventBatch.describe(error, value: value)
                // A number that is not a whole number can fail without naming its field: find it.
                if !(error is DecodingError), let name = Self.unreadableNumber(in: decoder) {
                    description = EventBatch.expectation(of: name, value: nil)
                }
                result = .failure(Failure(message: "Not a valid event: " + description + "."))
            }
        }

        /// The first whole-number field of the event that does not hold a whole number, if any.
        private static func unreadableNumber(in decoder: any Decoder) -> String? {
            guard let container = try? decoder.container(keyedBy: AnyKey.self) else { return nil }
            return ["flowVersion", "stepIndex", "walkthroughVersion", "durationMs", "revision"].first { name in
                do {
                    _ = try container.decodeIfPresent(Int64.self, forKey: AnyKey(stringValue: name))
                    return false
                } catch {
                    return true
                }
            }
        }
    }
}
