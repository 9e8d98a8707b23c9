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
        #expect(figures == [
            "38 viewed (100.0%) · 0 dropped (0.0%)",
            "9 viewed (23.7%) · 3 dropped (7.9%)",
            "25 viewed (65.8%) · 2 dropped (5.3%)",
            "8 viewed (21.1%) · 0 dropped (0.0%) · 10 skipped (26.3%)",
            "18 viewed (47.4%) · 3 dropped (7.9%)",
            "15 viewed (39.5%) · 5 dropped (13.2%)",
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
        #expect(desc.hasPrefix("Flow signup: 80 started · 42 completed (52.5%). splash: 80 viewed (100.0%) · 6 dropped (7.5%); login:"))
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
        #expect(elements.with(class: "wp-funnel-figures").first?.text == "3 viewed (150.0%) · 1 dropped (50.0%) · 1 skipped (50.0%)")
    }

    @Test func nobodyStartedAndNonsenseFiguresDrawEmptyBars() throws {
        let bars = FunnelBars(flowID: "f", figures: FlowReport.Figures(started: 0, steps: [
            FlowReport.Step(stepID: "a"), FlowReport.Step(stepID: "b", viewed: -4, skipped: -1, droppedHere: 9),
        ]))
        #expect(bars.scale == 1)
        let elements = try SVGElements.parse(bars.svg())
        #expect(Self.segments(elements, "wp-bar-viewed").map(\.width) == [0, 0])
        #expect(Self.segments(elements, "wp-bar-dropped").isEmpty && Self.segments(elements, "wp-bar-skipped").isEmpty)
        let empty = "0 viewed (–) · 0 dropped (–)"
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

    @Test func theSameFiguresGiveTheSameBytes() throws {
        let report = try RenderingFixtures.playedReport()
        #expect(FunnelBars(report: report).svg() == FunnelBars(report: try RenderingFixtures.playedReport()).svg())
    }
}
