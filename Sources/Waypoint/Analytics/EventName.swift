/// The name of an onboarding analytics event, such as `Step Viewed` (docs/ARCHITECTURE.md, "Events").
///
/// The names Waypoint emits are the static constants; any other name decodes too, so a file
/// written by a newer version stays readable.
public struct EventName: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible,
    ExpressibleByStringLiteral {
    /// The name as written in the event's `event` field.
    public let rawValue: String

    /// Creates a name from its text.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Creates a name from its text.
    package init(_ rawValue: String) { self.rawValue = rawValue }

    public init(stringLiteral value: String) { self.rawValue = value }

    public var description: String { rawValue }

    // MARK: Flows and state machines

    /// A flow was entered for the first time.
    public static let flowStarted = EventName("Flow Started")
    /// A step became the current step (its screen was presented).
    public static let stepViewed = EventName("Step Viewed")
    /// A step was left; carries `outcome` and `durationMs` (time from entry to exit).
    public static let stepCompleted = EventName("Step Completed")
    /// A step's condition was false, so the flow went past it without showing it.
    public static let stepSkipped = EventName("Step Skipped")
    /// A flow ended successfully.
    public static let flowCompleted = EventName("Flow Completed")
    /// The app gave up on a flow before it completed.
    public static let flowAbandoned = EventName("Flow Abandoned")

    // MARK: Walkthroughs

    /// A walkthrough was started (counts towards its `maxDisplayCount`).
    public static let walkthroughStarted = EventName("Walkthrough Started")
    /// A hint (walkthrough step) was presented over its target.
    public static let hintShown = EventName("Hint Shown")
    /// A hint's completion trigger fired; carries `trigger` and `durationMs`.
    public static let hintCompleted = EventName("Hint Completed")
    /// The user skipped a hint.
    public static let hintSkipped = EventName("Hint Skipped")
    /// Every step of a walkthrough is done.
    public static let walkthroughCompleted = EventName("Walkthrough Completed")
    /// A hint's target did not appear within its `targetTimeout`, so the hint was skipped.
    public static let targetNotFound = EventName("Target Not Found")

    // MARK: Experiments

    /// A run of a flow or walkthrough reached the point an experiment decides (its exposure), sent
    /// once per run and experiment; carries `experiment`, `variation`, the flow or walkthrough, and
    /// the `stepId` where the exposure happened (none at `Flow Started` or `Walkthrough Started`).
    public static let experimentViewed = EventName("Experiment Viewed")

    /// Every name Waypoint emits, flows first, then walkthroughs, then `Experiment Viewed`.
    package static let all: [EventName] = [
        .flowStarted, .stepViewed, .stepCompleted, .stepSkipped, .flowCompleted, .flowAbandoned,
        .walkthroughStarted, .hintShown, .hintCompleted, .hintSkipped, .walkthroughCompleted, .targetNotFound,
        .experimentViewed,
    ]
}
