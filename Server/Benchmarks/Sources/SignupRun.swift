import Waypoint
import WaypointServer
import WaypointTools

/// One user's run of the scale benchmark's `signup` flow (``ScaleDocument``), as the app's SDK
/// would record it: a fork at `splash`, a conditional `personalization` step that most users skip,
/// drop-offs, durations of seconds to a minute, a start on one of 60 days, ten locales and three
/// platforms, and an `Experiment Viewed` at the start.
///
/// Everything is derived from the user's number (and the ``StartOrder``), so a run is the same every time.
struct SignupRun {
    /// How users' starts follow their numbers.
    enum StartOrder: String, Sendable, CaseIterable {
        /// Each user starts on a day drawn at random: 60 days of history posted in no order.
        case random
        /// ``usersPerDay`` users a day, one a minute, day after day (the 61st day is the first
        /// again): users posted as they start, as live apps send them.
        case daily
    }

    /// Users who start on one day in ``StartOrder/daily``.
    static let usersPerDay = 1_400
    /// The first day users start on: 2026-09-01, midnight UTC (milliseconds since 1970).
    static let firstDay: Int64 = 1_788_220_800_000
    /// How many days the starts are spread over.
    static let days = 60
    /// The three app versions users run.
    static let appVersions = ["3.0.0", "3.1.0", "3.2.0"]
    /// The locales users' text is shown in, with their shares in percent.
    static let locales: [(name: String, percent: UInt64)] = [
        ("en", 45), ("es", 15), ("de", 10), ("fr", 8), ("pt-BR", 7), ("ja", 5), ("it", 4), ("nl", 3), ("ko", 2), ("zh-Hans", 1),
    ]
    /// The platforms users run, with their shares in percent.
    static let platforms: [(name: String, percent: UInt64)] = [("iOS", 70), ("iPadOS", 20), ("macOS", 10)]

    /// The name whose share holds `roll` (0 to 99).
    private static func pick(_ shares: [(name: String, percent: UInt64)], _ roll: UInt64) -> String {
        var below: UInt64 = 0
        for share in shares {
            below += share.percent
            if roll < below { return share.name }
        }
        return shares[shares.count - 1].name
    }

    /// The event lines (JSON objects) of the run, in time order.
    private(set) var lines: [String] = []
    /// Each line's `timestamp`, in milliseconds since 1970.
    private(set) var timestamps: [Int64] = []

    private let user: Int
    private var random: UInt64
    private var time: Int64
    private let attributes: String

    init(user: Int, order: StartOrder = .random) {
        self.user = user
        random = UInt64(truncatingIfNeeded: user) &* 0x9E37_79B9_7F4A_7C15 &+ 0x2545_F491_4F6C_DD1D
        let randomDay = Int64(Self.next(&random) % UInt64(Self.days))
        let randomTime = Int64(Self.next(&random) % 86_400_000)
        let day: Int64
        switch order {
        case .random:
            day = randomDay
            time = Self.firstDay + day * 86_400_000 + randomTime
        case .daily:
            day = Int64((user / Self.usersPerDay) % Self.days)
            time = Self.firstDay + day * 86_400_000 + Int64(user % Self.usersPerDay) * 60_000 + randomTime % 60_000
        }
        let variation = Self.next(&random) % 2 == 0 ? "control" : "short"
        // Older versions have fewer users: 20%, 30%, 50%.
        let share = Self.next(&random) % 10
        let version = Self.appVersions[share < 2 ? 0 : share < 5 ? 1 : 2]
        // The second revision is published half way through the days.
        let revision = day < Int64(Self.days / 2) ? 1 : 2
        let locale = Self.pick(Self.locales, Self.next(&random) % 100)
        let platform = Self.pick(Self.platforms, Self.next(&random) % 100)
        attributes = #","experiment":"short-signup","variation":"\#(variation)","appVersion":"\#(version)","revision":\#(revision)"#
            + #","locale":"\#(locale)","platform":"\#(platform)""#
        if variation == "control" { control() } else { short() }
    }

