import Foundation

/// gbstats' `EffectBayesianABTest` with `EffectBayesianConfig(difference_type="relative")`: a normal
/// posterior of the relative uplift under gbstats' default flat (improper) prior.
public struct EffectBayesianABTest: Sendable, Hashable {
    /// The control.
    public var control: ProportionStatistic
    /// The variation compared with the control.
    public var variation: ProportionStatistic
    /// The level of the credible interval, which covers `1 − alpha`.
    public var alpha: Double

    /// A Bayesian test of `variation` against `control`, with a `1 − alpha` credible interval.
    public init(control: ProportionStatistic, variation: ProportionStatistic, alpha: Double = 0.05) {
        self.control = control
        self.variation = variation
        self.alpha = alpha
    }

    /// The chance to win, the risk, the posterior mean and credible interval, or no figures with gbstats' reason.
    public func result() -> BayesianResult {
        if control.mean == 0 { return BayesianResult(note: .zeroBaseline) }
        if control.n == 0 || variation.n == 0 { return BayesianResult(note: .noUnits) }
        if control.hasZeroVariance || variation.hasZeroVariance { return BayesianResult(note: .zeroVariance) }
        let difference = RelativeDifference(control, variation)
        // With the improper prior the posterior is the data's: mean the estimate, precision 1 / variance.
        let mean = difference.estimate
        let sd = (1 / (1 / difference.variance)).squareRoot()
        let chanceToWin = NormalDistribution.cdf(-((0 - mean) / sd))
        let ci = [
            mean + sd * NormalDistribution.quantile(alpha / 2), mean + sd * NormalDistribution.quantile(1 - alpha / 2),
        ]
        return BayesianResult(chanceToWin: chanceToWin, risk: Self.risk(mean: mean, sd: sd), expected: mean, ci: ci)
    }

    /// The expected loss of choosing each arm when the uplift is normal(`mean`, `sd`): gbstats' `get_risk`.
    static func risk(mean mu: Double, sd sigma: Double) -> [Double] {
        let b = (0 - mu) / sigma
        let probabilityControlIsBetter = NormalDistribution.cdf(b)
        // Means of the normal truncated to (−∞, 0] and to [0, ∞), through the inverse Mills ratio.
        let meanNegative = mu - sigma * inverseMillsRatio(-b)
        let meanPositive = mu + sigma * inverseMillsRatio(b)
        return [(1 - probabilityControlIsBetter) * meanPositive, -(probabilityControlIsBetter * meanNegative)]
    }

    /// φ(a) / (1 − Φ(a)), accurate for large `a` where both underflow.
    static func inverseMillsRatio(_ a: Double) -> Double {
        if a < 30 { return NormalDistribution.pdf(a) / NormalDistribution.sf(a) }
        // Laplace's continued fraction for (1 − Φ(a)) / φ(a).
        var fraction = a
        for k in stride(from: 40, through: 1, by: -1) { fraction = a + Double(k) / fraction }
        return fraction
    }
}
