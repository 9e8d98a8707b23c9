import Foundation

/// Formats numbers for SVG and for people the same way everywhere: at most two decimals, a dot as
/// the decimal separator whatever the locale, no trailing zeros, no "-0", 0 for non-finite values.
package enum NumberText {
    /// `12`, `12.5`, `0.33`, `-4.1`.
    package static func format(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let hundredths = (value * 100).rounded()
        guard abs(hundredths) < 9e15 else { return "\(value)" }
        let scaled = Int64(hundredths)
        if scaled == 0 { return "0" }
        let sign = scaled < 0 ? "-" : ""
        let magnitude = scaled.magnitude
        let whole = magnitude / 100
        let fraction = magnitude % 100
        if fraction == 0 { return "\(sign)\(whole)" }
        if fraction % 10 == 0 { return "\(sign)\(whole).\(fraction / 10)" }
        return "\(sign)\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
