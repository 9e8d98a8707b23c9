import Waypoint

extension ReportText {
    /// A report's scope (``ReportScope``) in one line, as the CLI's tables and the dashboard print
    /// it above the figures; `nil` when no part of it is given.
    ///
    /// ```swift
    /// ReportText.scope(ReportScope(revision: 3, since: 1_763_337_600_000))
    /// // "Scope: revision 3; users who started from 2025-11-17T00:00:00.000Z."
    /// ```
    public static func scope(_ scope: ReportScope?) -> String? {
        guard let scope, !scope.isEmpty else { return nil }
        var parts: [String] = []
        if let environment = scope.environment { parts.append("environment \(environment)") }
        if let revision = scope.revision { parts.append("revision \(revision)") }
        switch (scope.since.map(MillisecondTimestamp.iso8601(milliseconds:)), scope.until.map(MillisecondTimestamp.iso8601(milliseconds:))) {
        case (let since?, let until?): parts.append("users who started from \(since) until before \(until)")
        case (let since?, nil): parts.append("users who started from \(since)")
        case (nil, let until?): parts.append("users who started before \(until)")
        case (nil, nil): break
        }
        if let experiment = scope.experiment { parts.append("variations of experiment \(experiment)") }
        return "Scope: " + parts.joined(separator: "; ") + "."
    }
}
