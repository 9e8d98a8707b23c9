import Foundation

/// Where a scroll view is and how far it is scrolled, to turn frames inside its content into window
/// coordinates for ``OverlayLayout`` and to scroll a target into view.
///
/// The conventions are UIKit's: a point `p` of the content appears at
/// `viewport.origin + p − contentOffset`, and `contentInsets` (the adjusted content insets) are
/// areas of the viewport covered by bars. For nested scroll views, convert from the innermost out.
///
/// ```swift
/// let scroll = ScrolledContent(viewport: OverlayRect(x: 0, y: 100, width: 390, height: 600),
///                             contentOffset: OverlayPoint(x: 0, y: 1_200), contentSize: OverlaySize(width: 390, height: 4_000))
/// let target = scroll.windowFrame(ofContentFrame: cellFrame)
/// if !scroll.isVisible(cellFrame) { scrollView.setContentOffset(scroll.contentOffset(revealing: cellFrame, margin: 160)) }
/// ```
package struct ScrolledContent: Sendable, Hashable {
    /// The scroll view's frame in window coordinates.
    package var viewport: OverlayRect
    /// How far the content is scrolled: the content point shown at the viewport's top-left corner.
    package var contentOffset: OverlayPoint
    /// The size of the scrollable content.
    package var contentSize: OverlaySize
    /// The parts of the viewport covered by bars, where content is not considered visible.
    package var contentInsets: Insets

    /// Creates a scroll geometry.
    package init(viewport: OverlayRect, contentOffset: OverlayPoint, contentSize: OverlaySize = .zero, contentInsets: Insets = .zero) {
        self.viewport = viewport
        self.contentOffset = contentOffset
        self.contentSize = contentSize
        self.contentInsets = contentInsets
    }

    /// Where `frame`, given in the content's coordinates, is in the window.
    package func windowFrame(ofContentFrame frame: OverlayRect) -> OverlayRect {
        frame.offsetBy(dx: viewport.minX - contentOffset.x, dy: viewport.minY - contentOffset.y)
    }

    /// Where `frame`, given in window coordinates, is in the content.
    package func contentFrame(ofWindowFrame frame: OverlayRect) -> OverlayRect {
        frame.offsetBy(dx: contentOffset.x - viewport.minX, dy: contentOffset.y - viewport.minY)
    }

    /// The part of the content that can be seen now (the viewport less its insets), in content coordinates.
    package var visibleContentRect: OverlayRect {
        contentFrame(ofWindowFrame: viewport.inset(by: contentInsets))
    }

    /// Whether all of `frame` (in content coordinates) can be seen now.
    package func isVisible(_ frame: OverlayRect) -> Bool {
        visibleContentRect.contains(frame)
    }

    /// The content offset that scrolls the least to show all of `frame` (in content coordinates)
    /// with `margin` points around it, kept within the scrollable range; a frame taller or wider
    /// than the visible area is aligned with its top or left edge.
    package func contentOffset(revealing frame: OverlayRect, margin: Double = 0) -> OverlayPoint {
        let margin = margin.isFinite ? max(0, margin) : 0
        let x = Self.reveal(
            low: frame.minX - margin, high: frame.maxX + margin, offset: contentOffset.x,
            viewport: viewport.width, insetLow: contentInsets.left, insetHigh: contentInsets.right,
            content: contentSize.width)
        let y = Self.reveal(
            low: frame.minY - margin, high: frame.maxY + margin, offset: contentOffset.y,
            viewport: viewport.height, insetLow: contentInsets.top, insetHigh: contentInsets.bottom,
            content: contentSize.height)
        return OverlayPoint(x: x, y: y)
    }

    private static func reveal(
        low: Double, high: Double, offset: Double, viewport: Double, insetLow: Double, insetHigh: Double, content: Double
    ) -> Double {
        let visibleLength = viewport - insetLow - insetHigh
        let visibleLow = offset + insetLow
        let visibleHigh = offset + viewport - insetHigh
        var result = offset
        if high - low > visibleLength || low < visibleLow {
            result = low - insetLow
        } else if high > visibleHigh {
            result = high - viewport + insetHigh
        }
        let lowest = -insetLow
        let highest = max(lowest, content + insetHigh - viewport)
        let clamped = min(max(result, lowest), highest)
        return clamped.isFinite ? clamped : offset
    }
}
