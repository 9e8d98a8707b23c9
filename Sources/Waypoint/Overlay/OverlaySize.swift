import Foundation

/// A width and a height in points (a screen, a tooltip, a line of text).
///
/// The Apple adapters convert with `CGSize(width: size.width, height: size.height)`.
public struct OverlaySize: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The width in points.
    public var width: Double
    /// The height in points.
    public var height: Double

    /// Creates a size.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// A size with no width and no height.
    package static let zero = OverlaySize(width: 0, height: 0)

    /// Whether both dimensions are finite and greater than zero.
    package var isPositive: Bool {
        width.isFinite && height.isFinite && width > 0 && height > 0
    }

    /// `W×H`.
    public var description: String { "\(width)×\(height)" }
}
