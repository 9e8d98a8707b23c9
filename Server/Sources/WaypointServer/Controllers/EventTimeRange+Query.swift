import Waypoint
import WaypointTools

extension EventTimeRange {
    /// The forms `since` and `until` accept, for messages.
    static let acceptedForms = "a date such as 2026-11-21 (midnight UTC) or a time such as 2026-11-21T10:00:00Z or 2026-11-21T10:00:00+01:00"

    /// The range of `since` and `until` query values (ISO 8601); nil when neither is given.
    ///
    /// Throws 400 when a value is not such a date or time, or when `since` is not before `until`.
    static func parse(since: String?, until: String?) throws(APIError) -> EventTimeRange? {
        guard since != nil || until != nil else { return nil }
        var start: Int64?
        var end: Int64?
        if let since { start = try milliseconds(since, parameter: "since") }
        if let until { end = try milliseconds(until, parameter: "until") }
        if let start, let end, start >= end, let since, let until {
            throw APIError.badRequest(
                "since=\(since) is not before until=\(until); events are chosen from since (included) to until (excluded).",
                code: "bad-query")
        }
        return EventTimeRange(since: start, until: end)
    }

    /// `text` as milliseconds since 1970: a bare date is its midnight in UTC; throws 400 otherwise.
    static func milliseconds(_ text: String, parameter: String) throws(APIError) -> Int64 {
        let isDate = text.utf8.count == 10 && text.utf8.enumerated().allSatisfy { position in
            let byte = position.element
            return position.offset == 4 || position.offset == 7
                ? byte == UInt8(ascii: "-") : (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
        }
        if let milliseconds = WaypointTime.parseISO8601(isDate ? text + "T00:00:00Z" : text) {
            return milliseconds
        }
        throw APIError.badRequest("\(parameter)=\(text) is not a date or a time; use \(acceptedForms).", code: "bad-query")
    }
}
