/// The outcome of the Bayesian test of a variation against the control: chance to win, risk, and the
/// posterior of the relative uplift.
///
/// All figures are `nil` when gbstats would answer with its default output; `note` then says why.
public struct BayesianResult: Sendable, Hashable {
    /// The probability that the variation's rate is above the control's.
    public var chanceToWin: Double?
    /// The expected relative loss `[of choosing the control, of choosing the variation]`.
    public var risk: [Double]?
    /// The posterior mean of the relative uplift.
    public var expected: Double?
    /// The credible interval `[lower, upper]` of the relative uplift.
    public var ci: [Double]?
    /// Why there are no figures, when there are none.
    public var note: StatisticsNote?

    /// A result with figures.
    public init(chanceToWin: Double, risk: [Double], expected: Double, ci: [Double]) {
        self.chanceToWin = chanceToWin
        self.risk = risk
        self.expected = expected
        self.ci = ci
        self.note = nil
    }

    /// A result with no figures, for the reason `note`.
    public init(note: StatisticsNote) {
        self.note = note
    }
}
