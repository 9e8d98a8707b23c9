import Foundation

/// How close a computed figure is to gbstats': a relative 1e-6, or an absolute 1e-12 near zero.
enum Agreement {
    /// The absolute difference below which two figures agree whatever their size.
    static let absolute = 1e-12
    /// The largest relative difference allowed.
    static let relative = 1e-6

    /// The relative difference of `value` from `reference`, 0 when they differ by at most `absolute`.
    static func difference(_ value: Double?, _ reference: Double) -> Double {
        guard let value else { return .infinity }
        if value == reference || abs(value - reference) <= absolute { return 0 }
        return abs(value - reference) / abs(reference)
    }

    /// The largest relative difference over pairs of figures; infinity when the lists differ in length.
    static func difference(_ values: [Double]?, _ references: [Double]) -> Double {
        guard let values, values.count == references.count else { return .infinity }
        return zip(values, references).map { difference($0, $1) }.max() ?? 0
    }
}
