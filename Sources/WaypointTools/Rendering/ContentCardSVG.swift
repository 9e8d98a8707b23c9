import Waypoint

/// Draws a flow step's `content` as a card, to review a copy test before it ships (`waypoint preview
/// --flow`): which step and screen, the title, the body, the other fields and the buttons, with the
/// texts already in one locale.
///
/// The card is a standalone SVG document as wide as ``width`` and as tall as its content needs (at
/// least ``minimumHeight``). Which field is the title, the body or a button is read from the keys
/// (``Parts``); every other field is listed under its key, nested values by their path
/// (`badge.text`). Long text wraps between words, and words too long for a line between characters,
/// measured with ``ApproximateTextMeasurer``; a paragraph whose first letter is of a right-to-left
/// script is drawn right to left. All text is escaped and numbers do not depend on the machine's
/// locale, so the same card always gives the same bytes.
///
/// ```swift
/// let resolution = try document.resolve(attributes: ["locale": "de"], forcedVariations: ["paywall-copy": "annual-first"])
/// let step = resolution.flows["upgrade"]!.fixedSteps!.first { $0.id == "paywall" }!
/// let svg = ContentCardSVG().render(ContentCardSVG.Card(flowID: "upgrade", step: step, notes: ["annual-first", "de"]))
/// ```
public struct ContentCardSVG: Sendable {
    /// What one card shows.
    public struct Card: Sendable, Hashable {
        /// The flow the step belongs to.
        public var flowID: String
        /// The step's id.
        public var stepID: String
        /// The screen that presents the step.
        public var screen: String
        /// The step's content, texts in the locale drawn.
        public var content: StepContent
        /// The outcomes the step accepts, listed at the bottom.
        public var outcomes: [String]
        /// Lines written under the step's name: the variation and the locale drawn, say.
        public var notes: [String]

        /// Creates a card.
        public init(flowID: String, stepID: String, screen: String, content: StepContent, outcomes: [String] = [], notes: [String] = []) {
            self.flowID = flowID
            self.stepID = stepID
            self.screen = screen
            self.content = content
            self.outcomes = outcomes
            self.notes = notes
        }

        /// The card of `step` of the flow `flowID`: its screen, content and accepted outcomes.
        public init<Context>(flowID: String, step: Step<Context>, notes: [String] = []) {
            self.init(
                flowID: flowID, stepID: step.id, screen: step.screen, content: step.content,
                outcomes: step.acceptedOutcomes, notes: notes)
        }
    }

    /// The narrowest card drawn, in points; a smaller ``width`` is raised to it.
    public static let minimumWidth = 200.0

    /// The card's width in points (at least ``minimumWidth``).
    public var width: Double
    /// The card's least height in points; it grows taller when the content needs more room.
    public var minimumHeight: Double
    /// The font families, in CSS order.
    public var fontFamily: String

    /// Creates a renderer for cards `width` points wide, at least `minimumHeight` tall.
    public init(
        width: Double = 390, minimumHeight: Double = 0,
        fontFamily: String = "-apple-system, BlinkMacSystemFont, 'Helvetica Neue', Helvetica, Arial, sans-serif"
    ) {
        self.width = width
        self.minimumHeight = minimumHeight
        self.fontFamily = fontFamily
    }

    private static let margin = 16.0
    private static let padding = 20.0
    private static let buttonHeight = 50.0

    /// A kind of text on the card and how it is drawn.
    private struct Style {
        let fontSize: Double
        let glyphWidth: Double
        let attributes: String

