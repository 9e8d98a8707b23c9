import Foundation

/// The dimmed part of the overlay: the whole screen with a hole around the target, to be filled
/// with the even-odd rule so that the hole stays clear.
///
/// The Apple adapters build their path from ``bounds`` and ``hole`` (`Path(roundedRect:cornerRadius:)`,
/// `Path(ellipseIn:)`) and fill it with `FillStyle(eoFill: true)` or `CAShapeLayerFillRule.evenOdd`;
/// SVG previews draw it with `fill-rule="evenodd"`.
public struct CutoutPath: Sendable, Hashable {
    /// The hole cut out of the dimmed screen.
    public enum Hole: Sendable, Hashable {
        /// A circle.
        case circle(center: OverlayPoint, radius: Double)
        /// A rectangle with rounded corners (0 for square corners).
        case roundedRect(OverlayRect, cornerRadius: Double)

        /// The smallest rectangle that contains the hole.
        package var boundingBox: OverlayRect {
            switch self {
            case .circle(let center, let radius): OverlayRect(center: center, radius: radius)
            case .roundedRect(let rect, _): rect
            }
        }

        /// The hole as a rounded rectangle (a circle is a square whose corner radius is half its side).
        package var asRoundedRect: (rect: OverlayRect, cornerRadius: Double) {
            switch self {
            case .circle(let center, let radius): (OverlayRect(center: center, radius: radius), radius)
            case .roundedRect(let rect, let radius): (rect, radius)
            }
        }

        /// Whether `point` lies inside the hole (or on its outline).
        package func contains(_ point: OverlayPoint) -> Bool {
            switch self {
            case .circle(let center, let radius):
                return center.distance(to: point) <= radius + 1e-9
            case .roundedRect(let rect, let radius):
                guard rect.contains(point) else { return false }
                let r = min(max(0, radius), rect.width / 2, rect.height / 2)
                let cx = min(max(point.x, rect.minX + r), rect.maxX - r)
                let cy = min(max(point.y, rect.minY + r), rect.maxY - r)
                return OverlayPoint(x: cx, y: cy).distance(to: point) <= r + 1e-9
            }
        }

        /// The hole's outline as SVG path data (two arcs for a circle; lines and arcs for a rounded rectangle).
        package var svgPathData: String {
            let n = NumberText.format
            switch self {
            case .circle(let center, let radius):
                let r = max(0, radius)
                return "M\(n(center.x - r)) \(n(center.y))"
                    + "A\(n(r)) \(n(r)) 0 1 0 \(n(center.x + r)) \(n(center.y))"
                    + "A\(n(r)) \(n(r)) 0 1 0 \(n(center.x - r)) \(n(center.y))Z"
            case .roundedRect(let rect, let radius):
                let r = min(max(0, radius), rect.width / 2, rect.height / 2)
                guard r > 0 else {
                    return "M\(n(rect.minX)) \(n(rect.minY))H\(n(rect.maxX))V\(n(rect.maxY))H\(n(rect.minX))Z"
                }
                let arc = "A\(n(r)) \(n(r)) 0 0 1 "
                return "M\(n(rect.minX + r)) \(n(rect.minY))"
                    + "H\(n(rect.maxX - r))\(arc)\(n(rect.maxX)) \(n(rect.minY + r))"
                    + "V\(n(rect.maxY - r))\(arc)\(n(rect.maxX - r)) \(n(rect.maxY))"
                    + "H\(n(rect.minX + r))\(arc)\(n(rect.minX)) \(n(rect.maxY - r))"
                    + "V\(n(rect.minY + r))\(arc)\(n(rect.minX + r)) \(n(rect.minY))Z"
            }
        }
    }

    /// The fill rule the path needs: even-odd, so the hole is not filled.
    package enum FillRule: String, Sendable, Hashable {
        /// A point is filled when a ray from it crosses the outline an odd number of times.
        case evenOdd = "evenodd"
    }

    /// The dimmed area: the screen.
    public var bounds: OverlayRect
    /// The clear hole around the target; `nil` when the target is off screen.
    public var hole: Hole?

    /// Creates a path.
    package init(bounds: OverlayRect, hole: Hole?) {
        self.bounds = bounds
        self.hole = hole
    }

    /// The rule to fill the path with.
    package var fillRule: FillRule { .evenOdd }

    /// Whether `point` is dimmed: on the screen and outside the hole. Touches outside the dimmed
    /// area (in the hole) belong to the target underneath.
    package func dims(_ point: OverlayPoint) -> Bool {
        bounds.contains(point) && !(hole?.contains(point) ?? false)
    }

    /// The path as SVG path data: the screen rectangle, then the hole's outline
    /// (``Hole/svgPathData``). Numbers have at most two decimals.
    package var svgPathData: String {
        let n = NumberText.format
        var data = "M\(n(bounds.minX)) \(n(bounds.minY))H\(n(bounds.maxX))V\(n(bounds.maxY))H\(n(bounds.minX))Z"
        if let hole { data += hole.svgPathData }
        return data
    }
}
