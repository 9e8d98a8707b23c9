import Foundation
import Waypoint

/// Drop-off funnels over onboarding events, exactly as DESIGN §5 defines them.
///
/// For each user, every `Step Viewed` of the first step starts an attempt; an attempt reaches
/// step k when `Step Viewed` events of steps 1…k follow in that order (each no earlier than the
/// previous one; ties count), all within the window after the attempt's start (inclusive). The
/// user's result is the furthest step any attempt reached. Events are ordered by `timestamp`,
/// never by their position in the file.
///
/// ```swift
/// let report = try Funnel.compute(file: eventsURL, query: FunnelQuery(flowID: "signup", steps: ["splash", "login"]))
/// for step in report.steps { print(step.stepID, step.users, step.conversionFromStart) }
/// ```
///
/// Reading a file is one streaming pass: the file is split at line boundaries into one byte range
/// per core, each range is read in large chunks and scanned without decoding whole events, and the
/// per-user data of the ranges is merged at the end. Memory grows with the funnel's `Step Viewed`
/// events (16 bytes each) and distinct users, never with the file: other events take nothing.
public enum Funnel {
    /// How far a computation has read.
    public struct Progress: Sendable, Hashable {
        /// Bytes of the file read so far.
        public let bytesRead: Int64
        /// The file's size.
        public let totalBytes: Int64
    }

    /// Computes the funnel over the JSON Lines file at `file`.
    ///
    /// Lines that are not valid events (truncated, not UTF-8, missing fields, bad timestamps,
    /// longer than 64 MiB) are skipped and counted in ``FunnelReport/invalidLines``.
    ///
    /// - Parameters:
    ///   - threads: how many ranges to read in parallel; defaults to the number of active cores.
    ///   - progress: called from the reading threads after each chunk.
    /// - Throws: ``FunnelError`` when the file is missing or unreadable, or no steps can be measured.
    public static func compute(
        file: URL, query: FunnelQuery, threads: Int? = nil,
        progress: (@Sendable (Progress) -> Void)? = nil
    ) throws(FunnelError) -> FunnelReport {
        try compute(file: file, query: query, threads: threads, chunkBytes: 4 << 20, maxLineBytes: 64 << 20, progress: progress)
    }

    /// Computes the funnel over events already in memory (a server's batch, a test's list).
    ///
    /// - Throws: ``FunnelError`` when no steps can be measured.
    public static func compute(events: some Sequence<OnboardingEvent>, query: FunnelQuery) throws(FunnelError) -> FunnelReport {
        var collector = FunnelCollector(query: query)
        for event in events { collector.consume(event) }
        return try report(from: collector, query: query)
    }

    /// Computes the funnel over JSON Lines text in memory.
    ///
    /// - Throws: ``FunnelError`` when no steps can be measured.
    public static func compute(jsonLines: Data, query: FunnelQuery) throws(FunnelError) -> FunnelReport {
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
        return try report(from: collector, query: query)
    }

    // MARK: - Reading a file

    static func compute(
        file: URL, query: FunnelQuery, threads: Int?, chunkBytes: Int, maxLineBytes: Int,
        progress: (@Sendable (Progress) -> Void)?
    ) throws(FunnelError) -> FunnelReport {
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
            var collector = FunnelCollector(query: query)
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
        return try report(from: merged ?? FunnelCollector(query: query), query: query)
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
                    collector.invalidLines += 1
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

    // MARK: - From views to figures

    static func report(from collector: FunnelCollector, query: FunnelQuery) throws(FunnelError) -> FunnelReport {
        let positions = try stepPositions(collector, query: query)
        let names = positions.map { collector.steps.string(at: $0) }
        var evaluator = FunnelEvaluator(positions: positions, stepCount: collector.steps.count, window: query.window.milliseconds)

        var overall = FunnelTally(steps: positions.count)
        var perVariation: [FunnelTally] = query.groupByVariation
            ? Array(repeating: FunnelTally(steps: positions.count), count: collector.variations.count + 1) : []

        // Group the views by user (counting sort), then evaluate each user.
        let users = collector.users.count
        var starts = [Int](repeating: 0, count: users + 1)
        for view in collector.views { starts[Int(view.user) + 1] += 1 }
        for index in 0..<users { starts[index + 1] += starts[index] }
        var next = starts
        var ordered = collector.views
        for view in collector.views {
            ordered[next[Int(view.user)]] = view
            next[Int(view.user)] += 1
        }
        for user in 0..<users {
            let range = starts[user]..<starts[user + 1]
            guard !range.isEmpty else { continue }
            ordered[range].sort { ($0.step, $0.time) < ($1.step, $1.time) }
            ordered.withUnsafeBufferPointer { buffer in
                evaluator.evaluate(UnsafeBufferPointer(rebasing: buffer[range]), into: &overall)
            }
            guard query.groupByVariation else { continue }
            ordered[range].sort { ($0.variation, $0.step, $0.time) < ($1.variation, $1.step, $1.time) }
            var groupStart = range.lowerBound
            while groupStart < range.upperBound {
                let variation = ordered[groupStart].variation
                var groupEnd = groupStart + 1
                while groupEnd < range.upperBound, ordered[groupEnd].variation == variation { groupEnd += 1 }
                ordered.withUnsafeBufferPointer { buffer in
                    evaluator.evaluate(UnsafeBufferPointer(rebasing: buffer[groupStart..<groupEnd]), into: &perVariation[Int(variation)])
                }
                groupStart = groupEnd
            }
        }

        var byVariation: [String: FunnelReport.Breakdown]?
        if query.groupByVariation {
            var breakdowns: [String: FunnelReport.Breakdown] = [:]
            for (index, tally) in perVariation.enumerated() where tally.users[0] > 0 {
                let name = index == 0 ? FunnelReport.noVariation : collector.variations.string(at: index - 1)
                breakdowns[name] = FunnelReport.Breakdown(steps: tally.steps(names: names))
            }
            byVariation = breakdowns
        }
        return FunnelReport(
            flowID: query.flowID, window: query.window.description, steps: overall.steps(names: names),
            byVariation: byVariation, invalidLines: collector.invalidLines, events: collector.eventLines)
    }

    /// The collector's step numbers in funnel order.
    private static func stepPositions(_ collector: FunnelCollector, query: FunnelQuery) throws(FunnelError) -> [Int] {
        if let steps = query.steps {
            guard !steps.isEmpty else { throw .noSteps(flowID: query.flowID) }
            guard steps.count < Int(UInt16.max) else { throw .tooManySteps(steps.count) }
            var table = collector.steps
            return steps.map { table.index(of: Array($0.utf8), insert: false) ?? 0 }
        }
        guard collector.steps.count > 0 else { throw .noSteps(flowID: query.flowID) }
        func mean(_ step: Int) -> Double? {
            guard step < collector.stepIndexCounts.count, collector.stepIndexCounts[step] > 0 else { return nil }
            return Double(collector.stepIndexSums[step]) / Double(collector.stepIndexCounts[step])
        }
        let names = (0..<collector.steps.count).map { collector.steps.string(at: $0) }
        return (0..<collector.steps.count).sorted { lhs, rhs in
            switch (mean(lhs), mean(rhs)) {
            case let (left?, right?) where left != right: return left < right
            case (.some, nil): return true
            case (nil, .some): return false
            default: return names[lhs] < names[rhs]
            }
        }
    }
}

/// The per-step figures of a group of users, accumulated user by user.
struct FunnelTally {
    var users: [Int]
    var delays: [[Int64]]

