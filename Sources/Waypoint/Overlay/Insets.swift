import Foundation

/// Distances in points inward from the four edges of a rectangle, such as a screen's safe-area insets.
///
/// Apple adapters convert from SwiftUI's `EdgeInsets` (`leading`/`trailing` in a left-to-right
/// layout) or UIKit's `UIEdgeInsets`. Its name differs from both, so a file that imports SwiftUI
/// and Waypoint uses each unqualified.
public struct Insets: Sendable, Hashable, Codable {
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
    package init(all inset: Double) {
        self.init(top: inset, left: inset, bottom: inset, right: inset)
    }

    /// The insets that leave `inner` inside `outer`: how far each edge of `inner` lies inside the
    /// same edge of `outer`, never negative.
    ///
    /// The SwiftUI adapter draws over the whole screen but learns where the safe area is from a view
    /// that respects it; these are the insets of that view's safe part within the screen, whether
    /// the app's content itself ignores the safe area or not.
    public init(of inner: OverlayRect, in outer: OverlayRect) {
        func clean(_ value: Double) -> Double { value.isFinite ? max(0, value) : 0 }
        self.init(
            top: clean(inner.minY - outer.minY), left: clean(inner.minX - outer.minX),
            bottom: clean(outer.maxY - inner.maxY), right: clean(outer.maxX - inner.maxX))
    }

    /// No insets.
    public static let zero = Insets()
}
