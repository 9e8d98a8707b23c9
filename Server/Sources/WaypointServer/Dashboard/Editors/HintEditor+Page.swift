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
        let shown = self.shown
        let text = shown.tooltipText
        let cells = columns.enumerated().map { column, locale -> Page.Cell in
            let name = "text.\(column)"
            let current = string(text, in: locale)
            let own = string(hint.tooltipText, in: locale)
            attributes[TextLocalization.localeAttribute] = .string(locale)
            let fallback = TextLocalization(attributes: attributes, preferredLanguages: [], defaultLocale: document.defaultLocale)
            return Page.Cell(
                name: name, locale: locale, value: submitted?[name] ?? current ?? "", missing: current == nil && text.isTranslated,
                fallback: text.text(in: fallback), notLocalized: !text.isTranslated && current == nil,
                changed: variation != nil && current != own, own: own ?? hint.tooltipText.text(in: fallback), problems: problems.of(name))
        }
        var controls = Controls(shown)
        if let submitted { controls.read(submitted) }
        func options(_ values: [(String, String)], selected: String) -> [Page.Option] {
            values.map { Page.Option(value: $0.0, label: $0.1, selected: $0.0 == selected) }
        }
        let chosen = previewLocale.flatMap { wanted in columns.first { $0.lowercased() == wanted.lowercased() } } ?? defaultLocale
        let preview = self.preview(locale: chosen)
        let base = "/apps/\(app.id)/revisions/\(revision)"
        let query = variation.map { [Page.Hidden(name: "experiment", value: $0.experiment), Page.Hidden(name: "variation", value: $0.name)] } ?? []
        let isVaried = variation != nil
        return Page(
            csrf: csrf, appID: app.id.rawValue, appName: app.name, revision: revision, walkthroughID: walkthroughID, stepID: stepID,
            targetElementId: shown.targetElementId,
            variationNote: variation.map {
                "The hint as variation \($0.name) of experiment \($0.experiment) shows it; what the variation changes is marked. "
                    + "A value equal to the hint's own is not a change. Users outside the variation see the hint as the revision has it."
            },
            variationName: variation?.name ?? "",
            action: base + "/walkthroughs/\(FormText.percentEncoded(walkthroughID))/steps/\(FormText.percentEncoded(stepID))"
                + (variation?.query ?? ""),
            revisionHref: base, notice: notice, message: message, problems: problems.top, mayEdit: mayEdit,
            columns: columns.map { Page.Column(locale: $0, isDefault: $0.lowercased() == defaultLocale.lowercased()) },
            columnList: columns.joined(separator: ","), cells: cells, textProblems: problems.of("text"),
            textChanged: isVaried && shown.tooltipText != hint.tooltipText, positionChanged: isVaried && shown.tooltipPosition != hint.tooltipPosition,
            shapeChanged: isVaried && shown.highlightShape != hint.highlightShape,
            triggerChanged: isVaried && shown.completionTrigger != hint.completionTrigger, canSkipChanged: isVaried && shown.canSkip != hint.canSkip,
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
            previewSVG: preview.svg, previewProblem: preview.problem, query: query)
    }
}
