import Foundation

/// Distances in points inward from the four edges of a rectangle, such as a screen's safe-area insets.
///
/// Apple adapters convert from SwiftUI's `EdgeInsets` (`leading`/`trailing` in a left-to-right
/// layout) or UIKit's `UIEdgeInsets`. In a file that imports SwiftUI, write `Waypoint.EdgeInsets`.
public struct EdgeInsets: Sendable, Hashable, Codable {
    /// The inset from the top edge.
    public var top: Double
    /// The inset from the left edge.
    public var left: Double
    /// The inset from the bottom edge.
    public var bottom: Double
    /// The inset from the right edge.
    public var right: Double

    /// Creates insets; omitted edges are 0.
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// The same inset on all four edges.
    public init(all inset: Double) {
        self.init(top: inset, left: inset, bottom: inset, right: inset)
    }

    /// No insets.
    public static let zero = EdgeInsets()
}
