import Foundation
import Testing
@testable import WaypointTools

/// The users a test needs and the days left (docs/ARCHITECTURE.md, "The experiment report"),
/// against values computed with scipy 1.17.1:
///
/// ```python
/// from scipy.stats import norm
/// z = norm.ppf(0.975) + norm.ppf(0.8)
/// q = p * (1 + mde); n = z * z * (p * (1 - p) + q * (1 - q)) / (q - p) ** 2
/// ```
@Suite struct ExperimentPowerTests {
    struct Reference: Sendable, CustomTestStringConvertible {
        var controlRate: Double
        var mde: Double
        /// scipy's unrounded figure; nil where q ≥ 1.
        var users: Double?
        var testDescription: String { "p \(controlRate), MDE \(mde)" }
    }

    static let references: [Reference] = [
        Reference(controlRate: 0.4, mde: 0.1, users: 2386.0594392421185),
        Reference(controlRate: 0.05, mde: 0.2, users: 8154.986043988711),
        Reference(controlRate: 0.5, mde: 0.05, users: 6271.254907744911),
        Reference(controlRate: 0.9, mde: 0.1, users: 96.80285005697179),
        Reference(controlRate: 0.01, mde: 0.5, users: 7746.844297802554),
        Reference(controlRate: 0.3333333333333333, mde: 0.15, users: 1439.8333823789278),
        Reference(controlRate: 0.2, mde: 1.0, users: 78.48879734349087),
        Reference(controlRate: 0.95, mde: 0.06, users: nil),
        Reference(controlRate: 0.6, mde: 0.7, users: nil),
    ]

    @Test(arguments: references)
    func usersNeededEqualsScipy(_ reference: Reference) throws {
        let computed = ExperimentPower.unroundedUsersNeeded(controlRate: reference.controlRate, minimumDetectableEffect: reference.mde)
        let power = ExperimentPower(controlRate: reference.controlRate, minimumDetectableEffect: reference.mde, users: 0, recentUsers: 1)
        guard let expected = reference.users else {
            #expect(computed == nil)
            #expect(power == ExperimentPower(usersNeeded: nil, daysLeft: nil))
            return
        }
        let value = try #require(computed)
        #expect(abs(value - expected) / expected < 1e-9)
        #expect(power.usersNeeded == Int(expected.rounded(.up)))
    }

    struct Days: Sendable, CustomTestStringConvertible {
        var users: Int
        var recent: Int
        var daysLeft: Int?
        var testDescription: String { "\(users) users, \(recent) in the last week" }
    }

    /// p 0.4 and MDE 0.1 need 2,387 users per variation.
    static let days: [Days] = [
        Days(users: 1_000, recent: 700, daysLeft: 14),     // ⌈1,387 × 7 / 700⌉ = ⌈13.87⌉
        Days(users: 2_380, recent: 7, daysLeft: 7),        // ⌈7 × 7 / 7⌉
        Days(users: 2_380, recent: 1_000_000, daysLeft: 1), // a fraction of a day is a day
        Days(users: 2_387, recent: 0, daysLeft: 0),        // reached, whatever the traffic
        Days(users: 5_000, recent: 3, daysLeft: 0),
        Days(users: 10, recent: 0, daysLeft: nil),         // nobody exposed in the last week
    ]

    @Test(arguments: days)
    func daysLeftAtTheLastWeeksTraffic(_ days: Days) {
        let power = ExperimentPower(controlRate: 0.4, minimumDetectableEffect: 0.1, users: days.users, recentUsers: days.recent)
        #expect(power.usersNeeded == 2_387)
        #expect(power.daysLeft == days.daysLeft)
    }

    @Test(arguments: [0.0, 1.0, -0.1, .nan])
    func aControlRateOutsideZeroToOneCannotBeSized(_ rate: Double) {
        let power = ExperimentPower(controlRate: rate, minimumDetectableEffect: 0.1, users: 100, recentUsers: 100)
        #expect(power.usersNeeded == nil && power.daysLeft == nil)
    }

    @Test func unknownFiguresAreNullInJSON() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let text = String(decoding: try encoder.encode(ExperimentPower(usersNeeded: nil, daysLeft: nil)), as: UTF8.self)
        #expect(text == #"{"daysLeft":null,"usersNeeded":null}"#)
    }

    @Test(arguments: [(-1.7, "< -100%"), (-1.0, "-100.0%"), (-0.05, "-5.0%"), (0.22, "+22.0%")])
    func boundsBelowMinusOneHundredPercentReadAsSuch(_ bound: Double, _ text: String) {
        #expect(ReportText.bound(bound) == text)
        #expect(ReportText.uplift(ExperimentReport.Uplift(expected: 0.1, ci: [bound, 0.5])).contains("[\(text), +50.0%]"))
    }
}
