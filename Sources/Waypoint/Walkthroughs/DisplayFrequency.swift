import Foundation

/// How often a *new* walkthrough may start, across all walkthroughs of a catalog.
///
/// At most one walkthrough that has never been started before starts per period (a rolling window
/// from the last such start). Resuming or re-showing a walkthrough that was already started is not
/// limited, and a walkthrough with ``Walkthrough/ignoresDisplayFrequency`` is never limited.
public enum DisplayFrequency: Sendable, Hashable, Codable {
    /// No limit.
    case immediate
    /// At most one new walkthrough per hour.
    case hourly
    /// At most one new walkthrough per 24 hours.
    case daily
    /// At most one new walkthrough per 7 days.
    case weekly
    /// At most one new walkthrough per 30 days.
    case monthly
    /// At most one new walkthrough per this many seconds.
    case every(TimeInterval)

    /// The period in seconds, or `nil` for ``immediate``.
    package var period: TimeInterval? {
        switch self {
        case .immediate: nil
        case .hourly: 3_600
        case .daily: 86_400
        case .weekly: 604_800
        case .monthly: 2_592_000
        case .every(let seconds): seconds > 0 ? seconds : nil
        }
    }

    /// When a new walkthrough may next start, given the last new start; `nil` when it may start now.
    ///
    /// A last start later than `now` (a clock set back) does not block.
    package func nextAllowedStart(after lastStart: Date?, now: Date) -> Date? {
        guard let period, let lastStart, lastStart <= now else { return nil }
        let next = lastStart.addingTimeInterval(period)
        return next > now ? next : nil
    }
}

/// What the display frequency needs to remember across launches: when a new walkthrough last started.
package struct HintSchedule: Sendable, Hashable, Codable {
    /// When a walkthrough that had never been started before last started.
    package var lastNewStartAt: Date?

    /// Creates a schedule.
    package init(lastNewStartAt: Date? = nil) {
        self.lastNewStartAt = lastNewStartAt
    }
}
