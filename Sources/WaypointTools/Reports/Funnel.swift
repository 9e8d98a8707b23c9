import Foundation
import Waypoint

/// The two drop-off reports over onboarding events, as docs/ARCHITECTURE.md, "Reports", defines them.
///
/// Without ``FunnelQuery/steps`` the result is the flow report (``FlowReport``): per step, the
/// users who viewed it, skipped it, dropped off at it and took each outcome, and the flow's
/// started, completed and abandoned users. It is the right report for a flow with forks,
/// conditional steps and subflows. With steps, it is the sequential funnel (``FunnelReport``): for
/// each user, every `Step Viewed` of the first step starts an attempt; an attempt reaches step k
/// when steps 1…k were viewed in that order within the window; `$complete` stands for the flow's
/// `Flow Completed`. Events are ordered by `timestamp`, never by their position in the file.
///
/// Both apply the query's scope (``FunnelQuery/scope``, ``ReportScope``) the same way: a revision
/// keeps the users whose first `Flow Started` carries it, a date range the users whose first
/// `Flow Started` is in it — each with all of their events of the flow — and `--by variation`
/// splits users by their variation of one experiment, refusing events that carry several unless
/// the scope names one (``ReportError``). The flow report counts only users with a `Flow Started`
/// (``FlowReport/withoutStart`` counts the others).
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
    /// - Throws: ``ReportError`` when the file is missing, unreadable or holds no valid event, when
    ///   no event is of the flow (and no document is given), or when a step is unknown.
    public static func compute(
        file: URL, query: FunnelQuery, threads: Int? = nil,
        progress: (@Sendable (Progress) -> Void)? = nil
    ) throws(ReportError) -> FunnelResult {
        try compute(file: file, query: query, threads: threads, chunkBytes: 4 << 20, maxLineBytes: 64 << 20, progress: progress)
    }

    /// Computes the report over events already in memory (a test's list), in their order.
    ///
    /// - Throws: ``ReportError`` as ``compute(file:query:threads:progress:)`` does.
    public static func compute(events: some Sequence<OnboardingEvent>, query: FunnelQuery) throws(ReportError) -> FunnelResult {
        var collector = FunnelCollector(query: query)
        for event in events { collector.consume(event) }
        return try report(from: collector, query: query, source: nil)
    }

    /// Computes the report over events that arrive grouped by user (all of a user's events one
    /// after another, in any order within the user), keeping only one user's events in memory:
    /// for a store that can read its events ordered by user.
    ///
    /// - Throws: ``ReportError`` as ``compute(file:query:threads:progress:)`` does, and when a
    ///   user's events come back after another user's.
    public static func compute(userOrderedEvents events: some Sequence<OnboardingEvent>, query: FunnelQuery) throws(ReportError) -> FunnelResult {
        var stream = try UserOrderedStream(query: query)
        for event in events { try stream.consume(event) }
        return try stream.finish(query: query)
    }

    /// Computes the report over JSON Lines that arrive grouped by user (a store reading its events
    /// ordered by user), keeping only one user's events in memory and reading each line with the
    /// same scanner as a file: no event is decoded whole.
    ///
    /// - Throws: ``ReportError`` as ``compute(userOrderedEvents:query:)`` does; lines that are not
    ///   valid events are counted, as in a file.
    public static func compute(userOrderedJSONLines lines: some Sequence<String>, query: FunnelQuery) throws(ReportError) -> FunnelResult {
        var stream = try UserOrderedStream(query: query)
        for var line in lines {
            var failure: ReportError?
            line.withUTF8 { buffer in
                guard let base = buffer.baseAddress else { return }  // an empty line: not an event
                do throws(ReportError) { try stream.consume(base, count: buffer.count) } catch { failure = error }
            }
            if let failure { throw failure }
        }
        return try stream.finish(query: query)
    }

    /// Computes the report over JSON Lines text in memory.
    ///
    /// - Throws: ``ReportError`` as ``compute(file:query:threads:progress:)`` does.
    public static func compute(jsonLines: Data, query: FunnelQuery) throws(ReportError) -> FunnelResult {
        var collector = FunnelCollector(query: query)
        collector.consume(jsonLines: jsonLines)
        return try report(from: collector, query: query, source: nil)
    }

    // MARK: - Reading a file

    static func compute(
        file: URL, query: FunnelQuery, threads: Int?, chunkBytes: Int, maxLineBytes: Int,
        progress: (@Sendable (Progress) -> Void)?
    ) throws(ReportError) -> FunnelResult {
        let collector = try EventFileReader.read(
            file: file, threads: threads, chunkBytes: chunkBytes, maxLineBytes: maxLineBytes, progress: progress
        ) { part in FunnelCollector(query: query, part: part) }
        return try report(from: collector, query: query, source: file.path)
    }

    // MARK: - From events to figures

    /// Groups the collected events by user and adds each user to the report.
    static func report(from collector: FunnelCollector, query: FunnelQuery, source: String?) throws(ReportError) -> FunnelResult {
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
            for user in 0..<users where starts[user] < starts[user + 1] && collector.includes(user: user) {
                accumulator.add(
                    UnsafeMutableBufferPointer(rebasing: buffer[starts[user]..<starts[user + 1]]), steps: steps,
                    foldedVariation: collector.firstFoldedVariation(of: user), attribute: collector.attributeGroup(of: user))
            }
        }
        return try accumulator.finish(collector, query: query, source: source)
    }
}
