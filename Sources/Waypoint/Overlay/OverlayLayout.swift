import Foundation

/// The geometry of one walkthrough step on screen: the dimmed overlay with its cutout, the tooltip
/// and its content, and the arrow joining them.
///
/// A pure function of its inputs; the Apple adapters and the SVG renderer only draw it. The
/// adapters compute it for the hint being presented; to draw a step yourself (a preview, a
/// screenshot), lay it out with ``init(step:index:of:target:screen:safeArea:style:measurer:)`` or
/// ``init(presentation:target:screen:safeArea:style:measurer:)`` and hand it to WaypointUI's
/// `WalkthroughOverlayView`, or draw ``cutout`` and ``arrow`` with its `CutoutShape` and
/// `TooltipArrowShape`.
///
/// ```swift
/// let layout = OverlayLayout(
///     step: intro, index: 0, of: 3,
///     target: OverlayRect(x: 320, y: 60, width: 44, height: 44),
///     screen: OverlaySize(width: 390, height: 844), safeArea: Insets(top: 47, bottom: 34))
/// layout.cutout.hole             // a circle around the button: the rest of the screen is dimmed
/// layout.arrow?.tip              // on the circle, under the button
/// ```
///
/// Rules:
/// - The tooltip is at most ``OverlayStyle/maxTooltipWidth`` wide and stays inside the safe area
///   less ``OverlayStyle/screenMargin``; text wraps to fit and, when even the whole height is not
///   enough, is cut with "…".
/// - `.above` and `.below` are kept when the tooltip fits on that side and flipped when it only
///   fits on the other; `.auto` takes the side with more room. Beside the target, the tooltip never
///   overlaps the cutout.
/// - The cutout holds the whole target: a circle passes through the padded target's corners; a
///   rectangle's padding grows to at least 0.3 × its corner radius so its rounded corners do not
///   cut into the target.
/// - A target entirely off the screen, or one that leaves no room above or below it, gets a
///   tooltip centred on the screen with no arrow (and no cutout when off screen).
/// - The arrow's base lies on the tooltip's edge facing the target, between its rounded corners;
///   its tip lies on the cutout's outline, under the middle of the target's visible part.
public struct OverlayLayout: Sendable, Equatable {
    /// The screen's size.
    package var screen: OverlaySize
    /// The target's frame the layout was computed for (standardized).
    package var target: OverlayRect
    /// The area the tooltip must stay in: the safe area less the margins.
    package var tooltipArea: OverlayRect
    /// The dimmed overlay: the screen with a hole around the target, filled even-odd.
    public var cutout: CutoutPath
    /// The tooltip and its content.
    package var tooltip: TooltipLayout
    /// The arrow from the tooltip to the cutout; `nil` when the tooltip is centred.
    public var arrow: TooltipArrow?
    /// Where the tooltip went.
    package var placement: TooltipPlacement

    /// Creates a layout from its parts (``interpolated(to:fraction:)`` uses this; usually you
    /// compute one with ``init(screen:safeArea:target:shape:position:content:style:measurer:)``).
    package init(
        screen: OverlaySize, target: OverlayRect, tooltipArea: OverlayRect, cutout: CutoutPath, tooltip: TooltipLayout,
        arrow: TooltipArrow?, placement: TooltipPlacement
    ) {
        self.screen = screen
        self.target = target
        self.tooltipArea = tooltipArea
        self.cutout = cutout
        self.tooltip = tooltip
        self.arrow = arrow
        self.placement = placement
    }

