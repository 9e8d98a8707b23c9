/// A flow report (or a walkthrough report) drawn as horizontal bars, one per step in report order,
/// as inline SVG.
///
/// Each bar is the users who viewed the step, scaled so that a full bar is ``scale`` users (the
/// users who started the flow). The part of the bar that dropped off at the step is red, so its
/// share of the bar is the step's drop rate (``FlowReport/Step/dropRate``); the users
/// who skipped it (its condition was false) follow the bar as a dashed outline. Labels give the
/// viewers and skips as shares of the users who started, and the drop-offs as a share of the viewers.
///
/// ```swift
/// let bars = FunnelBars(report: report)
/// html += bars.svg(idPrefix: "funnel")
/// ```
public struct FunnelBars: Sendable, Hashable {
    /// The flow's id.
    public let flowID: String
    /// Users with a `Flow Started`.
    public let started: Int
    /// Users with a `Flow Completed`.
    public let completed: Int
    /// The report's steps, in its order: one bar each.
    public let steps: [FlowReport.Step]
    /// What the report is of, for the header: `Flow` or `Walkthrough`.
    public let subject: String
    /// What a bar counts, for the labels: `viewed`, or `shown` for a walkthrough's hints.
    public let seen: String
    /// The users a bar counts, for the drop rate's label: `viewers`, or `those shown it`.
    public let viewers: String

    /// The users a full bar stands for: ``started``, or more when some step was viewed and skipped
    /// by more users than that (no bar ever runs past its track); at least 1.
    public var scale: Int {
        max(1, started, steps.map { max(0, $0.viewed) + max(0, $0.skipped) }.max() ?? 0)
    }

    /// The bars of `figures` (a report's overall figures or one variation's) for flow `flowID`.
    public init(flowID: String, figures: FlowReport.Figures) {
        self.flowID = flowID
        started = figures.started
        completed = figures.completed
        steps = figures.steps
        subject = "Flow"
        seen = "viewed"
        viewers = "viewers"
    }

    /// The bars of a walkthrough report's figures: one per hint, the users it was shown to, and
    /// those who stopped on it.
    public init(walkthroughID: String, figures: WalkthroughReport.Figures) {
        flowID = walkthroughID
        started = figures.started
        completed = figures.completed
        steps = figures.steps.map { FlowReport.Step(stepID: $0.stepID, viewed: $0.shown, droppedHere: $0.droppedHere) }
        subject = "Walkthrough"
        seen = "shown"
        viewers = "those shown it"
    }

    /// The bars of everyone in `report`.
    public init(report: FlowReport) {
        self.init(flowID: report.flowID, figures: report.overall)
    }

    static let barWidth = 360.0
    static let rowHeight = 28.0
    static let barHeight = 16.0
    static let margin = 12.0
    static let labelLimit = 40
    static let viewedColour = "#1d4ed8"
    static let droppedColour = "#b91c1c"
    static let skippedColour = "#4b5563"
    static let ink = "#111827"
    static let paper = "#ffffff"
    static let track = "#f3f4f6"

    /// The width of the bar of `users`, in SVG units.
    func width(of users: Int) -> Double {
        Self.barWidth * Double(max(0, users)) / Double(scale)
    }

    /// The text after a step's bar: its viewers and skips as shares of the users who started, its
    /// drop-offs as a share of its viewers (the step's drop rate).
    func figures(of step: FlowReport.Step) -> String {
        let viewed = max(0, step.viewed)
        let dropped = min(max(0, step.droppedHere), viewed)
        let percent = { (users: Int) in ReportText.percent(users, of: started) }
        let dropRate = ReportRates.text(ReportRates.dropRate(droppedHere: dropped, viewed: viewed))
        var text = "\(viewed) \(seen) (\(percent(viewed)) of started) · \(dropped) dropped (\(dropRate) of \(viewers))"
        if step.skipped > 0 { text += " · \(step.skipped) skipped (\(percent(step.skipped)) of started)" }
        return text
    }

