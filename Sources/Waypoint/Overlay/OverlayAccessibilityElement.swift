import Foundation

/// One thing VoiceOver (and other assistive technologies) can reach while the overlay is shown.
///
/// The overlay is modal: it hides everything behind the dimmed area and offers exactly what a
/// finger can reach — the tooltip's text, its buttons, and the target through the cutout.
/// ``OverlayLayout/accessibilityElements`` lists them in reading order; the adapters create one
/// element for each and update it in place as the overlay moves, so focus is never lost.
package enum OverlayAccessibilityElement: Sendable, Hashable {
    /// The tooltip's whole text, read as one element (even when the drawn text is cut with "…").
    case tooltip(label: String, frame: OverlayRect)
    /// A tooltip button.
    case button(TooltipButton, frame: OverlayRect)
    /// The target, seen through the cutout; activating it taps the target underneath. `label` is
    /// the overlay's own, "Highlighted element" in its language: the app's label for the view is better.
    case target(label: String, frame: OverlayRect)

    /// The element's frame in screen coordinates.
    package var frame: OverlayRect {
        switch self {
        case .tooltip(_, let frame), .button(_, let frame), .target(_, let frame): frame
        }
    }

    /// What the element reads when the adapter knows nothing better (for the target, the app's own
    /// label for the view is better), in the overlay's language.
    package var label: String {
        switch self {
        case .tooltip(let label, _), .target(let label, _): label
        case .button(let button, _): button.title
        }
    }
}
