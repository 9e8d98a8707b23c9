/// A proportion measured in one variation: `sum` users converted out of `n` (gbstats' `ProportionStatistic`).
public struct ProportionStatistic: Sendable, Hashable {
    /// The number of users who converted.
    public var sum: Double
    /// The number of users.
    public var n: Int

    /// A proportion of `sum` conversions among `n` users.
    public init(sum: Double, n: Int) {
        self.sum = sum
        self.n = n
    }

    /// The conversion rate `sum / n`, 0 when there are no users.
    public var mean: Double { n == 0 ? 0 : sum / Double(n) }

    /// The Bernoulli variance `mean × (1 − mean)`.
    public var variance: Double { mean * (1 - mean) }

    /// Whether the variance is zero or negative, so no test can be computed from it.
    var hasZeroVariance: Bool { variance <= 0 }
}
