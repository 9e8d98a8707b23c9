import Foundation
import Waypoint
import WaypointTools

extension HintEditor {
    /// The page of the editor, its preview in `previewLocale`; `submitted` are the values of a refused
    /// form, shown again.
    func page(
        csrf: String, app: AppRecord, revision: Int, mayEdit: Bool, notice: String?, message: String?, problems: FieldProblems,
        submitted: FormFields?, previewLocale: String?
    ) -> HintEditorPageContext {
        typealias Page = HintEditorPageContext
        var attributes = Attributes()
        let cells = columns.enumerated().map { column, locale -> Page.Cell in
            let name = "text.\(column)"
            let current = string(in: locale)
            attributes[TextLocalization.localeAttribute] = .string(locale)
            let fallback = TextLocalization(attributes: attributes, preferredLanguages: [], defaultLocale: document.defaultLocale)
            return Page.Cell(
                name: name, locale: locale, value: submitted?[name] ?? current ?? "", missing: current == nil && hint.tooltipText.isLocalized,
                fallback: hint.tooltipText.text(in: fallback), notLocalized: !hint.tooltipText.isLocalized && current == nil,
                problems: problems.of(name))
        }
        var controls = Controls(hint)
        if let submitted { controls.read(submitted) }
        func options(_ values: [(String, String)], selected: String) -> [Page.Option] {
            values.map { Page.Option(value: $0.0, label: $0.1, selected: $0.0 == selected) }
        }
        let chosen = previewLocale.flatMap { wanted in columns.first { $0.lowercased() == wanted.lowercased() } } ?? defaultLocale
        let preview = self.preview(locale: chosen)
        let base = "/apps/\(app.id)/revisions/\(revision)"
        return Page(
            csrf: csrf, appID: app.id.rawValue, appName: app.name, revision: revision, walkthroughID: walkthroughID, stepID: stepID,
            targetElementId: hint.targetElementId,
            action: base + "/walkthroughs/\(FormText.percentEncoded(walkthroughID))/steps/\(FormText.percentEncoded(stepID))",
            revisionHref: base, notice: notice, message: message, problems: problems.top, mayEdit: mayEdit,
            columns: columns.map { Page.Column(locale: $0, isDefault: $0.lowercased() == defaultLocale.lowercased()) },
            columnList: columns.joined(separator: ","), cells: cells, textProblems: problems.of("text"),
            positions: options(
                [("auto", "auto: where there is room"), ("above", "above the target"), ("below", "below the target")], selected: controls.position),
            positionProblems: problems.of("position"),
            shapes: options(ShapeChoice.allCases.map { ($0.rawValue, $0.rawValue) }, selected: controls.shape),
            cornerRadius: controls.cornerRadius, padding: controls.padding, shapeProblems: problems.of("shape"),
            triggers: options(TriggerChoice.allCases.map { ($0.rawValue, Self.words($0)) }, selected: controls.trigger),
            triggerElement: controls.triggerElement,
            directions: options(SwipeDirection.allCases.map { ($0.rawValue, $0.rawValue) }, selected: controls.triggerDirection),
            triggerSeconds: controls.triggerSeconds, triggerEvent: controls.triggerEvent, triggerProblems: problems.of("trigger"),
            canSkipOptions: options([("yes", "yes"), ("no", "no")], selected: controls.canSkip), canSkipProblems: problems.of("canSkip"),
            previewLocale: chosen, previewLocales: options(columns.map { ($0, $0) }, selected: chosen),
            previewSVG: preview.svg, previewProblem: preview.problem)
    }
}
