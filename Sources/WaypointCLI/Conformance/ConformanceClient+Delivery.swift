import Foundation
import Waypoint

extension ConformanceClient {
    /// A `delivery` case: the events waiting in a ``DurableEventQueue`` in front of an
    /// ``HTTPEventSink``, their settings, the script clock, what the app does and the server's answers.
    struct DeliveryInput: ConformanceInput, Sendable {
        static let keys: Set<String> = ["events", "eventBytes", "sink", "queue", "clock", "actions", "answers"]
        /// How many events wait (event `i` is the `i`-th appended, from 0).
        let events: Int
        /// The size in bytes of each event's JSON line, when the case is about the byte limit.
        let eventBytes: [Int]?
        /// The sink's limits per request.
        let sink: Sink?
        /// The queue's batch size and backoff.
        let queue: Queue?
        /// The script clock's start, ISO 8601 (what an HTTP-date `Retry-After` is measured from).
        let clock: String?
        /// What the app does, in order: `deliver` or `resume` (default: one `deliver`).
        let actions: [Action]?
        /// The server's answers, one per request, in order.
        let answers: [Answer]

        /// ``HTTPEventSink/Configuration``'s limits.
        struct Sink: Decodable, Sendable {
            let maxBatchEvents: Int?
            let maxBatchBytes: Int?
        }

        /// ``DurableEventQueue/Configuration``'s batch size and retry policy.
        struct Queue: Decodable, Sendable {
            let batchSize: Int?
            let backoff: Backoff?
        }

        /// ``DurableEventQueue/RetryPolicy``, in seconds.
        struct Backoff: Decodable, Sendable {
            let initialSeconds: Double
            let multiplier: Double
            let maximumSeconds: Double
        }

        /// What the app does.
        enum Action: String, Decodable, Sendable {
            /// Deliver until the queue is empty or delivery pauses (``DurableEventQueue/flushRetrying()``).
            case deliver
            /// The key was fixed: ``HTTPEventSink/resume()``.
            case resume
        }

        /// One answer of the server: a status with headers and a body, or no answer at all.
        struct Answer: Decodable, Sendable {
            /// The HTTP status.
            let status: Int?
            /// Headers by name.
            let headers: [String: String]?
            /// A JSON body.
            let body: JSONValue?
            /// A body that is not JSON.
            let text: String?
            /// No answer: `timeout` or `lost` (the connection failed).
            let network: Network?

            /// Why no answer arrived.
            enum Network: String, Decodable, Sendable {
                case timeout, lost
            }
        }
    }

    /// What the queue and the sink do with the case's answers: each request (the events' indices), each
    /// wait, pauses and resumes, then the sink's counts and the events left in the queue.
    static func delivery(_ input: DeliveryInput) throws -> JSONValue {
        guard input.events >= 0, input.events <= 10_000 else { throw RequestError(description: "`events` must be 0…10000") }
        if let sizes = input.eventBytes, sizes.count != input.events {
            throw RequestError(description: "`eventBytes` has \(sizes.count) sizes for \(input.events) events; give one per event")
        }
        for (index, answer) in input.answers.enumerated() where (answer.status == nil) == (answer.network == nil) {
            throw RequestError(description: "`answers[\(index)]` needs either a `status` or a `network` failure")
        }
        if input.answers.contains(where: { $0.body != nil && $0.text != nil }) {
            throw RequestError(description: "an answer has both `body` and `text`; give one")
        }
        var start = Date(timeIntervalSince1970: 1_795_255_200)
        if let clock = input.clock {
            guard let milliseconds = MillisecondTimestamp.parseISO8601(clock) else {
                throw RequestError(description: "`clock` is not an ISO 8601 time such as 2026-11-21T10:00:00Z")
            }
            start = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
        }
        let events = try ConformanceDeliveryRun.events(input.events, bytes: input.eventBytes, at: start)
        let clockStart = start
        return try AsyncWait.result { try await ConformanceDeliveryRun(input, events: events, start: clockStart).play() }
    }
}
