import Waypoint

/// The "LEGO bricks flow composition" pattern: a sports app's non-linear onboarding, snapped
/// together from reusable subflows with `|>`.
///
/// ```
///                         Role
///            ┌─────────────┼──────────────┐
///          player        coach          other
///            │             │              │
///        FindTeam     CoachProfile    Interests
///     found ┌┴┐ notFound   │              │
///   JoinTeam│ │TeamNotFound CreateSquad   │
///           │ │CreateTeam    │            │
///           │ └InviteTeammates◄┘          │
///           └────────┬─────────┴──────────┘
///                End: E → F → G
/// ```
///
/// The flow is written in ``onboarding(_:end:)`` and reads like that chart; each box is a brick in
/// ``Bricks``; screens are shown by a ``ScriptedPresenter`` that plays a ``Script`` of what the user
/// does (there is no UI on Linux). The team search is an `Action`: single flight, a spinner bound to
/// `isExecuting`, and a network error that the user retries without ending anything.
///
/// Swapping F and G, or A/B testing two end subflows, is one line (see ``endFlow(_:_:)``).
///
/// ### What this composed flow cannot do
/// It reports every named step to analytics through the library's `SubflowAnalytics`, but it
/// cannot be resumed after a relaunch: its steps are closures, which cannot be saved, so a user who
/// leaves at `CreateTeam` starts again at `Role` next time. An onboarding that must resume where
/// the user left belongs in a declared flow (`FlowDefinition` with `FlowNavigator`).
public enum LegoBricksExample {
    /// The outcome of one run of the onboarding.
    public struct Report: Sendable, Equatable {
        /// The screens shown, in order.
        public var screens: [String]
        /// What the analytics observer recorded.
        public var analytics: [AnalyticsRecord]
        /// Whether the user reached the end; `false` when they left a screen unfinished.
        public var completed: Bool
    }

    /// The experiment that picks the end subflow, named in the analytics events of a run with a variation.
    public static let endExperiment = "end-subflow"

    /// Runs the onboarding of a player whose team is not in the directory (the longest path, with a
    /// network error retried), narrating each screen, and returns the screens shown.
    public static func run(narrate: (String) -> Void) async throws -> [String] {
        try await run(.playerWithNewTeam, end: .control, narrate: narrate).screens
    }

    /// Runs the onboarding for `script` with the end subflow of `variation`.
    public static func run(
        _ script: Script,
        end variation: EndVariation,
        narrate: (String) -> Void = { _ in }
    ) async throws -> Report {
        try await run(script, end: { endFlow(variation, $0) }, variation: variation.rawValue, narrate: narrate)
    }

    /// Runs the onboarding for `script` with the end subflow built by `end` from the bricks.
    ///
    /// ```swift
    /// // F and G swapped, in one line:
    /// try await LegoBricksExample.run(.coach, end: { $0.showE |> $0.showG |> $0.showF })
    /// ```
    public static func run(
        _ script: Script,
        end: @escaping @Sendable (Bricks) -> Subflow<Void, Void>,
        variation: String? = nil,
        narrate: (String) -> Void = { _ in }
    ) async throws -> Report {
        let (lines, narration) = AsyncStream<String>.makeStream()
        async let report = perform(script, end: end, variation: variation, narration: narration)
        for await line in lines {
            narrate(line)
        }
        return try await report
    }

    @MainActor
    private static func perform(
        _ script: Script,
        end: @Sendable (Bricks) -> Subflow<Void, Void>,
        variation: String?,
        narration: AsyncStream<String>.Continuation
    ) async throws -> Report {
        defer { narration.finish() }
        let presenter = ScriptedPresenter(script: script, narration: narration)
        let directory = TeamDirectory(teams: ["Hornets", "Falcons"], failuresBeforeAnswering: script.networkFailures)
        let bricks = Bricks(presenter: presenter, directory: directory)
        let analytics = SubflowAnalytics(
            attribution: EventAttribution(userID: "example-user", experiment: variation.map { _ in endExperiment },
                                          variation: variation))
        var records: [AnalyticsRecord] = []
        analytics.onEvent = { records.append(AnalyticsRecord($0)) }

        let flow = onboarding(bricks, end: end(bricks))
        let completed: Bool
        do {
            try await flow.run(observer: analytics)
            completed = true
            narration.yield("Onboarding complete.")
        } catch is CancellationError {
            completed = false
            narration.yield("Onboarding abandoned; being a composed flow, it starts again from Role next launch.")
        }
        return Report(screens: presenter.shown, analytics: records, completed: completed)
    }
}
