import Foundation

extension OverlayLayout {
    /// The layout for a right-to-left language: the same cutout, tooltip frame and arrow (they
    /// follow the target, which is where it is), with the tooltip's content mirrored inside it —
    /// lines start at its right edge and the buttons run from right to left.
    ///
    /// The adapters draw in coordinates whose origin is the top-left corner in both directions, and
    /// use this layout when the app's layout direction is right to left.
    package func rightToLeft() -> OverlayLayout {
        var layout = self
        layout.tooltip = tooltip.mirroredContent()
        return layout
    }

    /// The layout reflected across the screen's vertical centre line: the cutout, the target, the
    /// tooltip's area and frame, the arrow and the tooltip's content, all together.
    ///
    /// Use it to move a layout between coordinates whose origin is the top-left corner and
    /// coordinates whose origin is the top-right corner (x growing to the left). Mirroring twice
    /// gives the layout back.
    package func mirrored() -> OverlayLayout {
        let width = screen.width
        let arrow = self.arrow.map { arrow in
            TooltipArrow(
                tip: arrow.tip.mirrored(in: width),
                baseStart: arrow.baseEnd.mirrored(in: width), baseEnd: arrow.baseStart.mirrored(in: width))
        }
        var tooltip = self.tooltip.mirroredContent()
        tooltip.frame = tooltip.frame.mirrored(in: width)
        return OverlayLayout(
            screen: screen, target: target.mirrored(in: width), tooltipArea: tooltipArea.mirrored(in: width),
            cutout: CutoutPath(bounds: cutout.bounds.mirrored(in: width), hole: cutout.hole.map { $0.mirrored(in: width) }),
            tooltip: tooltip, arrow: arrow, placement: placement)
    }
}

extension TooltipLayout {
    /// The tooltip with its content mirrored inside its frame: every line and button at the same
    /// distance from the right edge as it was from the left edge. Mirroring twice gives it back.
    package func mirroredContent() -> TooltipLayout {
        let width = frame.width
        func line(_ line: Line) -> Line {
            Line(text: line.text, role: line.role, frame: line.frame.mirrored(in: width), direction: line.direction)
        }
        var tooltip = self
        tooltip.textLines = textLines.map(line)
        tooltip.instructionLines = instructionLines.map(line)
        tooltip.progress = progress.map(line)
        tooltip.buttons = buttons.map { PlacedButton(button: $0.button, frame: $0.frame.mirrored(in: width)) }
        return tooltip
    }
}

extension CutoutPath.Hole {
    /// The hole reflected across the vertical line `x = width / 2`.
    func mirrored(in width: Double) -> CutoutPath.Hole {
        switch self {
        case .circle(let center, let radius): .circle(center: center.mirrored(in: width), radius: radius)
        case .roundedRect(let rect, let cornerRadius): .roundedRect(rect.mirrored(in: width), cornerRadius: cornerRadius)
        }
    }
}

extension OverlayRect {
    /// The rectangle reflected across the vertical line `x = width / 2` (standardized).
    func mirrored(in width: Double) -> OverlayRect {
        OverlayRect(minX: width - maxX, minY: minY, maxX: width - minX, maxY: maxY)
    }
}

extension OverlayPoint {
    /// The point reflected across the vertical line `x = width / 2`.
    func mirrored(in width: Double) -> OverlayPoint {
        OverlayPoint(x: width - x, y: y)
    }
}
