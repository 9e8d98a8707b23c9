import Foundation

/// Why a walkthrough will not start again (until ``HintCoordinator/resetEligibility(_:)``).
public enum InvalidationReason: String, Sendable, Hashable, Codable, CaseIterable {
    /// Every step was completed or skipped.
    case completed
    /// The app reported that the user did what the walkthrough teaches.
    case actionPerformed
    /// The user closed the walkthrough.
    case closedByUser
    /// The walkthrough was started ``Walkthrough/maxDisplayCount`` times.
    case displayCountExceeded
}
