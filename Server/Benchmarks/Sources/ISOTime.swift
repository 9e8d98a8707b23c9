/// ISO 8601 times in UTC with milliseconds (`2026-09-01T08:15:02.250Z`), formatted with integer
/// arithmetic: the benchmark writes tens of millions of them on the cores the server runs on.
enum ISOTime {
    /// `milliseconds` since 1970 as `YYYY-MM-DDTHH:MM:SS.mmmZ`.
    static func string(_ milliseconds: Int64) -> String {
        let days = milliseconds / 86_400_000
        let inDay = milliseconds % 86_400_000
        // Civil date from days since 1970 (Howard Hinnant's algorithm).
        let shifted = days + 719_468
        let era = shifted / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthPrime = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthPrime + 2) / 5 + 1
        let month = monthPrime < 10 ? monthPrime + 3 : monthPrime - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return "\(year)-\(two(month))-\(two(day))T\(two(inDay / 3_600_000)):\(two(inDay / 60_000 % 60)):\(two(inDay / 1000 % 60))."
            + three(inDay % 1000) + "Z"
    }

    private static func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }

    private static func three(_ value: Int64) -> String { value < 10 ? "00\(value)" : value < 100 ? "0\(value)" : "\(value)" }
}
