import Foundation
import Testing
import TestSupport
import Waypoint
import WaypointTesting

/// A sink that fails its first `failures` deliveries.
actor FlakySink: EventSink {
    struct Unavailable: Error {}
    private var failures: Int
    private(set) var attempts = 0
    private(set) var batches: [[OnboardingEvent]] = []

    init(failures: Int) { self.failures = failures }

    func send(_ events: [OnboardingEvent]) async throws {
        attempts += 1
        if failures > 0 {
            failures -= 1
            throw Unavailable()
        }
        batches.append(events)
    }
}

/// Keeps the drop reports a queue makes.
///
/// `@unchecked Sendable`: `reports` is read and written only while `lock` is held.
final class DropLog: @unchecked Sendable {
    private let lock = NSLock()
    private var reports: [DurableEventQueue.DropReport] = []
    func add(_ report: DurableEventQueue.DropReport) { lock.withLock { reports.append(report) } }
    var all: [DurableEventQueue.DropReport] { lock.withLock { reports } }
}

enum QueueFixtures {
    static func directory() -> URL {
        TemporaryFiles.path("queue")
    }

    static func event(_ number: Int, padding: Int = 0) -> OnboardingEvent {
        OnboardingEvent(
            messageID: "m-\(number)", userID: "u-\(number % 3)", event: .stepViewed, timestamp: Lines.date(Double(number)),
            flowID: "signup", flowVersion: 1, stepID: "s\(number % 4)", stepIndex: number % 4,
            outcome: padding > 0 ? String(repeating: "p", count: padding) : nil)
    }

    static func segmentFiles(in directory: URL) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { $0.lastPathComponent.hasPrefix("segment-") }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }
}

@Suite("Durable event queue")
struct DurableEventQueueTests {
    @Test func anAppendedEventIsOnDiskWhenAppendReturns() async throws {
        let directory = QueueFixtures.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let queue = try DurableEventQueue(directory: directory, sink: FlakySink(failures: 0))
        let receipt = try await queue.append(QueueFixtures.event(1))
        #expect(receipt == DurableEventQueue.AppendReceipt(messageID: "m-1", droppedEvents: 0))
        try await queue.append(QueueFixtures.event(2))
        // What is on disk now, as another process would read it.
        let text = try String(contentsOf: try #require(try QueueFixtures.segmentFiles(in: directory).first), encoding: .utf8)
        #expect(text == QueueFixtures.event(1).jsonLine + "\n" + QueueFixtures.event(2).jsonLine + "\n")
        let reopened = try DurableEventQueue(directory: directory, sink: FlakySink(failures: 0))
        #expect(try await reopened.pendingEvents() == [QueueFixtures.event(1), QueueFixtures.event(2)])
        #expect(await queue.statistics.pendingEvents == 2)
    }

    @Test func deliversInOrderedBatchesAndRemembersWhatWasDelivered() async throws {
        let directory = QueueFixtures.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let sink = FlakySink(failures: 0)
        let queue = try DurableEventQueue(
            directory: directory, sink: sink, configuration: .init(dropPolicy: .dropOldest, batchSize: 4, segmentBytes: 600))
        for number in 1...10 { try await queue.append(QueueFixtures.event(number)) }
        #expect(try QueueFixtures.segmentFiles(in: directory).count > 1)  // small segments roll over
        #expect(try await queue.flush() == 10)
        #expect(await sink.batches.map(\.count) == [4, 4, 2])
        #expect(await sink.batches.flatMap { $0 }.map(\.messageID) == (1...10).map { "m-\($0)" })
        #expect(await queue.statistics.pendingEvents == 0)
        #expect(await queue.statistics.pendingBytes == 0)
        #expect(await queue.statistics.deliveredEvents == 10)
        #expect(try QueueFixtures.segmentFiles(in: directory).count == 1)  // delivered segments are removed
        let reopened = try DurableEventQueue(directory: directory, sink: sink)
        #expect(try await reopened.pendingEvents().isEmpty)
        try await reopened.append(QueueFixtures.event(11))
        #expect(try await reopened.flush() == 1)
        #expect(await sink.batches.last?.map(\.messageID) == ["m-11"])
    }

    @Test func retryWaitsGrowExponentiallyUpToTheMaximum() {
        let policy = DurableEventQueue.RetryPolicy(initialDelay: .seconds(1), multiplier: 2, maximumDelay: .seconds(60))
        #expect((1...8).map { policy.delay(afterFailures: $0) }
            == [1, 2, 4, 8, 16, 32, 60, 60].map { Duration.seconds($0) })
    }

    @Test func failedDeliveriesAreRetriedWithBackoffOnTheClock() async throws {
        let directory = QueueFixtures.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let clock = FixedClock()
        let sink = FlakySink(failures: 3)
        let queue = try DurableEventQueue(directory: directory, sink: sink, clock: clock)
        for number in 1...3 { try await queue.append(QueueFixtures.event(number)) }
        let delivery = Task { try await queue.flushRetrying() }

        for (attempt, wait) in [(1, 1), (2, 2), (3, 4)] {
            #expect(await eventually { await sink.attempts == attempt && clock.sleeperCount == 1 })
            #expect(await queue.statistics.nextRetryDelay == .seconds(wait))
            #expect(await queue.statistics.pendingEvents == 3)
            clock.advance(by: .seconds(wait) - .milliseconds(1))
            #expect(clock.sleeperCount == 1)  // not yet
            clock.advance(by: .milliseconds(1))
        }
        try await delivery.value
        #expect(await sink.attempts == 4)
        #expect(await sink.batches.flatMap { $0 }.map(\.messageID) == ["m-1", "m-2", "m-3"])
        #expect(await queue.statistics.failedDeliveries == 3)
        #expect(await queue.statistics.nextRetryDelay == nil)
        #expect(await queue.statistics.pendingEvents == 0)
    }

