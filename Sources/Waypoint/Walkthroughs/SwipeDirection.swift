import Foundation

/// The direction of a swipe gesture, for ``CompletionTrigger/swipe(_:)``.
public enum SwipeDirection: String, Sendable, Hashable, Codable, CaseIterable {
    /// Towards the left edge of the screen.
    case left
    /// Towards the right edge of the screen.
    case right
    /// Towards the top of the screen.
    case up
    /// Towards the bottom of the screen.
    case down
}
