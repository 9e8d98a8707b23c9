import Foundation
import TestSupport
import Testing
import Waypoint
import WaypointTesting

@Suite struct HTTPEventSinkTests {
    static func sink(_ peer: ScriptedHTTPPeer, maxEvents: Int = 500, maxBytes: Int = 256 << 10) -> HTTPEventSink {
        HTTPEventSink(configuration: .init(server: peer.url, key: "wps_test", maxBatchEvents: maxEvents, maxBatchBytes: maxBytes, requestTimeout: .seconds(30)))
    }

    static func events(_ count: Int) -> [OnboardingEvent] { (0..<count).map { QueueFixtures.event($0) } }

    static func accepted(_ count: Int, duplicates: Int = 0, rejected: String = "") -> ScriptedHTTPPeer.Reply {
        .init(200, text: #"{"accepted":\#(count),"duplicates":\#(duplicates),"rejected":[\#(rejected)]}"#)
    }

    /// The `messageId`s of each request's batch.
    static func batches(_ peer: ScriptedHTTPPeer) throws -> [[String]] {
        struct Body: Decodable { let batch: [OnboardingEvent] }
        return try peer.requests.map { try JSONDecoder().decode(Body.self, from: $0.body).batch.map(\.messageID) }
    }

    static func queue(_ sink: HTTPEventSink, clock: FixedClock) throws -> DurableEventQueue {
        try DurableEventQueue(directory: QueueFixtures.directory(), sink: sink, clock: clock,
                              configuration: .init(dropPolicy: .dropOldest, retry: .init(initialDelay: .seconds(2), multiplier: 2, maximumDelay: .seconds(60))))
    }

    @Test func aBatchIsPostedWithTheKeyAndTheServersCountsAndRejectionsAreKept() async throws {
        let peer = try ScriptedHTTPPeer([Self.accepted(1, duplicates: 1, rejected: #"{"index":2,"message":"timestamp is not ISO 8601"}"#)])
        defer { peer.stop() }
        let sink = Self.sink(peer)
        try await sink.send(Self.events(3))
        let request = try #require(peer.requests.first)
        #expect(request.method == "POST")
        #expect(request.path == "/v1/events")
        #expect(request.header("Waypoint-Key") == "wps_test")
        #expect(request.header("Content-Type") == "application/json")
        #expect(try Self.batches(peer) == [["m-0", "m-1", "m-2"]])
        let report = await sink.report
        #expect(report.accepted == 1)
        #expect(report.duplicates == 1)
        #expect(report.rejected == 1)
        #expect(report.rejections == [.init(messageID: "m-2", message: "timestamp is not ISO 8601")])
    }

    @Test func batchesAreCutByCountAndByBytes() async throws {
        let peer = try ScriptedHTTPPeer([Self.accepted(2), Self.accepted(2), Self.accepted(1), Self.accepted(1), Self.accepted(1)])
        defer { peer.stop() }
        try await Self.sink(peer, maxEvents: 2).send(Self.events(5))
        #expect(try Self.batches(peer) == [["m-0", "m-1"], ["m-2", "m-3"], ["m-4"]])
        let line = Self.events(1)[0].jsonLine.utf8.count
        try await Self.sink(peer, maxBytes: 12 + line + 1).send(Self.events(2))
        #expect(try Self.batches(peer).suffix(2) == [["m-0"], ["m-1"]])
    }

    @Test func aTooLargeBatchIsSplitAndATooLargeEventIsDroppedAndCounted() async throws {
        let peer = try ScriptedHTTPPeer([.init(413), Self.accepted(2), .init(413), .init(413), Self.accepted(1)])
        defer { peer.stop() }
        let sink = Self.sink(peer)
        try await sink.send(Self.events(4))
        #expect(try Self.batches(peer) == [["m-0", "m-1", "m-2", "m-3"], ["m-0", "m-1"], ["m-2", "m-3"], ["m-2"], ["m-3"]])
        let report = await sink.report
        #expect(report.accepted == 3)
        #expect(report.rejected == 1)
        #expect(report.rejections.first?.messageID == "m-2")
    }

    @Test func behindTheQueueEventsLeaveTheDiskOnlyAfterA2xxAndRetryAfterIsHonoured() async throws {
        let peer = try ScriptedHTTPPeer([
            .init(429, headers: [("Retry-After", "7")]), .init(502), .init(200, text: #"{"accepted":3,"duplicates":0,"rejected":[]}"#),
        ])
        defer { peer.stop() }
        let clock = FixedClock()
        let sink = Self.sink(peer)
        let queue = try Self.queue(sink, clock: clock)
        for event in Self.events(3) { try await queue.append(event) }
        let delivery = Task { try await queue.flushRetrying() }
        #expect(await eventually { await queue.statistics.nextRetryDelay == .seconds(7) && clock.sleeperCount == 1 })
        #expect(try await queue.pendingEvents().count == 3)
        #expect(String(describing: try #require(await queue.lastDeliveryError)).contains("answered 429 (too many requests); the events stay queued and are sent again after 7 s, as Retry-After asks."))
        clock.advance(by: .seconds(7))
        #expect(await eventually { await queue.statistics.nextRetryDelay == .seconds(4) && clock.sleeperCount == 1 })
        #expect(try await queue.pendingEvents().count == 3)  // a 5xx backs off (2nd failure: 2 s × 2)
        clock.advance(by: .seconds(4))
        try await delivery.value
        #expect(try await queue.pendingEvents().isEmpty)
        #expect(peer.requests.count == 3)
        #expect(try Self.batches(peer).allSatisfy { $0 == ["m-0", "m-1", "m-2"] })
    }

    @Test func aServerThatCannotStoreAnswers503AndItsRetryAfterIsHonoured() async throws {
        let unavailable = #"{"error":{"code":"storage-full","message":"The server's disk is full"}}"#
        let peer = try ScriptedHTTPPeer([
            .init(503, headers: [("Retry-After", "9")], text: unavailable), .init(503, text: unavailable), Self.accepted(2),
        ])
        defer { peer.stop() }
        let clock = FixedClock()
        let queue = try Self.queue(Self.sink(peer), clock: clock)
        for event in Self.events(2) { try await queue.append(event) }
        let delivery = Task { try await queue.flushRetrying() }
        #expect(await eventually { await queue.statistics.nextRetryDelay == .seconds(9) && clock.sleeperCount == 1 })
        #expect(try await queue.pendingEvents().count == 2)
        let error = try #require(await queue.lastDeliveryError as? EventUploadError)
        #expect(error.retryAdvice == .after(.seconds(9)))
        #expect(error.description.hasSuffix(
            "answered 503 (The server's disk is full); the events stay queued and are sent again after 9 s, as Retry-After asks."))
        clock.advance(by: .seconds(9))
        // Without Retry-After, a 503 backs off like any 5xx (2nd failure: 2 s × 2).
        #expect(await eventually { await queue.statistics.nextRetryDelay == .seconds(4) && clock.sleeperCount == 1 })
        clock.advance(by: .seconds(4))
        try await delivery.value
        #expect(try await queue.pendingEvents().isEmpty)
        #expect(peer.requests.count == 3)
    }

    @Test(arguments: [401, 403])
    func aRefusedKeyPausesDeliveryUntilResumedAndKeepsTheEvents(status: Int) async throws {
        let peer = try ScriptedHTTPPeer([.init(status, text: #"{"error":{"code":"unauthorized","message":"unknown key"}}"#), Self.accepted(2)])
        defer { peer.stop() }
        let clock = FixedClock()
        let sink = Self.sink(peer)
        let queue = try Self.queue(sink, clock: clock)
        for event in Self.events(2) { try await queue.append(event) }
        try await queue.flushRetrying()  // returns: retrying cannot help
        #expect(await queue.statistics.deliveryPaused)
        #expect(try await queue.pendingEvents().count == 2)
        let error = try #require(await queue.lastDeliveryError as? EventUploadError)
        #expect(error.isPaused)
        #expect(error.description.hasSuffix("refused the SDK key with \(status) (unknown key); delivery is paused and the events stay queued. Check the environment's Waypoint-Key, then call resume()."))
        await #expect(throws: EventUploadError.self) { try await queue.flush() }
        #expect(peer.requests.count == 1)  // paused: no request
        #expect(await sink.report.isPaused)
        await sink.resume()
        try await queue.flushRetrying()
        #expect(try await queue.pendingEvents().isEmpty)
        #expect(await !queue.statistics.deliveryPaused)
        #expect(peer.requests.count == 2)
    }

    @Test func aDroppedConnectionOrATimeoutKeepsTheEventsForABackoff() async throws {
        let peer = try ScriptedHTTPPeer([.hangUp, Self.accepted(1).withDelay(.seconds(30))])
        defer { peer.stop() }
        let sink = HTTPEventSink(configuration: .init(server: peer.url, key: "k", requestTimeout: .milliseconds(300)))
        let first = await #expect(throws: EventUploadError.self) { try await sink.send(Self.events(1)) }
        #expect(first?.retryAdvice == .backoff)
        #expect(first?.description.hasPrefix("Could not post events to \(peer.url.absoluteString)/v1/events") == true)
        let second = await #expect(throws: EventUploadError.self) { try await sink.send(Self.events(1)) }
        #expect(second?.description.contains("/v1/events in time:") == true)
    }
}

extension ScriptedHTTPPeer.Reply {
    func withDelay(_ delay: Duration) -> Self {
        var copy = self
        copy.delay = delay
        return copy
    }
}
