import Foundation

extension OverlayLayout {
    /// What assistive technologies can reach, in reading order: the tooltip's text (the part of the
    /// tooltip above its buttons, `TooltipLayout.textFrame`, so it never covers them), its buttons in
    /// their logical order (Skip, Back, Next — whichever way they are drawn), then the target's
    /// part on the screen when the cutout shows it.
    ///
    /// Nothing behind the dimmed area is listed: the overlay is modal. A target off the screen has
    /// no cutout and is not listed.
    package var accessibilityElements: [OverlayAccessibilityElement] {
        var elements: [OverlayAccessibilityElement] = [.tooltip(label: tooltip.accessibilityLabel, frame: tooltip.onScreen(tooltip.textFrame))]
        elements += tooltip.buttons.map { .button($0.button, frame: tooltip.onScreen($0.frame)) }
        if cutout.hole != nil {
            elements.append(.target(
                label: tooltip.targetAccessibilityLabel, frame: target.intersection(cutout.bounds) ?? target))
        }
        return elements
    }
}
