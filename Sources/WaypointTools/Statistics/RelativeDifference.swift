import Foundation

/// The relative difference of two proportions and its delta-method variance (gbstats' `frequentist_diff`
/// and `frequentist_variance` with `relative=True`).
struct RelativeDifference: Sendable, Hashable {
    /// `(variation − control) / control`.
    var estimate: Double
    /// The variance of `estimate`.
    var variance: Double

    /// The difference of `variation` over `control`; both must have passed `defaultOutputNote`.
    init(_ control: ProportionStatistic, _ variation: ProportionStatistic) {
        let ma = control.mean, mb = variation.mean
        estimate = (mb - ma) / ma
        variance = variation.variance / (pow(ma, 2) * Double(variation.n))
            + control.variance * pow(mb, 2) / (pow(ma, 4) * Double(control.n))
    }

    /// The reason the frequentist tests answer with their default output, in gbstats' order, or nil.
    static func defaultOutputNote(_ control: ProportionStatistic, _ variation: ProportionStatistic) -> StatisticsNote? {
        if control.mean == 0 { return .zeroBaseline }
        if control.hasZeroVariance || variation.hasZeroVariance { return .zeroVariance }
        return nil
    }
}
