import Testing
import WaypointTools

@Suite("Report text: the one way tools print figures")
struct ReportTextTests {
    @Test(arguments: [
        (0.0, "0 ms"), (849.6, "850 ms"), (999.4, "999 ms"), (999.5, "1.0 s"), (12_400, "12.4 s"),
        (59_949, "59.9 s"), (59_950, "1 min 0 s"), (185_000, "3 min 5 s"), (3_599_400, "59 min 59 s"),
        (3_599_600, "1 h 0 min"), (7_800_000, "2 h 10 min"), (86_370_000, "1 d 0 h"), (273_600_000, "3 d 4 h"),
        (-5, "0 ms"),
    ])
    func durations(milliseconds: Double, expected: String) {
        #expect(ReportText.duration(milliseconds: milliseconds) == expected)
    }

    @Test func noDurationIsADash() {
        #expect(ReportText.duration(milliseconds: nil) == "–")
        #expect(ReportText.duration(milliseconds: .nan) == "–")
    }

    @Test(arguments: [(0.0, "0.0%"), (0.525, "52.5%"), (1.0, "100.0%"), (1.5, "150.0%"), (0.00049, "0.0%"), (-0.003, "-0.3%")])
    func percentages(fraction: Double, expected: String) {
        #expect(ReportText.percent(fraction) == expected)
    }

    @Test func aShareOfNothingIsADash() {
        #expect(ReportText.percent(3, of: 0) == "–")
        #expect(ReportText.percent(42, of: 80) == "52.5%")
        #expect(ReportText.percent(.infinity) == "–")
    }

    @Test(arguments: [(0, "0"), (999, "999"), (1_000, "1,000"), (1_234_567, "1,234,567"), (-12_345, "-12,345")])
    func counts(value: Int, expected: String) {
        #expect(ReportText.count(value) == expected)
    }

    @Test func aScopeIsOneLineNamingEachPartGiven() throws {
        #expect(ReportText.scope(nil) == nil)
        #expect(ReportText.scope(ReportScope()) == nil)
        #expect(ReportText.scope(ReportScope(revision: 3, since: 1_763_337_600_000))
            == "Scope: revision 3; users who started from 2025-11-17T00:00:00.000Z.")
        let scope = try ReportScope.parse(environment: "staging", until: "2026-11-24", experiment: "paywall-copy")
        #expect(ReportText.scope(scope)
            == "Scope: environment staging; users who started before 2026-11-24T00:00:00.000Z; variations of experiment paywall-copy.")
    }

    @Test func usersWithoutAStartAreSaidOnlyWhenThereAreAny() {
        #expect(ReportText.withoutStart(0, start: "Flow Started") == nil)
        #expect(ReportText.withoutStart(1, start: "Walkthrough Started") == "1 user with events but no Walkthrough Started is left out of every figure.")
        #expect(ReportText.withoutStart(1_500, start: "Flow Started") == "1,500 users with events but no Flow Started are left out of every figure.")
    }
}
