import Foundation
import Waypoint

/// The two drop-off reports over onboarding events, exactly as DESIGN §5 defines them.
///
/// Without ``FunnelQuery/steps`` the result is the flow report (``FlowReport``): per step, the
/// users who viewed it, skipped it, dropped off at it and took each outcome, and the flow's
/// started, completed and abandoned users. It is the right report for a flow with forks,
/// conditional steps and subflows. With steps, it is the sequential funnel (``FunnelReport``): for
/// each user, every `Step Viewed` of the first step starts an attempt; an attempt reaches step k
/// when steps 1…k were viewed in that order within the window; `$complete` stands for the flow's
/// `Flow Completed`. Events are ordered by `timestamp`, never by their position in the file.
///
/// ```swift
/// let document = try WaypointDocument(validating: documentData)
/// let query = FunnelQuery(flowID: "signup", declaredSteps: document.reportedStepIDs(ofFlow: "signup"))
/// if case .flow(let report) = try Funnel.compute(file: eventsURL, query: query) {
///     for step in report.steps { print(step.stepID, step.viewed, step.droppedHere) }
/// }
/// ```
///
/// Reading a file is one streaming pass: the file is split at line boundaries into one byte range
/// per core, each range is read in large chunks and scanned without decoding whole events, and the
/// per-user data of the ranges is merged at the end. Memory grows with the flow's events (48 bytes
/// each) and distinct users, never with the file: other flows' events take nothing.
public enum Funnel {
    /// How far a computation has read.
    public struct Progress: Sendable, Hashable {
        /// Bytes of the file read so far.
        public let bytesRead: Int64
        /// The file's size.
        public let totalBytes: Int64
    }

    /// Computes the report over the JSON Lines file at `file`.
    ///
    /// Lines that are not valid events (truncated, not UTF-8, missing fields, bad timestamps,
    /// longer than 64 MiB) are skipped and counted in the report's `invalidLines`.
    ///
    /// - Parameters:
    ///   - threads: how many ranges to read in parallel; defaults to the number of active cores.
    ///   - progress: called from the reading threads after each chunk.
    /// - Throws: ``FunnelError`` when the file is missing, unreadable or holds no valid event, when
    ///   no event is of the flow (and no document is given), or when a step is unknown.
    public static func compute(
        file: URL, query: FunnelQuery, threads: Int? = nil,
        progress: (@Sendable (Progress) -> Void)? = nil
    ) throws(FunnelError) -> FunnelResult {
        try compute(file: file, query: query, threads: threads, chunkBytes: 4 << 20, maxLineBytes: 64 << 20, progress: progress)
    }

    /// Computes the report over events already in memory (a test's list), in their order.
    ///
    /// - Throws: ``FunnelError`` as ``compute(file:query:threads:progress:)`` does.
    public static func compute(events: some Sequence<OnboardingEvent>, query: FunnelQuery) throws(FunnelError) -> FunnelResult {
        var collector = FunnelCollector(query: query)
        for event in events { collector.consume(event) }
        return try report(from: collector, query: query, source: nil)
    }

    /// Computes the report over events that arrive grouped by user (all of a user's events one
    /// after another, in any order within the user), keeping only one user's events in memory:
    /// for a store that can read its events ordered by user.
    ///
    /// - Throws: ``FunnelError`` as ``compute(file:query:threads:progress:)`` does, and when a
    ///   user's events come back after another user's.
    public static func compute(userOrderedEvents events: some Sequence<OnboardingEvent>, query: FunnelQuery) throws(FunnelError) -> FunnelResult {
        var stream = try UserOrderedStream(query: query)
        for event in events { try stream.consume(event) }
        return try stream.finish(query: query)
    }

    /// Computes the report over JSON Lines that arrive grouped by user (a store reading its events
    /// ordered by user), keeping only one user's events in memory and reading each line with the
    /// same scanner as a file: no event is decoded whole.
    ///
    /// - Throws: ``FunnelError`` as ``compute(userOrderedEvents:query:)`` does; lines that are not
    ///   valid events are counted, as in a file.
    public static func compute(userOrderedJSONLines lines: some Sequence<String>, query: FunnelQuery) throws(FunnelError) -> FunnelResult {
        var stream = try UserOrderedStream(query: query)
        for var line in lines {
            var failure: FunnelError?
            line.withUTF8 { buffer in
                guard let base = buffer.baseAddress else { return }  // an empty line: not an event
                do throws(FunnelError) { try stream.consume(base, count: buffer.count) } catch { failure = error }
            }
            if let failure { throw failure }
        }
        return try stream.finish(query: query)
    }

