import Foundation
import Waypoint
import WaypointTools

/// The step editor of a flow step: its screen, outcomes and content, each text per locale side by
/// side; or, for a variation of an experiment, what that variation changes of the step (content merged
/// key by key, docs/ARCHITECTURE.md, "Experiments that change steps").
///
/// It reads the form a person sent and makes the edits (`set-text`, `set-content`, `set-step`, or one
/// `update-experiment` for a variation) that ``AppAdministration/editRevision(appID:base:body:by:)``
/// applies, as the JSON route does; it never writes the document itself.
struct FlowStepEditor: Sendable {
    /// The variation whose changes are edited.
    struct Variation: Sendable {
        let experiment: String
        let name: String
        /// The index of the experiment in the document.
        let index: Int

        /// Variation `variation` of experiment `experiment` of `document`; nil when neither is given.
        init?(experiment: String?, variation: String?, in document: WaypointDocument) throws {
            switch (experiment, variation) {
            case (nil, nil):
                return nil
            case (let key?, let name?):
                guard let index = document.experiments.firstIndex(where: { $0.key == key }) else {
                    throw APIError.notFound("The revision has no experiment \"\(key)\".")
                }
                guard document.experiments[index].variations.contains(name) else {
                    throw APIError.notFound(
                        "The experiment \"\(key)\" has no variation \"\(name)\"; its variations are "
                            + document.experiments[index].variations.joined(separator: ", ") + ".")
                }
                self.experiment = key
                self.name = name
                self.index = index
            default:
                throw APIError.badRequest("Give both `experiment` and `variation` to edit a variation's changes, or neither.")
            }
        }

        /// The query that names the variation (`?experiment=…&variation=…`).
        var query: String { "?experiment=\(FormText.percentEncoded(experiment))&variation=\(FormText.percentEncoded(name))" }

        /// The edit that makes `change` the variation's change of its step in `document`, replacing
        /// the entry `isSameStep` finds; a change that sets nothing removes that entry. The other
        /// steps' changes and the other variations' are kept.
        func edit(
            setting change: ExperimentChange, setsNothing: Bool, isSameStep: (ExperimentChange) -> Bool, in document: WaypointDocument
        ) -> DocumentEdit {
            var changes = document.experiments[index].changes
            var list = changes[name] ?? []
            switch (list.firstIndex(where: isSameStep), setsNothing) {
            case (let position?, true): list.remove(at: position)
            case (let position?, false): list[position] = change
            case (nil, false): list.append(change)
            case (nil, true): break
            }
            changes[name] = list
            return .updateExperiment(experiment, changes: changes)
        }
    }

    let document: WaypointDocument
    let flowID: String
    let stepID: String
    /// The step as the document has it (the first entry of the flow that has it).
    let step: FlowStepEntry
    /// Where the step is: (flow entry, step index) of every entry that has it.
    let places: [(Int, Int)]
    let variation: Variation?
    /// What the variation changes of the step now (nil: nothing).
    let change: FlowStepChange?
    /// The locales shown, the default first.
    let columns: [String]
    /// The content fields, sorted.
    let fields: [String]

    /// The editor of step `stepID` of flow `flowID`; of the changes of `variation` of `experiment` when
    /// both are given. `locales` are the columns to show (nil: the document's); `adding` one more.
    init(
        document: WaypointDocument, flow flowID: String, step stepID: String, experiment: String?, variation: String?,
        locales: [String]?, adding: String?
    ) throws {
        self.document = document
        self.flowID = flowID
        self.stepID = stepID
        let entries = document.flows.indices.filter { document.flows[$0].id == flowID }
        guard !entries.isEmpty else {
            throw APIError.notFound("The revision has no flow \"\(flowID)\"; open the revision page and choose a step there.")
        }
        places = entries.compactMap { entry in document.flows[entry].steps.firstIndex { $0.id == stepID }.map { (entry, $0) } }
        guard let first = places.first else {
            throw APIError.notFound("The flow \"\(flowID)\" has no step \"\(stepID)\"; open the revision page and choose a step there.")
        }
        step = document.flows[first.0].steps[first.1]
        guard step.subflow == nil else {
            throw APIError.badRequest(
                "The step \"\(stepID)\" runs the subflow \"\(step.subflow ?? "")\", so it has no screen or content; edit the subflow's own steps.")
        }
        self.variation = try Variation(experiment: experiment, variation: variation, in: document)
        change = self.variation.flatMap { document.experiments[$0.index].changes[$0.name] }?.first { $0.flow == flowID && $0.step == stepID }
            .flatMap { change -> FlowStepChange? in
                if case .flowStep(_, _, let set) = change { return set }
                return nil
            }
        var columns = locales ?? DocumentEdits.locales(of: document)
        if let adding = adding?.trimmingCharacters(in: .whitespaces), !adding.isEmpty,
           !columns.contains(where: { $0.lowercased() == adding.lowercased() }) {
            columns.append(adding)
        }
        if columns.isEmpty { columns = ["en"] }
        self.columns = columns
        let own = step.content
        let content = change?.content.map { $0.merged(into: own) ?? [:] } ?? own ?? [:]
        fields = Set(content.keys).union(own.map { Array($0.keys) } ?? []).sorted()
    }

