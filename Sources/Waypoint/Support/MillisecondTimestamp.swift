import Foundation

/// Dates as whole milliseconds since 1970, and their ISO 8601 text ("2026-01-01T00:00:00.000Z").
///
/// Waypoint writes every date it persists with millisecond precision. `Date` holds a `Double`, so a
/// date read back from text is only equal to the one written when both went through
/// `rounded(_:)`; formatting and parsing here work on integer milliseconds so that round trip is
/// exact. The calendar arithmetic is done by hand (proleptic Gregorian, UTC) so the output does not
/// depend on locale, time zone or the platform's formatter.
///
/// Events, the server's stores and API, and the command-line tool all write and read times through
/// this one conversion (docs/ARCHITECTURE.md, "Events").
package enum MillisecondTimestamp {
    /// The milliseconds since 1970 nearest to `date`, or `nil` when `date` is not finite or is
    /// outside the years 0000–9999.
    package static func milliseconds(_ date: Date) -> Int64? {
        let value = (date.timeIntervalSince1970 * 1000).rounded()
        guard value.isFinite, value >= Double(minimum), value <= Double(maximum) else { return nil }
        return Int64(value)
    }

    /// The date `milliseconds` after 1970-01-01T00:00:00Z.
    package static func date(milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }

    /// `date` rounded to the nearest millisecond (unchanged when it cannot be represented).
    package static func rounded(_ date: Date) -> Date {
        guard let milliseconds = milliseconds(date) else { return date }
        return self.date(milliseconds: milliseconds)
    }

    /// ISO 8601 text in UTC with milliseconds, e.g. `2026-01-01T00:00:00.000Z`.
    package static func iso8601(milliseconds: Int64) -> String {
        let (seconds, millis) = floorDivide(milliseconds, 1000)
        let parts = civil(seconds: seconds)
        return pad(parts.year, 4) + "-" + pad(parts.month, 2) + "-" + pad(parts.day, 2)
            + "T" + pad(parts.hour, 2) + ":" + pad(parts.minute, 2) + ":" + pad(parts.second, 2)
            + "." + pad(millis, 3) + "Z"
    }

    /// ISO 8601 text in UTC with milliseconds for `date`, rounded to the millisecond, e.g.
    /// `2026-01-01T00:00:00.000Z`; `nil` when `date` is outside the years 0000–9999.
    package static func iso8601(_ date: Date) -> String? {
        milliseconds(date).map(iso8601(milliseconds:))
    }

    /// Compact UTC text for file names and keys, without separators that file systems dislike,
    /// e.g. `20260101T000000Z`.
    static func compact(_ date: Date) -> String {
        let milliseconds = milliseconds(date) ?? 0
        let parts = civil(seconds: floorDivide(milliseconds, 1000).quotient)
        return pad(parts.year, 4) + pad(parts.month, 2) + pad(parts.day, 2)
            + "T" + pad(parts.hour, 2) + pad(parts.minute, 2) + pad(parts.second, 2) + "Z"
    }

    /// Parses `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)` into milliseconds since 1970, rounding the
    /// fraction to the millisecond; `nil` for anything else (see `parseISO8601(_:count:)`).
    package static func parseISO8601(_ text: String) -> Int64? {
        var text = text
        return text.withUTF8 { parseISO8601($0) }
    }

    /// Parses ISO 8601 text given as UTF-8 bytes (see `parseISO8601(_:count:)`).
    package static func parseISO8601(_ bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
        guard let base = bytes.baseAddress else { return nil }
        return parseISO8601(base, count: bytes.count)
    }

    /// Parses the `count` UTF-8 bytes at `p`: the one ISO 8601 parser, on raw bytes so that reading
    /// millions of event timestamps stays fast.
    ///
    /// Accepts `YYYY-MM-DDTHH:MM:SS` (`T` or `t`), an optional fraction of any length (rounded to the
    /// millisecond, half up), then `Z`, `z` or an offset `±HH:MM`, and nothing after it; returns
    /// milliseconds since 1970 in UTC, or `nil` for anything else.
    package static func parseISO8601(_ p: UnsafePointer<UInt8>, count: Int) -> Int64? {
        guard count >= 20 else { return nil }
        guard let y1 = digits2(p, 0), let y2 = digits2(p, 2), p[4] == 0x2D, let month = digits2(p, 5), p[7] == 0x2D,
              let day = digits2(p, 8), p[10] == 0x54 || p[10] == 0x74, let hour = digits2(p, 11), p[13] == 0x3A,
              let minute = digits2(p, 14), p[16] == 0x3A, let second = digits2(p, 17)
        else { return nil }
        let year = y1 * 100 + y2
        guard month >= 1, month <= 12, day >= 1, day <= daysInMonth(year: year, month: month),
              hour < 24, minute < 60, second < 60
        else { return nil }
        var index = 19
        // Fraction: any number of digits, rounded half up to milliseconds.
        var fractionNanos: Int64 = 0
        if p[index] == 0x2E {
            index += 1
            var digits = 0
            var scale: Int64 = 100_000_000
            var roundingDigit: Int64 = 0
            while index < count {
                let digit = p[index] &- 0x30
                guard digit < 10 else { break }
                if digits < 9 {
                    fractionNanos += Int64(digit) * scale
                    scale /= 10
                } else if digits == 9 {
                    roundingDigit = Int64(digit)
                }
                digits += 1
                index += 1
            }
            guard digits > 0 else { return nil }
            if roundingDigit >= 5 { fractionNanos += 1 }
        }
        guard index < count else { return nil }
        var offsetSeconds: Int64 = 0
        let zone = p[index]
        if zone == 0x5A || zone == 0x7A {
            index += 1
        } else if zone == 0x2B || zone == 0x2D {
            guard index + 6 == count, let offsetHour = digits2(p, index + 1), p[index + 3] == 0x3A,
                  let offsetMinute = digits2(p, index + 4), offsetHour < 24, offsetMinute < 60
            else { return nil }
            offsetSeconds = (zone == 0x2B ? 1 : -1) * (offsetHour * 3600 + offsetMinute * 60)
            index += 6
        } else {
            return nil
        }
        guard index == count else { return nil }
        let days = daysSinceEpoch(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        return seconds * 1000 + (fractionNanos + 500_000) / 1_000_000
    }

    /// The two decimal digits at `p + at` as a number, or `nil` when either is not a digit.
    @inline(__always)
    private static func digits2(_ p: UnsafePointer<UInt8>, _ at: Int) -> Int64? {
        let a = p[at] &- 0x30, b = p[at + 1] &- 0x30
        guard a < 10, b < 10 else { return nil }
        return Int64(a) * 10 + Int64(b)
    }

    // MARK: - Calendar arithmetic (after Howard Hinnant's days_from_civil / civil_from_days)

    private static let minimum: Int64 = daysSinceEpoch(year: 0, month: 1, day: 1) * 86_400_000
    private static let maximum: Int64 = daysSinceEpoch(year: 10_000, month: 1, day: 1) * 86_400_000 - 1

    private static func floorDivide(_ value: Int64, _ divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        var (quotient, remainder) = value.quotientAndRemainder(dividingBy: divisor)
        if remainder < 0 {
            quotient -= 1
            remainder += divisor
        }
        return (quotient, remainder)
    }

    @inline(__always)
    private static func daysInMonth(year: Int64, month: Int64) -> Int64 {
        switch month {
        case 2:
            let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
            return leap ? 29 : 28
        case 4, 6, 9, 11:
            return 30
        default:
            return 31
        }
    }

    @inline(__always)
    private static func daysSinceEpoch(year: Int64, month: Int64, day: Int64) -> Int64 {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = floorDivide(shiftedYear, 400).quotient
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func civil(seconds: Int64)
        -> (year: Int64, month: Int64, day: Int64, hour: Int64, minute: Int64, second: Int64) {
        let (days, secondOfDay) = floorDivide(seconds, 86_400)
        let shifted = days + 719_468
        let era = floorDivide(shifted, 146_097).quotient
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day, secondOfDay / 3600, secondOfDay % 3600 / 60, secondOfDay % 60)
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
