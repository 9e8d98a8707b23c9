import Foundation
import Testing
@testable import WaypointTools

/// The tests equal gbstats 0.8.0 to a relative 1e-6 on the counts of `GbstatsReferenceValues`.
@Suite("Statistics equal gbstats 0.8.0")
struct GbstatsAgreementTests {
    /// The largest relative difference of every figure of one pair of counts, or infinity on a wrong note.
    static func largestDifference(_ reference: GbstatsReference) -> Double {
        let fixed = TwoSidedTTest(control: reference.control, variation: reference.variation).result()
        let sequential = SequentialTwoSidedTTest(
            control: reference.control, variation: reference.variation, tuningParameter: 5000
        ).result()
        let bayesian = EffectBayesianABTest(control: reference.control, variation: reference.variation).result()
        var differences: [Double] = []
        for (result, expected) in [(fixed, reference.fixed), (sequential, reference.sequential)] {
            if let message = expected.message {
                differences.append(result.note?.rawValue == message && result.expected == nil && result.pValue == nil ? 0 : .infinity)
            } else {
                differences.append(result.note == nil ? 0 : .infinity)
                differences.append(Agreement.difference(result.expected, expected.expected))
                differences.append(Agreement.difference(result.ci, expected.ci))
                differences.append(Agreement.difference(result.pValue, expected.pValue))
            }
        }
        if let message = reference.bayesian.message {
            differences.append(bayesian.note?.rawValue == message && bayesian.chanceToWin == nil && bayesian.risk == nil ? 0 : .infinity)
        } else {
            differences.append(bayesian.note == nil ? 0 : .infinity)
            differences.append(Agreement.difference(bayesian.chanceToWin, reference.bayesian.chanceToWin))
            differences.append(Agreement.difference(bayesian.risk, reference.bayesian.risk))
            differences.append(Agreement.difference(bayesian.expected, reference.bayesian.expected))
            differences.append(Agreement.difference(bayesian.ci, reference.bayesian.ci))
        }
        return differences.max() ?? 0
    }

    @Test("Fixed, sequential and Bayesian tests equal gbstats", arguments: GbstatsReferenceValues.frequentist)
    func tests(reference: GbstatsReference) {
        let fixed = TwoSidedTTest(control: reference.control, variation: reference.variation).result()
        #expect(fixed.note?.rawValue == reference.fixed.message)
        if reference.fixed.message == nil {
            #expect(Agreement.difference(fixed.expected, reference.fixed.expected) <= Agreement.relative)
            #expect(Agreement.difference(fixed.ci, reference.fixed.ci) <= Agreement.relative)
            #expect(Agreement.difference(fixed.pValue, reference.fixed.pValue) <= Agreement.relative)
        } else {
            #expect(fixed.expected == nil && fixed.ci == nil && fixed.pValue == nil)
        }
        let sequential = SequentialTwoSidedTTest(
            control: reference.control, variation: reference.variation, tuningParameter: 5000
        ).result()
        #expect(sequential.note?.rawValue == reference.sequential.message)
        if reference.sequential.message == nil {
            #expect(Agreement.difference(sequential.expected, reference.sequential.expected) <= Agreement.relative)
            #expect(Agreement.difference(sequential.ci, reference.sequential.ci) <= Agreement.relative)
            #expect(Agreement.difference(sequential.pValue, reference.sequential.pValue) <= Agreement.relative)
        } else {
            #expect(sequential.expected == nil && sequential.ci == nil && sequential.pValue == nil)
        }
        let bayesian = EffectBayesianABTest(control: reference.control, variation: reference.variation).result()
        #expect(bayesian.note?.rawValue == reference.bayesian.message)
        if reference.bayesian.message == nil {
            #expect(Agreement.difference(bayesian.chanceToWin, reference.bayesian.chanceToWin) <= Agreement.relative)
            #expect(Agreement.difference(bayesian.risk, reference.bayesian.risk) <= Agreement.relative)
            #expect(Agreement.difference(bayesian.expected, reference.bayesian.expected) <= Agreement.relative)
            #expect(Agreement.difference(bayesian.ci, reference.bayesian.ci) <= Agreement.relative)
        } else {
            #expect(bayesian.chanceToWin == nil && bayesian.risk == nil && bayesian.expected == nil && bayesian.ci == nil)
        }
    }

