import Foundation
import Waypoint

/// Draws an ``OverlayLayout`` as a standalone SVG document, to preview a walkthrough step without a
/// device (`waypoint preview` writes it).
///
/// The document shows a light placeholder screen, the target as a dashed outline labelled with its
/// id, the dimmed overlay with its cutout (`fill-rule="evenodd"`), a ring around the cutout, the
/// tooltip and its arrow with a shadow, wrapped text, instruction, "2 of 5" and buttons. All text is escaped;
/// numbers have at most two decimals and do not depend on the locale, so the output is the same
/// on every machine.
public struct OverlaySVG: Sendable {
    /// The measurer the layout was computed with; its font sizes are the ones drawn.
    public var measurer: ApproximateTextMeasurer
    /// The font families, in CSS order.
    public var fontFamily: String

    /// Creates a renderer.
    public init(
        measurer: ApproximateTextMeasurer = ApproximateTextMeasurer(),
        fontFamily: String = "-apple-system, BlinkMacSystemFont, 'Helvetica Neue', Helvetica, Arial, sans-serif"
    ) {
        self.measurer = measurer
        self.fontFamily = fontFamily
    }

    /// The SVG document for `layout`.
    ///
    /// - Parameters:
    ///   - title: the document's title (shown by browsers and read by screen readers).
    ///   - targetLabel: the text written in the target's placeholder (usually its element id), when it fits.
    public func render(_ layout: OverlayLayout, title: String? = nil, targetLabel: String? = nil) -> String {
        let n = NumberText.format
        let e = SVGMarkup.escape
        let width = n(layout.screen.width)
        let height = n(layout.screen.height)
        var svg: [String] = []
        svg.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\" font-family=\"\(e(fontFamily))\">")
        if let title { svg.append("  <title>\(e(title))</title>") }
        svg.append("  <desc>\(e(layout.tooltip.accessibilityLabel))</desc>")
        svg.append("  <rect width=\"\(width)\" height=\"\(height)\" fill=\"#f2f2f7\"/>")

        if layout.cutout.hole != nil {
            let target = layout.target
            svg.append("  <rect x=\"\(n(target.minX))\" y=\"\(n(target.minY))\" width=\"\(n(target.width))\" height=\"\(n(target.height))\" rx=\"\(n(min(6, target.width / 2, target.height / 2)))\" fill=\"#ffffff\" stroke=\"#8e8e93\" stroke-dasharray=\"4 3\"/>")
            let labelSize = 10.0
            if let targetLabel, !targetLabel.isEmpty,
               Double(targetLabel.count) * labelSize * 0.6 <= target.width - 4, labelSize + 4 <= target.height {
                svg.append("  <text x=\"\(n(target.midX))\" y=\"\(n(target.midY + labelSize * 0.35))\" font-size=\"\(n(labelSize))\" text-anchor=\"middle\" fill=\"#8e8e93\">\(e(targetLabel))</text>")
            }
        }

        svg.append("  <path d=\"\(layout.cutout.svgPathData)\" fill=\"#000000\" fill-opacity=\"0.6\" fill-rule=\"\(layout.cutout.fillRule.rawValue)\"/>")
        if let hole = layout.cutout.hole {
            svg.append("  <path d=\"\(hole.svgPathData)\" fill=\"none\" stroke=\"#ffffff\" stroke-opacity=\"0.85\" stroke-width=\"2\"/>")
        }

        let tooltip = layout.tooltip
        let frame = tooltip.frame
        svg.append("  <defs>")
        svg.append("    <filter id=\"tooltip-shadow\" x=\"-20%\" y=\"-20%\" width=\"140%\" height=\"140%\">")
        svg.append("      <feGaussianBlur in=\"SourceAlpha\" stdDeviation=\"5\"/>")
        svg.append("      <feOffset dy=\"2\"/>")
        svg.append("      <feComponentTransfer><feFuncA type=\"linear\" slope=\"0.35\"/></feComponentTransfer>")
        svg.append("      <feMerge><feMergeNode/><feMergeNode in=\"SourceGraphic\"/></feMerge>")
        svg.append("    </filter>")
        svg.append("  </defs>")
        svg.append("  <g filter=\"url(#tooltip-shadow)\">")
        if let arrow = layout.arrow {
            // The base reaches one point into the tooltip so that no seam shows between the two.
            let overlap: Double = arrow.pointsUp ? 1 : -1
            let points = [arrow.baseStart.offsetBy(dx: 0, dy: overlap), arrow.tip, arrow.baseEnd.offsetBy(dx: 0, dy: overlap)]
                .map { "\(n($0.x)),\(n($0.y))" }.joined(separator: " ")
            svg.append("    <polygon points=\"\(points)\" fill=\"#ffffff\"/>")
        }
        svg.append("    <rect x=\"\(n(frame.minX))\" y=\"\(n(frame.minY))\" width=\"\(n(frame.width))\" height=\"\(n(frame.height))\" rx=\"\(n(tooltip.cornerRadius))\" fill=\"#ffffff\"/>")
        svg.append("  </g>")
        svg.append("  <g>")
        svg.append(contentsOf: textElement(tooltip.textLines, in: tooltip, attributes: "fill=\"#1c1c1e\""))
        svg.append(contentsOf: textElement(tooltip.instructionLines, in: tooltip, attributes: "font-style=\"italic\" fill=\"#636366\""))
        if let progress = tooltip.progress {
            svg.append(contentsOf: textElement([progress], in: tooltip, attributes: "fill=\"#8e8e93\""))
        }
        for placed in tooltip.buttons {
            let box = tooltip.onScreen(placed.frame)
            let fontSize = measurer.fontSize(for: .button)
            let (fill, textColor, weight) = Self.colors(for: placed.button.action)
            svg.append("    <rect x=\"\(n(box.minX))\" y=\"\(n(box.minY))\" width=\"\(n(box.width))\" height=\"\(n(box.height))\" rx=\"8\" fill=\"\(fill)\"\(placed.button.action == .back ? " stroke=\"#007aff\"" : "")/>")
            svg.append("    <text x=\"\(n(box.midX))\" y=\"\(n(box.midY + fontSize * 0.35))\" font-size=\"\(n(fontSize))\" font-weight=\"\(weight)\" text-anchor=\"middle\" fill=\"\(textColor)\">\(e(placed.button.title))</text>")
        }
        svg.append("  </g>")
        svg.append("</svg>")
        return svg.joined(separator: "\n") + "\n"
    }

    /// One `<text>` with a `<tspan>` per line, or nothing for no lines.
    private func textElement(_ lines: [TooltipLayout.Line], in tooltip: TooltipLayout, attributes: String) -> [String] {
        guard let first = lines.first else { return [] }
        let n = NumberText.format
        let fontSize = measurer.fontSize(for: first.role)
        var result = ["    <text font-size=\"\(n(fontSize))\" \(attributes)>"]
        for line in lines {
            let box = tooltip.onScreen(line.frame)
            let baseline = box.minY + box.height / 2 + fontSize * 0.35
            result.append("      <tspan x=\"\(n(box.minX))\" y=\"\(n(baseline))\">\(SVGMarkup.escape(line.text))</tspan>")
        }
        result.append("    </text>")
        return result
    }

    /// Background, text colour and weight of a button.
    private static func colors(for action: TooltipButton.Action) -> (String, String, String) {
        switch action {
        case .next: ("#007aff", "#ffffff", "600")
        case .back: ("#ffffff", "#007aff", "500")
        case .skip: ("#ffffff", "#8e8e93", "500")
        }
    }
}
