// WaypointUI: the SwiftUI and UIKit adapters. They compile only where those frameworks exist; on
// other platforms this module is empty, and every decision stays in the `Waypoint` core.
#if canImport(SwiftUI)
import CoreGraphics
import SwiftUI
import Waypoint

extension Waypoint.OverlayPoint {
    /// The core's point for a CoreGraphics point.
    public init(_ point: CGPoint) {
        self.init(x: Double(point.x), y: Double(point.y))
    }
}

extension Waypoint.OverlaySize {
    /// The core's size for a CoreGraphics size.
    public init(_ size: CGSize) {
        self.init(width: Double(size.width), height: Double(size.height))
    }
}

extension Waypoint.OverlayRect {
    /// The core's rectangle for a CoreGraphics rectangle.
    public init(_ rect: CGRect) {
        self.init(x: Double(rect.minX), y: Double(rect.minY), width: Double(rect.width), height: Double(rect.height))
    }
}

extension Waypoint.Insets {
    /// The core's insets for SwiftUI's, reading `leading` and `trailing` in `layoutDirection`.
    public init(_ insets: SwiftUI.EdgeInsets, layoutDirection: LayoutDirection = .leftToRight) {
        let rightToLeft = layoutDirection == .rightToLeft
        self.init(
            top: Double(insets.top), left: Double(rightToLeft ? insets.trailing : insets.leading),
            bottom: Double(insets.bottom), right: Double(rightToLeft ? insets.leading : insets.trailing))
    }
}

extension CGPoint {
    /// The CoreGraphics point for a core point.
    public init(_ point: Waypoint.OverlayPoint) {
        self.init(x: point.x, y: point.y)
    }
}

extension CGSize {
    /// The CoreGraphics size for a core size.
    public init(_ size: Waypoint.OverlaySize) {
        self.init(width: size.width, height: size.height)
    }
}

extension CGRect {
    /// The CoreGraphics rectangle for a core rectangle.
    public init(_ rect: Waypoint.OverlayRect) {
        self.init(x: rect.minX, y: rect.minY, width: rect.width, height: rect.height)
    }
}

extension CutoutPath {
    /// The path to fill with the even-odd rule: the screen, then the hole.
    public var cgPath: CGPath {
        let path = CGMutablePath()
        path.addRect(CGRect(bounds))
        if let hole { path.addPath(hole.cgPath) }
        return path
    }
}

extension CutoutPath.Hole {
    /// The hole's outline.
    public var cgPath: CGPath {
        switch self {
        case .circle(let center, let radius):
            return CGPath(ellipseIn: CGRect(Waypoint.OverlayRect(center: center, radius: max(0, radius))), transform: nil)
        case .roundedRect(let rect, let cornerRadius):
            let radius = min(max(0, cornerRadius), rect.width / 2, rect.height / 2)
            return CGPath(roundedRect: CGRect(rect), cornerWidth: radius, cornerHeight: radius, transform: nil)
        }
    }
}

extension TooltipArrow {
    /// The arrow's triangle.
    public var cgPath: CGPath {
        let path = CGMutablePath()
        path.addLines(between: points.map(CGPoint.init))
        path.closeSubpath()
        return path
    }
}
#endif
