import Foundation

/// gbstats' `TwoSidedTTest` with `FrequentistConfig(difference_type="relative", alpha)`: Welch's t-test of
/// the relative uplift of a variation over the control, with the delta-method variance.
public struct TwoSidedTTest: Sendable, Hashable {
    /// The control.
    public var control: ProportionStatistic
    /// The variation compared with the control.
    public var variation: ProportionStatistic
    /// The significance level; the interval covers `1 − alpha`.
    public var alpha: Double

    /// A test of `variation` against `control` at level `alpha` (gbstats' default 0.05).
    public init(control: ProportionStatistic, variation: ProportionStatistic, alpha: Double = 0.05) {
        self.control = control
        self.variation = variation
        self.alpha = alpha
    }

    /// The relative uplift, its interval and the p-value, or no figures with gbstats' reason.
    public func result() -> FrequentistResult {
        if let note = RelativeDifference.defaultOutputNote(control, variation) { return FrequentistResult(note: note) }
        let difference = RelativeDifference(control, variation)
        let dof = welchDegreesOfFreedom
        let criticalValue = difference.estimate / difference.variance.squareRoot()
        let pValue = 2 * (1 - StudentTDistribution.cdf(abs(criticalValue), degreesOfFreedom: dof))
        let width = StudentTDistribution.quantile(1 - alpha / 2, degreesOfFreedom: dof) * difference.variance.squareRoot()
        return FrequentistResult(
            expected: difference.estimate, ci: [difference.estimate - width, difference.estimate + width], pValue: pValue)
    }

    /// The Welch–Satterthwaite degrees of freedom of the two variances.
    public var welchDegreesOfFreedom: Double {
        let va = control.variance, vb = variation.variance
        let na = Double(control.n), nb = Double(variation.n)
        return pow(vb / nb + va / na, 2) / (pow(vb, 2) / (pow(nb, 2) * (nb - 1)) + pow(va, 2) / (pow(na, 2) * (na - 1)))
    }
}
