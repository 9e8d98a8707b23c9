/// The `hintEditor` template: a walkthrough hint's text per locale, its position, shape and trigger,
/// and the overlay's preview in a chosen locale; for a variation, the hint as it shows it, each value
/// it changes marked.
struct HintEditorPageContext: PageContext {
    static var template: String { "hintEditor" }

    typealias Column = StepEditorPageContext.Column
    typealias Hidden = StepEditorPageContext.Hidden

    /// The hint's text in one locale.
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
        /// Whether the variation edited changes the text in this locale, and the hint's own text there.
        let changed: Bool
        let own: String
        let problems: [FieldProblem]
    }

    /// An option of a select.
    struct Option: Sendable {
        let value: String
        let label: String
        let selected: Bool
    }

    let csrf: String
    let appID: String
    let appName: String
    let revision: Int
    let walkthroughID: String
    let stepID: String
    let targetElementId: String
    /// What a variation's editor edits; nil for the hint itself.
    let variationNote: String?
    let variationName: String
    /// Where the form is sent (this page).
    let action: String
    let revisionHref: String
    let notice: String?
    let message: String?
    let problems: [FieldProblem]
    let mayEdit: Bool
    let columns: [Column]
    let columnList: String
    let cells: [Cell]
    let textProblems: [FieldProblem]
    /// Whether the variation edited changes each part of the hint.
    let textChanged: Bool
    let positionChanged: Bool
    let shapeChanged: Bool
    let triggerChanged: Bool
    let canSkipChanged: Bool
    let positions: [Option]
    let positionProblems: [FieldProblem]
    let shapes: [Option]
    let cornerRadius: String
    let padding: String
    let shapeProblems: [FieldProblem]
    let triggers: [Option]
    let triggerElement: String
    let directions: [Option]
    let triggerSeconds: String
    let triggerEvent: String
    let triggerProblems: [FieldProblem]
    let canSkipOptions: [Option]
    let canSkipProblems: [FieldProblem]
    /// The locale of the preview, and the locales to choose from.
    let previewLocale: String
    let previewLocales: [Option]
    /// The overlay as SVG markup, made by ``OverlaySVG`` (its texts escaped); nil when it cannot be drawn.
    let previewSVG: String?
    let previewProblem: String?
    /// The query parameters the page keeps (the experiment and variation edited).
    let query: [Hidden]
}
