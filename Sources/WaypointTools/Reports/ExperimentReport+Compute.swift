import Foundation
import Waypoint

extension ExperimentReport {
    /// Computes the report over the JSON Lines file at `file`, in one streaming pass (the file is
    /// read in parallel ranges, as ``Funnel`` reads it), for the experiment `document` declares.
    ///
    /// ```swift
    /// let query = ExperimentQuery(experiment: "paywall-copy", goal: ExperimentGoal("paywall:subscribe"), sequential: true)
    /// let report = try ExperimentReport.compute(file: eventsURL, query: query, document: document)
    /// for variation in report.variations { print(variation.variation, variation.rate, variation.pValue ?? .nan) }
    /// ```
    ///
    /// Lines that are not valid events are skipped and counted in ``invalidLines``.
    ///
    /// - Throws: ``ReportError`` when the document has no such experiment, control, flow or goal
    ///   (with a did-you-mean), or when the file is missing, unreadable or holds no valid event.
    public static func compute(
        file: URL, query: ExperimentQuery, document: WaypointDocument, threads: Int? = nil,
        progress: (@Sendable (Funnel.Progress) -> Void)? = nil
    ) throws(ReportError) -> ExperimentReport {
        let plan = try ExperimentPlan(query: query, document: document)
        let collector = try EventFileReader.read(
            file: file, threads: threads, chunkBytes: 4 << 20, maxLineBytes: 64 << 20, progress: progress
        ) { part in ExperimentCollector(plan: plan, part: part) }
        return try ExperimentReportBuilder.report(from: collector, source: file.path)
    }

    /// Computes the report over JSON Lines text in memory.
    ///
    /// - Throws: ``ReportError`` as ``compute(file:query:document:threads:progress:)`` does.
    public static func compute(jsonLines: Data, query: ExperimentQuery, document: WaypointDocument) throws(ReportError) -> ExperimentReport {
        var collector = ExperimentCollector(plan: try ExperimentPlan(query: query, document: document))
        collector.consume(jsonLines: jsonLines)
        return try ExperimentReportBuilder.report(from: collector, source: nil)
    }

    /// Computes the report over lines of JSON, one event each, in any order (a store's stored
    /// lines): each is read with the scanner a file is read with.
    ///
    /// - Throws: ``ReportError`` as ``compute(file:query:document:threads:progress:)`` does.
    public static func compute(lines: some Sequence<String>, query: ExperimentQuery, document: WaypointDocument) throws(ReportError) -> ExperimentReport {
        var collector = ExperimentCollector(plan: try ExperimentPlan(query: query, document: document))
        collector.consume(lines: lines)
        return try ExperimentReportBuilder.report(from: collector, source: nil)
    }

    /// Computes the report over events already in memory, in any order.
    ///
    /// - Throws: ``ReportError`` as ``compute(file:query:document:threads:progress:)`` does.
    public static func compute(events: some Sequence<OnboardingEvent>, query: ExperimentQuery, document: WaypointDocument) throws(ReportError) -> ExperimentReport {
        try compute(lines: events.lazy.map(\.jsonLine), query: query, document: document)
    }

    /// The flows and walkthroughs whose runs the experiment `key` decides in `document` (the ones
    /// a report on it may read), in document order.
    public static func reportableSubjects(of key: String, in document: WaypointDocument) -> [String] {
        ExperimentPlan.reached(by: key, in: document).map(\.id)
    }
}
