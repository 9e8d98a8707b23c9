import Foundation

/// The triangle joining a tooltip to its target: its base lies on the tooltip's edge facing the
/// target, its tip on the cutout's outline.
public struct TooltipArrow: Sendable, Hashable {
    /// The tip, on the outline of the cutout.
    public var tip: Point
    /// The left end of the base, on the tooltip's edge.
    public var baseStart: Point
    /// The right end of the base, on the tooltip's edge.
    public var baseEnd: Point

    /// Creates an arrow.
    public init(tip: Point, baseStart: Point, baseEnd: Point) {
        self.tip = tip
        self.baseStart = baseStart
        self.baseEnd = baseEnd
    }

    /// The triangle's corners: base start, tip, base end.
    public var points: [Point] { [baseStart, tip, baseEnd] }

    /// Whether the arrow points up (the tooltip is below the target).
    public var pointsUp: Bool { tip.y < baseStart.y }
}
