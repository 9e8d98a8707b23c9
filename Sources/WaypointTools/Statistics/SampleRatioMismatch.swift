import Foundation

/// gbstats' `check_srm`: the chi-squared test of whether users split between variations as their weights say.
public enum SampleRatioMismatch {
    /// The p-value of the observed split `users` against the expected `weights` (one per variation, in the
    /// same order); 1 when there are no users. Variations with weight 0 are left out of the sum, as gbstats does.
    ///
    /// Throws when the lists differ in length, there are fewer than two variations, or a count or weight
    /// is negative or not finite.
    public static func pValue(users: [Int], weights: [Double]) throws -> Double {
        guard users.count == weights.count else {
            throw StatisticsError.srmLengths(users: users.count, weights: weights.count)
        }
        guard users.count >= 2 else { throw StatisticsError.srmTooFewVariations(users.count) }
        if let index = users.firstIndex(where: { $0 < 0 }) {
            throw StatisticsError.srmNegativeUsers(index: index, value: users[index])
        }
        if let index = weights.firstIndex(where: { !$0.isFinite || $0 < 0 }) {
            throw StatisticsError.srmBadWeight(index: index, value: weights[index])
        }
        let totalObserved = Double(users.reduce(0, +))
        if totalObserved == 0 { return 1 }
        let totalWeight = weights.reduce(0, +)
        var x = 0.0
        for (observed, weight) in zip(users, weights) where weight > 0 {
            let expected = weight / totalWeight * totalObserved
            x += pow(Double(observed) - expected, 2) / expected
        }
        return ChiSquaredDistribution.sf(x, degreesOfFreedom: Double(users.count - 1))
    }
}