    /// The steps of the control variation: `splash` forks to `login` or `registration`.
    private mutating func control() {
        let started = time
        event("Experiment Viewed")
        event("Flow Started")
        let choice = roll(100)
        if choice < 3 { complete("splash", 0, outcome: "loggedIn", started: started); return }
        if choice < 13 {
            view("splash", 0, outcome: "login")
            complete("login", 1, outcome: "next", started: started)
            return
        }
        view("splash", 0, outcome: "register")
        if roll(100) < 10 { leave("registration", 2); return }
        if roll(100) < 10 { complete("registration", 2, outcome: "existingUser", started: started); return }
        view("registration", 2, outcome: "newUser")
        if roll(100) < 5 { leave("profile", 3); return }
        // Some go back from the profile to registration once.
        if roll(100) < 35 {
            view("profile", 3, outcome: "back")
            view("registration", 2, outcome: "newUser")
        }
        view("profile", 3, outcome: "next")
        // Shown only in some countries: the others skip it.
        if roll(100) < 40 { view("personalization", 4, outcome: "next") } else { skip("personalization", 4) }
        if roll(100) < 5 { leave("permissions", 5); return }
        view("permissions", 5, outcome: roll(100) < 70 ? "allow" : "later")
        finish(fromIndex: 6, started: started)
    }

    /// The steps of the short variation: `splash`, then straight to the shared end.
    private mutating func short() {
        let started = time
        event("Experiment Viewed")
        event("Flow Started")
        view("splash", 0, outcome: "continue")
        finish(fromIndex: 1, started: started)
    }

    /// The `shared-end` subflow's steps, then `Flow Completed`.
    private mutating func finish(fromIndex index: Int, started: Int64) {
        if roll(100) < 4 { leave("shared-end/notifications", index); return }
        view("shared-end/notifications", index, outcome: nil)
        if roll(100) < 20 {
            view("shared-end/tips", index + 1, outcome: "back")
            view("shared-end/notifications", index, outcome: nil)
        }
        view("shared-end/tips", index + 1, outcome: nil)
        view("shared-end/done", index + 2, outcome: nil)
        event("Flow Completed", extra: #","durationMs":\#(time - started)"#)
    }

    private mutating func complete(_ step: String, _ index: Int, outcome: String, started: Int64) {
        view(step, index, outcome: outcome)
        event("Flow Completed", extra: #","durationMs":\#(time - started)"#)
    }

    /// The user sees `step` and goes no further: half of them close the flow, the rest just leave.
    private mutating func leave(_ step: String, _ index: Int) {
        event("Step Viewed", extra: Self.step(step, index))
        time += duration()
        if roll(2) == 0 { event("Flow Abandoned") }
    }

    private mutating func view(_ step: String, _ index: Int, outcome: String?) {
        time += Int64(100 + roll(900))
        event("Step Viewed", extra: Self.step(step, index))
        let spent = duration()
        time += spent
        let outcomeField = outcome.map { #","outcome":"\#($0)""# } ?? ""
        event("Step Completed", extra: Self.step(step, index) + outcomeField + #","durationMs":\#(spent)"#)
    }

    private mutating func skip(_ step: String, _ index: Int) {
        time += Int64(roll(50))
        event("Step Skipped", extra: Self.step(step, index))
    }

    private mutating func event(_ name: String, extra: String = "") {
        timestamps.append(time)
        lines.append(#"{"messageId":"s\#(user)-\#(lines.count)","userId":"u\#(user)","event":"\#(name)","timestamp":"\#(WaypointTime.iso8601(milliseconds: time))","flowId":"signup","flowVersion":1\#(extra)\#(attributes)}"#)
    }

    /// Time on a step: mostly a few seconds, sometimes up to a minute.
    private mutating func duration() -> Int64 {
        let base = Int64(800 + roll(6_000))
        return roll(10) == 0 ? base + Int64(roll(54_000)) : base
    }

    private mutating func roll(_ bound: Int) -> Int { Int(Self.next(&random) % UInt64(bound)) }

    private static func step(_ id: String, _ index: Int) -> String { #","stepId":"\#(id)","stepIndex":\#(index)"# }

    /// The run as the server stores it (`receivedAt` aside): the rows of the storage limit.
    func storedEvents(receivedAt: Int64) -> [StoredEvent] {
        lines.indices.map { index in
            StoredEvent(messageID: "s\(user)-\(index)", userID: "u\(user)", flowID: "signup", timestamp: timestamps[index],
                        environment: "production", receivedAt: receivedAt, line: lines[index])
        }
    }

    /// SplitMix64.
    private static func next(_ state: inout UInt64) -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
