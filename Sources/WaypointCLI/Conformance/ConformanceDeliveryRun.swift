import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Waypoint

/// One `delivery` case played: a ``DurableEventQueue`` in front of an ``HTTPEventSink`` whose requests
/// are answered from the case's script, on a clock that moves only when the queue waits.
///
/// Every decision is the core's: which events a request holds, splits, waits, pauses and drops. The run
/// only answers requests, lets time pass and writes down what happened.
actor ConformanceDeliveryRun {
    private let input: ConformanceClient.DeliveryInput
    private let events: [OnboardingEvent]
    private let start: Date
    private let clock: ConformanceScriptClock
    private var sink: HTTPEventSink?
    private var queue: DurableEventQueue?
    private var steps: [[String: JSONValue]] = []
    private var lastSend: Int?
    private var rejectionsSeen = 0
    private var answered = 0
    private var unanswered: String?

    init(_ input: ConformanceClient.DeliveryInput, events: [OnboardingEvent], start: Date) {
        self.input = input
        self.events = events
        self.start = start
        clock = ConformanceScriptClock(start: start)
    }

    /// The events of a case: event `i` has `messageId` `e-i`; with `bytes`, its JSON line is padded
    /// (in `stepId`) to exactly that many bytes.
    nonisolated static func events(_ count: Int, bytes: [Int]?, at time: Date) throws -> [OnboardingEvent] {
        try (0..<count).map { index in
            func event(_ stepID: String) -> OnboardingEvent {
                OnboardingEvent(messageID: "e-\(index)", userID: "u-1", event: .stepViewed, timestamp: time, flowID: "signup", stepID: stepID)
            }
            guard let size = bytes?[index] else { return event("welcome") }
            let smallest = event("s").jsonLine.utf8.count
            guard size >= smallest else {
                throw ConformanceClient.RequestError(description: "`eventBytes[\(index)]` is \(size); this client's smallest event is \(smallest) bytes")
            }
            return event("s" + String(repeating: "x", count: size - smallest))
        }
    }

    /// Plays the case's actions and returns the answer.
    func play() async throws -> JSONValue {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("waypoint-delivery-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let settings = input.sink
        let sink = HTTPEventSink(
            configuration: .init(
                server: URL(string: "https://events.example")!, key: "wps_conformance",
                maxBatchEvents: settings?.maxBatchEvents ?? 500, maxBatchBytes: settings?.maxBatchBytes ?? 256 << 10),
            clock: clock
        ) { [self] request throws(HTTPClient.Failure) in try await answer(request) }
        let backoff = input.queue?.backoff
        let retry = backoff.map {
            DurableEventQueue.RetryPolicy(
                initialDelay: .milliseconds(Int64($0.initialSeconds * 1000)), multiplier: $0.multiplier,
                maximumDelay: .milliseconds(Int64($0.maximumSeconds * 1000)))
        } ?? DurableEventQueue.RetryPolicy()
        let queue = try DurableEventQueue(
            directory: directory, sink: sink, clock: clock,
            configuration: .init(dropPolicy: .dropOldest, batchSize: input.queue?.batchSize ?? 100, retry: retry))
        self.sink = sink
        self.queue = queue
        clock.onSleep = { [self] duration in try await wait(duration) }
        for event in events { try await queue.append(event) }
        for action in input.actions ?? [.deliver] {
            switch action {
            case .deliver:
                do {
                    try await queue.flushRetrying()
                } catch {
                    throw ConformanceClient.RequestError(description: unanswered ?? "the delivery stopped: \(error)")
                }
                await settle()
                if await queue.statistics.deliveryPaused { steps.append(["do": "pause"]) }
            case .resume:
                await sink.resume()
                steps.append(["do": "resume"])
            }
        }
        guard answered == input.answers.count else {
            throw ConformanceClient.RequestError(
                description: "the sink sent \(answered) request(s) but the case has \(input.answers.count) answers; "
                    + "remove the \(input.answers.count - answered) answer(s) no request reached")
        }
        let report = await sink.report
        let left = try await queue.pendingEvents().map { Self.index(of: $0.messageID) }
        return [
            "steps": .array(steps.map(JSONValue.object)),
            "accepted": .number(Double(report.accepted)),
            "duplicates": .number(Double(report.duplicates)),
            "rejected": .number(Double(report.rejected)),
            "requests": .number(Double(report.requests)),
            "left": .array(left),
            "paused": .bool(report.isPaused),
        ]
    }

    /// The next scripted answer to `request`, after writing the request down.
    private func answer(_ request: URLRequest) async throws(HTTPClient.Failure) -> HTTPResponse {
        await settle()
        let sent = Self.batch(of: request)
        guard answered < input.answers.count else {
            let indices = sent.map { $0.intValue.map(String.init) ?? "?" }.joined(separator: ", ")
            unanswered = "the case has \(input.answers.count) answer(s) but the sink sent request \(answered + 1) (events \(indices)); "
                + "add an answer for it to `answers`"
            throw HTTPClient.Failure(timedOut: false, message: "no answer in the script")
        }
        let answer = input.answers[answered]
        answered += 1
        lastSend = steps.count
        steps.append(["do": "send", "events": .array(sent), "at": elapsed, "answer": answer.status.map { .number(Double($0)) } ?? .string("network")])
        if let network = answer.network {
            throw HTTPClient.Failure(timedOut: network == .timeout, message: network == .timeout ? "The request timed out." : "The network connection was lost.")
        }
        var body = Data()
        if let json = answer.body {
            body = Data(ConformanceClient.encode(json).utf8)
        } else if let text = answer.text {
            body = Data(text.utf8)
        }
        return HTTPResponse(status: answer.status ?? 0, headers: answer.headers ?? [:], body: body)
    }

    /// Writes down a wait of the queue (and what asked for it); fails when the script has run out.
    private func wait(_ duration: Duration) async throws {
        await settle()
        if unanswered != nil { throw CancellationError() }
        let advice = await (queue?.lastDeliveryError as? any RetryAdvising)?.retryAdvice
        let from: JSONValue = switch advice {
        case .after: "retryAfter"
        case .backoff, nil: "backoff"
        case .pause: "pause"
        }
        steps.append(["do": "wait", "seconds": .number(duration.seconds), "at": elapsed, "from": from])
    }

    /// Puts the events the sink dropped since the last look on the request that dropped them.
    private func settle() async {
        guard let sink, let lastSend else { return }
        let report = await sink.report
        let new = report.rejected - rejectionsSeen
        rejectionsSeen = report.rejected
        guard new > 0 else { return }
        let dropped = report.rejections.suffix(new).map { Self.index(of: $0.messageID) }
        if case .array(let earlier) = steps[lastSend]["dropped"] {
            steps[lastSend]["dropped"] = .array(earlier + dropped)
        } else {
            steps[lastSend]["dropped"] = .array(dropped)
        }
    }

    private var elapsed: JSONValue { .number((clock.now.timeIntervalSince(start) * 1000).rounded() / 1000) }

    /// The indices of the events in a request's body.
    private static func batch(of request: URLRequest) -> [JSONValue] {
        guard let body = request.httpBody, let json = try? JSONDecoder().decode(JSONValue.self, from: body),
              case .array(let batch) = json["batch"] else { return [] }
        return batch.map { index(of: $0["messageId"]?.stringValue ?? "?") }
    }

    /// Event `e-i`'s index `i`; `null` for an id the case did not make.
    private static func index(of messageID: String) -> JSONValue {
        guard messageID.hasPrefix("e-"), let index = Int(messageID.dropFirst(2)) else { return .null }
        return .number(Double(index))
    }
}