    // MARK: What the page shows

    /// The screen shown: the variation's, else the step's.
    var screen: String { change?.screen ?? step.screen ?? "" }
    /// The outcomes shown: the variation's, else the step's.
    var outcomes: [FlowOutcome] { change?.on ?? step.on ?? [] }
    /// The content shown: the step's with the variation's changes merged in.
    var content: [String: ContentValue] { change?.content.map { $0.merged(into: step.content) ?? [:] } ?? step.content ?? [:] }
    var defaultLocale: String { document.defaultLocale ?? columns.first ?? "en" }

    /// A text's string in `locale` (a plain text is the default locale's); nil when it has none.
    func string(_ text: LocalizedText, in locale: String) -> String? {
        switch text {
        case .plain(let string): locale.lowercased() == defaultLocale.lowercased() ? string : nil
        case .translations(let translations): translations.first { $0.key.lowercased() == locale.lowercased() }?.value
        }
    }

    /// The page of the editor; `submitted` are the values of a refused form, shown again.
    func page(
        csrf: String, app: AppRecord, revision: Int, mayEdit: Bool, notice: String?, message: String?, problems: FieldProblems,
        submitted: FormFields?
    ) -> StepEditorPageContext {
        typealias Page = StepEditorPageContext
        let content = self.content
        let localization = TextLocalization(attributes: Attributes(), preferredLanguages: [], defaultLocale: document.defaultLocale)
        var texts: [Page.TextRow] = []
        var values: [Page.ValueRow] = []
        for (index, key) in fields.enumerated() {
            guard let value = content[key] else { continue }
            switch value {
            case .text(let text):
                let cells = columns.enumerated().map { column, locale -> Page.Cell in
                    let name = "text.\(index).\(column)"
                    let current = string(text, in: locale)
                    var attributes = Attributes()
                    attributes[TextLocalization.localeAttribute] = .string(locale)
                    let fallback = TextLocalization(attributes: attributes, preferredLanguages: [], defaultLocale: document.defaultLocale)
                    return Page.Cell(
                        name: name, locale: locale, value: submitted?[name] ?? current ?? "", missing: current == nil && text.isTranslated,
                        fallback: text.text(in: fallback), notLocalized: !text.isTranslated && current == nil, problems: problems.of(name))
                }
                texts.append(Page.TextRow(key: key, cells: cells, problems: problems.of("content.\(index)")))
            case .number:
                let name = "value.\(index)"
                values.append(Page.ValueRow(
                    key: key, name: name, value: submitted?[name] ?? RevisionChanges.words(value), isNumber: true, isBool: false,
                    isTrue: false, isReadOnly: false, problems: problems.of("content.\(index)") + problems.of(name)))
            case .bool(let bool):
                let name = "value.\(index)"
                let shown = submitted?[name].map { $0 == "true" } ?? bool
                values.append(Page.ValueRow(
                    key: key, name: name, value: shown ? "true" : "false", isNumber: false, isBool: true, isTrue: shown,
                    isReadOnly: false, problems: problems.of("content.\(index)") + problems.of(name)))
            case .array, .object:
                values.append(Page.ValueRow(
                    key: key, name: "value.\(index)", value: RevisionChanges.words(value.localizedValue(localization)), isNumber: false,
                    isBool: false, isTrue: false, isReadOnly: true, problems: problems.of("content.\(index)")))
            }
        }
        let outcomes = self.outcomes.enumerated().map { index, outcome in
            Page.Outcome(
                outcome: outcome.name, name: "on.\(index)", value: submitted?["on.\(index)"] ?? outcome.target.description,
                problems: problems.of("on.\(index)"))
        }
        var steps: [String] = []
        for (entry, _) in places { steps += document.flows[entry].steps.map(\.id) }
        var seen: Set<String> = []
        let choices = (steps + [Destination.complete.description]).filter { seen.insert($0).inserted }.map { Page.Choice(value: $0) }
        var query: [Page.Hidden] = []
        var suffix = ""
        if let variation {
            query = [.init(name: "experiment", value: variation.experiment), .init(name: "variation", value: variation.name)]
            suffix = variation.query
        }
        let base = "/apps/\(app.id)/revisions/\(revision)"
        return Page(
            csrf: csrf, appID: app.id.rawValue, appName: app.name, revision: revision, flowID: flowID, stepID: stepID,
            variationNote: variation.map {
                "What variation \($0.name) of experiment \($0.experiment) changes of this step: a value equal to the step's own is not a change. "
                    + "Users outside the variation see the step as the revision has it."
            },
            action: base + "/flows/\(FormText.percentEncoded(flowID))/steps/\(FormText.percentEncoded(stepID))" + suffix,
            revisionHref: base, notice: notice, message: message, problems: problems.top, mayEdit: mayEdit,
            columns: columns.map { Page.Column(locale: $0, isDefault: $0.lowercased() == defaultLocale.lowercased()) },
            columnList: columns.joined(separator: ","), screen: submitted?["screen"] ?? screen, screenProblems: problems.of("screen"),
            outcomes: outcomes, hasOutcomes: !outcomes.isEmpty, stepChoices: choices, texts: texts, hasTexts: !texts.isEmpty,
            values: values, hasValues: !values.isEmpty, query: query)
    }