    @Test func atTheBoundTheOldestEventsAreDroppedAndReported() async throws {
        let directory = QueueFixtures.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let lineBytes = Int64(QueueFixtures.event(1).jsonLine.utf8.count + 1)
        let drops = DropLog()
        let queue = try DurableEventQueue(
            directory: directory, sink: FlakySink(failures: 0),
            configuration: .init(maxBytes: lineBytes * 3 + 5, dropPolicy: .dropOldest)) { drops.add($0) }
        var receipts: [DurableEventQueue.AppendReceipt] = []
        for number in 1...5 { receipts.append(try await queue.append(QueueFixtures.event(number))) }
        #expect(receipts.map(\.droppedEvents) == [0, 0, 0, 1, 1])
        #expect(drops.all == [
            DurableEventQueue.DropReport(reason: .droppedOldest, events: 1, bytes: lineBytes),
            DurableEventQueue.DropReport(reason: .droppedOldest, events: 1, bytes: lineBytes),
        ])
        #expect(await queue.statistics.droppedEvents == 2)
        #expect(try await queue.pendingEvents().map(\.messageID) == ["m-3", "m-4", "m-5"])
        // The drops are durable too.
        let reopened = try DurableEventQueue(directory: directory, sink: FlakySink(failures: 0))
        #expect(try await reopened.pendingEvents().map(\.messageID) == ["m-3", "m-4", "m-5"])
    }

    @Test func rejectNewestRefusesTheEventWithAClearError() async throws {
        let directory = QueueFixtures.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let lineBytes = QueueFixtures.event(1).jsonLine.utf8.count + 1
        let drops = DropLog()
        let queue = try DurableEventQueue(
            directory: directory, sink: FlakySink(failures: 0),
            configuration: .init(maxBytes: Int64(lineBytes * 2), dropPolicy: .rejectNewest)) { drops.add($0) }
        try await queue.append(QueueFixtures.event(1))
        try await queue.append(QueueFixtures.event(2))
        let error = try await #require(throws: EventQueueError.self) { try await queue.append(QueueFixtures.event(3)) }
        #expect(error.isQueueFull)
        #expect(error.description == "The event queue is full (\(lineBytes * 2) bytes pending, bound \(lineBytes * 2)); "
            + "the new \(lineBytes)-byte event was dropped. Flush the queue to its sink more often, raise maxBytes, "
            + "or use the dropOldest policy.")
        #expect(drops.all.map(\.reason) == [.rejectedNewest])
        #expect(await queue.statistics.droppedEvents == 1)
        #expect(try await queue.pendingEvents().map(\.messageID) == ["m-1", "m-2"])

        let tooLarge = try await #require(throws: EventQueueError.self) {
            try await queue.append(QueueFixtures.event(4, padding: lineBytes * 3))
        }
        #expect(!tooLarge.isQueueFull)
        #expect(tooLarge.description.contains("more than the queue's whole bound"))
        #expect(drops.all.map(\.reason) == [.rejectedNewest, .tooLarge])
    }

    @Test func aWriteCutShortByACrashIsRepairedOnOpening() async throws {
        let directory = QueueFixtures.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let complete = QueueFixtures.event(1).jsonLine + "\n" + QueueFixtures.event(2).jsonLine + "\n"
        let partial = String(QueueFixtures.event(3).jsonLine.prefix(40))
        let segment = directory.appendingPathComponent("segment-00000000000000000001.jsonl")
        try Data((complete + partial).utf8).write(to: segment)
        let queue = try DurableEventQueue(directory: directory, sink: FlakySink(failures: 0))
        #expect(await queue.statistics.repairedPartialLines == 1)
        #expect(await queue.statistics.pendingEvents == 2)
        try await queue.append(QueueFixtures.event(4))
        #expect(try String(contentsOf: segment, encoding: .utf8) == complete + QueueFixtures.event(4).jsonLine + "\n")
        #expect(try await queue.pendingEvents().map(\.messageID) == ["m-1", "m-2", "m-4"])
    }

    @Test func unreadableLinesAreSkippedAndReported() async throws {
        let directory = QueueFixtures.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let text = QueueFixtures.event(1).jsonLine + "\n{not an event}\n" + QueueFixtures.event(2).jsonLine + "\n"
        try Data(text.utf8).write(to: directory.appendingPathComponent("segment-00000000000000000001.jsonl"))
        let drops = DropLog()
        let sink = FlakySink(failures: 0)
        let queue = try DurableEventQueue(directory: directory, sink: sink) { drops.add($0) }
        #expect(try await queue.flush() == 2)
        #expect(await sink.batches.flatMap { $0 }.map(\.messageID) == ["m-1", "m-2"])
        #expect(await queue.statistics.unreadableLines == 1)
        #expect(drops.all == [DurableEventQueue.DropReport(reason: .unreadable, events: 1, bytes: 15)])
    }
}
