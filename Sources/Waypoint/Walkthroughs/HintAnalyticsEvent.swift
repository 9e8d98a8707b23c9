import Foundation

/// An analytics event about a walkthrough, with the names and fields of the analytics format.
public struct HintAnalyticsEvent: Sendable, Hashable, Codable {
    /// The event's name, as sent.
    public enum Name: String, Sendable, Hashable, Codable, CaseIterable {
        /// A walkthrough showed its first hint of a run.
        case walkthroughStarted = "Walkthrough Started"
        /// A hint was presented.
        case hintShown = "Hint Shown"
        /// A hint's completion trigger happened.
        case hintCompleted = "Hint Completed"
        /// A hint was skipped (by the user, by closing, or because its condition was false).
        case hintSkipped = "Hint Skipped"
        /// A walkthrough's last step was done.
        case walkthroughCompleted = "Walkthrough Completed"
        /// A hint's target did not appear within its timeout; the hint was skipped.
        case targetNotFound = "Target Not Found"
    }

    /// The event's name.
    public var event: Name
    /// When it happened (from the injected clock).
    public var timestamp: Date
    /// The walkthrough's id.
    public var walkthroughId: String
    /// The walkthrough's version.
    public var walkthroughVersion: Int
    /// The step's id, for hint events.
    public var stepId: String?
    /// The step's position in the walkthrough, from 0, for hint events.
    public var stepIndex: Int?
    /// What completed or skipped the hint: `tap`, `swipe`, `timer`, `event`, `button`, `skip`,
    /// `close`, `condition` or `targetTimeout`.
    public var trigger: String?
    /// For completions and skips, how long the hint was on screen (or waited); for
    /// `Walkthrough Completed`, how long the run took; in milliseconds.
    public var durationMs: Int?

    /// Creates an event.
    package init(
        event: Name, timestamp: Date, walkthroughId: String, walkthroughVersion: Int,
        stepId: String? = nil, stepIndex: Int? = nil, trigger: String? = nil, durationMs: Int? = nil
    ) {
        self.event = event
        self.timestamp = timestamp
        self.walkthroughId = walkthroughId
        self.walkthroughVersion = walkthroughVersion
        self.stepId = stepId
        self.stepIndex = stepIndex
        self.trigger = trigger
        self.durationMs = durationMs
    }
}
