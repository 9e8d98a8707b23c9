import Foundation

/// Something the user did that may complete the hint on screen.
public enum HintUserEvent: Sendable, Hashable, Codable {
    /// The user tapped the element with this id.
    case tap(elementId: String)
    /// The user swiped.
    case swipe(SwipeDirection)
    /// The user pressed the tooltip's own "Next" button.
    case nextButton
}
