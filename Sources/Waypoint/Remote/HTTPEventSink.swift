import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An ``EventSink`` that posts events to a Waypoint server's `POST /v1/events`, meant to stand behind
/// a ``DurableEventQueue`` so that events leave the disk only once the server answered 2xx.
///
/// A batch from the queue is cut into requests of at most `maxBatchEvents` events and
/// `maxBatchBytes` bytes (see ``Configuration``), sent one at a time (never two requests in flight). The
/// answers decide what happens:
/// - 2xx: delivered; events the server rejects one by one are dropped and counted,
///   never sent again; duplicates (by `messageId`) are counted.
/// - 413: the request is sent again in halves; a single event the server finds too large is dropped
///   and counted as rejected.
/// - 429: ``send(_:)`` throws an ``EventUploadError`` whose ``RetryAdvice`` is the `Retry-After` wait.
/// - 503 (the server cannot store now: its disk is full or its database unreachable): it throws,
///   and the queue waits for `Retry-After` when given, else backs off.
/// - Other 5xx and network errors: it throws, and the queue backs off.
/// - 401 and 403: delivery pauses: this and every later ``send(_:)`` throws at once, without a
///   request, until ``resume()``; the queue stops retrying and keeps the events.
///
/// ```swift
/// let sink = HTTPEventSink(configuration: .init(server: serverURL, key: "wps_…"))
/// let queue = try DurableEventQueue(directory: eventsURL, sink: sink)
/// let pump = Task { await queue.run() }
/// ```
public actor HTTPEventSink: EventSink {
    /// Where to post and how much at a time.
    public struct Configuration: Sendable, Hashable {
        /// The server's base URL; events go to `server/v1/events`.
        package var server: URL
        /// The environment's SDK key, sent as `Waypoint-Key`.
        package var key: String
        /// The most events in one request (the server takes at most 1,000).
        package var maxBatchEvents: Int
        /// The most bytes of one request's body (the server takes at most 512 KiB).
        package var maxBatchBytes: Int
        /// How long a request may take before it fails.
        package var requestTimeout: Duration

        /// Creates a configuration: by default at most 500 events and 256 KiB per request, 30 s timeout.
        public init(
            server: URL, key: String, maxBatchEvents: Int = 500, maxBatchBytes: Int = 256 << 10,
            requestTimeout: Duration = .seconds(30)
        ) {
            self.server = server
            self.key = key
            self.maxBatchEvents = max(1, maxBatchEvents)
            self.maxBatchBytes = max(64, maxBatchBytes)
            self.requestTimeout = requestTimeout
        }

        /// `server/v1/events`.
        package var eventsURL: URL {
            server.appendingPathComponent("v1").appendingPathComponent("events")
        }
    }

    /// What the sink has done since it was created.
    package struct Report: Sendable, Hashable {
        /// Events the server stored for the first time.
        package var accepted = 0
        /// Events the server already had.
        package var duplicates = 0
        /// Events the server refused one by one (dropped, never sent again).
        package var rejected = 0
        /// The most recent refusals (at most 100), with the event's `messageId`.
        package var rejections: [Rejection] = []
        /// Requests sent.
        package var requests = 0
        /// Whether delivery is paused because the server refused the key.
        package var isPaused = false
        /// The last failure; `nil` after a delivered batch.
        package var lastError: EventUploadError?
    }

    /// An event the server refused; it is dropped.
    package struct Rejection: Sendable, Hashable {
        /// The event's `messageId`.
        package var messageID: String
        /// Why the server refused it.
        package var message: String

        /// Creates a rejection.
        package init(messageID: String, message: String) {
            self.messageID = messageID
            self.message = message
        }
    }

    /// The settings.
    package nonisolated let configuration: Configuration
    /// What the sink has done.
    package private(set) var report = Report()

    private let transport: Transport
    private let clock: any WaypointClock
    private var pausedStatus: Int?
    private var tail: Task<Void, Never>?

    /// Sends one request and returns the server's answer, or throws when none arrived.
    package typealias Transport = @Sendable (URLRequest) async throws(HTTPClient.Failure) -> HTTPResponse

    /// Creates a sink; `clock` reads HTTP-date `Retry-After` values.
    public init(configuration: Configuration, clock: any WaypointClock = SystemClock()) {
        let client = HTTPClient(timeout: configuration.requestTimeout)
        self.init(configuration: configuration, clock: clock) { request throws(HTTPClient.Failure) in try await client.send(request) }
    }

    /// Creates a sink whose requests go through `transport` instead of the network, so that a
    /// script of answers drives the same decisions (the conformance cases do).
    package init(configuration: Configuration, clock: any WaypointClock, transport: @escaping Transport) {
        self.configuration = configuration
        self.clock = clock
        self.transport = transport
    }

    /// Posts `events`, in order, in as many requests as the limits need, one at a time; returns once
    /// the server answered 2xx for all of them.
    ///
    /// - Throws: ``EventUploadError``; requests answered 2xx before the failure stay delivered, and
    ///   sending the batch again is safe (the server drops duplicates by `messageId`).
    public func send(_ events: [OnboardingEvent]) async throws {
        let previous = tail
        let delivery = Task { () async throws in
            await previous?.value
            try await self.deliver(events)
        }
        tail = Task { _ = await delivery.result }
        try await delivery.value
    }

    /// Lets delivery go on after the server refused the key (once the key was fixed).
    public func resume() {
        pausedStatus = nil
        report.isPaused = false
    }

    private func deliver(_ events: [OnboardingEvent]) async throws(EventUploadError) {
        let lines = events.map { event -> [UInt8] in
            var bytes: [UInt8] = []
            event.appendJSON(to: &bytes)
            return bytes
        }
        var start = 0
        while start < events.count {
            var end = start
            var size = Self.envelopeBytes
            while end < events.count, end - start < configuration.maxBatchEvents,
                  end == start || size + lines[end].count + 1 <= configuration.maxBatchBytes {
                size += lines[end].count + 1
                end += 1
            }
            try await post(events[start..<end], lines[start..<end])
            start = end
        }
    }

    /// `{"batch":[` and `]}`.
    private static let envelopeBytes = 12

    private func post(_ events: ArraySlice<OnboardingEvent>, _ lines: ArraySlice<[UInt8]>) async throws(EventUploadError) {
        let url = configuration.eventsURL
        if let pausedStatus { throw .paused(url: url, status: pausedStatus) }
        var body = Array("{\"batch\":[".utf8)
        for (offset, line) in lines.enumerated() {
            if offset > 0 { body.append(UInt8(ascii: ",")) }
            body += line
        }
        body += Array("]}".utf8)
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.setValue(configuration.key, forHTTPHeaderField: "Waypoint-Key")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(body)
        report.requests += 1
        let response: HTTPResponse
        do {
            response = try await transport(request)
        } catch {
            throw fail(.network(url: url, message: error.message, timedOut: error.timedOut))
        }
        switch EventUploadOutcome(response, count: events.count, now: clock.now) {
        case .delivered(let receipt):
            report.accepted += receipt.accepted
            report.duplicates += receipt.duplicates
            record(receipt.rejected.map { rejection in
                let index = events.startIndex + rejection.index
                let id = events.indices.contains(index) ? events[index].messageID : "?"
                return Rejection(messageID: id, message: rejection.message)
            })
            report.lastError = nil
        case .split:
            if events.count == 1, let event = events.first {
                record([Rejection(messageID: event.messageID, message: "the server refused the event as too large (413); it is dropped")])
                return
            }
            let middle = events.startIndex + events.count / 2
            try await post(events[..<middle], lines[..<middle])
            try await post(events[middle...], lines[middle...])
        case .rateLimited(let retryAfter):
            throw fail(.rateLimited(url: url, retryAfter: retryAfter))
        case .unauthorized:
            pausedStatus = response.status
            report.isPaused = true
            throw fail(.unauthorized(url: url, status: response.status, message: response.errorMessage))
        case .unavailable(let retryAfter):
            throw fail(.server(url: url, status: response.status, message: response.errorMessage, retryAfter: retryAfter))
        case .retry:
            throw fail(.server(url: url, status: response.status, message: response.errorMessage))
        }
    }

    private func record(_ rejections: [Rejection]) {
        report.rejected += rejections.count
        report.rejections = Array((report.rejections + rejections).suffix(100))
    }

    private func fail(_ error: EventUploadError) -> EventUploadError {
        report.lastError = error
        return error
    }
}
