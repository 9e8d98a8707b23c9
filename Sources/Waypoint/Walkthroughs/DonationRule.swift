import Foundation

/// A rule over how often an app event was donated, such as "donated at least 3 times within 7 days".
///
/// Donations are recorded with ``HintCoordinator/event(_:)`` and kept across launches (at most the
/// latest 1,000 of each event).
public struct DonationRule: Sendable, Hashable, Codable {
    /// How the number of donations is compared.
    package enum Comparison: Sendable, Hashable, Codable {
        /// At least this many donations.
        case atLeast(Int)
        /// At most this many donations.
        case atMost(Int)
    }

    /// The event's name.
    package var event: String
    /// How the count is compared.
    package var comparison: Comparison
    /// Only donations this recent count; `nil` counts every kept donation.
    package var window: TimeWindow?

    /// Creates a rule.
    package init(event: String, comparison: Comparison, window: TimeWindow? = nil) {
        self.event = event
        self.comparison = comparison
        self.window = window
    }

    /// True when `event` was donated at least `count` times (within `window`, when given).
    public static func donated(_ event: String, atLeast count: Int, within window: TimeWindow? = nil) -> DonationRule {
        DonationRule(event: event, comparison: .atLeast(count), window: window)
    }

    /// True when `event` was donated at most `count` times (within `window`, when given).
    public static func donated(_ event: String, atMost count: Int, within window: TimeWindow? = nil) -> DonationRule {
        DonationRule(event: event, comparison: .atMost(count), window: window)
    }

    /// Whether the rule holds for `donations` at `now`.
    package func isSatisfied(by donations: EventDonations, now: Date) -> Bool {
        let count = donations.count(of: event, within: window, now: now)
        switch comparison {
        case .atLeast(let minimum): return count >= minimum
        case .atMost(let maximum): return count <= maximum
        }
    }
}

/// A span of time looking back from now, for donation rules ("within the last 7 days").
public struct TimeWindow: Sendable, Hashable, Codable {
    /// The span in seconds.
    package var seconds: TimeInterval

    /// Creates a window of `seconds` seconds.
    package init(seconds: TimeInterval) {
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
