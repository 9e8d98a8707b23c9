/// A fast ISO 8601 parser over raw bytes, for reading millions of event timestamps.
///
/// Accepts exactly what `MillisecondTimestamp.parseISO8601` accepts — `YYYY-MM-DDTHH:MM:SS`,
/// an optional fraction of any length (rounded to the millisecond, half up), then `Z` or an offset
/// `±HH:MM` — and returns milliseconds since 1970 in UTC; `nil` for anything else.
enum TimestampScanner {
    @inline(__always)
    private static func digits2(_ p: UnsafePointer<UInt8>, _ at: Int) -> Int64? {
        let a = p[at] &- 0x30, b = p[at + 1] &- 0x30
        guard a < 10, b < 10 else { return nil }
        return Int64(a) * 10 + Int64(b)
    }

    /// Parses `count` bytes at `p`.
    static func parse(_ p: UnsafePointer<UInt8>, count: Int) -> Int64? {
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

    /// Parses a byte array (the slow path for timestamps written with JSON escapes).
    static func parse(_ bytes: [UInt8]) -> Int64? {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return nil }
            return parse(base, count: buffer.count)
        }
    }

    @inline(__always)
    private static func daysInMonth(year: Int64, month: Int64) -> Int64 {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    @inline(__always)
    private static func daysSinceEpoch(year: Int64, month: Int64, day: Int64) -> Int64 {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
