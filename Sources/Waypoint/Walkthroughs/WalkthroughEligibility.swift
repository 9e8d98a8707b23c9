import Foundation

/// Whether a walkthrough's rules let it start now, and if not, why.
package enum WalkthroughEligibility: Sendable, Hashable {
    /// The rules allow it (it still waits for its first target and an active app).
    case eligible
    /// The rules do not allow it, for this reason.
    case ineligible(Reason)

    /// Why a walkthrough may not start.
    package enum Reason: Sendable, Hashable {
        /// No walkthrough has this id.
        case unknownWalkthrough
        /// Hidden by ``HintTestingOverrides``.
        case hiddenForTesting
        /// Invalidated for this reason.
        case invalidated(InvalidationReason)
        /// Started ``Walkthrough/maxDisplayCount`` times already.
        case displayCountReached(Int)
        /// Its condition is false for the current context.
        case conditionNotMet
        /// A donation rule does not hold.
        case donationRuleNotMet(DonationRule)
        /// The display frequency allows the next new walkthrough at this date.
        case displayFrequency(nextAllowedAt: Date)
        /// Another member of this group goes first.
        case waitingForGroup(groupId: String, turnOf: String)
        /// Another walkthrough is running.
        case anotherWalkthroughRunning(String)
        /// No step is left to show.
        case noStepsLeft
    }

    /// Whether the rules allow the walkthrough to start.
    package var isEligible: Bool { self == .eligible }
}
