/// The `experimentForm` template: a new experiment, or one of a revision's experiments, as form
/// fields (no JSON), each field with the problems found in it beside it.
struct ExperimentFormPageContext: PageContext {
    static var template: String { "experimentForm" }

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
        let nameProblems: [FieldProblem]
        let weightProblems: [FieldProblem]
    }

    /// A row of the condition builder.
    struct ConditionRowFields: Sendable {
        let index: Int
        let attribute: String
        let operators: [Option]
        let value: String
        let problems: [FieldProblem]
    }

    /// A goal offered as a guardrail.
    struct GuardrailChoice: Sendable {
        let id: String
        let value: String
        let label: String
        let checked: Bool
    }

    /// A step of the flow (or hint of the walkthrough) a variation may change, with the link to its editor.
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
    let keyProblems: [FieldProblem]

    /// The flow (or walkthrough) the experiment applies to, and the choices when it can be chosen.
    let subject: String
    let subjectLabel: String
    let subjectChoices: [Option]
    let subjectChoosable: Bool

    let variations: [VariationRow]
    let variationsProblems: [FieldProblem]
    let weightsProblems: [FieldProblem]
    let coverage: String
    let coverageProblems: [FieldProblem]

    /// The condition builder's rows; nil when the condition cannot be written as rows.
    let conditionRows: [ConditionRowFields]?
    /// A condition the rows cannot express, in words (kept as it is).
    let conditionWords: String?
    let conditionProblems: [FieldProblem]

    let goals: [Option]
    let goalProblems: [FieldProblem]
    let guardrails: [GuardrailChoice]
    let guardrailsProblems: [FieldProblem]
    let minimumDetectableEffect: String
    let minimumDetectableEffectProblems: [FieldProblem]
    let hypothesis: String
    let hypothesisProblems: [FieldProblem]

    /// Each variation's step changes (an existing experiment's).
    let variationChanges: [VariationChanges]
    let changesProblems: [FieldProblem]

    /// Why nothing was saved, above the form.
    let message: String?
    /// Findings that concern no field of the form.
    let diagnostics: DiagnosticTable?
}
