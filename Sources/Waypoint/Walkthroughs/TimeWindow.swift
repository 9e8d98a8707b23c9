import Foundation

/// A span of time looking back from now, for donation rules ("within the last 7 days").
public struct TimeWindow: Sendable, Hashable, Codable {
    /// The span in seconds.
    public var seconds: TimeInterval

    /// Creates a window of `seconds` seconds.
    public init(seconds: TimeInterval) {
        self.seconds = seconds
    }

    /// A window of `count` minutes.
    public static func minutes(_ count: Double) -> TimeWindow { TimeWindow(seconds: count * 60) }
    /// A window of `count` hours.
    public static func hours(_ count: Double) -> TimeWindow { TimeWindow(seconds: count * 3_600) }
    /// A window of `count` days of 24 hours.
    public static func days(_ count: Double) -> TimeWindow { TimeWindow(seconds: count * 86_400) }
    /// A window of `count` weeks of 7 days.
    public static func weeks(_ count: Double) -> TimeWindow { TimeWindow(seconds: count * 604_800) }
}
