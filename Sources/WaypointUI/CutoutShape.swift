#if canImport(SwiftUI)
import SwiftUI
import Waypoint

/// The dimmed overlay as a SwiftUI shape: the screen with the hole, to fill with `FillStyle(eoFill: true)`.
public struct CutoutShape: Shape {
    /// The path the core computed.
    public var cutout: CutoutPath

    /// Creates the shape.
    public init(_ cutout: CutoutPath) {
        self.cutout = cutout
    }

    /// The path, in the coordinates the layout was computed in.
    public func path(in rect: CGRect) -> Path {
        Path(cutout.cgPath)
    }
}

/// The tooltip's arrow as a SwiftUI shape.
public struct TooltipArrowShape: Shape {
    /// The arrow the core computed.
    public var arrow: TooltipArrow

    /// Creates the shape.
    public init(_ arrow: TooltipArrow) {
        self.arrow = arrow
    }

    /// The triangle, in the coordinates the layout was computed in.
    public func path(in rect: CGRect) -> Path {
        Path(arrow.cgPath)
    }
}
#endif
