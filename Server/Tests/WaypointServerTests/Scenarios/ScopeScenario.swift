import Foundation

/// A meditation app's onboarding, worked by hand: production and staging traffic, two revisions,
/// two date cohorts, an experiment on a subflow, and a walkthrough.
///
/// Revision 1 forks at `goals`: `stress` → `stress-check` → `breathing-demo`, `sleep` →
/// `sleep-schedule`; both reach `notifications`, then the `paywall` subflow, whose two entries are
/// the variations of `paywall-test` (control: `offer`; trial-first: `trial`, `offer`). Revision 2
/// removes `stress-check`: `stress` goes straight to `breathing-demo`.
///
/// Users (every run's events carry the revision it ran; the experiment from the paywall on):
///
/// | user | env | rev | started | path | variation | end |
/// |---|---|---|---|---|---|---|
/// | a1 | production | 1 | 11-02 | welcome goals:stress stress-check breathing-demo notifications paywall/offer | control | completed |
/// | a2 | production | 1 | 11-02 | welcome goals:sleep sleep-schedule notifications:skip paywall/trial paywall/offer | trial-first | completed |
/// | a3 | production | 1 | 11-02 | welcome goals:stress stress-check | — | abandoned |
/// | a4 | production | 1 | 11-03 | welcome goals:sleep sleep-schedule | — | in flight |
/// | a5 | production | 1 | 11-03 | welcome goals:stress stress-check breathing-demo notifications paywall/trial | trial-first | abandoned |
/// | c1 | production | 1 | 11-10 | welcome goals:sleep sleep-schedule notifications paywall/offer | control | completed |
/// | b1 | production | 2 | 11-10 | welcome goals:stress breathing-demo notifications paywall/offer | control | completed |
/// | b2 | production | 2 | 11-10 | welcome goals:stress breathing-demo | — | abandoned |
/// | b3 | production | 2 | 11-11 | welcome goals:sleep sleep-schedule notifications paywall/trial paywall/offer | trial-first | completed |
/// | b4 | production | 2 | 11-11 | welcome | — | in flight |
/// | s1 | staging | 2 | 11-10 | welcome goals:stress breathing-demo notifications paywall/offer | control | completed |
/// | s2 | staging | 2 | 11-10 | welcome | — | abandoned |
///
/// c1 started after revision 2 was published (11-09) on an app that had not refreshed yet: the
/// date cohort and the revision differ for it, so the two scopes tell different stories.
enum ScopeScenario {
    static let revision1 = #"""
    {"schemaVersion": 1,
     "flows": [
      {"id": "onboarding", "version": 1, "steps": [
        {"id": "welcome", "screen": "Welcome"},
        {"id": "goals", "screen": "Goals", "on": {"stress": "stress-check", "sleep": "sleep-schedule"}},
        {"id": "stress-check", "screen": "StressCheck", "on": {"next": "breathing-demo"}},
        {"id": "sleep-schedule", "screen": "SleepSchedule", "on": {"next": "notifications"}},
        {"id": "breathing-demo", "screen": "BreathingDemo", "on": {"next": "notifications"}},
        {"id": "notifications", "screen": "Notifications", "on": {"next": "paywall", "skip": "paywall"}},
        {"id": "paywall", "subflow": "paywall"}]},
      {"id": "paywall", "version": 1, "experiment": "paywall-test", "variation": "control",
       "steps": [{"id": "offer", "screen": "Offer"}]},
      {"id": "paywall", "version": 1, "experiment": "paywall-test", "variation": "trial-first",
       "steps": [{"id": "trial", "screen": "Trial"}, {"id": "offer", "screen": "Offer"}]}],
     "walkthroughs": [
      {"id": "home-tour", "version": 1, "steps": [
        {"id": "streaks", "targetElementId": "home.streaks", "tooltipText": "Your streak"},
        {"id": "timer", "targetElementId": "home.timer", "tooltipText": "Start a session"}]}],
     "experiments": [{"key": "paywall-test", "variations": ["control", "trial-first"], "weights": [0.5, 0.5]}]}
    """#

    static let revision2 = revision1
        .replacingOccurrences(of: #""on": {"stress": "stress-check", "sleep": "sleep-schedule"}"#,
                              with: #""on": {"stress": "breathing-demo", "sleep": "sleep-schedule"}"#)
        .replacingOccurrences(of: #"{"id": "stress-check", "screen": "StressCheck", "on": {"next": "breathing-demo"}},"# + "\n    ",
                              with: "")

    enum End { case completed, abandoned, inFlight }

    struct Run {
        let user: String
        let environment: String
        let revision: Int
        let day: String
        /// Steps viewed, each with the outcome it completed with (nil: viewed, not completed).
        let path: [(step: String, outcome: String?)]
        let variation: String?
        let end: End
    }

    static func run(_ user: String, _ environment: String, revision: Int, day: String, _ path: String, variation: String? = nil, _ end: End) -> Run {
        // "welcome goals:stress stress-check": every step but the last of an unfinished run completes with `next` (or the outcome after ":").
        let steps = path.split(separator: " ").map(String.init)
        let parsed = steps.enumerated().map { index, word -> (step: String, outcome: String?) in
            let parts = word.split(separator: ":").map(String.init)
            let isLast = index == steps.count - 1
            let outcome = parts.count > 1 ? parts[1] : (isLast && end != .completed ? nil : "next")
            return (parts[0], outcome)
        }
        return Run(user: user, environment: environment, revision: revision, day: day, path: parsed, variation: variation, end: end)
    }

    static let runs: [Run] = [
        run("a1", "production", revision: 1, day: "2026-11-02", "welcome goals:stress stress-check breathing-demo notifications paywall/offer", variation: "control", .completed),
        run("a2", "production", revision: 1, day: "2026-11-02", "welcome goals:sleep sleep-schedule notifications:skip paywall/trial paywall/offer", variation: "trial-first", .completed),
        run("a3", "production", revision: 1, day: "2026-11-02", "welcome goals:stress stress-check", .abandoned),
        run("a4", "production", revision: 1, day: "2026-11-03", "welcome goals:sleep sleep-schedule", .inFlight),
        run("a5", "production", revision: 1, day: "2026-11-03", "welcome goals:stress stress-check breathing-demo notifications paywall/trial", variation: "trial-first", .abandoned),
        run("c1", "production", revision: 1, day: "2026-11-10", "welcome goals:sleep sleep-schedule notifications paywall/offer", variation: "control", .completed),
        run("b1", "production", revision: 2, day: "2026-11-10", "welcome goals:stress breathing-demo notifications paywall/offer", variation: "control", .completed),
        run("b2", "production", revision: 2, day: "2026-11-10", "welcome goals:stress breathing-demo", .abandoned),
        run("b3", "production", revision: 2, day: "2026-11-11", "welcome goals:sleep sleep-schedule notifications paywall/trial paywall/offer", variation: "trial-first", .completed),
        run("b4", "production", revision: 2, day: "2026-11-11", "welcome", .inFlight),
        run("s1", "staging", revision: 2, day: "2026-11-10", "welcome goals:stress breathing-demo notifications paywall/offer", variation: "control", .completed),
        run("s2", "staging", revision: 2, day: "2026-11-10", "welcome", .abandoned),
    ]

    /// The run's events as JSON Lines, 10 s apart from 10:00 UTC of its day, each step completed 5 s after it is viewed.
    static func lines(_ run: Run) -> [String] {
        var lines: [String] = []
        var second = 0
        var exposed = false
        func add(_ event: String, step: String? = nil, index: Int? = nil, outcome: String? = nil, duration: Int? = nil) {
            var fields = [
                #""messageId":"\#(run.user)-\#(lines.count)""#, #""userId":"\#(run.user)""#, #""event":"\#(event)""#,
                #""timestamp":"\#(run.day)T10:\#(String(format: "%02d:%02d", second / 60, second % 60)).000Z""#,
                #""flowId":"onboarding""#, #""flowVersion":1"#, #""revision":\#(run.revision)"#,
            ]
            if let step { fields.append(#""stepId":"\#(step)""#) }
            if let index { fields.append(#""stepIndex":\#(index)"#) }
            if exposed, let variation = run.variation {
                fields.append(#""experiment":"paywall-test""#)
                fields.append(#""variation":"\#(variation)""#)
            }
            if let outcome { fields.append(#""outcome":"\#(outcome)""#) }
            if let duration { fields.append(#""durationMs":\#(duration)"#) }
            lines.append("{" + fields.joined(separator: ",") + "}")
        }
        add("Flow Started")
        for (index, visit) in run.path.enumerated() {
            second += 10
            if visit.step.hasPrefix("paywall/") { exposed = true }
            add("Step Viewed", step: visit.step, index: index)
            if let outcome = visit.outcome {
                second += 5
                add("Step Completed", step: visit.step, index: index, outcome: outcome, duration: 5000)
            }
        }
        second += 1
        switch run.end {
        case .completed: add("Flow Completed")
        case .abandoned: add("Flow Abandoned")
        case .inFlight: break
        }
        return lines
    }

    /// Walkthrough runs: a1 (revision 1) completes the tour; b1 (revision 2) stops at `timer`;
    /// s1 (staging) completes it.
    static func walkthroughLines(user: String, day: String, revision: Int, completes: Bool) -> [String] {
        var lines: [String] = []
        func add(_ event: String, second: Int, step: String? = nil, index: Int? = nil, trigger: String? = nil) {
            var fields = [
                #""messageId":"\#(user)-w\#(lines.count)""#, #""userId":"\#(user)""#, #""event":"\#(event)""#,
                #""timestamp":"\#(day)T12:00:\#(String(format: "%02d", second)).000Z""#,
                #""walkthroughId":"home-tour""#, #""walkthroughVersion":1"#, #""revision":\#(revision)"#,
            ]
            if let step { fields.append(#""stepId":"\#(step)""#) }
            if let index { fields.append(#""stepIndex":\#(index)"#) }
            if let trigger { fields.append(#""trigger":"\#(trigger)""#) }
            lines.append("{" + fields.joined(separator: ",") + "}")
        }
        add("Walkthrough Started", second: 0)
        add("Hint Shown", second: 1, step: "streaks", index: 0)
        add("Hint Completed", second: 2, step: "streaks", index: 0, trigger: "button")
        add("Hint Shown", second: 3, step: "timer", index: 1)
        if completes {
            add("Hint Completed", second: 4, step: "timer", index: 1, trigger: "button")
            add("Walkthrough Completed", second: 5)
        }
        return lines
    }
}
