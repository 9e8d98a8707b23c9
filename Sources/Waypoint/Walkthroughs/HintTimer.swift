import Foundation

/// A timer the saga asks its runtime to run: a timer trigger, or a target timeout.
package struct HintTimer: Sendable, Hashable, Codable {
    /// What the timer is for.
    package enum Purpose: String, Sendable, Hashable, Codable {
        /// Completes a hint whose trigger is ``CompletionTrigger/timer(seconds:)``.
        case completion
        /// Skips a hint whose target did not appear in time (``WalkthroughStep/targetTimeout``).
        case targetTimeout
    }

    /// A number unique to this start of the timer; a fire with an older number is ignored.
    package var generation: UInt64
    /// The hint the timer belongs to.
    package var hint: HintID
    /// What the timer is for.
    package var purpose: Purpose
    /// When the timer was started.
    package var startedAt: Date
    /// How long it runs, in seconds.
    package var seconds: Double

    /// Creates a timer description.
    package init(generation: UInt64, hint: HintID, purpose: Purpose, startedAt: Date, seconds: Double) {
        self.generation = generation
        self.hint = hint
        self.purpose = purpose
        self.startedAt = startedAt
        self.seconds = seconds
    }

    /// When the timer fires.
    package var deadline: Date { startedAt.addingTimeInterval(seconds) }
}
