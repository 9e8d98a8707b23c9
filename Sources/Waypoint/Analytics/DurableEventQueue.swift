import Foundation

/// A crash-safe queue of onboarding events on disk, delivered in batches to an ``EventSink``.
///
/// Give the queue to an analytics adapter as its sink: ``send(_:)`` writes each event to the
/// queue's file and flushes it to disk (`fsync`) before it returns, so a delivered event survives
/// a crash, a kill or a power cut. Delivery runs separately (``flush()``, or ``run()`` in a
/// background task): batches of up to ``Configuration/batchSize`` events are sent in order, and only
/// after the sink accepts a batch does the queue move its read position past it. A crash between
/// the two delivers that batch again, with the same `messageId`s, so receivers drop the duplicates.
/// A failed delivery is retried with exponential backoff on the injected clock; a sink error that
/// is ``RetryAdvising`` decides the wait instead.
///
/// The queue holds at most ``Configuration/maxBytes`` of undelivered events; when an event would go
/// past the bound, the oldest undelivered events are dropped to make room.
///
/// ```swift
/// let queue = try DurableEventQueue(directory: cachesURL.appending(path: "events"), sink: uploader)
/// let pump = Task { await queue.run() }        // delivers every 30 s and after failures
/// let analytics = FlowAnalytics(navigator, userID: user.id, sink: queue)
/// ```
///
/// On disk, the queue is a directory of JSON Lines segment files (`segment-<n>.jsonl`, readable
/// with `waypoint funnel`) and a `cursor` file with the read position. Only one queue may use a
/// directory at a time.
public actor DurableEventQueue: EventSink {
    /// What happens when an event would take the queue past its size bound.
    package enum DropPolicy: String, Sendable, Codable, Hashable {
        /// Drop the oldest undelivered events until the new one fits (recent behaviour matters most).
        case dropOldest
        /// Refuse the new event: ``DurableEventQueue/append(_:)`` throws ``EventQueueError``.
        case rejectNewest
    }

    /// How long to wait after failed deliveries: `initialDelay × multiplier^(failures − 1)`, at most
    /// `maximumDelay`.
    package struct RetryPolicy: Sendable, Hashable {
        /// The wait after the first failure.
        package var initialDelay: Duration
        /// The factor applied after each further failure.
        package var multiplier: Double
        /// The longest wait.
        package var maximumDelay: Duration

        /// Creates a policy; by default 1 s, doubling, at most 5 minutes.
        package init(initialDelay: Duration = .seconds(1), multiplier: Double = 2, maximumDelay: Duration = .seconds(300)) {
            self.initialDelay = initialDelay
            self.multiplier = max(1, multiplier)
            self.maximumDelay = maximumDelay
        }

        /// The wait after `failures` consecutive failed deliveries (1 for the first).
        package func delay(afterFailures failures: Int) -> Duration {
            .seconds(fractional: initialDelay.backoffSeconds(multiplier: multiplier, afterFailures: failures, atMost: maximumDelay))
        }
    }

    /// The queue's settings.
    public struct Configuration: Sendable, Hashable {
        /// The most bytes of undelivered events kept on disk.
        public var maxBytes: Int64
        /// What to drop when an event would go past ``maxBytes``.
        package var dropPolicy: DropPolicy
        /// The most events sent to the sink in one call.
        public var batchSize: Int
        /// The size after which the queue starts a new segment file.
        package var segmentBytes: Int64
        /// The waits between failed deliveries.
        package var retry: RetryPolicy
        /// How often ``DurableEventQueue/run()`` delivers when nothing fails.
        public var flushInterval: Duration

        /// Creates settings; by default 8 MiB of undelivered events, batches of 100, delivered every 30 s.
        public init(maxBytes: Int64 = 8 << 20, batchSize: Int = 100, flushInterval: Duration = .seconds(30)) {
            self.init(maxBytes: maxBytes, dropPolicy: .dropOldest, batchSize: batchSize, flushInterval: flushInterval)
        }

        /// Creates settings with a drop policy, a segment size and a retry policy of their own.
        package init(
            maxBytes: Int64 = 8 << 20, dropPolicy: DropPolicy, batchSize: Int = 100,
            segmentBytes: Int64 = 1 << 20, retry: RetryPolicy = RetryPolicy(), flushInterval: Duration = .seconds(30)
        ) {
            self.maxBytes = max(1, maxBytes)
            self.dropPolicy = dropPolicy
            self.batchSize = max(1, batchSize)
            self.segmentBytes = max(1, segmentBytes)
            self.retry = retry
            self.flushInterval = flushInterval
        }
    }

    /// What ``DurableEventQueue/append(_:)`` did.
    package struct AppendReceipt: Sendable, Hashable {
        /// The `messageId` of the event now on disk.
        package let messageID: String
        /// How many older undelivered events were dropped to make room (policy `dropOldest`).
        package let droppedEvents: Int

        /// Creates a receipt.
        package init(messageID: String, droppedEvents: Int) {
            self.messageID = messageID
            self.droppedEvents = droppedEvents
        }
    }

    /// Events the queue lost, and why: always reported, never silent.
    package struct DropReport: Sendable, Hashable {
        /// Why events were lost.
        package enum Reason: String, Sendable, Hashable {
            /// The oldest undelivered events made room for a new one (policy `dropOldest`).
            case droppedOldest
            /// A new event was refused because the queue was full (policy `rejectNewest`).
            case rejectedNewest
            /// A new event was larger than the whole bound.
            case tooLarge
            /// A line in a segment file could not be read back as an event.
            case unreadable
        }

        /// Why.
        package let reason: Reason
        /// How many events.
        package let events: Int
        /// How many bytes of JSON Lines they took.
        package let bytes: Int64

        /// Creates a report.
        package init(reason: Reason, events: Int, bytes: Int64) {
            self.reason = reason
            self.events = events
            self.bytes = bytes
        }
    }

    /// Counters describing the queue, for diagnostics and tests.
    package struct Statistics: Sendable, Hashable {
        /// Events on disk not yet delivered.
        package var pendingEvents: Int
        /// Bytes of undelivered events on disk.
        package var pendingBytes: Int64
        /// Events delivered to the sink since the queue was opened.
        package var deliveredEvents: Int
        /// Events lost to the size bound since the queue was opened (dropped or refused).
        package var droppedEvents: Int
        /// Lines skipped because they could not be read back as events.
        package var unreadableLines: Int
        /// Incomplete last lines (writes cut short by a crash, never acknowledged) removed when opening.
        package var repairedPartialLines: Int
        /// Deliveries that failed since the queue was opened.
        package var failedDeliveries: Int
        /// The wait before the next retry, while a retry is pending.
        package var nextRetryDelay: Duration?
        /// Whether the sink paused delivery (``RetryAdvice/pause``); cleared by the next successful delivery.
        package var deliveryPaused = false
    }

    /// The directory holding the queue's files.
    package let directory: URL
    /// The queue's settings.
    package let configuration: Configuration
    /// Counters describing the queue.
    package private(set) var statistics: Statistics
    /// The last delivery error, cleared by a successful delivery.
    package private(set) var lastDeliveryError: (any Error)?

    private let sink: any EventSink
    private let clock: any WaypointClock
    private let onDrop: (@Sendable (DropReport) -> Void)?
    private var store: QueueStore
    private var flushing: Task<Int, any Error>?

    /// Opens the queue in `directory` (creating it), repairing whatever a crash left behind.
    ///
    /// - Parameters:
    ///   - sink: where batches are delivered.
    ///   - clock: the clock the retry waits and the delivery interval run on.
    ///   - configuration: the size bound, the batch size and the delivery interval.
    /// - Throws: ``EventQueueError`` when the directory cannot be created or read.
    public init(
        directory: URL, sink: any EventSink, clock: any WaypointClock = SystemClock(),
        configuration: Configuration = Configuration()
    ) throws {
        try self.init(directory: directory, sink: sink, clock: clock, configuration: configuration, reportingDrops: nil)
    }

    /// Opens the queue in `directory`, calling `onDrop` whenever events are lost to the size bound
    /// or unreadable lines are skipped.
    package init(
        directory: URL, sink: any EventSink, clock: any WaypointClock = SystemClock(),
        configuration: Configuration = Configuration(), onDrop: @escaping @Sendable (DropReport) -> Void
    ) throws {
        try self.init(directory: directory, sink: sink, clock: clock, configuration: configuration, reportingDrops: onDrop)
    }

    private init(
        directory: URL, sink: any EventSink, clock: any WaypointClock, configuration: Configuration,
        reportingDrops onDrop: (@Sendable (DropReport) -> Void)?
    ) throws {
        self.directory = directory
        self.configuration = configuration
        self.sink = sink
        self.clock = clock
        self.onDrop = onDrop
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw EventQueueError.io(SystemCallError(call: "mkdir", code: Int32(EIO)), path: directory.path)
        }
        let store = try QueueStore(directory: directory.path, segmentBytes: configuration.segmentBytes)
        self.store = store
        statistics = Statistics(
            pendingEvents: store.pendingEvents, pendingBytes: store.pendingBytes, deliveredEvents: 0,
            droppedEvents: 0, unreadableLines: 0, repairedPartialLines: store.repairedPartialLines,
            failedDeliveries: 0, nextRetryDelay: nil)
    }

    /// Writes `event` to disk and flushes it (`fsync`); when this returns the event is safe.
    ///
    /// - Returns: the event's `messageId` and how many old events were dropped to make room.
    /// - Throws: ``EventQueueError`` when the disk write fails (the event is then not queued), when
    ///   the event is larger than the whole bound, or when the queue is full under `rejectNewest`.
    @discardableResult
    package func append(_ event: OnboardingEvent) throws -> AppendReceipt {
        var line: [UInt8] = []
        line.reserveCapacity(256)
        event.appendJSON(to: &line)
        line.append(0x0A)
        let maxBytes = configuration.maxBytes
        if Int64(line.count) > maxBytes {
            report(DropReport(reason: .tooLarge, events: 1, bytes: Int64(line.count)))
            throw EventQueueError.tooLarge(maxBytes: maxBytes, lineBytes: line.count)
        }
        var dropped = 0
        if store.pendingBytes + Int64(line.count) > maxBytes {
            switch configuration.dropPolicy {
            case .rejectNewest:
                report(DropReport(reason: .rejectedNewest, events: 1, bytes: Int64(line.count)))
                throw EventQueueError.full(pendingBytes: store.pendingBytes, maxBytes: maxBytes, lineBytes: line.count)
            case .dropOldest:
                let freed = try store.dropOldest(until: maxBytes - Int64(line.count))
                dropped = freed.events
                if freed.events > 0 { report(DropReport(reason: .droppedOldest, events: freed.events, bytes: freed.bytes)) }
            }
        }
        try store.append(line)
        refreshCounts()
        return AppendReceipt(messageID: event.messageID, droppedEvents: dropped)
    }

    /// Writes `events` to disk, in order, and flushes them (`fsync`); when this returns they are safe.
    ///
    /// - Throws: ``EventQueueError`` when the disk write fails (the event is then not queued) or
    ///   when an event is larger than the queue's whole bound.
    public func send(_ events: [OnboardingEvent]) async throws {
        for event in events { try append(event) }
    }

    /// Delivers every pending event to the sink, in batches, once; stops at the first failure.
    ///
    /// Batches delivered before a failure stay delivered. A call made while a delivery is running
    /// waits for it instead of sending the same events twice.
    ///
    /// - Returns: how many events were delivered.
    /// - Throws: the sink's error, or ``EventQueueError`` when the queue's files cannot be read.
    @discardableResult
    public func flush() async throws -> Int {
        if let flushing { return try await flushing.value }
        let task = Task { try await self.deliverAll() }
        flushing = task
        defer { flushing = nil }
        return try await task.value
    }

    /// Delivers every pending event, waiting `retry.delay(afterFailures:)` on the clock after each
    /// failure, until the queue is empty.
    ///
    /// A sink error that is ``RetryAdvising`` decides the wait instead: an exact wait (such as a
    /// server's `Retry-After`), or a pause, which ends the retries with the events kept and
    /// ``Statistics/deliveryPaused`` set until a later delivery succeeds.
    ///
    /// - Throws: `CancellationError` when the calling task is cancelled; nothing else.
    package func flushRetrying() async throws {
        var failures = 0
        while true {
            try Task.checkCancellation()
            do {
                try await flush()
                statistics.nextRetryDelay = nil
                statistics.deliveryPaused = false
                return
            } catch {
                if error is CancellationError { throw error }
                failures += 1
                statistics.failedDeliveries += 1
                lastDeliveryError = error
                let delay: Duration
                switch (error as? any RetryAdvising)?.retryAdvice ?? .backoff {
                case .backoff: delay = configuration.retry.delay(afterFailures: failures)
                case .after(let wait): delay = wait
                case .pause:
                    statistics.deliveryPaused = true
                    statistics.nextRetryDelay = nil
                    return
                }
                statistics.nextRetryDelay = delay
                try await clock.sleep(for: delay)
            }
        }
    }

    /// Delivers pending events every `flushInterval` (retrying failures with backoff) until the
    /// calling task is cancelled.
    public func run() async {
        while !Task.isCancelled {
            do {
                try await flushRetrying()
                try await clock.sleep(for: configuration.flushInterval)
            } catch {
                return
            }
        }
    }

    /// The events waiting for delivery, oldest first (for diagnostics and tests).
    package func pendingEvents() throws -> [OnboardingEvent] {
        var events: [OnboardingEvent] = []
        var position = store.cursor
        while true {
            let batch = try store.readBatch(from: position, maxEvents: 1024)
            if batch.lines.isEmpty { break }
            events += batch.lines.compactMap(Self.decode)
            position = batch.end
        }
        return events
    }

    private func deliverAll() async throws -> Int {
        var delivered = 0
        while true {
            let batch = try store.readBatch(from: store.cursor, maxEvents: configuration.batchSize)
            if batch.lines.isEmpty { break }
            var events: [OnboardingEvent] = []
            events.reserveCapacity(batch.lines.count)
            var unreadable = 0
            var unreadableBytes: Int64 = 0
            for line in batch.lines {
                if let event = Self.decode(line) {
                    events.append(event)
                } else {
                    unreadable += 1
                    unreadableBytes += Int64(line.count + 1)
                }
            }
            if !events.isEmpty {
                do {
                    try await sink.send(events)
                } catch {
                    lastDeliveryError = error
                    throw error
                }
            }
            lastDeliveryError = nil
            try store.advance(to: batch.end, ends: batch.ends)
            delivered += events.count
            statistics.deliveredEvents += events.count
            if unreadable > 0 {
                statistics.unreadableLines += unreadable
                report(DropReport(reason: .unreadable, events: unreadable, bytes: unreadableBytes))
            }
            refreshCounts()
        }
        return delivered
    }

    private func report(_ drop: DropReport) {
        if drop.reason != .unreadable { statistics.droppedEvents += drop.events }
        onDrop?(drop)
    }

    private func refreshCounts() {
        statistics.pendingEvents = store.pendingEvents
        statistics.pendingBytes = store.pendingBytes
    }

    private static func decode(_ line: ArraySlice<UInt8>) -> OnboardingEvent? {
        try? JSONDecoder().decode(OnboardingEvent.self, from: Data(line))
    }
}
