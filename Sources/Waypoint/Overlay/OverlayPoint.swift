import Foundation

/// A point in the overlay's coordinate space: points, origin at the top left, y growing downwards.
///
/// The core does not use CoreGraphics (it is not on Linux); the Apple adapters convert with
/// `CGPoint(x: point.x, y: point.y)`.
public struct OverlayPoint: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The horizontal coordinate.
    public var x: Double
    /// The vertical coordinate, growing downwards.
    public var y: Double

    /// Creates a point.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin, `(0, 0)`.
    package static let zero = OverlayPoint(x: 0, y: 0)

    /// The point moved by `dx` and `dy`.
    package func offsetBy(dx: Double, dy: Double) -> OverlayPoint {
        OverlayPoint(x: x + dx, y: y + dy)
    }

    /// The distance to `other`.
    package func distance(to other: OverlayPoint) -> Double {
        ((x - other.x) * (x - other.x) + (y - other.y) * (y - other.y)).squareRoot()
    }

    /// Whether both coordinates are finite numbers.
    package var isFinite: Bool { x.isFinite && y.isFinite }

    /// `(x, y)`.
    public var description: String { "(\(x), \(y))" }
}