        static let caption = Style(fontSize: 13, glyphWidth: 0.56, attributes: ##"font-weight="600" fill="#636366""##)
        static let note = Style(fontSize: 12, glyphWidth: 0.56, attributes: ##"fill="#8e8e93""##)
        static let title = Style(fontSize: 26, glyphWidth: 0.58, attributes: ##"font-weight="700" fill="#1c1c1e""##)
        static let body = Style(fontSize: 17, glyphWidth: 0.56, attributes: ##"fill="#3a3a3c""##)
        static let label = Style(fontSize: 12, glyphWidth: 0.56, attributes: ##"font-weight="600" fill="#8e8e93""##)
        static let value = Style(fontSize: 15, glyphWidth: 0.56, attributes: ##"fill="#1c1c1e""##)
        static let empty = Style(fontSize: 15, glyphWidth: 0.56, attributes: ##"font-style="italic" fill="#8e8e93""##)
        static let button = Style(fontSize: 17, glyphWidth: 0.6, attributes: ##"font-weight="600""##)

        var measurer: ApproximateTextMeasurer {
            ApproximateTextMeasurer(bodyFontSize: fontSize, glyphWidthFactor: glyphWidth)
        }
        var lineHeight: Double { measurer.lineHeight(for: .body) }

        func wrap(_ text: String, width: Double) -> [String] {
            let lines = measurer.wrap(text, role: .body, maxWidth: width).lines
            return lines.isEmpty ? [""] : lines
        }
    }

    /// The SVG document of `card`.
    public func render(_ card: Card) -> String {
        let n = NumberText.format
        let e = SVGMarkup.escape
        let width = max(Self.minimumWidth, width.isFinite ? width : Self.minimumWidth)
        let left = Self.margin + Self.padding
        let inner = width - 2 * left
        let parts = Self.parts(of: card.content)
        var body: [String] = []
        var y = Self.margin + Self.padding

        /// Draws `text` wrapped to the inner width from `y` down, then moves `y` past it and `gap`.
        func paragraph(_ text: String, _ style: Style, gap: Double) {
            let lines = style.wrap(text, width: inner)
            body.append(contentsOf: textElement(lines, style: style, top: y, left: left, width: inner, direction: TextDirection.natural(of: text)))
            y += Double(lines.count) * style.lineHeight + gap
        }

        paragraph("\(card.flowID) › \(card.stepID) · \(card.screen)", .caption, gap: 2)
        for note in card.notes { paragraph(note, .note, gap: 0) }
        y += 10
        body.append("    <line x1=\"\(n(left))\" y1=\"\(n(y))\" x2=\"\(n(left + inner))\" y2=\"\(n(y))\" stroke=\"#e5e5ea\"/>")
        y += 18

        if let title = parts.title { paragraph(title.text, .title, gap: 12) }
        for field in parts.body { paragraph(field.text, .body, gap: 12) }
        for field in parts.fields {
            paragraph(field.key, .label, gap: 2)
            paragraph(field.text, .value, gap: 12)
        }
        if parts.isEmpty { paragraph("This step has no content.", .empty, gap: 12) }

        if !parts.buttons.isEmpty { y += 8 }
        for button in parts.buttons {
            let style = Style.button
            let lines = style.wrap(button.title, width: inner - 32)
            let height = max(Self.buttonHeight, Double(lines.count) * style.lineHeight + 24)
            // Primary: filled; the others outlined.
            let (fill, stroke, color) = button.isPrimary ? ("#007aff", "", "#ffffff") : ("#ffffff", " stroke=\"#007aff\"", "#007aff")
            body.append("    <rect x=\"\(n(left))\" y=\"\(n(y))\" width=\"\(n(inner))\" height=\"\(n(height))\" rx=\"12\" fill=\"\(fill)\"\(stroke)/>")
            let top = y + (height - Double(lines.count) * style.lineHeight) / 2
            var element = ["    <text font-size=\"\(n(style.fontSize))\" \(style.attributes) text-anchor=\"middle\" fill=\"\(color)\">"]
            for (index, line) in lines.enumerated() {
                let baseline = top + Double(index) * style.lineHeight + style.lineHeight / 2 + style.fontSize * 0.35
                element.append("      <tspan x=\"\(n(left + inner / 2))\" y=\"\(n(baseline))\">\(e(line))</tspan>")
            }
            element.append("    </text>")
            body.append(contentsOf: element)
            y += height + 10
        }
        if !card.outcomes.isEmpty {
            y += 6
            paragraph("Outcomes: " + card.outcomes.joined(separator: ", "), .note, gap: 0)
        }

        let cardHeight = y - Self.margin + Self.padding - 12
        let height = max(minimumHeight.isFinite ? minimumHeight : 0, cardHeight + 2 * Self.margin)
        var title = "Flow \(card.flowID), step \(card.stepID)"
        if let heading = parts.title?.text { title += ": \(heading)" }
        var svg: [String] = []
        svg.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(width))\" height=\"\(n(height))\" viewBox=\"0 0 \(n(width)) \(n(height))\" font-family=\"\(e(fontFamily))\">")
        svg.append("  <title>\(e(title))</title>")
        svg.append("  <rect width=\"\(n(width))\" height=\"\(n(height))\" fill=\"#f2f2f7\"/>")
        svg.append("  <rect x=\"\(n(Self.margin))\" y=\"\(n(Self.margin))\" width=\"\(n(width - 2 * Self.margin))\" height=\"\(n(cardHeight))\" rx=\"16\" fill=\"#ffffff\" stroke=\"#d1d1d6\"/>")
        svg.append("  <g>")
        svg.append(contentsOf: body)
        svg.append("  </g>")
        svg.append("</svg>")
        return svg.joined(separator: "\n") + "\n"
    }

    /// One `<text>` with a `<tspan>` per line, from the left edge or, right to left, from the right one.
    private func textElement(
        _ lines: [String], style: Style, top: Double, left: Double, width: Double, direction: TextDirection?
    ) -> [String] {
        let n = NumberText.format
        let rightToLeft = direction == .rightToLeft
        let x = rightToLeft ? left + width : left
        let placement = rightToLeft ? " text-anchor=\"end\" direction=\"rtl\"" : ""
        var result = ["    <text font-size=\"\(n(style.fontSize))\" \(style.attributes)\(placement)>"]
        for (index, line) in lines.enumerated() {
            let baseline = top + Double(index) * style.lineHeight + style.lineHeight / 2 + style.fontSize * 0.35
            result.append("      <tspan x=\"\(n(x))\" y=\"\(n(baseline))\">\(SVGMarkup.escape(line))</tspan>")
        }
        result.append("    </text>")
        return result
    }
}
