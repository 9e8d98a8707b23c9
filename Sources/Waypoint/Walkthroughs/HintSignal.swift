import Foundation

/// An input to the hint saga: something a component, the app or the user reports.
///
/// These are the only inputs; ``HintState/handle(_:catalog:context:now:)`` answers each with
/// ``HintEffect``s. A signal that does not apply (an unknown anchor, an event for a hint that is not
/// showing, a timer of a hint that moved on) changes nothing and yields a ``HintEffect/log(_:)``.
package enum HintSignal: Sendable, Hashable, Codable {
    /// The anchor (on-screen element) with this id appeared and can present hints.
    case anchorAppeared(String)
    /// The anchor with this id disappeared.
    case anchorDisappeared(String)
    /// The app became active (foreground).
    case appBecameActive
    /// The app resigned active (background, or covered by the system).
    case appResignedActive
    /// The user did something on screen.
    case user(HintUserEvent)
    /// A named app event: it is donated (counted by donation rules) and completes a hint waiting for it.
    case event(String)
    /// The user skipped the hint on screen.
    case skip
    /// The user went back to the previous hint.
    case back
    /// The user closed the walkthrough.
    case close
    /// A timer started by ``HintEffect/startTimer(_:)`` fired.
    case timerFired(HintTimer)
    /// The app invalidated a walkthrough (for example because the user did what it teaches).
    case invalidate(walkthroughId: String, reason: InvalidationReason)
    /// The app made an invalidated walkthrough eligible again, forgetting its progress.
    case resetEligibility(walkthroughId: String)
    /// The context, the catalog or the overrides changed: decide again.
    case reevaluate
}

/// Something the user did that may complete the hint on screen.
package enum HintUserEvent: Sendable, Hashable, Codable {
    /// The user tapped the element with this id.
    case tap(elementId: String)
    /// The user swiped.
    case swipe(SwipeDirection)
    /// The user pressed the tooltip's own "Next" button.
    case nextButton
}

extension HintUserEvent: CustomStringConvertible {
    /// For example `tap on "editor.layersButton"` or `swipe left`.
    package var description: String {
        switch self {
        case .tap(let elementId): "tap on \"\(elementId)\""
        case .swipe(let direction): "swipe \(direction.rawValue)"
        case .nextButton: "Next button"
        }
    }
}
