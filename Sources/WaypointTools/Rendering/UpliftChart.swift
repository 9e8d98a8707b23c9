/// An experiment report's uplifts drawn as inline SVG: one row per variation other than the
/// control, its relative uplift as a dot on a horizontal axis centred on zero and its interval as a
/// bar around it — green when the whole interval is above zero, red when below, grey when it
/// crosses zero (no clear difference).
///
/// The axis is symmetric around zero and spans the widest interval end (at least ±10%), so a bar's
/// position against the zero line reads directly. A page should also show ``rows`` as a table,
/// for screen readers.
///
/// ```swift
/// html += UpliftChart(report: report).svg(idPrefix: "uplift")
/// ```
public struct UpliftChart: Sendable, Hashable {
    /// One variation's uplift.
    public struct Row: Sendable, Hashable {
        /// The variation's name.
        public let variation: String
        /// The uplift and its interval; `nil` when gbstats gives no figures.
        public let uplift: ExperimentReport.Uplift?
    }

    /// The control, the uplifts are relative to.
    public let control: String
    /// The variations other than the control, in report order.
    public let rows: [Row]
    /// Whether the intervals are the sequential test's.
    public let sequential: Bool

    /// The uplifts of every variation of `report` other than its control.
    public init(report: ExperimentReport) {
        control = report.control
        rows = report.variations.filter { !$0.isControl }.map { Row(variation: $0.variation, uplift: $0.uplift) }
        sequential = report.sequential
    }

    static let axisWidth = 360.0
    static let rowHeight = 30.0
    static let margin = 12.0
    static let labelLimit = 32
    static let ink = "#111827"
    static let paper = "#ffffff"
    static let axis = "#6b7280"
    static let better = "#15803d"
    static let worse = "#b91c1c"
    static let unclear = "#4b5563"

    /// Half the axis's span, as a fraction: the largest interval end in magnitude, at least 0.1; a
    /// bound below −100% counts as −100% (a rate falls no further; its bar ends at the axis's end
    /// and its figures read `< -100%`).
    var halfSpan: Double {
        let ends = rows.compactMap(\.uplift).flatMap { $0.ci + [$0.expected] }.filter(\.isFinite).map { abs(max($0, -1)) }
        return max(0.1, ends.max() ?? 0) * 1.05
    }

    /// The row's text: `+13.6% [+5.0%, +22.0%]`, or why there is none.
    func figures(of row: Row) -> String {
        row.uplift == nil ? "no figures" : ReportText.uplift(row.uplift)
    }

    /// The chart as inline SVG for an HTML page: no script, an image (`role="img"`) named by its
    /// `<title>` and described by its `<desc>`, scaled to its container.
    ///
    /// - Parameters:
    ///   - idPrefix: starts every `id` in the SVG, so that several drawings can share a page.
    ///   - title: the accessible name; by default `Uplift over <control>`.
    public func svg(idPrefix: String = "wp-uplift", title: String? = nil) -> String {
        let prefix = SVGMarkup.idPrefix(idPrefix)
        let number = SVGMarkup.number
        let escape = SVGMarkup.escape
        let labels = rows.map { SVGMarkup.truncated($0.variation, to: Self.labelLimit) }
        let labelWidth = max(labels.map { SVGMarkup.textWidth($0, fontSize: 12) }.max() ?? 0, 60)
        let axisX = Self.margin + labelWidth + 10
        let textX = axisX + Self.axisWidth + 10
        let textWidth = max(rows.map { SVGMarkup.textWidth(figures(of: $0), fontSize: 11) }.max() ?? 0, 80)
        let totalWidth = textX + textWidth + Self.margin
        let top = Self.margin + 20
        let bottom = top + Self.rowHeight * Double(max(rows.count, 1))
        let height = bottom + 22 + Self.margin
        let span = halfSpan
        let x = { (value: Double) in axisX + Self.axisWidth * (0.5 + max(-1, min(1, value / span)) / 2) }
        let interval = sequential ? "always-valid 95% interval" : "95% interval"

        var out = #"<svg xmlns="http://www.w3.org/2000/svg" class="wp-uplift" role="img""#
        out += #" aria-labelledby="\#(prefix)-title \#(prefix)-desc" viewBox="0 0 \#(number(totalWidth)) \#(number(height))""#
        out += #" width="100%" preserveAspectRatio="xMidYMin meet" font-family="\#(SVGMarkup.fontFamily)" font-size="11">"#
        out += "\n<title id=\"\(prefix)-title\">\(escape(title ?? "Uplift over \(control)"))</title>\n"
        let described = rows.map { "\($0.variation): \(figures(of: $0))" }.joined(separator: "; ")
        out += "<desc id=\"\(prefix)-desc\">\(escape("Relative uplift over \(control) with its \(interval)" + (rows.isEmpty ? "." : ": " + described + ".")))</desc>\n"
        out += #"<rect class="wp-background" width="100%" height="100%" fill="\#(Self.paper)"/>"# + "\n"
        out += #"<text class="wp-uplift-header" x="\#(number(Self.margin))" y="\#(number(Self.margin + 10))" fill="\#(Self.ink)">"#
        out += "\(escape("Uplift over \(control), \(interval)"))</text>\n"
        // The zero line and the axis's ends.
        out += #"<line class="wp-uplift-zero" x1="\#(number(x(0)))" y1="\#(number(top))" x2="\#(number(x(0)))" y2="\#(number(bottom))""#
        out += #" stroke="\#(Self.axis)" stroke-width="1"/>"# + "\n"
        out += #"<line class="wp-uplift-axis" x1="\#(number(axisX))" y1="\#(number(bottom))" x2="\#(number(axisX + Self.axisWidth))""#
        out += #" y2="\#(number(bottom))" stroke="\#(Self.axis)" stroke-width="1"/>"# + "\n"
        for (value, anchor) in [(-span, "start"), (0, "middle"), (span, "end")] {
            out += #"<text class="wp-uplift-tick" x="\#(number(x(value)))" y="\#(number(bottom + 14))" text-anchor="\#(anchor)""#
            out += #" fill="\#(Self.ink)">\#(escape(ReportText.signedPercent(value)))</text>"# + "\n"
        }
        for (index, row) in rows.enumerated() {
            let y = top + Self.rowHeight * (Double(index) + 0.5)
            out += #"<g class="wp-uplift-row"><title>\#(escape("\(row.variation): \(figures(of: row))"))</title>"#
            out += #"<text class="wp-uplift-label" x="\#(number(axisX - 10))" y="\#(number(y + 4))" text-anchor="end" font-size="12""#
            out += #" fill="\#(Self.ink)">\#(escape(labels[index]))</text>"#
            if let uplift = row.uplift, uplift.ci.count == 2 {
                let lower = uplift.ci[0], upper = uplift.ci[1]
                let colour = lower > 0 ? Self.better : upper < 0 ? Self.worse : Self.unclear
                out += #"<rect class="wp-uplift-interval" x="\#(number(x(lower)))" y="\#(number(y - 5))""#
                out += #" width="\#(number(max(1, x(upper) - x(lower))))" height="10" fill="\#(colour)" fill-opacity="0.35""#
                out += #" stroke="\#(colour)" stroke-width="1"/>"#
                out += #"<circle class="wp-uplift-expected" cx="\#(number(x(uplift.expected)))" cy="\#(number(y))" r="4" fill="\#(colour)"/>"#
            }
            out += #"<text class="wp-uplift-figures" x="\#(number(textX))" y="\#(number(y + 4))" fill="\#(Self.ink)">"#
            out += "\(escape(figures(of: row)))</text></g>\n"
        }
        return out + "</svg>\n"
    }
}
