import Foundation

/// Where a tooltip and each part of its content go.
///
/// ``frame`` is in screen coordinates; the frames of lines and buttons are relative to the
/// tooltip's top-left corner, so the content moves with the tooltip.
package struct TooltipLayout: Sendable, Hashable {
    /// A line of text and where it goes.
    package struct Line: Sendable, Hashable {
        /// The text of the line.
        package var text: String
        /// Which font it is drawn in.
        package var role: TextRole
        /// Its frame in the tooltip: the full line height, as wide as the measured text.
        package var frame: OverlayRect
        /// The writing direction of the paragraph the line belongs to (the direction of the first
        /// letter of the whole text, so that every line of a paragraph reads the same way); `nil` for
        /// text without a letter, which follows the app's layout direction.
        package var direction: TextDirection?

        /// Creates a line.
        package init(text: String, role: TextRole, frame: OverlayRect, direction: TextDirection? = nil) {
            self.text = text
            self.role = role
            self.frame = frame
            self.direction = direction
        }
    }

    /// A button and where it goes.
    package struct PlacedButton: Sendable, Hashable {
        /// The button.
        package var button: TooltipButton
        /// Its frame in the tooltip.
        package var frame: OverlayRect

        /// Creates a placed button.
        package init(button: TooltipButton, frame: OverlayRect) {
            self.button = button
            self.frame = frame
        }
    }

    /// The tooltip's frame on the screen.
    package var frame: OverlayRect
    /// The radius of its corners.
    package var cornerRadius: Double
    /// The lines of the step's text.
    package var textLines: [Line]
    /// The lines of the instruction ("Tap the highlighted element").
    package var instructionLines: [Line]
    /// "2 of 5", if shown.
    package var progress: Line?
    /// The footer's buttons.
    package var buttons: [PlacedButton]
    /// Whether some of the step's text did not fit on the screen and was cut, ending in "…".
    package var isTruncated: Bool
    /// What VoiceOver reads when the tooltip appears (the whole text, even when truncated).
    package var accessibilityLabel: String
    /// What VoiceOver reads for the target when the app gives it no label ("Highlighted element").
    package var targetAccessibilityLabel: String

    /// Creates a tooltip layout.
    package init(
        frame: OverlayRect, cornerRadius: Double, textLines: [Line], instructionLines: [Line], progress: Line?,
        buttons: [PlacedButton], isTruncated: Bool, accessibilityLabel: String,
        targetAccessibilityLabel: String = OverlayLabels.standard.text(.highlightedElement)
    ) {
        self.frame = frame
        self.cornerRadius = cornerRadius
        self.textLines = textLines
        self.instructionLines = instructionLines
        self.progress = progress
        self.buttons = buttons
        self.isTruncated = isTruncated
        self.accessibilityLabel = accessibilityLabel
        self.targetAccessibilityLabel = targetAccessibilityLabel
    }

    /// Every line: text, instruction, then progress.
    package var allLines: [Line] {
        textLines + instructionLines + (progress.map { [$0] } ?? [])
    }

    /// The part of the tooltip above its buttons (all of it when it has none), relative to the
    /// tooltip: where the text's accessibility element goes, so that it never covers a button.
    package var textFrame: OverlayRect {
        let top = buttons.map(\.frame.minY).min() ?? frame.height
        return OverlayRect(x: 0, y: 0, width: frame.width, height: max(0, min(frame.height, top)))
    }

    /// The frame, in screen coordinates, of something placed in the tooltip at `relative`.
    package func onScreen(_ relative: OverlayRect) -> OverlayRect {
        relative.offsetBy(dx: frame.minX, dy: frame.minY)
    }
}
