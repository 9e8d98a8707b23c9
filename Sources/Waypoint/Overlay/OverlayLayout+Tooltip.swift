import Foundation

/// The tooltip's content measured once, then laid out at a given height limit.
struct TooltipContentMeasure {
    let content: TooltipContent
    let style: OverlayStyle
    let measurer: any TextMeasurer
    /// The widest the content may be (inside the padding).
    let innerMaxWidth: Double
    /// The widest the tooltip may be.
    let outerMaxWidth: Double
    /// The smallest width of the tooltip, so that the arrow fits between its rounded corners.
    let minWidth: Double
    let body: TextBlock
    let instruction: TextBlock
    let progressWidth: Double
    let progressHeight: Double
    let buttonWidths: [Double]
    /// The height of every button: it follows the button font's line height.
    let buttonHeight: Double
    let footerIsOneRow: Bool
    /// Whether the buttons are stacked, one per row, each as wide as the content: their titles do
    /// not fit side by side (a watch, or very large text), and squeezing them would shrink the titles.
    let buttonsAreStacked: Bool
    let footerWidth: Double
    let footerHeight: Double

    init(content: TooltipContent, style: OverlayStyle, measurer: any TextMeasurer, availableWidth: Double) {
        self.content = content
        self.style = style
        self.measurer = measurer
        let outerMax = max(0, min(style.maxTooltipWidth, availableWidth))
        outerMaxWidth = outerMax
        innerMaxWidth = max(0, outerMax - 2 * style.contentPadding)
        minWidth = min(outerMax, style.arrowWidth + 2 * style.cornerRadius)
        body = measurer.wrap(content.text, role: .body, maxWidth: innerMaxWidth)
        let inner = innerMaxWidth
        instruction = content.instruction.map { measurer.wrap($0, role: .instruction, maxWidth: inner) }
            ?? TextBlock(lines: [], widths: [], lineHeight: 0)

        let progress = content.progress
        progressWidth = progress.map { Self.clean(measurer.width(of: $0, role: .progress)) } ?? 0
        progressHeight = progress == nil ? 0 : Self.clean(measurer.lineHeight(for: .progress))
        var widths = content.buttons.map { Self.clean(measurer.width(of: $0.title, role: .button)) + 2 * style.buttonPadding }
        let spacing = style.buttonSpacing * Double(max(0, widths.count - 1))
        var buttonsWidth = widths.reduce(0, +) + spacing
        let gap = progress != nil && !widths.isEmpty ? style.progressSpacing : 0
        let buttonHeight = widths.isEmpty ? 0 : style.buttonHeight(titleLineHeight: measurer.lineHeight(for: .button))
        self.buttonHeight = buttonHeight
        if progressWidth + gap + buttonsWidth <= innerMaxWidth {
            footerIsOneRow = true
            buttonsAreStacked = false
            footerWidth = progressWidth + gap + buttonsWidth
            footerHeight = max(progressHeight, buttonHeight)
        } else {
            footerIsOneRow = false
            let progressGap = progress != nil && buttonHeight > 0 ? style.sectionSpacing / 2 : 0
            if buttonsWidth > innerMaxWidth, widths.count > 1 {
                // One per row, each as wide as the content: the titles keep their size.
                widths = [Double](repeating: inner, count: widths.count)
                buttonsAreStacked = true
                footerWidth = innerMaxWidth
                let count = Double(widths.count)
                footerHeight = progressHeight + progressGap + count * buttonHeight + (count - 1) * style.buttonSpacing
            } else {
                buttonsAreStacked = false
                if buttonsWidth > innerMaxWidth { widths = [Double](repeating: inner, count: widths.count) }
                buttonsWidth = min(innerMaxWidth, buttonsWidth)
                footerWidth = min(innerMaxWidth, max(progressWidth, buttonsWidth))
                footerHeight = progressHeight + progressGap + buttonHeight
            }
        }
        buttonWidths = widths
    }

    private static func clean(_ value: Double) -> Double { value.isFinite ? max(0, value) : 0 }

    /// The tooltip's width.
    var width: Double {
        let widest = max(body.size.width, instruction.size.width, footerWidth)
        return min(outerMaxWidth, max(minWidth, min(innerMaxWidth, widest) + 2 * style.contentPadding))
    }

    /// The tooltip's height with the first `lineCount` lines of the text.
    func height(lineCount: Int) -> Double {
        var sections: [Double] = []
        if lineCount > 0 { sections.append(Double(lineCount) * body.lineHeight) }
        if !instruction.isEmpty { sections.append(instruction.size.height) }
        if footerHeight > 0 { sections.append(footerHeight) }
        let spacing = style.sectionSpacing * Double(max(0, sections.count - 1))
        return 2 * style.contentPadding + sections.reduce(0, +) + spacing
    }