    @Test("SRM p-values equal gbstats' check_srm with 2 and 3 variations")
    func srm() throws {
        for case let (users, weights, pValue) in GbstatsReferenceValues.srm {
            let computed = try SampleRatioMismatch.pValue(users: users, weights: weights)
            #expect(Agreement.difference(computed, pValue) <= Agreement.relative, "\(users) \(weights): \(computed) vs \(pValue)")
        }
    }

    @Test("Distributions equal scipy at the tails and edges")
    func distributions() {
        for (x, dof, cdf) in GbstatsReferenceValues.tCDF {
            let computed = StudentTDistribution.cdf(x, degreesOfFreedom: dof)
            #expect(Agreement.difference(computed, cdf) <= Agreement.relative, "t cdf(\(x), \(dof)): \(computed) vs \(cdf)")
        }
        for (p, dof, quantile) in GbstatsReferenceValues.tQuantile {
            let computed = StudentTDistribution.quantile(p, degreesOfFreedom: dof)
            #expect(Agreement.difference(computed, quantile) <= Agreement.relative, "t quantile(\(p), \(dof)): \(computed) vs \(quantile)")
        }
        for (x, cdf) in GbstatsReferenceValues.normal {
            let computed = NormalDistribution.cdf(x)
            #expect(Agreement.difference(computed, cdf) <= Agreement.relative, "normal cdf(\(x)): \(computed) vs \(cdf)")
        }
        for (p, quantile) in GbstatsReferenceValues.normalQuantile {
            let computed = NormalDistribution.quantile(p)
            #expect(Agreement.difference(computed, quantile) <= Agreement.relative, "normal quantile(\(p)): \(computed) vs \(quantile)")
        }
        for (x, dof, sf) in GbstatsReferenceValues.chiSquared {
            let computed = ChiSquaredDistribution.sf(x, degreesOfFreedom: dof)
            #expect(Agreement.difference(computed, sf) <= Agreement.relative, "chi-squared sf(\(x), \(dof)): \(computed) vs \(sf)")
        }
    }

    @Test("The largest relative difference from gbstats over all reference values is below 1e-6")
    func largestDifference() throws {
        var largest = GbstatsReferenceValues.frequentist.map(Self.largestDifference).max() ?? 0
        for case let (users, weights, pValue) in GbstatsReferenceValues.srm {
            largest = max(largest, Agreement.difference(try SampleRatioMismatch.pValue(users: users, weights: weights), pValue))
        }
        for (x, dof, cdf) in GbstatsReferenceValues.tCDF {
            largest = max(largest, Agreement.difference(StudentTDistribution.cdf(x, degreesOfFreedom: dof), cdf))
        }
        for (p, dof, quantile) in GbstatsReferenceValues.tQuantile {
            largest = max(largest, Agreement.difference(StudentTDistribution.quantile(p, degreesOfFreedom: dof), quantile))
        }
        for (x, cdf) in GbstatsReferenceValues.normal {
            largest = max(largest, Agreement.difference(NormalDistribution.cdf(x), cdf))
        }
        for (p, quantile) in GbstatsReferenceValues.normalQuantile {
            largest = max(largest, Agreement.difference(NormalDistribution.quantile(p), quantile))
        }
        for (x, dof, sf) in GbstatsReferenceValues.chiSquared {
            largest = max(largest, Agreement.difference(ChiSquaredDistribution.sf(x, degreesOfFreedom: dof), sf))
        }
        print("Largest relative difference from gbstats 0.8.0 / scipy: \(largest)")
        #expect(largest <= Agreement.relative)
    }
}
