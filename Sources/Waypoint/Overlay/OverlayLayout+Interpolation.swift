import Foundation

extension OverlayLayout {
    /// The layout `fraction` of the way from this one to `other`, for animating a move from one
    /// step (or one target frame) to the next.
    ///
    /// The cutout, the tooltip's frame and the arrow move and resize smoothly; a circle turns into
    /// a rounded rectangle through rounded squares; a hole that appears or disappears grows from or
    /// shrinks to its centre. The tooltip's content, the placement and an arrow that changes sides
    /// switch at the half-way point (draw them cross-fading). `fraction` is clamped to 0…1;
    /// 0 returns this layout and 1 returns `other`, exactly.
    package func interpolated(to other: OverlayLayout, fraction: Double) -> OverlayLayout {
        let t = fraction.isFinite ? min(max(fraction, 0), 1) : 1
        if t == 0 { return self }
        if t == 1 { return other }
        let nearer = t < 0.5 ? self : other

        var tooltip = nearer.tooltip
        tooltip.frame = Self.mix(self.tooltip.frame, other.tooltip.frame, t)
        tooltip.cornerRadius = Self.mix(self.tooltip.cornerRadius, other.tooltip.cornerRadius, t)

        let arrow: TooltipArrow?
        if let from = self.arrow, let to = other.arrow, from.pointsUp == to.pointsUp {
            arrow = TooltipArrow(
                tip: Self.mix(from.tip, to.tip, t),
                baseStart: Self.mix(from.baseStart, to.baseStart, t),
                baseEnd: Self.mix(from.baseEnd, to.baseEnd, t))
        } else {
            arrow = nearer.arrow
        }

        return OverlayLayout(
            screen: OverlaySize(
                width: Self.mix(screen.width, other.screen.width, t),
                height: Self.mix(screen.height, other.screen.height, t)),
            target: Self.mix(target, other.target, t),
            tooltipArea: Self.mix(tooltipArea, other.tooltipArea, t),
            cutout: CutoutPath(
                bounds: Self.mix(cutout.bounds, other.cutout.bounds, t),
                hole: Self.mix(cutout.hole, other.cutout.hole, t)),
            tooltip: tooltip, arrow: arrow, placement: nearer.placement)
    }

    static func mix(_ a: Double, _ b: Double, _ t: Double) -> Double { a + (b - a) * t }

    static func mix(_ a: OverlayPoint, _ b: OverlayPoint, _ t: Double) -> OverlayPoint {
        OverlayPoint(x: mix(a.x, b.x, t), y: mix(a.y, b.y, t))
    }

    static func mix(_ a: OverlayRect, _ b: OverlayRect, _ t: Double) -> OverlayRect {
        OverlayRect(
            x: mix(a.minX, b.minX, t), y: mix(a.minY, b.minY, t),
            width: mix(a.width, b.width, t), height: mix(a.height, b.height, t))
    }

    static func mix(_ a: CutoutPath.Hole?, _ b: CutoutPath.Hole?, _ t: Double) -> CutoutPath.Hole? {
        switch (a, b) {
        case (nil, nil):
            return nil
        case (.circle(let c1, let r1)?, .circle(let c2, let r2)?):
            return .circle(center: mix(c1, c2, t), radius: mix(r1, r2, t))
        default:
            let zero: (rect: OverlayRect, cornerRadius: Double) = (OverlayRect.zero, 0)
            let from = a.map(\.asRoundedRect) ?? b.map(collapsed) ?? zero
            let to = b.map(\.asRoundedRect) ?? a.map(collapsed) ?? zero
            return .roundedRect(mix(from.rect, to.rect, t), cornerRadius: mix(from.cornerRadius, to.cornerRadius, t))
        }
    }

    /// The hole shrunk to nothing at its centre.
    private static func collapsed(_ hole: CutoutPath.Hole) -> (rect: OverlayRect, cornerRadius: Double) {
        let center = hole.boundingBox.center
        return (OverlayRect(x: center.x, y: center.y, width: 0, height: 0), 0)
    }
}
