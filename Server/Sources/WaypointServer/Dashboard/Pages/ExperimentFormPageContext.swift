/// The `experimentForm` template: a new experiment, or one of a revision's experiments, as form
/// fields (no JSON), each field with the problems found in it beside it.
struct ExperimentFormPageContext: PageContext {
    static var template: String { "experimentForm" }

    /// A finding shown beside the field it concerns (or above the form).
    struct Problem: Sendable, Hashable {
        /// `error` or `warning`.
        let severity: String
        let message: String
        /// The lint or format code (`unknown-goal`); empty for the form's own checks.
        let code: String
    }

    /// A choice of a select.
    struct Option: Sendable {
        let value: String
        let label: String
        let selected: Bool
    }

    /// A variation's row: its name (fixed once the experiment exists) and weight in percent.
    struct VariationRow: Sendable {
        let index: Int
        let name: String
        let weight: String
        let isControl: Bool
        /// Whether the name can be typed (a new experiment's).
        let nameEditable: Bool
        let nameProblems: [Problem]
        let weightProblems: [Problem]
    }

    /// A row of the condition builder.
    struct ConditionRowFields: Sendable {
        let index: Int
        let attribute: String
        let operators: [Option]
        let value: String
        let problems: [Problem]
    }

    /// A goal offered as a guardrail.
    struct GuardrailChoice: Sendable {
        let id: String
        let value: String
        let label: String
        let checked: Bool
    }

    /// A step of the flow a variation may change, with the link to the step editor for it.
    struct StepLink: Sendable {
        let step: String
        let href: String
    }

    /// One variation's changes to steps, in words, and where to change them.
    struct VariationChanges: Sendable {
        let name: String
        let isControl: Bool
        /// `paywall · headline: "Save 40% with a year" (en)`.
        let changes: [String]
        let hasChanges: Bool
        let links: [StepLink]
    }

    let csrf: String
    let appID: String
    let appName: String
    /// The revision the form edits.
    let revision: Int
    let isNew: Bool
    let heading: String
    /// Where the form is sent.
    let action: String
    let key: String
    let keyProblems: [Problem]

    /// The flow (or walkthrough) the experiment applies to, and the choices when it can be chosen.
    let subject: String
    let subjectLabel: String
    let subjectChoices: [Option]
    let subjectChoosable: Bool

    let variations: [VariationRow]
    let variationsProblems: [Problem]
    let weightsProblems: [Problem]
    let coverage: String
    let coverageProblems: [Problem]

    /// The condition builder's rows; nil when the condition cannot be written as rows.
    let conditionRows: [ConditionRowFields]?
    /// A condition the rows cannot express, in words (kept as it is).
    let conditionWords: String?
    let conditionProblems: [Problem]

    let goals: [Option]
    let goalProblems: [Problem]
    let guardrails: [GuardrailChoice]
    let guardrailsProblems: [Problem]
    let minimumDetectableEffect: String
    let minimumDetectableEffectProblems: [Problem]
    let hypothesis: String
    let hypothesisProblems: [Problem]

    /// Each variation's step changes (an existing experiment's).
    let variationChanges: [VariationChanges]
    let changesProblems: [Problem]

    /// Why nothing was saved, above the form.
    let message: String?
    /// Findings that concern no field of the form.
    let diagnostics: DiagnosticTable?
}