    // MARK: Reading the form

    /// The edits a sent form asks for: only what changed; the problems of values that are not numbers.
    ///
    /// `origins` gives, for each edit, the field it came from (nil: several), to show a refusal beside it.
    func edits(from form: FormFields) -> (edits: [DocumentEdit], origins: [String?], problems: FieldProblems) {
        var problems = FieldProblems()
        let submittedScreen = form["screen"] ?? screen
        var submittedOutcomes = outcomes
        for index in submittedOutcomes.indices {
            if let target = form["on.\(index)"]?.trimmingCharacters(in: .whitespaces) {
                submittedOutcomes[index].target = Destination(stringLiteral: target)
            }
        }
        // The content asked for, key by key.
        var submitted: [String: ContentValue] = [:]
        let content = self.content
        for (index, key) in fields.enumerated() {
            guard let value = content[key] else { continue }
            switch value {
            case .text(let text):
                var result = text
                for (column, locale) in columns.enumerated() {
                    guard let typed = form["text.\(index).\(column)"], !typed.trimmingCharacters(in: .whitespaces).isEmpty,
                          typed != string(result, in: locale) else { continue }
                    result = DocumentEdits.text(result, setting: locale, to: typed, defaultLocale: defaultLocale)
                }
                submitted[key] = .text(result)
            case .number(let number):
                let typed = form["value.\(index)"]?.trimmingCharacters(in: .whitespaces) ?? RevisionChanges.words(value)
                if let parsed = Double(typed), parsed.isFinite {
                    submitted[key] = .number(parsed)
                } else {
                    problems.add("\"\(typed)\" is not a number; write one such as 7 or 0.5.", field: "value.\(index)")
                    submitted[key] = .number(number)
                }
            case .bool(let bool):
                submitted[key] = .bool(form["value.\(index)"].map { $0 == "true" } ?? bool)
            case .array, .object:
                submitted[key] = value
            }
        }
        if let variation {
            let edit = variationEdit(variation, screen: submittedScreen, outcomes: submittedOutcomes, content: submitted)
            return (edit.map { [$0] } ?? [], [nil], problems)
        }
        var edits: [DocumentEdit] = []
        var origins: [String?] = []
        var set = FlowStepChange()
        var setFields: [String] = []
        if submittedScreen != (step.screen ?? "") {
            set.screen = submittedScreen
            setFields.append("screen")
        }
        if submittedOutcomes != (step.on ?? []) {
            set.on = submittedOutcomes
            setFields += submittedOutcomes.indices.filter { submittedOutcomes[$0] != step.on?[$0] }.map { "on.\($0)" }
        }
        if set != FlowStepChange() {
            edits.append(.setStep(flow: flowID, step: stepID, set: set))
            origins.append(setFields.count == 1 ? setFields[0] : nil)
        }
        for (index, key) in fields.enumerated() {
            guard let old = content[key], let new = submitted[key], old != new else { continue }
            switch (old, new) {
            case (.text(let was), .text(let now)):
                for (column, locale) in columns.enumerated() {
                    guard let text = string(now, in: locale), text != string(was, in: locale) else { continue }
                    edits.append(.setText(flow: flowID, step: stepID, field: key, locale: locale, text: text))
                    origins.append("text.\(index).\(column)")
                }
            default:
                edits.append(.setContent(flow: flowID, step: stepID, field: key, value: new))
                origins.append("value.\(index)")
            }
        }
        return (edits, origins, problems)
    }

