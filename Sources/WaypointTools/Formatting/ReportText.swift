/// How every tool prints a report's figures for people: the CLI's tables, the server's pages and the
/// SVG charts write counts, rates and durations the same way (docs/ARCHITECTURE.md, "Reports").
///
/// Everything here is locale-independent, so the same figure is the same text on every machine.
public enum ReportText {
    /// A count with thousands separators: `1,234,567`.
    public static func count(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var grouped = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return (value < 0 ? "-" : "") + grouped
    }

    /// A fraction in 0…1 as a percentage with one decimal: `52.5%`, `100.0%`; `–` when it is not finite.
    public static func percent(_ fraction: Double) -> String {
        guard fraction.isFinite else { return "–" }
        return tenths(Int((fraction * 1000).rounded())) + "%"
    }

    /// `part` of `whole` as a percentage with one decimal; `–` when `whole` is not positive.
    public static func percent(_ part: Int, of whole: Int) -> String {
        guard whole > 0 else { return "–" }
        return percent(Double(part) / Double(whole))
    }

    /// A duration in milliseconds as people read it: `850 ms`, `12.4 s`, `3 min 5 s`, `2 h 10 min`,
    /// `3 d 4 h`; `–` for none.
    public static func duration(milliseconds: Double?) -> String {
        guard let milliseconds, milliseconds.isFinite else { return "–" }
        let value = max(0, milliseconds)
        if value < 999.5 { return "\(Int(value.rounded())) ms" }
        if value < 59_950 { return tenths(Int((value / 100).rounded())) + " s" }
        let seconds = Int((value / 1000).rounded())
        if seconds < 3600 { return "\(seconds / 60) min \(seconds % 60) s" }
        let minutes = Int((value / 60_000).rounded())
        if minutes < 24 * 60 { return "\(minutes / 60) h \(minutes % 60) min" }
        let hours = Int((value / 3_600_000).rounded())
        return "\(hours / 24) d \(hours % 24) h"
    }

    /// `value` tenths as a decimal with one digit after the point: `525` → `52.5`, `-3` → `-0.3`.
    private static func tenths(_ value: Int) -> String {
        let sign = value < 0 ? "-" : ""
        return "\(sign)\(value.magnitude / 10).\(value.magnitude % 10)"
    }
}
