import Foundation

/// A rectangle in the overlay's coordinate space (origin at the top left, y growing downwards):
/// a screen, a target's frame, a tooltip.
///
/// A rectangle with a negative width or height is read as its standardized form by every
/// property except ``origin`` and ``size``. The Apple adapters convert with
/// `CGRect(x: rect.minX, y: rect.minY, width: rect.width, height: rect.height)`.
public struct OverlayRect: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The corner the size is measured from (the top left of a standardized rectangle).
    public var origin: OverlayPoint
    /// The width and the height.
    public var size: OverlaySize

    /// Creates a rectangle from its origin and size.
    public init(origin: OverlayPoint, size: OverlaySize) {
        self.origin = origin
        self.size = size
    }

    /// Creates a rectangle from its top-left corner, width and height.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: OverlayPoint(x: x, y: y), size: OverlaySize(width: width, height: height))
    }

    /// Creates the square centered on `center` whose sides are `2 × radius` long.
    package init(center: OverlayPoint, radius: Double) {
        self.init(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius)
    }

    /// Creates the rectangle spanning `minX…maxX` and `minY…maxY`.
    package init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.init(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The rectangle at the origin with this size (a screen).
    package init(size: OverlaySize) {
        self.init(origin: .zero, size: size)
    }

    /// The empty rectangle at the origin.
    package static let zero = OverlayRect(x: 0, y: 0, width: 0, height: 0)

    /// The smallest x coordinate.
    package var minX: Double { min(origin.x, origin.x + size.width) }
    /// The largest x coordinate.
    package var maxX: Double { max(origin.x, origin.x + size.width) }
    /// The smallest y coordinate (the top edge).
    package var minY: Double { min(origin.y, origin.y + size.height) }
    /// The largest y coordinate (the bottom edge).
    package var maxY: Double { max(origin.y, origin.y + size.height) }
    /// The x coordinate of the center.
    package var midX: Double { origin.x + size.width / 2 }
    /// The y coordinate of the center.
    package var midY: Double { origin.y + size.height / 2 }
    /// The width, never negative.
    package var width: Double { abs(size.width) }
    /// The height, never negative.
    package var height: Double { abs(size.height) }
    /// The center.
    package var center: OverlayPoint { OverlayPoint(x: midX, y: midY) }

    /// Whether the rectangle has no area.
    package var isEmpty: Bool { !(width > 0 && height > 0) }

    /// Whether every coordinate is a finite number.
    package var isFinite: Bool { origin.isFinite && size.width.isFinite && size.height.isFinite }

    /// The rectangle shrunk by `dx` on the left and right and `dy` on the top and bottom (grown when negative).
    package func insetBy(dx: Double, dy: Double) -> OverlayRect {
        OverlayRect(minX: minX + dx, minY: minY + dy, maxX: max(minX + dx, maxX - dx), maxY: max(minY + dy, maxY - dy))
    }

    /// The rectangle shrunk by `insets` (grown where they are negative).
    package func inset(by insets: Insets) -> OverlayRect {
        let left = minX + insets.left
        let top = minY + insets.top
        return OverlayRect(minX: left, minY: top, maxX: max(left, maxX - insets.right), maxY: max(top, maxY - insets.bottom))
    }

    /// The rectangle moved by `dx` and `dy`.
    package func offsetBy(dx: Double, dy: Double) -> OverlayRect {
        OverlayRect(origin: origin.offsetBy(dx: dx, dy: dy), size: size)
    }

    /// Whether `point` lies inside the rectangle or on its edge.
    package func contains(_ point: OverlayPoint) -> Bool {
        point.x >= minX && point.x <= maxX && point.y >= minY && point.y <= maxY
    }

    /// Whether `other` lies entirely inside the rectangle (edges may touch).
    package func contains(_ other: OverlayRect) -> Bool {
        other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
    }

    /// The overlap of the two rectangles, or `nil` when they share no area.
    package func intersection(_ other: OverlayRect) -> OverlayRect? {
        let result = OverlayRect(
            minX: max(minX, other.minX), minY: max(minY, other.minY),
            maxX: min(maxX, other.maxX), maxY: min(maxY, other.maxY))
        return result.size.width > 0 && result.size.height > 0 ? result : nil
    }

    /// Whether the two rectangles share some area (touching edges do not count).
    package func intersects(_ other: OverlayRect) -> Bool {
        intersection(other) != nil
    }

    /// `(x, y, width, height)`.
    public var description: String { "(\(origin.x), \(origin.y), \(size.width), \(size.height))" }
}