    /// The `update-experiment` edit that gives the variation these values for the step (nil when
    /// nothing changes): each value equal to the step's own is no change, the others are the
    /// variation's `set` (content merged by key).
    func variationEdit(_ variation: Variation, screen: String, outcomes: [FlowOutcome], content: [String: ContentValue]) -> DocumentEdit? {
        var set = change ?? FlowStepChange()
        set.screen = screen == (step.screen ?? "") ? nil : screen
        set.on = outcomes == (step.on ?? []) ? nil : outcomes
        var patch = change?.content ?? ContentPatch(values: [:], removals: [])
        for (key, value) in content {
            if step.content?[key] == value { patch.values[key] = nil } else { patch.values[key] = value }
        }
        set.content = patch == ContentPatch() ? nil : ContentPatch(values: patch.values, removals: patch.removals)
        guard set != change ?? FlowStepChange() else { return nil }
        return variation.edit(
            setting: .flowStep(flow: flowID, step: stepID, set: set), setsNothing: set == FlowStepChange(),
            isSameStep: { $0.flow == flowID && $0.step == stepID }, in: document)
    }

    // MARK: Where problems go

    /// The fields diagnostics at these paths concern.
    var diagnosticPlaces: DiagnosticPlaces {
        var places = DiagnosticPlaces()
        var prefixes: [String] = []
        if let variation {
            let experiment = document.experiments[variation.index]
            let changes = DiagnosticPlaces.appending(variation.name, to: "experiments[\(variation.index)].changes")
            let position = experiment.changes[variation.name]?.firstIndex { $0.flow == flowID && $0.step == stepID }
                ?? experiment.changes[variation.name]?.count ?? 0
            prefixes = ["\(changes)[\(position)].set"]
        } else {
            prefixes = self.places.map { "flows[\($0.0)].steps[\($0.1)]" }
        }
        for prefix in prefixes {
            places.add(DiagnosticPlaces.appending("screen", to: prefix), field: "screen")
            for (index, outcome) in outcomes.enumerated() {
                places.add(DiagnosticPlaces.appending(outcome.name, to: DiagnosticPlaces.appending("on", to: prefix)), field: "on.\(index)")
            }
            for (index, key) in fields.enumerated() {
                places.add(DiagnosticPlaces.appending(key, to: DiagnosticPlaces.appending("content", to: prefix)), field: "content.\(index)")
            }
        }
        return places
    }
}

extension ContentValue {
    /// The value with its texts in `localization`'s locale, for showing it in words.
    func localizedValue(_ localization: TextLocalization) -> ContentValue {
        switch self {
        case .text(let text): .text(.plain(text.text(in: localization)))
        case .number, .bool: self
        case .array(let elements): .array(elements.map { $0.localizedValue(localization) })
        case .object(let members): .object(members.mapValues { $0.localizedValue(localization) })
        }
    }
}
