import Foundation
import Testing
import TestSupport
@testable import Waypoint
@testable import WaypointTools

/// Builds JSON Lines of events for funnel tests; times are seconds after 2026-01-01T00:00:00Z.
enum Lines {
    static let start: TimeInterval = 1_767_225_600

    static func date(_ seconds: Double) -> Date { Date(timeIntervalSince1970: start + seconds) }

    static func view(
        _ user: String, _ step: String, at seconds: Double, flow: String = "signup",
        variation: String? = nil, index: Int? = nil
    ) -> String {
        OnboardingEvent(
            messageID: "m-\(user)-\(step)-\(seconds)", userID: user, event: .stepViewed, timestamp: date(seconds),
            flowID: flow, flowVersion: 1, stepID: step, stepIndex: index,
            experiment: variation == nil ? nil : "exp", variation: variation
        ).jsonLine
    }

    static func data(_ lines: [String]) -> Data { Data((lines.joined(separator: "\n") + "\n").utf8) }

    static func report(_ lines: [String], _ query: FunnelQuery) throws -> FunnelReport {
        try #require(try Funnel.compute(jsonLines: data(lines), query: query).funnelReport)
    }

    static func flowReport(_ lines: [String], _ query: FunnelQuery) throws -> FlowReport {
        try #require(try Funnel.compute(jsonLines: data(lines), query: query).flowReport)
    }

    /// Writes `bytes` to a new temporary file.
    static func file(_ bytes: Data) throws -> URL {
        let url = TemporaryFiles.file("funnel", pathExtension: "jsonl")
        try bytes.write(to: url)
        return url
    }
}

extension FunnelReport {
    var users: [Int] { steps.map(\.users) }
    var medians: [Double?] { steps.map(\.medianMsFromPrevious) }
}
