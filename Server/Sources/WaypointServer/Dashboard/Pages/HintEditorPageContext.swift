/// The `hintEditor` template: a walkthrough hint's text per locale, its position, shape and trigger,
/// and the overlay's preview in a chosen locale.
struct HintEditorPageContext: PageContext {
    static var template: String { "hintEditor" }

    typealias Column = StepEditorPageContext.Column
    typealias Cell = StepEditorPageContext.Cell

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
}
