import Foundation

/// What one user has done with one walkthrough, kept across launches.
package struct WalkthroughProgress: Sendable, Hashable, Codable {
    /// The walkthrough's id.
    package var walkthroughId: String
    /// The walkthrough version this progress belongs to; progress of another version is discarded.
    package var version: Int
    /// Steps that are done (completed, skipped by the user, passed over because their condition was
    /// false, or whose target was not found), in the order they were done.
    package var completedStepIds: [String]
    /// How many times the walkthrough was started.
    package var displayCount: Int
    /// Why the walkthrough will not start again, if it will not.
    package var invalidation: InvalidationReason?
    /// When it was invalidated.
    package var invalidatedAt: Date?
    /// When it was last started.
    package var lastStartedAt: Date?
    /// The experiments the walkthrough's run was exposed to, in the order of exposure, so that a run
    /// resumed after a relaunch sends no second `Experiment Viewed` and keeps its first experiment
    /// on its events (docs/ARCHITECTURE.md, "Exposure"). A new run starts with none.
    ///
    /// `nil` stands for progress saved before exposures were recorded: a run resumed from it is
    /// taken as exposed to the walkthrough's own experiment and to those of the steps it has done.
    package var exposures: [ExperimentAssignment]?

    /// Creates progress; by default fresh.
    package init(
        walkthroughId: String, version: Int, completedStepIds: [String] = [], displayCount: Int = 0,
        invalidation: InvalidationReason? = nil, invalidatedAt: Date? = nil, lastStartedAt: Date? = nil,
        exposures: [ExperimentAssignment]? = nil
    ) {
        self.walkthroughId = walkthroughId
        self.version = version
        self.completedStepIds = completedStepIds
        self.displayCount = displayCount
        self.invalidation = invalidation
        self.invalidatedAt = invalidatedAt
        self.lastStartedAt = lastStartedAt
        self.exposures = exposures
    }

    /// Whether the step with `stepId` is done.
    package func isDone(_ stepId: String) -> Bool { completedStepIds.contains(stepId) }

    mutating func markDone(_ stepId: String) {
        if !completedStepIds.contains(stepId) { completedStepIds.append(stepId) }
    }

    mutating func markUndone(_ stepId: String) {
        completedStepIds.removeAll { $0 == stepId }
    }

    mutating func invalidate(_ reason: InvalidationReason, at date: Date) {
        invalidation = reason
        invalidatedAt = date
    }
}

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
