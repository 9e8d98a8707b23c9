import Foundation
import Testing
@testable import WaypointTools

@Suite("Uplift chart")
struct UpliftChartTests {
    static func variation(_ name: String, _ uplift: ExperimentReport.Uplift?, control: Bool = false) -> ExperimentReport.Variation {
        ExperimentReport.Variation(
            variation: name, users: 10, conversions: 5, rate: 0.5, isControl: control, uplift: uplift, pValue: nil, chanceToWin: nil,
            risk: nil, note: uplift == nil && !control ? .zeroVariance : nil)
    }

    static let report = ExperimentReport(
        experiment: "paywall-copy", flowID: "onboarding", walkthroughID: nil, goal: "$complete", control: "control", sequential: true,
        srmPValue: 0.5, multipleVariations: 0,
        variations: [
            variation("control", nil, control: true),
            variation("up", .init(expected: 0.2, ci: [0.05, 0.35])),
            variation("down <&>", .init(expected: -0.3, ci: [-0.5, -0.1])),
            variation("unclear", .init(expected: 0.02, ci: [-0.1, 0.14])),
            variation("none", nil),
        ],
        guardrails: [], minimumDetectableEffect: 0.1,
        steps: [], undeclaredVariationUsers: 0, scope: nil, invalidLines: 0, events: 0)

    @Test func eachVariationIsABarAroundZeroColouredByItsSign() {
        let chart = UpliftChart(report: Self.report)
        #expect(chart.rows.map(\.variation) == ["up", "down <&>", "unclear", "none"])
        // The axis spans the widest end, 0.5, with 5% room: ±52.5%.
        #expect(abs(chart.halfSpan - 0.525) < 1e-12)
        let svg = chart.svg(idPrefix: "u")
        #expect(svg.hasPrefix(#"<svg xmlns="http://www.w3.org/2000/svg" class="wp-uplift" role="img" aria-labelledby="u-title u-desc""#))
        #expect(svg.contains("<title id=\"u-title\">Uplift over control</title>"))
        #expect(svg.contains("always-valid 95% interval"))
        #expect(svg.contains(ReportText.uplift(.init(expected: 0.2, ci: [0.05, 0.35]))))
        #expect(svg.contains("down &lt;&amp;&gt;"))
        #expect(!svg.contains("down <&>"))
        #expect(svg.components(separatedBy: "wp-uplift-interval").count - 1 == 3)
        #expect(svg.contains(#"fill="\#(UpliftChart.better)""#))
        #expect(svg.contains(#"fill="\#(UpliftChart.worse)""#))
        #expect(svg.contains(#"fill="\#(UpliftChart.unclear)""#))
        #expect(svg.contains("none: no figures"))
        // The zero line is in the middle of the axis.
        let middle = SVGMarkup.number(12 + max(SVGMarkup.textWidth("down <&>", fontSize: 12), 60) + 10 + UpliftChart.axisWidth / 2)
        #expect(svg.contains(#"<line class="wp-uplift-zero" x1="\#(middle)""#))
    }

    @Test func textFiguresAreWrittenLikeTheTables() {
        #expect(ReportText.signedPercent(0.136) == "+13.6%")
        #expect(ReportText.signedPercent(-0.04) == "-4.0%")
        #expect(ReportText.signedPercent(0) == "0.0%")
        #expect(ReportText.pValue(0.06012) == "0.0601")
        #expect(ReportText.pValue(0.00001) == "<0.0001")
        #expect(ReportText.pValue(1) == "1.0000")
        #expect(ReportText.pValue(nil) == "–")
        #expect(ReportText.uplift(nil) == "–")
    }

    /// A lower bound below −100% reads `< -100%` and stretches the axis no further than −100%.
    @Test func aBoundBelowMinusOneHundredPercentStopsAtTheAxisEnd() {
        var report = Self.report
        report.variations = [Self.variation("control", nil, control: true), Self.variation("wide", .init(expected: -0.4, ci: [-1.7, 0.6]))]
        let chart = UpliftChart(report: report)
        #expect(abs(chart.halfSpan - 1.05) < 1e-12)
        #expect(chart.svg(idPrefix: "w").contains("-40.0% [&lt; -100%, +60.0%]"))
    }
}
