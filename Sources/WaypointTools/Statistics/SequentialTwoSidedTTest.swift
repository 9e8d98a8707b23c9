import Foundation

/// gbstats' `SequentialTwoSidedTTest` with `sequential_tuning_parameter`: an always-valid test of the
/// relative uplift (Waudby-Smith et al. 2023), so a result looked at every day keeps its error rate.
public struct SequentialTwoSidedTTest: Sendable, Hashable {
    /// The control.
    public var control: ProportionStatistic
    /// The variation compared with the control.
    public var variation: ProportionStatistic
    /// The significance level; the interval covers `1 − alpha` at every look.
    public var alpha: Double
    /// The sample size the test is tuned for (gbstats' default 5000).
    public var tuningParameter: Double

    /// A sequential test of `variation` against `control` at level `alpha`, tuned for `tuningParameter` users.
    public init(
        control: ProportionStatistic, variation: ProportionStatistic, alpha: Double = 0.05, tuningParameter: Double = 5000
    ) {
        self.control = control
        self.variation = variation
        self.alpha = alpha
        self.tuningParameter = tuningParameter
    }

    /// The relative uplift, its always-valid interval and p-value, or no figures with gbstats' reason.
    public func result() -> FrequentistResult {
        if let note = RelativeDifference.defaultOutputNote(control, variation) { return FrequentistResult(note: note) }
        let difference = RelativeDifference(control, variation)
        let total = Double(control.n + variation.n)
        let rho = (( -2 * log(alpha) + log(-2 * log(alpha) + 1)) / tuningParameter).squareRoot()
        // Eq. 9 of Waudby-Smith et al. for the interval, eq. 155 for the p-value.
        let s2 = difference.variance * total
        let width = s2.squareRoot() * (
            (2 * (total * pow(rho, 2) + 1)) * log((total * pow(rho, 2) + 1).squareRoot() / alpha) / pow(total * rho, 2)
        ).squareRoot()
        let st2 = pow(difference.estimate, 2) * total / difference.variance
        let tr2p1 = total * pow(rho, 2) + 1
        let evalue = exp(pow(rho, 2) * st2 / (2 * tr2p1)) / tr2p1.squareRoot()
        return FrequentistResult(
            expected: difference.estimate, ci: [difference.estimate - width, difference.estimate + width],
            pValue: min(1 / evalue, 1))
    }
}
