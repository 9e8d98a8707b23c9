import Foundation

/// What the display frequency needs to remember across launches: when a new walkthrough last started.
public struct HintSchedule: Sendable, Hashable, Codable {
    /// When a walkthrough that had never been started before last started.
    public var lastNewStartAt: Date?

    /// Creates a schedule.
    public init(lastNewStartAt: Date? = nil) {
        self.lastNewStartAt = lastNewStartAt
    }
}
