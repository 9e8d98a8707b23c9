import Foundation

extension SwipeDirection {
    /// The direction of a drag that moved by `translation` (y grows downwards), or `nil` when it is
    /// shorter than `minimumDistance` points or runs diagonally (neither axis at least twice the other).
    ///
    /// The Apple adapters classify drags with this, so a swipe means the same on every platform.
    package init?(translation: OverlayPoint, minimumDistance: Double = 30) {
        let dx = translation.x
        let dy = translation.y
        guard dx.isFinite, dy.isFinite, (dx * dx + dy * dy).squareRoot() >= minimumDistance else { return nil }
        if abs(dx) >= 2 * abs(dy) {
            self = dx < 0 ? .left : .right
        } else if abs(dy) >= 2 * abs(dx) {
            self = dy < 0 ? .up : .down
        } else {
            return nil
        }
    }
}