    /// Computes the layout of a step.
    ///
    /// - Parameters:
    ///   - screen: the screen's (window's) size.
    ///   - safeArea: the safe-area insets; the tooltip stays inside them.
    ///   - target: the target's frame in window coordinates (see ``ScrolledContent`` for frames in
    ///     scrolled content).
    ///   - shape: the cutout's shape and padding.
    ///   - position: where the step asks for the tooltip.
    ///   - content: what the tooltip shows.
    ///   - style: the measurements to use.
    ///   - measurer: measures text in the fonts the tooltip is drawn with.
    package init(
        screen: OverlaySize, safeArea: Insets = .zero, target: OverlayRect, shape: HighlightShape,
        position: TooltipPosition, content: TooltipContent, style: OverlayStyle = .standard,
        measurer: any TextMeasurer = ApproximateTextMeasurer()
    ) {
        let style = style.sanitized
        func clean(_ value: Double) -> Double { value.isFinite ? max(0, value) : 0 }
        let screen = OverlaySize(width: clean(screen.width), height: clean(screen.height))
        let bounds = OverlayRect(size: screen)
        let insets = Insets(
            top: clean(safeArea.top), left: clean(safeArea.left),
            bottom: clean(safeArea.bottom), right: clean(safeArea.right))
        let area = Self.tooltipArea(bounds: bounds, insets: insets, margin: style.screenMargin)
        let target = target.isFinite
            ? OverlayRect(minX: target.minX, minY: target.minY, maxX: target.maxX, maxY: target.maxY)
            : OverlayRect(x: -1, y: -1, width: 0, height: 0)
        let measure = TooltipContentMeasure(content: content, style: style, measurer: measurer, availableWidth: area.width)
        let width = measure.width

        self.screen = screen
        self.target = target
        self.tooltipArea = area

        guard Self.isOnScreen(target, bounds: bounds) else {
            cutout = CutoutPath(bounds: bounds, hole: nil)
            tooltip = Self.centered(measure, in: area)
            arrow = nil
            placement = .centered(.targetOffScreen)
            return
        }

        let hole = Self.hole(around: target, shape: shape)
        let box = hole.boundingBox
        cutout = CutoutPath(bounds: bounds, hole: hole)

        let height = measure.fullHeight
        // A cutout reaching into the unsafe area (under a status bar) leaves the tooltip at the
        // safe area's edge, with a longer arrow.
        let lowestTop = max(area.minY, box.maxY + style.arrowLength)
        let highestBottom = min(area.maxY, box.minY - style.arrowLength)
        let roomAbove = highestBottom - area.minY
        let roomBelow = area.maxY - lowestTop
        let fitsAbove = roomAbove >= height
        let fitsBelow = roomBelow >= height
        let side: TooltipPlacement
        switch position {
        case .above: side = fitsAbove ? .above : fitsBelow ? .below : .centered(.targetTooLarge)
        case .below: side = fitsBelow ? .below : fitsAbove ? .above : .centered(.targetTooLarge)
        case .auto:
            let preferred: TooltipPlacement = roomBelow >= roomAbove ? .below : .above
            side = (preferred == .below ? fitsBelow : fitsAbove) ? preferred : .centered(.targetTooLarge)
        }
        guard side.isBesideTarget else {
            tooltip = Self.centered(measure, in: area)
            arrow = nil
            placement = side
            return
        }

        // The arrow points at the middle of the part of the cutout that is on the screen.
        let visible = box.intersection(bounds) ?? box
        let tipX = min(max(visible.midX, box.minX), box.maxX)
        let x = max(area.minX, min(tipX - width / 2, area.maxX - width))
        let y = side == .below ? lowestTop : highestBottom - height
        let laidOut = measure.layout(at: OverlayPoint(x: x, y: y), maxHeight: height)
        tooltip = laidOut
        placement = side
        arrow = Self.arrow(from: laidOut, below: side == .below, tipX: tipX, hole: hole, style: style)
    }

    /// The safe area less the margins, never wider or taller than the screen.
    static func tooltipArea(bounds: OverlayRect, insets: Insets, margin: Double) -> OverlayRect {
        let safe = bounds.inset(by: insets)
        let horizontal = min(margin, safe.width / 2)
        let vertical = min(margin, safe.height / 2)
        let area = safe.insetBy(dx: horizontal, dy: vertical)
        return OverlayRect(
            minX: min(area.minX, bounds.maxX), minY: min(area.minY, bounds.maxY),
            maxX: min(area.maxX, bounds.maxX), maxY: min(area.maxY, bounds.maxY))
    }

    /// Whether any of `target` is on the screen (a target with no width or height counts when it
    /// lies on the screen).
    static func isOnScreen(_ target: OverlayRect, bounds: OverlayRect) -> Bool {
        func overlaps(_ low: Double, _ high: Double, _ lower: Double, _ upper: Double) -> Bool {
            low == high ? low >= lower && low <= upper : low < upper && high > lower
        }
        return overlaps(target.minX, target.maxX, bounds.minX, bounds.maxX)
            && overlaps(target.minY, target.maxY, bounds.minY, bounds.maxY)
    }

    /// The smallest padding, as a fraction of the corner radius, that keeps a target's corners
    /// inside a rounded cutout: 1 − 1/√2.
    static let cornerPaddingFactor = 1 - 1 / 2.0.squareRoot()