    /// The tooltip's height with all its text.
    var fullHeight: Double { height(lineCount: body.lines.count) }

    /// Lays the content out in a tooltip at `origin`, cutting text lines that do not fit in `maxHeight`.
    func layout(at origin: OverlayPoint, maxHeight: Double) -> TooltipLayout {
        let limit = max(0, maxHeight)
        var lineCount = body.lines.count
        while lineCount > 0, height(lineCount: lineCount) > limit { lineCount -= 1 }
        let truncated = lineCount < body.lines.count
        let tooltipWidth = width
        let padding = style.contentPadding
        var y = padding
        var anything = false

        var textLines: [TooltipLayout.Line] = []
        let textDirection = TextDirection.natural(of: content.text)
        for index in 0..<lineCount {
            var text = body.lines[index]
            var lineWidth = body.widths[index]
            if truncated, index == lineCount - 1 {
                text = ellipsized(text)
                lineWidth = measurer.width(of: text, role: .body)
            }
            textLines.append(.init(
                text: text, role: .body,
                frame: OverlayRect(x: padding, y: y, width: min(lineWidth, innerMaxWidth), height: body.lineHeight),
                direction: textDirection))
            y += body.lineHeight
            anything = true
        }

        var instructionLines: [TooltipLayout.Line] = []
        if !instruction.isEmpty {
            if anything { y += style.sectionSpacing }
            let instructionDirection = content.instruction.flatMap(TextDirection.natural(of:))
            for (index, line) in instruction.lines.enumerated() {
                instructionLines.append(.init(
                    text: line, role: .instruction,
                    frame: OverlayRect(x: padding, y: y, width: min(instruction.widths[index], innerMaxWidth), height: instruction.lineHeight),
                    direction: instructionDirection))
                y += instruction.lineHeight
            }
            anything = true
        }

        var progress: TooltipLayout.Line?
        var buttons: [TooltipLayout.PlacedButton] = []
        if footerHeight > 0 {
            if anything { y += style.sectionSpacing }
            let buttonsWidth = buttonWidths.reduce(0, +) + style.buttonSpacing * Double(max(0, buttonWidths.count - 1))
            var buttonsY = y
            if let text = content.progress {
                let progressY = footerIsOneRow ? y + (footerHeight - progressHeight) / 2 : y
                progress = .init(text: text, role: .progress,
                                 frame: OverlayRect(x: padding, y: progressY, width: min(progressWidth, innerMaxWidth), height: progressHeight),
                                 direction: TextDirection.natural(of: text))
            }
            if footerIsOneRow {
                buttonsY = y + (footerHeight - buttonHeight) / 2
            } else {
                buttonsY = y + footerHeight - buttonHeight
            }
            if buttonsAreStacked {
                // The last button (Next) on top, as a watch's alerts put the main action first.
                let inner = max(0, tooltipWidth - 2 * padding)
                var rowY = y + footerHeight - buttonHeight
                for button in content.buttons {
                    buttons.append(.init(button: button, frame: OverlayRect(x: padding, y: rowY, width: inner, height: buttonHeight)))
                    rowY -= buttonHeight + style.buttonSpacing
                }
            } else {
                var x = max(padding, tooltipWidth - padding - buttonsWidth)
                for (button, buttonWidth) in zip(content.buttons, buttonWidths) {
                    buttons.append(.init(button: button, frame: OverlayRect(x: x, y: buttonsY, width: buttonWidth, height: buttonHeight)))
                    x += buttonWidth + style.buttonSpacing
                }
            }
            y += footerHeight
        }
        let height = min(limit, y + padding)
        return TooltipLayout(
            frame: OverlayRect(origin: origin, size: OverlaySize(width: tooltipWidth, height: height)),
            cornerRadius: min(style.cornerRadius, tooltipWidth / 2, height / 2),
            textLines: textLines, instructionLines: instructionLines, progress: progress, buttons: buttons,
            isTruncated: truncated, accessibilityLabel: content.accessibilityLabel,
            targetAccessibilityLabel: content.targetAccessibilityLabel)
    }

    /// `line` shortened until it fits with a trailing "…".
    private func ellipsized(_ line: String) -> String {
        var text = line
        while !text.isEmpty, measurer.width(of: text + "…", role: .body) > innerMaxWidth {
            text.removeLast()
        }
        while text.last?.isWhitespace == true { text.removeLast() }
        return text + "…"
    }
}
