import Foundation

/// The record of donated app events, counted by donation rules and kept across launches.
///
/// Each event keeps its most recent ``limitPerEvent`` donations (1,000), oldest dropped first.
package struct EventDonations: Sendable, Equatable, Codable {
    /// How many donations are kept per event.
    package static let limitPerEvent = 1_000

    /// Donation times per event name, oldest first.
    package private(set) var dates: [String: [Date]]

    /// Creates a record, empty by default.
    package init(dates: [String: [Date]] = [:]) {
        self.dates = dates.mapValues { Array($0.sorted().suffix(Self.limitPerEvent)) }
    }

    /// Records one donation of `event` at `date`, dropping the oldest beyond the limit.
    package mutating func donate(_ event: String, at date: Date) {
        var list = dates[event, default: []]
        if let last = list.last, last > date {
            // A clock set back: keep the list sorted so windows stay correct.
            let index = list.firstIndex { $0 > date } ?? list.endIndex
            list.insert(date, at: index)
        } else {
            list.append(date)
        }
        if list.count > Self.limitPerEvent {
            list.removeFirst(list.count - Self.limitPerEvent)
        }
        dates[event] = list
    }

    /// The number of kept donations of `event` no older than `window` before `now` (all kept ones when `window` is `nil`).
    ///
    /// Donations later than `now` (from a clock set back) are counted as recent.
    package func count(of event: String, within window: TimeWindow? = nil, now: Date) -> Int {
        guard let list = dates[event] else { return 0 }
        guard let window else { return list.count }
        let start = now.addingTimeInterval(-window.seconds)
        // First index whose date is >= start (binary search over the sorted list).
        var low = 0
        var high = list.count
        while low < high {
            let mid = (low + high) / 2
            if list[mid] < start { low = mid + 1 } else { high = mid }
        }
        return list.count - low
    }

    /// Whether nothing has been donated.
    package var isEmpty: Bool { dates.isEmpty }
}