    /// The bars as inline SVG for an HTML page: no script, no external reference, scaled to the
    /// width of its container, an image (`role="img"`) named by its `<title>` and described by its
    /// `<desc>`, with a `wp-` class on every element and presentation attributes so that it looks
    /// right without a page's CSS. A page should also show ``steps`` as a table.
    ///
    /// - Parameters:
    ///   - idPrefix: starts every `id` in the SVG, so that several drawings can share a page.
    ///   - title: the accessible name; by default `Flow <id>: users per step`.
    public func svg(idPrefix: String = "wp-funnel", title: String? = nil) -> String {
        let prefix = SVGMarkup.idPrefix(idPrefix)
        let number = SVGMarkup.number
        let escape = SVGMarkup.escape
        let labels = steps.map { SVGMarkup.truncated($0.stepID, to: Self.labelLimit) }
        let labelWidth = max(labels.map { SVGMarkup.textWidth($0, fontSize: 12) }.max() ?? 0, 60)
        let barX = Self.margin + labelWidth + 10
        let textX = barX + Self.barWidth + 10
        let header = "\(subject) \(flowID): \(started) started · \(completed) completed (\(ReportText.percent(completed, of: started)))"
        let textWidth = max(
            steps.map { SVGMarkup.textWidth(figures(of: $0), fontSize: 11) }.max() ?? 0,
            SVGMarkup.textWidth(header, fontSize: 13) - (textX - Self.margin))
        let totalWidth = textX + textWidth + Self.margin
        let top = Self.margin + 46
        let height = top + Self.rowHeight * Double(steps.count) + Self.margin

        var out = #"<svg xmlns="http://www.w3.org/2000/svg" class="wp-funnel-bars" role="img""#
        out += #" aria-labelledby="\#(prefix)-title \#(prefix)-desc" viewBox="0 0 \#(number(totalWidth)) \#(number(height))""#
        out += #" width="100%" preserveAspectRatio="xMidYMin meet" font-family="\#(SVGMarkup.fontFamily)" font-size="11">"#
        out += "\n<title id=\"\(prefix)-title\">\(escape(title ?? "\(subject) \(flowID): users per step"))</title>\n"
        let described = steps.map { "\($0.stepID): \(figures(of: $0))" }.joined(separator: "; ")
        out += "<desc id=\"\(prefix)-desc\">\(escape(header + (steps.isEmpty ? "." : ". " + described + ".")))</desc>\n"
        out += #"<rect class="wp-background" width="100%" height="100%" fill="\#(Self.paper)"/>"# + "\n"
        out += #"<text class="wp-funnel-header" x="\#(number(Self.margin))" y="\#(number(Self.margin + 13))" font-size="13""#
        out += #" font-weight="bold" fill="\#(Self.ink)">\#(escape(header))</text>"# + "\n"

        // The legend.
        var x = Self.margin
        let legendY = Self.margin + 24
        out += "<g class=\"wp-funnel-legend\">"
        let legend = [("wp-bar-viewed", seen), ("wp-bar-dropped", "dropped here"), ("wp-bar-skipped", "skipped")]
        for (className, name) in legend where className != "wp-bar-skipped" || subject == "Flow" {
            out += swatch(className, x: x, y: legendY, width: 14, height: 12, legend: true)
            out += #"<text x="\#(number(x + 19))" y="\#(number(legendY + 10))" fill="\#(Self.ink)">\#(name)</text>"#
            x += 19 + SVGMarkup.textWidth(name, fontSize: 11) + 16
        }
        out += "</g>\n"

        for (index, step) in steps.enumerated() {
            let y = top + Self.rowHeight * Double(index)
            let barY = y + (Self.rowHeight - Self.barHeight) / 2
            let viewed = max(0, step.viewed)
            let dropped = min(max(0, step.droppedHere), viewed)
            out += #"<g class="wp-funnel-row"><title>\#(escape("\(step.stepID): \(figures(of: step))"))</title>"#
            out += #"<text class="wp-funnel-label" x="\#(number(barX - 10))" y="\#(number(barY + 12))" text-anchor="end""#
            out += #" font-size="12" fill="\#(Self.ink)">\#(escape(labels[index]))</text>"#
            out += #"<rect class="wp-bar-track" x="\#(number(barX))" y="\#(number(barY))" width="\#(number(Self.barWidth))""#
            out += #" height="\#(number(Self.barHeight))" fill="\#(Self.track)"/>"#
            out += swatch("wp-bar-viewed", x: barX, y: barY, width: width(of: viewed), height: Self.barHeight)
            if dropped > 0 {
                out += swatch("wp-bar-dropped", x: barX + width(of: viewed - dropped), y: barY,
                              width: width(of: dropped), height: Self.barHeight)
            }
            if step.skipped > 0 {
                out += swatch("wp-bar-skipped", x: barX + width(of: viewed), y: barY,
                              width: width(of: step.skipped), height: Self.barHeight)
            }
            out += #"<text class="wp-funnel-figures" x="\#(number(textX))" y="\#(number(barY + 12))" fill="\#(Self.ink)">"#
            out += "\(escape(figures(of: step)))</text></g>\n"
        }
        return out + "</svg>\n"
    }

    /// One segment of a bar (or of the legend), coloured for its class.
    private func swatch(_ className: String, x: Double, y: Double, width: Double, height: Double, legend: Bool = false) -> String {
        let number = SVGMarkup.number
        let paint: String
        switch className {
        case "wp-bar-dropped": paint = #"fill="\#(Self.droppedColour)""#
        case "wp-bar-skipped": paint = #"fill="\#(Self.paper)" stroke="\#(Self.skippedColour)" stroke-width="1.5" stroke-dasharray="3 2""#
        default: paint = #"fill="\#(Self.viewedColour)""#
        }
        return #"<rect class="\#(legend ? "wp-legend-swatch " : "")\#(className)" x="\#(number(x))" y="\#(number(y))""#
            + #" width="\#(number(width))" height="\#(number(height))" \#(paint)/>"#
    }
}
