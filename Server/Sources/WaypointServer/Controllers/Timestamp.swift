import Foundation

/// Times as the server writes them: whole milliseconds since 1970 in the stores and in stored
/// events, and UTC text with milliseconds (`2026-11-21T10:00:00.000Z`) in the API.
///
/// The one conversion between `Date` and milliseconds on the server, so a time read back from a
/// store is the time that was written.
enum Timestamp {
    /// `date` as UTC text with milliseconds, such as `2026-11-21T10:00:00.000Z`.
    static func iso8601(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }

    /// The milliseconds since 1970 nearest to `date`.
    static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded())
    }

    /// The date `milliseconds` after 1970-01-01T00:00:00Z.
    static func date(milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }
}
