import Foundation
import Testing
@testable import WaypointTools

/// The distributions and tests at their edges: tails, n = 1, zero variance, rates of 0 and 1, bad input.
@Suite("Statistics at the edges")
struct StatisticsEdgeTests {
    @Test("The normal and t quantiles invert their CDFs deep in both tails", arguments: [1e-200, 1e-15, 1e-6, 0.01, 0.3, 0.7, 0.999])
    func quantilesInvert(p: Double) {
        let z = NormalDistribution.quantile(p)
        #expect(abs(NormalDistribution.cdf(z) - p) <= 1e-13 * p)
        for dof in [1.0, 2.5, 40, 1e5] {
            let t = StudentTDistribution.quantile(p, degreesOfFreedom: dof)
            #expect(abs(StudentTDistribution.cdf(t, degreesOfFreedom: dof) - p) <= 1e-10 * p, "dof \(dof): t \(t)")
        }
    }

    @Test("The t distribution is symmetric, within O(1/dof) of the normal, and refuses degrees of freedom not positive")
    func tShape() {
        #expect(StudentTDistribution.cdf(0, degreesOfFreedom: 3) == 0.5)
        #expect(abs(StudentTDistribution.cdf(-2.2, degreesOfFreedom: 7) + StudentTDistribution.cdf(2.2, degreesOfFreedom: 7) - 1) < 1e-15)
        #expect(abs(StudentTDistribution.cdf(1.5, degreesOfFreedom: 1e9) - NormalDistribution.cdf(1.5)) < 1e-9)
        // With one degree of freedom t is Cauchy: P(T ≤ t) = 1/2 + atan(t)/π.
        #expect(abs(StudentTDistribution.cdf(-3, degreesOfFreedom: 1) - (0.5 + atan(-3) / Double.pi)) < 1e-15)
        #expect(StudentTDistribution.cdf(1, degreesOfFreedom: 0).isNaN)
        #expect(StudentTDistribution.quantile(0.975, degreesOfFreedom: -1).isNaN)
        #expect(StudentTDistribution.quantile(1, degreesOfFreedom: 4) == .infinity)
        #expect(NormalDistribution.quantile(0) == -.infinity)
        #expect(NormalDistribution.quantile(1.5).isNaN)
    }

    @Test("The chi-squared survival with 2 degrees of freedom is exp(−x/2); with 1, erfc(√(x/2))", arguments: [0.1, 1, 9, 80, 600])
    func chiSquaredClosedForms(x: Double) {
        #expect(abs(ChiSquaredDistribution.sf(x, degreesOfFreedom: 2) - exp(-x / 2)) <= 1e-13 * exp(-x / 2))
        #expect(abs(ChiSquaredDistribution.sf(x, degreesOfFreedom: 1) - erfc((x / 2).squareRoot())) <= 1e-12 * erfc((x / 2).squareRoot()))
        #expect(ChiSquaredDistribution.sf(0, degreesOfFreedom: 3) == 1)
    }

    @Test("A proportion of 1 user, of rate 0 or 1, has zero variance and the tests give no figures",
          arguments: [(1, 1), (0, 1), (0, 50), (50, 50)])
    func zeroVariance(sum: Int, n: Int) {
        let other = ProportionStatistic(sum: 10, n: 40)
        let edge = ProportionStatistic(sum: Double(sum), n: n)
        #expect(edge.variance == 0)
        let controlNote: StatisticsNote = sum == 0 ? .zeroBaseline : .zeroVariance
        #expect(TwoSidedTTest(control: edge, variation: other).result() == FrequentistResult(note: controlNote))
        #expect(SequentialTwoSidedTTest(control: edge, variation: other).result() == FrequentistResult(note: controlNote))
        #expect(EffectBayesianABTest(control: edge, variation: other).result() == BayesianResult(note: controlNote))
        #expect(TwoSidedTTest(control: other, variation: edge).result() == FrequentistResult(note: .zeroVariance))
        #expect(EffectBayesianABTest(control: other, variation: edge).result() == BayesianResult(note: .zeroVariance))
    }

    @Test("A variation without users: no units for the Bayesian test, zero variance for the frequentist ones")
    func noUsers() {
        let control = ProportionStatistic(sum: 5, n: 10), empty = ProportionStatistic(sum: 0, n: 0)
        #expect(empty.mean == 0)
        #expect(EffectBayesianABTest(control: control, variation: empty).result().note == .noUnits)
        #expect(TwoSidedTTest(control: control, variation: empty).result().note == .zeroVariance)
        #expect(StatisticsNote.noUnits.rawValue == "NO_UNITS_IN_VARIATION")
    }

    @Test("Equal rates give no uplift, a p-value of 1 and an even chance to win")
    func equalRates() throws {
        let a = ProportionStatistic(sum: 30, n: 100), b = ProportionStatistic(sum: 60, n: 200)
        let fixed = TwoSidedTTest(control: a, variation: b).result()
        #expect(fixed.expected == 0)
        #expect(try #require(fixed.pValue) == 1)
        #expect(try #require(fixed.ci)[0] == -(try #require(fixed.ci)[1]))
        #expect(EffectBayesianABTest(control: a, variation: b).result().chanceToWin == 0.5)
    }

    @Test("The SRM check refuses inputs it cannot use, saying what to fix")
    func srmRefusals() {
        #expect(throws: StatisticsError.self) { try SampleRatioMismatch.pValue(users: [1, 2], weights: [1]) }
        #expect(throws: StatisticsError.self) { try SampleRatioMismatch.pValue(users: [3], weights: [1]) }
        do {
            _ = try SampleRatioMismatch.pValue(users: [10, -1], weights: [0.5, 0.5])
            Issue.record("negative users accepted")
        } catch {
            #expect("\(error)" == "sample ratio check: variation 1 has -1 users; user counts must be 0 or more")
        }
        do {
            _ = try SampleRatioMismatch.pValue(users: [10, 10, 10], weights: [1, 1])
            Issue.record("mismatched lengths accepted")
        } catch {
            #expect("\(error)" == "sample ratio check: 3 user counts but 2 weights; give one weight per variation, in the same order")
        }
        #expect(throws: StatisticsError.self) { try SampleRatioMismatch.pValue(users: [1, 2], weights: [.nan, 1]) }
    }
}
