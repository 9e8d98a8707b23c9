import Waypoint

/// What a receiver of analytics events checks before it stores one, and the line it stores: the
/// core's rules, for a server that sees only the public API.
public enum EventIngestion {
    /// Why no report would count an event of this name: it is not a name Waypoint emits. The text
    /// suggests the likely intended name and lists every name; `nil` for a known name.
    ///
    /// ```swift
    /// EventIngestion.unknownNameProblem("Flow Strated")
    /// // "\"event\" \"Flow Strated\" is not an event name, so no report would count it. Did you mean \"Flow Started\"? …"
    /// ```
    public static func unknownNameProblem(_ name: EventName) -> String? {
        if name.isKnown { return nil }
        let hint = name.suggestion.map { " Did you mean \"\($0)\"?" } ?? ""
        return "\"event\" \"\(name)\" is not an event name, so no report would count it.\(hint) "
            + "The names are \(EventName.all.map { "\"\($0)\"" }.joined(separator: ", "))."
    }

    /// Why the reports cannot count `event`, naming the first field they read it by that it lacks
    /// (missing or empty), or `nil` when it carries them all (docs/ARCHITECTURE.md, "Events").
    public static func missingReportField(of event: OnboardingEvent) -> String? {
        event.missingReportField
    }

    /// Every event name Waypoint emits, with the fields, besides `messageId`, `userId`, `event` and
    /// `timestamp`, without which the reports cannot count an event of that name.
    public static var reportFields: [(name: EventName, fields: [String])] {
        EventName.all.map { ($0, $0.reportFields) }
    }

    /// `event` as one line of JSON with the schema's field names, without a line break: the form in
    /// which events are stored and exported.
    public static func jsonLine(of event: OnboardingEvent) -> String {
        event.jsonLine
    }

    /// The answer to a delivered batch, in the form the app's `HTTPEventSink` reads:
    /// `{"accepted":A,"duplicates":D,"rejected":[{"index":i,"message":"…"}]}` (docs/ARCHITECTURE.md,
    /// "An event, from app to report").
    ///
    /// `accepted` counts the events stored for the first time, `duplicates` those already stored (same
    /// `messageId`), and `rejected` the events refused one by one, by position in the batch, with why.
    public static func receipt(
        accepted: Int, duplicates: Int, rejected: [(index: Int, message: String)]
    ) -> some Encodable & Sendable {
        EventUploadReceipt(
            accepted: accepted, duplicates: duplicates,
            rejected: rejected.map { EventUploadReceipt.Rejection(index: $0.index, message: $0.message) })
    }
}
