import Foundation

/// The measurements ``OverlayLayout`` works with, in points, and the labels it shows.
public struct OverlayStyle: Sendable, Hashable {
    /// The widest a tooltip may be.
    public var maxTooltipWidth: Double
    /// The space kept between a tooltip and the edges of the safe area.
    public var screenMargin: Double
    /// The space inside a tooltip around its content.
    public var contentPadding: Double
    /// The radius of a tooltip's corners.
    public var cornerRadius: Double
    /// The width of the arrow's base.
    public var arrowWidth: Double
    /// The distance between the cutout and the tooltip, which the arrow spans.
    public var arrowLength: Double
    /// The space between the text, the instruction and the footer.
    public var sectionSpacing: Double
    /// The smallest height of a footer button; a button is taller when its title's line height
    /// plus ``buttonVerticalPadding`` above and below needs more (large text sizes).
    public var buttonHeight: Double
    /// The space kept above and below a button's title.
    public var buttonVerticalPadding: Double
    /// The space left and right of a button's title.
    public var buttonPadding: Double
    /// The space between two buttons.
    public var buttonSpacing: Double
    /// The smallest space between "2 of 5" and the buttons on one row.
    public var progressSpacing: Double
    /// The factor the adapters apply to their font sizes (``ApproximateTextMeasurer``'s body 16,
    /// buttons 15…) before the user's text size: 1 on a phone, larger on a TV seen from a sofa.
    public var textScale: Double
    /// The built-in texts ("Next", "Skip", "2 of 5") and their language: the app's current locale
    /// unless ``OverlayLabels/locale`` says otherwise, with the app's overrides.
    public var labels: OverlayLabels

    /// Creates a style; the defaults are ``standard``.
    public init(
        maxTooltipWidth: Double = 350, screenMargin: Double = 20, contentPadding: Double = 16,
        cornerRadius: Double = 12, arrowWidth: Double = 20, arrowLength: Double = 10,
        sectionSpacing: Double = 12, buttonHeight: Double = 32, buttonPadding: Double = 12,
        buttonSpacing: Double = 8, progressSpacing: Double = 16, buttonVerticalPadding: Double = 6,
        textScale: Double = 1, labels: OverlayLabels = .standard
    ) {
        self.maxTooltipWidth = maxTooltipWidth
        self.screenMargin = screenMargin
        self.contentPadding = contentPadding
        self.cornerRadius = cornerRadius
        self.arrowWidth = arrowWidth
        self.arrowLength = arrowLength
        self.sectionSpacing = sectionSpacing
        self.buttonHeight = buttonHeight
        self.buttonPadding = buttonPadding
        self.buttonSpacing = buttonSpacing
        self.progressSpacing = progressSpacing
        self.buttonVerticalPadding = buttonVerticalPadding
        self.textScale = textScale
        self.labels = labels
    }

    /// The height of a footer button whose title has this line height: at least ``buttonHeight``,
    /// and enough for the title and ``buttonVerticalPadding`` above and below.
    package func buttonHeight(titleLineHeight: Double) -> Double {
        let line = titleLineHeight.isFinite ? max(0, titleLineHeight) : 0
        return max(buttonHeight, line + 2 * buttonVerticalPadding)
    }

    /// Tooltips at most 350 points wide, 20 points from the safe area's edges, labelled in the app's
    /// current locale.
    public static let standard = OverlayStyle()

    /// For a TV seen from across a room (Apple's tvOS sizes): body text at 29 points
    /// (`textScale` 29/16), buttons at least 66 points high, a tooltip up to 800 points wide and 40
    /// points inside the safe area.
    public static let television = OverlayStyle(
        maxTooltipWidth: 800, screenMargin: 40, contentPadding: 32, cornerRadius: 24, arrowWidth: 40, arrowLength: 20,
        sectionSpacing: 24, buttonHeight: 66, buttonPadding: 32, buttonSpacing: 24, progressSpacing: 32,
        buttonVerticalPadding: 14, textScale: 29.0 / 16.0)

    /// For a watch: the tooltip uses the whole width (4 points from the edges), buttons are at least
    /// 44 points high and stack one per row when they do not fit side by side, text at the
    /// phone's sizes (watchOS body text is 16–17 points).
    public static let watch = OverlayStyle(
        maxTooltipWidth: 500, screenMargin: 4, contentPadding: 10, cornerRadius: 14, arrowWidth: 14, arrowLength: 7,
        sectionSpacing: 8, buttonHeight: 44, buttonPadding: 8, buttonSpacing: 6, progressSpacing: 8,
        buttonVerticalPadding: 8)

    /// The style of the platform this runs on: ``television`` on tvOS, ``watch`` on watchOS,
    /// ``standard`` elsewhere. The SwiftUI and UIKit overlays use it unless the app passes a style.
    public static var current: OverlayStyle {
        #if os(tvOS)
        return .television
        #elseif os(watchOS)
        return .watch
        #else
        return .standard
        #endif
    }

    /// The style with every measurement made finite and not negative.
    var sanitized: OverlayStyle {
        func clean(_ value: Double) -> Double { value.isFinite ? max(0, value) : 0 }
        return OverlayStyle(
            maxTooltipWidth: clean(maxTooltipWidth), screenMargin: clean(screenMargin),
            contentPadding: clean(contentPadding), cornerRadius: clean(cornerRadius),
            arrowWidth: clean(arrowWidth), arrowLength: clean(arrowLength),
            sectionSpacing: clean(sectionSpacing), buttonHeight: clean(buttonHeight),
            buttonPadding: clean(buttonPadding), buttonSpacing: clean(buttonSpacing),
            progressSpacing: clean(progressSpacing), buttonVerticalPadding: clean(buttonVerticalPadding),
            textScale: textScale.isFinite && textScale > 0 ? textScale : 1, labels: labels)
    }
}
