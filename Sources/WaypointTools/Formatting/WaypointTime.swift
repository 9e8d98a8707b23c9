import Foundation
import Waypoint

/// Times as Waypoint stores and writes them: whole milliseconds since 1970, and their ISO 8601 text
/// in UTC with milliseconds (`2026-01-01T00:00:00.000Z`).
///
/// The core's one conversion, for a receiver that sees only the public API: events, the server's
/// stores and answers, and the command-line tool all write and read times through it, so a time
/// read back is the time that was written (docs/ARCHITECTURE.md, "Events").
///
/// ```swift
/// WaypointTime.parseISO8601("2026-01-01T01:00:00+01:00")   // 1767225600000
/// WaypointTime.iso8601(milliseconds: 1_767_225_600_000)    // "2026-01-01T00:00:00.000Z"
/// ```
public enum WaypointTime {
    /// The milliseconds since 1970 nearest to `date`, or `nil` when `date` is not finite or is
    /// outside the years 0000–9999.
    public static func milliseconds(_ date: Date) -> Int64? {
        MillisecondTimestamp.milliseconds(date)
    }

    /// The date `milliseconds` after 1970-01-01T00:00:00Z.
    public static func date(milliseconds: Int64) -> Date {
        MillisecondTimestamp.date(milliseconds: milliseconds)
    }

    /// ISO 8601 text in UTC with milliseconds, such as `2026-01-01T00:00:00.000Z`.
    public static func iso8601(milliseconds: Int64) -> String {
        MillisecondTimestamp.iso8601(milliseconds: milliseconds)
    }

    /// ISO 8601 text in UTC with milliseconds for `date`, rounded to the millisecond; `nil` when
    /// `date` is outside the years 0000–9999.
    public static func iso8601(_ date: Date) -> String? {
        MillisecondTimestamp.iso8601(date)
    }

    /// Parses `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)` into milliseconds since 1970, rounding the
    /// fraction to the millisecond; `nil` for anything else.
    public static func parseISO8601(_ text: String) -> Int64? {
        MillisecondTimestamp.parseISO8601(text)
    }
}
