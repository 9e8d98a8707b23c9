import Foundation
import Testing
@testable import Waypoint
@testable import WaypointTools

/// The flow report as horizontal bars.
@Suite("Funnel bars")
struct FunnelBarsTests {
    /// The bar segments of one class, in row order, as (x, width).
    static func segments(_ elements: [SVGElements.Element], _ className: String) -> [(x: Double, width: Double)] {
        elements.filter { $0.classes == [className] }.map { ($0.number("x") ?? -1, $0.number("width") ?? -1) }
    }

    @Test func barsAreProportionalToViewersOfStarted() throws {
        let report = try RenderingFixtures.playedReport()
        let control = try #require(report.byVariation?["control"])
        let bars = FunnelBars(flowID: "signup", figures: control)
        #expect(bars.scale == 38)
        let elements = try SVGElements.parse(bars.svg(idPrefix: "control"))
        let viewed = Self.segments(elements, "wp-bar-viewed")
        // 38, 9, 25, 8, 18, 15 of 38 started, on a 360-wide track.
        #expect(viewed.map(\.width) == [360, 85.3, 236.8, 75.8, 170.5, 142.1])
        let tracks = Self.segments(elements, "wp-bar-track")
        #expect(tracks.count == 6 && tracks.allSatisfy { $0.width == 360 })
        for (bar, users) in zip(viewed, [38, 9, 25, 8, 18, 15]) {
            #expect(abs(bar.width / 360 - Double(users) / 38) < 0.0002)
        }
        // Dropped here: login 3, registration 2, notifications 3, done 5, at the end of their bars.
        let dropped = Self.segments(elements, "wp-bar-dropped")
        #expect(dropped.map(\.width) == [28.4, 18.9, 28.4, 47.4])
        let barX = try #require(tracks.first?.x)
        #expect(abs((dropped.last.map { $0.x + $0.width } ?? 0) - (barX + 142.1)) < 0.11)  // done: 15 viewed, the last 5 dropped
        // Skipped: personalization's 10, after its 8 viewers.
        let skipped = Self.segments(elements, "wp-bar-skipped")
        #expect(skipped.count == 1 && skipped.first?.width == 94.7)
        #expect(abs((skipped.first?.x ?? 0) - (barX + 75.8)) < 0.06)

        let figures = elements.with(class: "wp-funnel-figures").map(\.text)
        // Viewers and skips of the 38 who started; drop-offs of the step's own viewers (3 of 9, 2 of 25, …).
        #expect(figures == [
            "38 viewed (100.0% of started) · 0 dropped (0.0% of viewers)",
            "9 viewed (23.7% of started) · 3 dropped (33.3% of viewers)",
            "25 viewed (65.8% of started) · 2 dropped (8.0% of viewers)",
            "8 viewed (21.1% of started) · 0 dropped (0.0% of viewers) · 10 skipped (26.3% of started)",
            "18 viewed (47.4% of started) · 3 dropped (16.7% of viewers)",
            "15 viewed (39.5% of started) · 5 dropped (33.3% of viewers)",
        ])
        #expect(elements.with(class: "wp-funnel-label").map(\.text) == [
            "splash", "login", "registration", "personalization", "shared-end/notifications", "shared-end/done",
        ])
        #expect(elements.with(class: "wp-funnel-header").first?.text == "Flow signup: 38 started · 25 completed (65.8%)")
    }

    @Test func theSVGIsAnAccessibleImage() throws {
        let bars = FunnelBars(report: try RenderingFixtures.playedReport())
        let elements = try SVGElements.parse(bars.svg(idPrefix: "all"))
        let root = try #require(elements.first)
        #expect(root.attributes["role"] == "img" && root.attributes["aria-labelledby"] == "all-title all-desc")
        #expect(elements.first { $0.attributes["id"] == "all-title" }?.text == "Flow signup: users per step")
        let desc = try #require(elements.first { $0.attributes["id"] == "all-desc" }?.text)
        #expect(desc.hasPrefix("Flow signup: 80 started · 42 completed (52.5%). splash: 80 viewed (100.0% of started) · 6 dropped (7.5% of viewers); login:"))
        #expect(elements.compactMap { $0.attributes["id"] }.sorted() == ["all-desc", "all-title"])
        #expect(elements.with(class: "wp-funnel-row").count == 6)
        #expect(elements.with(class: "wp-legend-swatch").count == 3)
    }

    @Test func aBarNeverRunsPastItsTrack() throws {
        // Three viewed and one skipped although two started (events without a Flow Started).
        let bars = FunnelBars(flowID: "f", figures: FlowReport.Figures(started: 2, steps: [
            FlowReport.Step(stepID: "a", viewed: 3, skipped: 1, droppedHere: 1),
            FlowReport.Step(stepID: "b", viewed: 1),
        ]))
        #expect(bars.scale == 4)
        let elements = try SVGElements.parse(bars.svg())
        #expect(Self.segments(elements, "wp-bar-viewed").map(\.width) == [270, 90])
        #expect(Self.segments(elements, "wp-bar-skipped").map(\.width) == [90])
        #expect(elements.with(class: "wp-funnel-figures").first?.text == "3 viewed (150.0% of started) · 1 dropped (33.3% of viewers) · 1 skipped (50.0% of started)")
    }

    @Test func nobodyStartedAndNonsenseFiguresDrawEmptyBars() throws {
        let bars = FunnelBars(flowID: "f", figures: FlowReport.Figures(started: 0, steps: [
            FlowReport.Step(stepID: "a"), FlowReport.Step(stepID: "b", viewed: -4, skipped: -1, droppedHere: 9),
        ]))
        #expect(bars.scale == 1)
        let elements = try SVGElements.parse(bars.svg())
        #expect(Self.segments(elements, "wp-bar-viewed").map(\.width) == [0, 0])
        #expect(Self.segments(elements, "wp-bar-dropped").isEmpty && Self.segments(elements, "wp-bar-skipped").isEmpty)
        let empty = "0 viewed (– of started) · 0 dropped (– of viewers)"
        #expect(elements.with(class: "wp-funnel-figures").map(\.text) == [empty, empty])
        #expect(FunnelBars(flowID: "f", figures: FlowReport.Figures()).svg().hasSuffix("</svg>\n"))
    }

    @Test func stepIDsAndTitlesAreEscaped() throws {
        let hostile = #"<script>"&'</script>"#
        let bars = FunnelBars(flowID: "f&g", figures: FlowReport.Figures(started: 1, steps: [FlowReport.Step(stepID: hostile, viewed: 1)]))
        let svg = bars.svg(idPrefix: "1 bad id", title: "<b>&</b>")
        #expect(!svg.contains("<script") && !svg.contains("<b>"))
        let elements = try SVGElements.parse(svg)
        #expect(elements.with(class: "wp-funnel-label").first?.text == hostile)
        #expect(elements.first { $0.attributes["id"] == "wp1_bad_id-title" }?.text == "<b>&</b>")
        #expect(elements.with(class: "wp-funnel-header").first?.text == "Flow f&g: 1 started · 0 completed (0.0%)")
    }

    /// A branch step's drop-offs are read against the users who took the branch: 3 of its 17
    /// viewers (17.6%), although only 5.9% of the 51 who started.
    @Test func aBranchStepsDropRateIsOfItsViewers() throws {
        let bars = FunnelBars(flowID: "onboarding", figures: FlowReport.Figures(started: 51, steps: [
            FlowReport.Step(stepID: "goals", viewed: 51, droppedHere: 2),
            FlowReport.Step(stepID: "sleep-schedule", viewed: 17, droppedHere: 3),
        ]))
        let elements = try SVGElements.parse(bars.svg())
        #expect(elements.with(class: "wp-funnel-figures").map(\.text) == [
            "51 viewed (100.0% of started) · 2 dropped (3.9% of viewers)",
            "17 viewed (33.3% of started) · 3 dropped (17.6% of viewers)",
        ])
        // The red part is 3/17 of the 17 viewers' bar.
        let viewed = Self.segments(elements, "wp-bar-viewed"), dropped = Self.segments(elements, "wp-bar-dropped")
        #expect(abs(dropped[1].width / viewed[1].width - 3.0 / 17) < 0.01)
        #expect(FlowReport.Step(stepID: "s", viewed: 17, droppedHere: 3).dropRate == 3.0 / 17)
        #expect(FlowReport.Step(stepID: "s").dropRate == nil)
        #expect(FlowReport.Figures(started: 58, completed: 26, abandoned: 25).inProgress == 7)
        // Never clamped: a report counts only users who started, so its figures always add up;
        // figures that do not add up show it.
        #expect(FlowReport.Figures(started: 2, completed: 3, abandoned: 1).inProgress == -2)
    }

    /// A walkthrough's bars: one per hint, the users shown it and those who stopped on it, no skip outline.
    @Test func aWalkthroughIsDrawnPerHint() throws {
        let figures = WalkthroughReport.Figures(started: 12, completed: 6, steps: [
            WalkthroughReport.Step(stepID: "intro", shown: 12, skipped: 3, droppedHere: 3),
            WalkthroughReport.Step(stepID: "panel-cell", shown: 5, droppedHere: 0),
        ])
        let elements = try SVGElements.parse(FunnelBars(walkthroughID: "layering", figures: figures).svg())
        #expect(elements.with(class: "wp-funnel-header").first?.text == "Walkthrough layering: 12 started · 6 completed (50.0%)")
        #expect(elements.with(class: "wp-funnel-figures").map(\.text) == [
            "12 shown (100.0% of started) · 3 dropped (25.0% of those shown it)",
            "5 shown (41.7% of started) · 0 dropped (0.0% of those shown it)",
        ])
        #expect(Self.segments(elements, "wp-bar-skipped").isEmpty)
        #expect(elements.with(class: "wp-legend-swatch").count == 2)
    }

    @Test func theSameFiguresGiveTheSameBytes() throws {
        let report = try RenderingFixtures.playedReport()
        #expect(FunnelBars(report: report).svg() == FunnelBars(report: try RenderingFixtures.playedReport()).svg())
    }
}
