import Foundation
import Waypoint
import WaypointTools

/// Times as the server writes them: whole milliseconds since 1970 in the stores and in stored
/// events, and UTC text with milliseconds (`2026-11-21T10:00:00.000Z`) in the API.
///
/// The server's names for the core's one conversion (``WaypointTools/WaypointTime``), so a time
/// read back from a store is the time that was written, and the API writes times as events do.
/// The dates given here are the server's own clock or event times that ``EventBatch`` already
/// checked to lie in the years 0001–9999; a date outside 0000–9999 is clamped to the nearest end.
enum Timestamp {
    /// `date` as UTC text with milliseconds, such as `2026-11-21T10:00:00.000Z`.
    static func iso8601(_ date: Date) -> String {
        WaypointTime.iso8601(milliseconds: milliseconds(date))
    }

    /// The milliseconds since 1970 nearest to `date`.
    static func milliseconds(_ date: Date) -> Int64 {
        if let milliseconds = WaypointTime.milliseconds(date) { return milliseconds }
        let earliest = WaypointTime.parseISO8601("0000-01-01T00:00:00.000Z") ?? 0
        let latest = WaypointTime.parseISO8601("9999-12-31T23:59:59.999Z") ?? 0
        return date.timeIntervalSince1970 < 0 ? earliest : latest
    }

    /// The date `milliseconds` after 1970-01-01T00:00:00Z.
    static func date(milliseconds: Int64) -> Date {
        WaypointTime.date(milliseconds: milliseconds)
    }
}
