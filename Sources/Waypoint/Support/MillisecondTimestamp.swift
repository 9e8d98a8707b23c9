import Foundation

/// Dates as whole milliseconds since 1970, and their ISO 8601 text ("2026-01-01T00:00:00.000Z").
///
/// Waypoint writes every date it persists with millisecond precision. `Date` holds a `Double`, so a
/// date read back from text is only equal to the one written when both went through
/// ``rounded(_:)``; formatting and parsing here work on integer milliseconds so that round trip is
/// exact. The calendar arithmetic is done by hand (proleptic Gregorian, UTC) so the output does not
/// depend on locale, time zone or the platform's formatter.
enum MillisecondTimestamp {
    /// The milliseconds since 1970 nearest to `date`, or `nil` when `date` is not finite or is
    /// outside the years 0000–9999.
    static func milliseconds(_ date: Date) -> Int64? {
        let value = (date.timeIntervalSince1970 * 1000).rounded()
        guard value.isFinite, value >= Double(minimum), value <= Double(maximum) else { return nil }
        return Int64(value)
    }

    /// The date `milliseconds` after 1970-01-01T00:00:00Z.
    static func date(milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }

    /// `date` rounded to the nearest millisecond (unchanged when it cannot be represented).
    static func rounded(_ date: Date) -> Date {
        guard let milliseconds = milliseconds(date) else { return date }
        return self.date(milliseconds: milliseconds)
    }

    /// ISO 8601 text in UTC with milliseconds, e.g. `2026-01-01T00:00:00.000Z`.
    static func iso8601(milliseconds: Int64) -> String {
        let (seconds, millis) = floorDivide(milliseconds, 1000)
        let parts = civil(seconds: seconds)
        return pad(parts.year, 4) + "-" + pad(parts.month, 2) + "-" + pad(parts.day, 2)
            + "T" + pad(parts.hour, 2) + ":" + pad(parts.minute, 2) + ":" + pad(parts.second, 2)
            + "." + pad(millis, 3) + "Z"
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
    /// fraction to the millisecond; `nil` for anything else.
    static func parseISO8601(_ text: String) -> Int64? {
        let bytes = Array(text.utf8)
        var index = 0

        func number(_ width: Int) -> Int64? {
            guard index + width <= bytes.count else { return nil }
            var value: Int64 = 0
            for byte in bytes[index..<(index + width)] {
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int64(byte - 0x30)
            }
            index += width
            return value
        }
        func expect(_ characters: String) -> Bool {
            guard index < bytes.count, characters.utf8.contains(bytes[index]) else { return false }
            index += 1
            return true
        }

        guard let year = number(4), expect("-"), let month = number(2), expect("-"), let day = number(2),
              expect("Tt"), let hour = number(2), expect(":"), let minute = number(2), expect(":"),
              let second = number(2)
        else { return nil }
        guard (1...12).contains(month), day >= 1, day <= daysInMonth(year: year, month: month),
              hour < 24, minute < 60, second < 60
        else { return nil }

        // Fraction: any number of digits, rounded half up to milliseconds.
        var fractionNanos: Int64 = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            var digits = 0
            var scale: Int64 = 100_000_000
            var roundingDigit: Int64 = 0
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                let digit = Int64(bytes[index] - 0x30)
                if digits < 9 {
                    fractionNanos += digit * scale
                    scale /= 10
                } else if digits == 9 {
                    roundingDigit = digit
                }
                digits += 1
                index += 1
            }
            guard digits > 0 else { return nil }
            if roundingDigit >= 5 { fractionNanos += 1 }
        }

        var offsetSeconds: Int64 = 0
        guard index < bytes.count else { return nil }
        if expect("Zz") {
            // UTC
        } else if bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
            let sign: Int64 = bytes[index] == UInt8(ascii: "+") ? 1 : -1
            index += 1
            guard let offsetHour = number(2), expect(":"), let offsetMinute = number(2),
                  offsetHour < 24, offsetMinute < 60
            else { return nil }
            offsetSeconds = sign * (offsetHour * 3600 + offsetMinute * 60)
        } else {
            return nil
        }
        guard index == bytes.count else { return nil }

        let days = daysSinceEpoch(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        let millis = (fractionNanos + 500_000) / 1_000_000
        return seconds * 1000 + millis
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