    init(steps: Int) {
        users = Array(repeating: 0, count: steps)
        delays = Array(repeating: [], count: steps)
    }

    func steps(names: [String]) -> [FunnelReport.Step] {
        var result: [FunnelReport.Step] = []
        for (index, name) in names.enumerated() {
            let reached = users[index]
            let first = users[0]
            let previous = index == 0 ? first : users[index - 1]
            result.append(FunnelReport.Step(
                stepID: name, users: reached,
                conversionFromStart: first == 0 ? 0 : Double(reached) / Double(first),
                conversionFromPrevious: previous == 0 ? 0 : Double(reached) / Double(previous),
                medianMsFromPrevious: index == 0 ? nil : Self.median(delays[index])))
        }
        return result
    }

    static func median(_ values: [Int64]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        if sorted.count % 2 == 1 { return Double(sorted[middle]) }
        return (Double(sorted[middle - 1]) + Double(sorted[middle])) / 2
    }
}

/// Finds one user's furthest attempt.
struct FunnelEvaluator {
    let positions: [Int]
    let window: Int64
    private var rangeStart: [Int]
    private var rangeEnd: [Int]
    private var pointers: [Int]
    private var chain: [Int64]
    private var best: [Int64]

    init(positions: [Int], stepCount: Int, window: Int64) {
        self.positions = positions
        self.window = window
        rangeStart = Array(repeating: 0, count: max(stepCount, 1))
        rangeEnd = Array(repeating: 0, count: max(stepCount, 1))
        pointers = Array(repeating: 0, count: positions.count)
        chain = Array(repeating: 0, count: positions.count)
        best = Array(repeating: 0, count: positions.count)
    }

    /// Adds one user's result to `tally`; `views` are that user's views sorted by step, then time.
    mutating func evaluate(_ views: UnsafeBufferPointer<FunnelView>, into tally: inout FunnelTally) {
        // Where each step's times are in `views` (empty for steps the user never viewed).
        for step in positions {
            rangeStart[step] = 0
            rangeEnd[step] = 0
        }
        var index = 0
        while index < views.count {
            let step = Int(views[index].step)
            var end = index + 1
            while end < views.count, Int(views[end].step) == step { end += 1 }
            if step < rangeStart.count {
                rangeStart[step] = index
                rangeEnd[step] = end
            }
            index = end
        }
        let count = positions.count
        let first = positions[0]
        guard rangeEnd[first] > rangeStart[first] else { return }
        for position in 1..<max(count, 1) where position < count { pointers[position] = rangeStart[positions[position]] }

        // Attempt starts ascending: each later attempt's matches are no earlier than an earlier
        // attempt's, so every step's pointer only moves forward.
        var bestDepth = 0
        var previousStart: Int64?
        for startIndex in rangeStart[first]..<rangeEnd[first] {
            let start = views[startIndex].time
            if start == previousStart { continue }
            previousStart = start
            let deadline = start.addingReportingOverflow(window).overflow ? Int64.max : start + window
            chain[0] = start
            var depth = 1
            var previous = start
            while depth < count {
                let step = positions[depth]
                let end = rangeEnd[step]
                var pointer = pointers[depth]
                while pointer < end, views[pointer].time < previous { pointer += 1 }
                pointers[depth] = pointer
                guard pointer < end, views[pointer].time <= deadline else { break }
                previous = views[pointer].time
                chain[depth] = previous
                depth += 1
            }
            if depth > bestDepth {
                bestDepth = depth
                for position in 0..<depth { best[position] = chain[position] }
                if depth == count { break }
            }
        }
        for position in 0..<bestDepth {
            tally.users[position] += 1
            if position > 0 { tally.delays[position].append(best[position] - best[position - 1]) }
        }
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
