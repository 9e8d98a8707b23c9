import Foundation
import Waypoint

/// Whether an experiment changed what users do (docs/ARCHITECTURE.md, "The experiment report"):
/// per variation the users exposed and how many reached the goal after exposure, and for each
/// variation other than the control the relative uplift with its interval, the p-value, the chance
/// to win and the risk, as gbstats 0.8.0 computes them; the sample ratio check; and the same
/// comparison for every step of the flow.
///
/// - Users per variation: users exposed — a user's variation is that of their earliest event of
///   the flow (or walkthrough) carrying the experiment; users seen in two variations count in the
///   first and in `multipleVariations`. Users never exposed are not counted.
/// - Conversions: users with a goal event at or after their exposure (``ExperimentGoal``).
/// - Against the control, with proportions `ProportionStatistic(sum: conversions, n: users)`:
///   `uplift` and `pValue` from ``TwoSidedTTest`` (``SequentialTwoSidedTTest`` with tuning 5000
///   when ``sequential``), `chanceToWin` and `risk` from ``EffectBayesianABTest``; where gbstats
///   answers with its default output, these are `null` and `note` says why.
/// - `srmPValue`: ``SampleRatioMismatch`` of the users per variation against the experiment's
///   weights; below 0.001 (`srmWarning`) assignment is broken and no figure can be trusted.
/// - `guardrails`: per guardrail goal of the query, the same comparison on it, and in `worse` the
///   variations whose uplift interval on it lies wholly below 0.
/// - `power`, per variation other than the control: the users it needs to detect the query's
///   `minimumDetectableEffect` at the control's rate, and the days left at its last week's
///   traffic (``ExperimentPower``).
/// - `steps`: per step of the flow in document order (subflow steps as `sub/inner`), the share of
///   each variation's exposed users who viewed it after exposure, with the same statistics.
/// - With a split (``ExperimentQuery/by``: app version, locale or platform), `byAppVersion`,
///   `byLocale` or `byPlatform`: per value, the variations side by side with the same tests.
/// - Scope: a revision keeps the users whose first exposure (the event their variation is read
///   from) carries it, with all of their events of the flow; a date range keeps the users whose
///   first exposure is in it. `"scope"` echoes it.
///
/// ```json
/// {"kind":"experiment","experiment":"paywall-copy","flowId":"onboarding","goal":"$complete",
///  "control":"control","sequential":false,"srmPValue":0.41,"srmWarning":false,"multipleVariations":0,
///  "variations":[{"variation":"control","users":1000,"conversions":400,"rate":0.4},
///   {"variation":"annual-first","users":990,"conversions":450,"rate":0.4545,
///    "uplift":{"expected":0.136,"ci":[0.05,0.22]},"pValue":0.003,"chanceToWin":0.998,"risk":[0.0001,0.13],
///    "power":{"usersNeeded":2387,"daysLeft":9}}],
///  "guardrails":[{"goal":"$complete","variations":[…],"worse":[]}],"minimumDetectableEffect":0.1,
///  "steps":[{"stepId":"paywall","variations":[…]}],"undeclaredVariationUsers":0,"invalidLines":0,"events":5200}
/// ```
public struct ExperimentReport: Sendable, Hashable, Encodable {
    /// A relative uplift and its interval.
    public struct Uplift: Sendable, Hashable, Encodable {
        /// The relative uplift `(variation − control) / control`.
        public var expected: Double
        /// The interval `[lower, upper]` of the uplift (95%).
        public var ci: [Double]

        /// An uplift of `expected` with the interval `ci`.
        public init(expected: Double, ci: [Double]) {
            self.expected = expected
            self.ci = ci
        }
    }

    /// One variation's figures for a goal (or a step), compared with the control.
    public struct Variation: Sendable, Hashable, Encodable {
        /// The variation's name.
        public var variation: String
        /// Users exposed to it.
        public var users: Int
        /// Of them, users who converted after exposure (for a step: who viewed it).
        public var conversions: Int
        /// `conversions / users` (0 without users).
        public var rate: Double
        /// Whether this is the control (which has no comparison).
        public var isControl: Bool
        /// The relative uplift over the control and its interval; `nil` for the control or without figures.
        public var uplift: Uplift?
        /// The p-value of the uplift; `nil` for the control or without figures.
        public var pValue: Double?
        /// The probability that its rate is above the control's.
        public var chanceToWin: Double?
        /// The expected relative loss `[of choosing the control, of choosing this variation]`.
        public var risk: [Double]?
        /// Why there are no figures (gbstats' reason), when there are none.
        public var note: StatisticsNote?
        /// How many users it needs and how long that takes, for the report's goal; `nil` for the
        /// control, a guardrail and a step.
        public var power: ExperimentPower?

        enum CodingKeys: String, CodingKey { case variation, users, conversions, rate, uplift, pValue, chanceToWin, risk, note, power }

