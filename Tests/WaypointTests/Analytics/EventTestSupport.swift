import Foundation

/// Times of test events: seconds after 2026-01-01T00:00:00Z.
enum Lines {
    static let start: TimeInterval = 1_767_225_600

    static func date(_ seconds: Double) -> Date { Date(timeIntervalSince1970: start + seconds) }
}
