import Foundation

/// The chi-squared distribution: its survival function, for the sample ratio mismatch test.
public enum ChiSquaredDistribution {
    /// The survival function P(X > x) for `degreesOfFreedom` > 0: the regularized upper incomplete
    /// gamma function Q(k/2, x/2); 1 for x ≤ 0 and NaN for degrees of freedom not positive.
    public static func sf(_ x: Double, degreesOfFreedom k: Double) -> Double {
        if x.isNaN || k.isNaN || k <= 0 { return .nan }
        if x <= 0 { return 1 }
        return SpecialFunctions.upperIncompleteGamma(k / 2, x / 2)
    }
}
