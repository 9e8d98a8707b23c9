/// The `stepEditor` template: a flow step's screen, outcomes and content, each text per locale side by
/// side, as a form for editors and read-only for everyone else.
struct StepEditorPageContext: PageContext {
    static var template: String { "stepEditor" }

    /// A locale's column.
    struct Column: Sendable {
        let locale: String
        let isDefault: Bool
    }

    /// A text in one locale.
    struct Cell: Sendable {
        /// The field's name in the form.
        let name: String
        let locale: String
        let value: String
        /// Whether the text has no translation in this locale (users see ``fallback``).
        let missing: Bool
        let fallback: String
        /// Whether the text is one plain string, the default locale's.
        let notLocalized: Bool
        let problems: [FieldProblem]
    }

    /// A content field that is a text.
    struct TextRow: Sendable {
        let key: String
        let cells: [Cell]
        let problems: [FieldProblem]
    }

    /// A content field that is a number, a boolean, or (read-only) a list or an object.
    struct ValueRow: Sendable {
        let key: String
        let name: String
        let value: String
        let isNumber: Bool
        let isBool: Bool
        let isTrue: Bool
        let isReadOnly: Bool
        let problems: [FieldProblem]
    }

    /// An outcome and the step it leads to.
    struct Outcome: Sendable {
        let outcome: String
        let name: String
        let value: String
        let problems: [FieldProblem]
    }

    /// A step an outcome may lead to.
    struct Choice: Sendable {
        let value: String
    }

    /// A query parameter the page keeps (the experiment and variation edited).
    struct Hidden: Sendable {
        let name: String
        let value: String
    }

    let csrf: String
    let appID: String
    let appName: String
    let revision: Int
    let flowID: String
    let stepID: String
    /// What a variation's editor edits; nil for the step itself.
    let variationNote: String?
    /// Where the form is sent (this page).
    let action: String
    let revisionHref: String
    let notice: String?
    /// Why the last save was refused.
    let message: String?
    /// The problems that concern no one field.
    let problems: [FieldProblem]
    let mayEdit: Bool
    let columns: [Column]
    /// The columns' locales, for the form.
    let columnList: String
    let screen: String
    let screenProblems: [FieldProblem]
    let outcomes: [Outcome]
    let hasOutcomes: Bool
    let stepChoices: [Choice]
    let texts: [TextRow]
    let hasTexts: Bool
    let values: [ValueRow]
    let hasValues: Bool
    let query: [Hidden]
}
