import Foundation
@testable import Waypoint
@testable import WaypointTools

/// Event lines with the fields a report's scope reads (`revision`, `experiment`, `variation`), for
/// scope tests; times are seconds after 2026-01-01T00:00:00Z (``Lines``).
enum Scoped {
    static let day: Double = 86_400

    /// One event as a JSON line; `revision` is added as the apps write it.
    static func line(
        _ user: String, _ name: EventName, at seconds: Double, step: String? = nil, outcome: String? = nil,
        revision: Int? = nil, experiment: String? = nil, variation: String? = nil, trigger: String? = nil,
        flow: String = "signup", walkthrough: String? = nil
    ) -> String {
        let isHint = walkthrough != nil
        var line = OnboardingEvent(
            messageID: "m-\(user)-\(name.rawValue)-\(step ?? "")-\(seconds)-\(revision ?? 0)", userID: user, event: name,
            timestamp: Lines.date(seconds), flowID: isHint ? nil : flow, flowVersion: isHint ? nil : 1, stepID: step,
            walkthroughID: walkthrough, walkthroughVersion: isHint ? 1 : nil, trigger: trigger,
            experiment: experiment, variation: variation, outcome: outcome
        ).jsonLine
        if let revision {
            line.removeLast()
            line += #","revision":\#(revision)}"#
        }
        return line
    }

    /// A whole run of `signup` through `steps`: started, each step viewed and left with `next`, then
    /// completed, abandoned at the last step, or neither (`end: nil`, the user is still in it).
    static func run(
        _ user: String, at seconds: Double, steps: [String], end: EventName?, revision: Int? = nil,
        experiment: String? = nil, variation: String? = nil
    ) -> [String] {
        var lines = [line(user, .flowStarted, at: seconds, revision: revision, experiment: experiment, variation: variation)]
        var time = seconds
        for (index, step) in steps.enumerated() {
            lines.append(line(user, .stepViewed, at: time, step: step, revision: revision, experiment: experiment, variation: variation))
            if index < steps.count - 1 || end == .flowCompleted {
                time += 1
                lines.append(line(user, .stepCompleted, at: time, step: step, outcome: "next", revision: revision,
                                  experiment: experiment, variation: variation))
            }
        }
        if let end { lines.append(line(user, end, at: time + 1, revision: revision, experiment: experiment, variation: variation)) }
        return lines
    }

    static func report(_ lines: [String], _ query: FunnelQuery) throws -> FunnelResult {
        try Funnel.compute(jsonLines: Lines.data(lines), query: query)
    }

    static func walkthrough(_ lines: [String], _ query: WalkthroughQuery) throws -> WalkthroughReport {
        try WalkthroughReport.compute(jsonLines: Lines.data(lines), query: query)
    }

    /// Milliseconds of `seconds` after 2026-01-01T00:00:00Z, for a scope's `since`/`until`.
    static func time(_ seconds: Double) -> Int64 { Int64((Lines.start + seconds) * 1000) }
}