        /// The control's four figures; a variation's too, with its comparison (`null`s and `note`
        /// when gbstats gives none).
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(variation, forKey: .variation)
            try container.encode(users, forKey: .users)
            try container.encode(conversions, forKey: .conversions)
            try container.encode(rate, forKey: .rate)
            guard !isControl else { return }
            try container.encode(uplift, forKey: .uplift)
            try container.encode(pValue, forKey: .pValue)
            try container.encode(chanceToWin, forKey: .chanceToWin)
            try container.encode(risk, forKey: .risk)
            try container.encodeIfPresent(note, forKey: .note)
            try container.encodeIfPresent(power, forKey: .power)
        }
    }

    /// A goal that must not get worse: each variation's figures on it, and the ones that do get worse.
    public struct Guardrail: Sendable, Hashable, Encodable {
        /// The goal, as written.
        public var goal: String
        /// Each variation's figures for the goal, the control first.
        public var variations: [Variation]
        /// The variations whose uplift interval on the goal lies wholly below 0.
        public var worse: [String]
    }

    /// One step's comparison: the share of each variation's users who viewed it after exposure.
    public struct Step: Sendable, Hashable, Encodable {
        /// The step id (`sub/inner` for a subflow's step).
        public var stepID: String
        /// Each variation's figures, the control first.
        public var variations: [Variation]

        enum CodingKeys: String, CodingKey { case stepID = "stepId", variations }
    }

    /// The experiment's key.
    public var experiment: String
    /// The flow the report reads; `nil` for a walkthrough's experiment.
    public var flowID: String?
    /// The walkthrough the report reads; `nil` for a flow's experiment.
    public var walkthroughID: String?
    /// The goal, as written (`$complete`, `STEP`, `STEP:OUTCOME`).
    public var goal: String
    /// The control's name.
    public var control: String
    /// Whether the sequential test gave the uplift's interval and p-value.
    public var sequential: Bool
    /// The p-value of the sample ratio check; `nil` when it cannot be computed.
    public var srmPValue: Double?
    /// Users seen in more than one variation (counted in their first).
    public var multipleVariations: Int
    /// Each variation's figures for the goal, the control first, then the others in document order.
    public var variations: [Variation]
    /// The guardrails' comparisons, in the query's order.
    public var guardrails: [Guardrail]
    /// The smallest relative uplift the test is sized for (``power``).
    public var minimumDetectableEffect: Double
    /// Each step's comparison, in document order.
    public var steps: [Step]
    /// What splits the users besides the variation (``ExperimentQuery/by``), when asked for.
    public var by: ReportDimension?
    /// With ``by``, per value (`(none)` for users without one, `(other)` beyond the
    /// ``ReportBounds/namedGroups`` values with the most users), each variation's figures for the
    /// goal compared with the control's as ``variations`` are (gbstats' dimension analysis; no
    /// sample ratio check per value). Encoded as `byAppVersion`, `byLocale` or `byPlatform`.
    public var groups: [String: [Variation]]?
    /// The values of ``by`` reported under `(other)`, when any were.
    public var folded: FoldedValues?
    /// Users exposed with a variation the experiment does not declare: counted in no variation.
    public var undeclaredVariationUsers: Int
    /// The scope the report was computed for, echoed as `"scope"`; `nil` when none was given.
    public var scope: ReportScope?
    /// Lines that were not valid events.
    public var invalidLines: Int
    /// Valid event lines read.
    public var events: Int

    /// The level below which the sample ratio check says assignment is broken.
    public static let srmThreshold = 0.001

    /// Whether the split of users is so far from the weights (`srmPValue` < 0.001) that assignment
    /// is broken and the figures cannot be trusted.
    public var srmWarning: Bool { (srmPValue ?? 1) < Self.srmThreshold }

    /// The variation named `name`, if reported.
    public func variation(_ name: String) -> Variation? { variations.first { $0.variation == name } }

    /// The step `id`'s comparison, if reported.
    public func step(_ id: String) -> Step? { steps.first { $0.stepID == id } }

    /// The report as `waypoint experiment --format json` prints it (keys sorted, one line): what
    /// every tool that serves the report sends, byte for byte.
    public func jsonData() -> Data {
        ReportJSON.data(self)
    }

    enum CodingKeys: String, CodingKey {
        case kind, experiment, flowID = "flowId", walkthroughID = "walkthroughId", goal, control, sequential, srmPValue, srmWarning
        case multipleVariations, variations, guardrails, minimumDetectableEffect, steps, undeclaredVariationUsers, scope, invalidLines, events
        case byAppVersion, byLocale, byPlatform, folded
    }

    /// Encodes the JSON form shown above; `scope` only when one was given.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode("experiment", forKey: .kind)
        try container.encode(experiment, forKey: .experiment)
        try container.encodeIfPresent(flowID, forKey: .flowID)
        try container.encodeIfPresent(walkthroughID, forKey: .walkthroughID)
        try container.encode(goal, forKey: .goal)
        try container.encode(control, forKey: .control)
        try container.encode(sequential, forKey: .sequential)
        try container.encode(srmPValue, forKey: .srmPValue)
        try container.encode(srmWarning, forKey: .srmWarning)
        try container.encode(multipleVariations, forKey: .multipleVariations)
        try container.encode(variations, forKey: .variations)
        try container.encode(guardrails, forKey: .guardrails)
        try container.encode(minimumDetectableEffect, forKey: .minimumDetectableEffect)
        try container.encode(steps, forKey: .steps)
        try container.encode(undeclaredVariationUsers, forKey: .undeclaredVariationUsers)
        try container.encodeIfPresent(scope, forKey: .scope)
        if let by, let groups {
            let key: CodingKeys = switch by {
            case .locale: .byLocale
            case .platform: .byPlatform
            default: .byAppVersion
            }
            try container.encode(groups, forKey: key)
        }
        try container.encodeIfPresent(folded, forKey: .folded)
        try container.encode(invalidLines, forKey: .invalidLines)
        try container.encode(events, forKey: .events)
    }
}
