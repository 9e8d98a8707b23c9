import Foundation
import Waypoint

extension WalkthroughReport {
    /// Computes the report over the JSON Lines file at `file`, in one streaming pass (the file is
    /// read in parallel ranges, as ``Funnel`` reads it).
    ///
    /// ```swift
    /// let query = WalkthroughQuery(walkthroughID: "layering", declaredSteps: document.reportedStepIDs(ofWalkthrough: "layering"))
    /// let report = try WalkthroughReport.compute(file: eventsURL, query: query)
    /// for step in report.steps { print(step.stepID, step.shown, step.targetNotFound, step.droppedHere) }
    /// ```
    ///
    /// Lines that are not valid events (truncated, not UTF-8, missing fields, bad timestamps,
    /// longer than 64 MiB) are skipped and counted in ``invalidLines``.
    ///
    /// - Parameters:
    ///   - threads: how many ranges to read in parallel; defaults to the number of active cores.
    ///   - progress: called from the reading threads after each chunk.
    /// - Throws: ``ReportError`` when the file is missing, unreadable or holds no valid event, or
    ///   when no event is of the walkthrough and the query has no document steps (the message
    ///   suggests the closest walkthrough id that has events).
    public static func compute(
        file: URL, query: WalkthroughQuery, threads: Int? = nil,
        progress: (@Sendable (Funnel.Progress) -> Void)? = nil
    ) throws(ReportError) -> WalkthroughReport {
        try compute(file: file, query: query, threads: threads, chunkBytes: 4 << 20, maxLineBytes: 64 << 20, progress: progress)
    }

    /// Computes the report over JSON Lines text in memory.
    ///
    /// - Throws: ``ReportError`` as ``compute(file:query:threads:progress:)`` does.
    public static func compute(jsonLines: Data, query: WalkthroughQuery) throws(ReportError) -> WalkthroughReport {
        var collector = WalkthroughCollector(query: query)
        collector.consume(jsonLines: jsonLines)
        return try collector.report(query: query, source: nil)
    }

    /// Computes the report over lines of JSON, one event each, in any order (a store's stored
    /// lines): each is read with the scanner a file is read with, never decoded whole.
    ///
    /// - Throws: ``ReportError`` as ``compute(file:query:threads:progress:)`` does.
    public static func compute(lines: some Sequence<String>, query: WalkthroughQuery) throws(ReportError) -> WalkthroughReport {
        var collector = WalkthroughCollector(query: query)
        collector.consume(lines: lines)
        return try collector.report(query: query, source: nil)
    }

    /// Computes the report over events already in memory, in any order.
    ///
    /// - Throws: ``ReportError`` as ``compute(file:query:threads:progress:)`` does.
    public static func compute(events: some Sequence<OnboardingEvent>, query: WalkthroughQuery) throws(ReportError) -> WalkthroughReport {
        var collector = WalkthroughCollector(query: query)
        for event in events { collector.consume(event) }
        return try collector.report(query: query, source: nil)
    }

    static func compute(
        file: URL, query: WalkthroughQuery, threads: Int?, chunkBytes: Int, maxLineBytes: Int,
        progress: (@Sendable (Funnel.Progress) -> Void)?
    ) throws(ReportError) -> WalkthroughReport {
        let collector = try EventFileReader.read(
            file: file, threads: threads, chunkBytes: chunkBytes, maxLineBytes: maxLineBytes, progress: progress
        ) { part in WalkthroughCollector(query: query, part: part) }
        return try collector.report(query: query, source: file.path)
    }
}
