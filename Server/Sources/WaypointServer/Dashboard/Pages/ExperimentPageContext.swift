/// The `experiment` template: an experiment's variations side by side against the control, the
/// uplift drawn around zero, the sample ratio check, the per-step comparison and the goal selector.
struct ExperimentPageContext: PageContext {
    static var template: String { "experiment" }

    /// One variation's figures and, but for the control, its comparison with the control.
    struct Variation: Sendable {
        let name: String
        let isControl: Bool
        let users: Int
        let conversions: Int
        let rate: String
        /// `+13.6% [+5.0%, +22.0%]`, `–` without figures, empty for the control.
        let uplift: String
        let pValue: String
        let chanceToWin: String
        let risk: String
        /// Why there are no figures, when there are none.
        let note: String?
    }

    /// A variation's distance from the users its test needs, in words.
    struct Power: Sendable {
        let name: String
        /// `990 of 2,387 users: about 9 more days at this traffic`.
        let text: String
    }

    /// A guardrail goal: each variation's figures on it, and a warning per variation that gets worse.
    struct Guardrail: Sendable {
        let goal: String
        let variations: [Variation]
        let warnings: [String]
    }

    /// A choice of the goal selector.
    struct Option: Sendable {
        let value: String
        let label: String
        let selected: Bool
    }

    /// A hidden field the goal form keeps.
    struct Field: Sendable {
        let name: String
        let value: String
    }

    /// One step's comparison: each variation's share of users who viewed it after exposure.
    struct Step: Sendable {
        struct Cell: Sendable {
            let rate: String
            /// The uplift and p-value against the control; nil for the control.
            let comparison: String?
        }

        let id: String
        let cells: [Cell]
    }

    /// One value of the split (`by`): the variations side by side on the goal.
    struct DimensionGroup: Sendable {
        /// `Locale de`.
        let title: String
        let value: String
        let variations: [Variation]
    }

    let appID: String
    let appName: String
    let experiment: String
    /// `flow signup` or `walkthrough layering`.
    let subject: String
    /// The flow's (or walkthrough's) page.
    let subjectHref: String
    /// The environment, revision and date range shown, and the selectors that change them.
    let scope: ReportScopeContext
    let goal: String
    let goals: [Option]
    /// The fields the goal form keeps (environment, revision, range, flow, control, test).
    let goalFields: [Field]
    /// Which test gives the interval and p-value, and why, in one sentence.
    let testNote: String
    /// The same page with the other test.
    let otherTestHref: String
    let otherTestLabel: String
    /// The sample ratio check in words, when it raises no warning.
    let sampleRatio: String?
    /// The warning that assignment is broken, below 0.001.
    let srmWarning: String?
    let variations: [Variation]
    /// The minimum detectable effect the test is sized for, as a percentage.
    let minimumDetectableEffect: String
    /// Each variation but the control: its users against the users it needs.
    let power: [Power]
    /// The guardrails, in the experiment's order.
    let guardrails: [Guardrail]
    /// The uplift of each variation, drawn around zero (SVG).
    let upliftChart: String
    let stepVariations: [String]
    let steps: [Step]
    /// Users seen in more than one variation (counted in their first); nil when none.
    let multipleVariations: Int?
    /// Users exposed with a variation the experiment does not declare; nil when none.
    let undeclaredVariationUsers: Int?
    /// Stored lines that were not valid events; nil when there were none.
    let invalidLines: Int?
    /// The links that split the users per app version, locale or platform, or not at all.
    var splitLinks: [ReportScopeContext.Link] = []
    /// With a split, per value, the variations compared as above (no sample ratio check per value).
    var dimensionGroups: [DimensionGroup] = []
    /// With a split, what it shows and what it folded, in words.
    var dimensionNote: String? = nil
    /// Ship and Stop, for those who may edit, while the experiment runs in the published revision.
    var decision: ExperimentDecisionContext? = nil
}
