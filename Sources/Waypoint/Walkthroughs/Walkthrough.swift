import Foundation

/// A step-by-step walkthrough: ordered hints over live UI, with the rules that decide when it may start.
///
/// `Context` is the app's own type that conditions read (the JSON document builds
/// `Walkthrough<Attributes>` whose conditions evaluate GrowthBook conditions).
///
/// ```swift
/// let layering = Walkthrough<User>(
///     id: "layering", version: 2, maxDisplayCount: 3,
///     condition: { $0.appLaunches >= 2 },
///     rules: [.donated("editorOpened", atLeast: 3, within: .days(7))],
///     steps: [intro, panelCell, toolbar]
/// )
/// ```
public struct Walkthrough<Context>: Sendable, Identifiable {
    /// The walkthrough's id, unique in its catalog and stable across releases.
    public var id: String
    /// The definition's version; raising it restarts the walkthrough for everyone.
    public var version: Int
    /// The hints, in the order they are shown.
    public var steps: [WalkthroughStep<Context>]
    /// How many times the walkthrough may be started; `nil` for no limit.
    public var maxDisplayCount: Int?
    /// When set, the walkthrough may start only while this is true for the context.
    public var condition: (@Sendable (Context) -> Bool)?
    /// Rules over donated events, all of which must hold for the walkthrough to start.
    public var rules: [DonationRule]
    /// Whether this walkthrough may start regardless of the catalog's ``DisplayFrequency``.
    public var ignoresDisplayFrequency: Bool
    /// The experiment this walkthrough was chosen by and the user's variation, when the user takes
    /// part in one; ``WalkthroughAnalytics`` attaches it to the walkthrough's events from its
    /// `Walkthrough Started` on.
    public var experiment: ExperimentAssignment?
    /// The experiments that change some of this walkthrough's steps (`changes`) and that the user
    /// takes part in, in document order; ``WalkthroughAnalytics`` exposes a run to each when it first
    /// shows or passes over one of its ``StepExperiment/changedSteps``.
    package var stepExperiments: [StepExperiment] = []
    /// The server revision of the document this walkthrough was resolved from (see
    /// ``WaypointDocument/revision``); ``WalkthroughAnalytics`` writes it as `revision` on its events.
    /// `nil` for a bundled document or a walkthrough declared in code.
    package var revision: Int?
    /// The locale its text is shown in (``TextLocalization``'s choice among the document's
    /// locales); ``WalkthroughAnalytics`` writes it as `locale` on its events. `nil` for a document
    /// without localized text or a walkthrough declared in code.
    package var locale: String?

    /// Creates a walkthrough.
    public init(
        id: String,
        version: Int = 1,
        maxDisplayCount: Int? = nil,
        condition: (@Sendable (Context) -> Bool)? = nil,
        rules: [DonationRule] = [],
        ignoresDisplayFrequency: Bool = false,
        experiment: ExperimentAssignment? = nil,
        steps: [WalkthroughStep<Context>]
    ) {
        self.id = id
        self.version = version
        self.steps = steps
        self.maxDisplayCount = maxDisplayCount
        self.condition = condition
        self.rules = rules
        self.ignoresDisplayFrequency = ignoresDisplayFrequency
        self.experiment = experiment
    }

    /// The position of the step with `stepId`, or `nil` when there is none.
    package func index(ofStep stepId: String) -> Int? {
        steps.firstIndex { $0.id == stepId }
    }
}
