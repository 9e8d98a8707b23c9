/// The outcome of a frequentist test of a variation against the control: relative uplift, interval and p-value.
///
/// All figures are `nil` when gbstats would answer with its default output; `note` then says why.
public struct FrequentistResult: Sendable, Hashable {
    /// The relative uplift `(variation − control) / control`.
    public var expected: Double?
    /// The confidence interval `[lower, upper]` of the relative uplift.
    public var ci: [Double]?
    /// The two-sided p-value.
    public var pValue: Double?
    /// Why there are no figures, when there are none.
    public var note: StatisticsNote?

    /// A result with figures.
    public init(expected: Double, ci: [Double], pValue: Double) {
        self.expected = expected
        self.ci = ci
        self.pValue = pValue
        self.note = nil
    }

    /// A result with no figures, for the reason `note`.
    public init(note: StatisticsNote) {
        self.expected = nil
        self.ci = nil
        self.pValue = nil
        self.note = note
    }
}
