import Foundation

/// The walkthrough that is running now: when it started and which hints it has shown.
public struct WalkthroughRun: Sendable, Hashable, Codable {
    /// The running walkthrough's id.
    public var walkthroughId: String
    /// When this run started.
    public var startedAt: Date
    /// Steps shown earlier in this run and left (completed or skipped), oldest first; "Back" returns to the last.
    public var history: [String]
    /// When the current hint was first presented, or `nil` when it has not been presented yet.
    public var currentShownAt: Date?

    /// Creates a run.
    public init(walkthroughId: String, startedAt: Date, history: [String] = [], currentShownAt: Date? = nil) {
        self.walkthroughId = walkthroughId
        self.startedAt = startedAt
        self.history = history
        self.currentShownAt = currentShownAt
    }
}
