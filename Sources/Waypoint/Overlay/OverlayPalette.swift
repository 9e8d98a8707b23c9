import Foundation

/// The colours of a tooltip as roles, chosen together so that its text stays readable on its
/// background in light and dark appearance; the adapters map each role to a platform colour.
///
/// Text and background either both adapt to the appearance (``adaptive``) or are both fixed
/// (``light``): adaptive text on a fixed background is light text on white in dark appearance.
package struct OverlayPalette: Sendable, Hashable {
    /// A colour, as a role the adapter maps to a platform colour.
    package enum Color: Sendable, Hashable {
        /// A raised background that adapts to the appearance (UIKit's secondary grouped
        /// background, AppKit's window background).
        case raisedBackground
        /// Primary text that adapts to the appearance (`label`, SwiftUI's `primary`).
        case label
        /// Secondary text that adapts to the appearance (`secondaryLabel`, SwiftUI's `secondary`).
        case secondaryLabel
        /// The app's accent colour.
        case accent
        /// Text on the accent colour.
        case onAccent
        /// A grey that never changes, from 0 (black) to 1 (white), in sRGB.
        case fixed(white: Double)

        /// Whether the colour changes with the appearance (light or dark).
        package var adaptsToAppearance: Bool {
            switch self {
            case .raisedBackground, .label, .secondaryLabel: true
            case .accent, .onAccent, .fixed: false
            }
        }

        /// The relative luminance (WCAG 2) of a fixed colour; `nil` for the others.
        package var luminance: Double? {
            guard case .fixed(let white) = self else { return nil }
            let value = min(1, max(0, white.isFinite ? white : 0))
            return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
    }

    /// The tooltip's background and its arrow.
    package var background: Color
    /// The tooltip's text.
    package var bodyText: Color
    /// The instruction, "2 of 5" and the "Skip" button's title.
    package var secondaryText: Color

    /// Creates a palette.
    package init(background: Color, bodyText: Color, secondaryText: Color) {
        self.background = background
        self.bodyText = bodyText
        self.secondaryText = secondaryText
    }

    /// Colours that all adapt to the appearance: for platforms with adaptive raised backgrounds
    /// (iOS, iPadOS, macOS, visionOS).
    package static let adaptive = OverlayPalette(background: .raisedBackground, bodyText: .label, secondaryText: .secondaryLabel)

    /// A white tooltip with dark text, whatever the appearance: for platforms without an adaptive
    /// raised background (tvOS, watchOS, which is always dark).
    package static let light = OverlayPalette(background: .fixed(white: 1), bodyText: .fixed(white: 0), secondaryText: .fixed(white: 0.33))

    /// The palette for a platform: ``adaptive`` when it has an adaptive raised background, otherwise ``light``.
    package static func platform(hasAdaptiveBackground: Bool) -> OverlayPalette {
        hasAdaptiveBackground ? .adaptive : .light
    }

    /// The colour of a line of `role`'s text.
    package func text(for role: TextRole) -> Color {
        role == .body ? bodyText : secondaryText
    }

    /// The colour of a button's title: on the accent colour for "Next", the accent colour for
    /// "Back", secondary text for "Skip".
    package func title(of action: TooltipButton.Action) -> Color {
        switch action {
        case .next: .onAccent
        case .back: .accent
        case .skip: secondaryText
        }
    }

    /// Whether every text colour adapts to the appearance exactly when the background does.
    package var adaptsTogether: Bool {
        [bodyText, secondaryText].allSatisfy { $0.adaptsToAppearance == background.adaptsToAppearance }
    }

    /// The WCAG contrast ratio of `text` on the background, from 1 to 21, when both are fixed.
    package func contrast(of text: Color) -> Double? {
        guard let foreground = text.luminance, let back = background.luminance else { return nil }
        return (max(foreground, back) + 0.05) / (min(foreground, back) + 0.05)
    }
}