    /// The hole `shape` cuts around `target`: a circle through the padded target's corners, or the
    /// padded target with its corners rounded (the padding grows when the radius would cut the
    /// target's corners).
    static func hole(around target: OverlayRect, shape: HighlightShape) -> CutoutPath.Hole {
        let padding = shape.padding.isFinite ? max(0, shape.padding) : HighlightShape.defaultPadding
        switch shape.kind {
        case .circle:
            let radius = (target.width * target.width + target.height * target.height).squareRoot() / 2 + padding
            return .circle(center: target.center, radius: radius)
        case .rectangle(let cornerRadius):
            // Rounded corners would cut the target's own corners off unless the padding is at least
            // (1 − 1/√2) of the radius; the padding grows to that where needed.
            let radius = cornerRadius.isFinite ? max(0, cornerRadius) : 0
            let rect = target.insetBy(dx: -max(padding, radius * cornerPaddingFactor), dy: -max(padding, radius * cornerPaddingFactor))
            return .roundedRect(rect, cornerRadius: min(radius, rect.width / 2, rect.height / 2))
        }
    }

    /// A tooltip in the middle of `area`, cut to its height.
    static func centered(_ measure: TooltipContentMeasure, in area: OverlayRect) -> TooltipLayout {
        var tooltip = measure.layout(at: .zero, maxHeight: area.height)
        tooltip.frame.origin = OverlayPoint(x: area.midX - tooltip.frame.width / 2, y: area.midY - tooltip.frame.height / 2)
        return tooltip
    }

    /// The arrow from the tooltip's edge facing the hole to the hole's outline at `tipX`.
    static func arrow(
        from tooltip: TooltipLayout, below: Bool, tipX: Double, hole: CutoutPath.Hole, style: OverlayStyle
    ) -> TooltipArrow {
        let frame = tooltip.frame
        let half = min(style.arrowWidth / 2, max(0, frame.width / 2 - tooltip.cornerRadius))
        let lowest = frame.minX + tooltip.cornerRadius + half
        let highest = frame.maxX - tooltip.cornerRadius - half
        let baseX = lowest <= highest ? min(max(tipX, lowest), highest) : frame.midX
        let edgeY = below ? frame.minY : frame.maxY
        let tip = OverlayPoint(x: tipX, y: outlineY(of: hole, atX: tipX, bottom: below))
        return TooltipArrow(
            tip: tip, baseStart: OverlayPoint(x: baseX - half, y: edgeY), baseEnd: OverlayPoint(x: baseX + half, y: edgeY))
    }

    /// The y of the hole's bottom (or top) outline at `x`, which lies within the hole's width.
    static func outlineY(of hole: CutoutPath.Hole, atX x: Double, bottom: Bool) -> Double {
        let sign: Double = bottom ? 1 : -1
        switch hole {
        case .circle(let center, let radius):
            let dx = x - center.x
            return center.y + sign * max(0, radius * radius - dx * dx).squareRoot()
        case .roundedRect(let rect, let cornerRadius):
            let edge = bottom ? rect.maxY : rect.minY
            let r = min(cornerRadius, rect.width / 2, rect.height / 2)
            let cornerX = x < rect.minX + r ? rect.minX + r : x > rect.maxX - r ? rect.maxX - r : x
            let dx = x - cornerX
            guard dx != 0 else { return edge }
            return edge - sign * (r - max(0, r * r - dx * dx).squareRoot())
        }
    }
}

/// Where ``OverlayLayout`` put the tooltip.
package enum TooltipPlacement: Sendable, Hashable {
    /// Why the tooltip is centred on the screen instead of beside its target.
    package enum CenteringReason: String, Sendable, Hashable, Codable {
        /// The target is entirely off the screen (for example scrolled away); there is no cutout.
        case targetOffScreen
        /// The target (with its cutout) leaves no room above or below it for the tooltip.
        case targetTooLarge
    }

    /// Above the target, the arrow pointing down at it.
    case above
    /// Below the target, the arrow pointing up at it.
    case below
    /// In the middle of the screen, with no arrow.
    case centered(CenteringReason)

    /// Whether the tooltip sits beside its target and has an arrow.
    package var isBesideTarget: Bool {
        switch self {
        case .above, .below: true
        case .centered: false
        }
    }
}

/// The triangle joining a tooltip to its target: its base lies on the tooltip's edge facing the
/// target, its tip on the cutout's outline.
public struct TooltipArrow: Sendable, Hashable {
    /// The tip, on the outline of the cutout.
    public var tip: OverlayPoint
    /// The left end of the base, on the tooltip's edge.
    public var baseStart: OverlayPoint
    /// The right end of the base, on the tooltip's edge.
    public var baseEnd: OverlayPoint

    /// Creates an arrow.
    package init(tip: OverlayPoint, baseStart: OverlayPoint, baseEnd: OverlayPoint) {
        self.tip = tip
        self.baseStart = baseStart
        self.baseEnd = baseEnd
    }

    /// The triangle's corners: base start, tip, base end.
    package var points: [OverlayPoint] { [baseStart, tip, baseEnd] }

    /// Whether the arrow points up (the tooltip is below the target).
    package var pointsUp: Bool { tip.y < baseStart.y }
}