    /// Computes the report over JSON Lines text in memory.
    ///
    /// - Throws: ``FunnelError`` as ``compute(file:query:threads:progress:)`` does.
    public static func compute(jsonLines: Data, query: FunnelQuery) throws(FunnelError) -> FunnelResult {
        var collector = FunnelCollector(query: query)
        jsonLines.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Void in
            let bytes = raw.bindMemory(to: UInt8.self)
            guard let base = bytes.baseAddress else { return }
            var start = 0
            while start < bytes.count {
                var end = bytes.count
                if let found = memchr(base + start, 0x0A, bytes.count - start) {
                    end = UnsafeRawPointer(found) - UnsafeRawPointer(base)
                }
                collector.consume(base + start, count: end - start)
                start = end + 1
            }
        }
        return try report(from: collector, query: query, source: nil)
    }

    // MARK: - Reading a file

    static func compute(
        file: URL, query: FunnelQuery, threads: Int?, chunkBytes: Int, maxLineBytes: Int,
        progress: (@Sendable (Progress) -> Void)?
    ) throws(FunnelError) -> FunnelResult {
        let path = file.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw .missingFile(path) }
        guard !isDirectory.boolValue else { throw .notAFile(path) }
        let size: Int64
        let bounds: [Int64]
        do throws(SystemCallError) {
            let handle = try EventFile.openForReading(path)
            size = try handle.size()
            let wanted = max(1, min(threads ?? ProcessInfo.processInfo.activeProcessorCount, 16))
            bounds = try splitPoints(of: handle, size: size, parts: size < 1 << 20 ? 1 : wanted)
        } catch {
            throw .unreadable(path, error)
        }
        let ranges = bounds.count - 1
        let shared = FunnelWorkers(ranges: ranges, totalBytes: size, progress: progress)
        DispatchQueue.concurrentPerform(iterations: ranges) { part in
            var collector = FunnelCollector(query: query, part: part)
            do throws(SystemCallError) {
                try scan(path: path, from: bounds[part], to: bounds[part + 1], into: &collector,
                         chunkBytes: chunkBytes, maxLineBytes: maxLineBytes, shared: shared)
                shared.finish(part, with: .success(collector))
            } catch {
                shared.finish(part, with: .failure(error))
            }
        }
        var merged: FunnelCollector?
        for result in shared.takeResults() {
            switch result {
            case .failure(let error): throw .unreadable(path, error)
            case .success(let collector):
                if merged == nil { merged = collector } else { merged?.merge(collector) }
            }
        }
        return try report(from: merged ?? FunnelCollector(query: query), query: query, source: path)
    }

    /// Offsets that cut the file into `parts` ranges, each starting at the beginning of a line.
    private static func splitPoints(of file: EventFile, size: Int64, parts: Int) throws(SystemCallError) -> [Int64] {
        var bounds: [Int64] = [0]
        for part in 1..<max(parts, 1) {
            var offset = max(size * Int64(part) / Int64(parts), bounds[bounds.count - 1])
            // The range starts after the first newline at or after offset − 1.
            var cut = size
            offset = max(0, offset - 1)
            while offset < size {
                let bytes = try file.read(count: 64 << 10, at: offset)
                if bytes.isEmpty { break }
                if let newline = bytes.firstIndex(of: 0x0A) {
                    cut = offset + Int64(newline) + 1
                    break
                }
                offset += Int64(bytes.count)
            }
            bounds.append(max(cut, bounds[bounds.count - 1]))
        }
        bounds.append(size)
        return bounds
    }

    /// Reads `[start, end)` of the file in chunks and feeds each complete line to `collector`.
    private static func scan(
        path: String, from start: Int64, to end: Int64, into collector: inout FunnelCollector,
        chunkBytes: Int, maxLineBytes: Int, shared: FunnelWorkers
    ) throws(SystemCallError) {
        let file = try EventFile.openForReading(path)
        var capacity = max(chunkBytes, 64)
        var buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 64)
        defer { buffer.deallocate() }
        var filled = 0
        var offset = start
        var skipping = false  // inside a line longer than maxLineBytes
        var reported = start
        while true {
            let want = Int(min(Int64(capacity - filled), end - offset))
            var count = 0
            if want > 0 {
                count = try file.read(into: UnsafeMutableRawBufferPointer(start: buffer + filled, count: want), at: offset)
            }
            offset += Int64(count)
            filled += count
            let atEnd = offset >= end || count < want
            let bytes = buffer.assumingMemoryBound(to: UInt8.self)
            var lineStart = 0
            while lineStart < filled, let found = memchr(bytes + lineStart, 0x0A, filled - lineStart) {
                let newline = found.assumingMemoryBound(to: UInt8.self) - bytes
                if skipping {
                    skipping = false
                } else {
                    collector.consume(bytes + lineStart, count: newline - lineStart)
                }
                lineStart = newline + 1
            }
            let remaining = filled - lineStart
            if atEnd {
                if remaining > 0, !skipping { collector.consume(bytes + lineStart, count: remaining) }
                shared.advance(by: offset - reported)
                return
            }
            if lineStart == 0, filled == capacity {
                // No newline in a full buffer: a long line.
                if skipping {
                    filled = 0
                } else if capacity < maxLineBytes {
                    let larger = min(capacity * 2, maxLineBytes)
                    let grown = UnsafeMutableRawPointer.allocate(byteCount: larger, alignment: 64)
                    grown.copyMemory(from: buffer, byteCount: filled)
                    buffer.deallocate()
                    buffer = grown
                    capacity = larger
                } else {
                    collector.skipLongLine(UnsafeBufferPointer(start: bytes, count: min(filled, 256)))
                    skipping = true
                    filled = 0
                }
                continue
            }
            if remaining > 0 { (buffer).copyMemory(from: buffer + lineStart, byteCount: remaining) }
            filled = remaining
            shared.advance(by: offset - reported)
            reported = offset
        }
    }

    // MARK: - From events to figures

    /// Groups the collected events by user and adds each user to the report.
    static func report(from collector: FunnelCollector, query: FunnelQuery, source: String?) throws(FunnelError) -> FunnelResult {
        var accumulator = try FunnelAccumulator(query: query, collector: collector)
        // Group the records by user (counting sort), then add each user.
        let users = collector.users.count
        var starts = [Int](repeating: 0, count: users + 1)
        for record in collector.records { starts[Int(record.user) + 1] += 1 }
        for index in 0..<users { starts[index + 1] += starts[index] }
        var next = starts
        var ordered = collector.records
        for record in collector.records {
            ordered[next[Int(record.user)]] = record
            next[Int(record.user)] += 1
        }
        let steps = collector.steps.count
        ordered.withUnsafeMutableBufferPointer { buffer in
            for user in 0..<users where starts[user] < starts[user + 1] {
                accumulator.add(UnsafeMutableBufferPointer(rebasing: buffer[starts[user]..<starts[user + 1]]), steps: steps)
            }
        }
        return try accumulator.finish(collector, query: query, source: source)
    }
}

/// The state the reading threads share: their results and the progress count.
///
/// `@unchecked Sendable`: every stored property is read and written only while `lock` is held.
final class FunnelWorkers: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Result<FunnelCollector, SystemCallError>?]
    private var bytesRead: Int64 = 0
    private let totalBytes: Int64
    private let progress: (@Sendable (Funnel.Progress) -> Void)?

    init(ranges: Int, totalBytes: Int64, progress: (@Sendable (Funnel.Progress) -> Void)?) {
        results = Array(repeating: nil, count: ranges)
        self.totalBytes = totalBytes
        self.progress = progress
    }

    func finish(_ part: Int, with result: Result<FunnelCollector, SystemCallError>) {
        lock.withLock { results[part] = result }
    }

    func advance(by bytes: Int64) {
        guard let progress, bytes > 0 else { return }
        let total = lock.withLock {
            bytesRead += bytes
            return bytesRead
        }
        progress(Funnel.Progress(bytesRead: total, totalBytes: totalBytes))
    }

    func takeResults() -> [Result<FunnelCollector, SystemCallError>] {
        lock.withLock { results.compactMap { $0 } }
    }
}
