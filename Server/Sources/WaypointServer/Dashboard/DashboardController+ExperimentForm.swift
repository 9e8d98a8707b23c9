import Foundation
import Hummingbird
import Waypoint
import WaypointTools

/// The experiment form (Server/README.md, "The dashboard"): a new experiment in a revision, or one
/// of its experiments changed. Saving makes one `add-experiment` or `update-experiment` edit and sends
/// it through ``AppAdministration/editRevision(appID:base:body:by:)``, the code of
/// `POST /v1/apps/{app}/revisions/{base}/edits`: the result is a draft revision, checked like an
/// upload; a refused edit shows the form again with each finding beside its field, nothing stored.
extension DashboardController {
    /// `GET /apps/:app/revisions/:revision/experiments/new`.
    @Sendable func newExperimentPage(request: Request, context: Context) async throws -> Response {
        try await rendering(request, context) {
            let revision = try await editedRevision(context)
            let subject = Self.subject(asked: request.uri.queryParameters.get("flow"), reached: [], in: revision.document)
            return experimentFormView(request, context, revision, existing: nil, form: .blank(subject: subject), status: .ok)
        }
    }

    /// `POST /apps/:app/revisions/:revision/experiments/new`.
    @Sendable func addExperiment(request: Request, context: Context) async throws -> Response {
        try await rendering(request, context) {
            let revision = try await editedRevision(context)
            let fields = try await formFields(from: request)
            var form = ExperimentForm(fields: fields, keepsCondition: false)
            form.subject = Self.subject(asked: form.subject, reached: [], in: revision.document)
            return try await saving(request, context, revision, existing: nil, form: form, action: fields["action"])
        }
    }

    /// `GET /apps/:app/revisions/:revision/experiments/:experiment`.
    @Sendable func experimentFormPage(request: Request, context: Context) async throws -> Response {
        try await rendering(request, context) {
            let revision = try await editedRevision(context)
            let existing = try Self.experiment(context.parameters.get("experiment") ?? "", of: revision)
            let reached = ExperimentReport.reportableSubjects(of: existing.key, in: revision.document)
            let subject = Self.subject(asked: request.uri.queryParameters.get("flow"), reached: reached, in: revision.document)
            return experimentFormView(request, context, revision, existing: existing, form: ExperimentForm(experiment: existing, subject: subject), status: .ok)
        }
    }

    /// `POST /apps/:app/revisions/:revision/experiments/:experiment`.
    @Sendable func updateExperiment(request: Request, context: Context) async throws -> Response {
        try await rendering(request, context) {
            let revision = try await editedRevision(context)
            let existing = try Self.experiment(context.parameters.get("experiment") ?? "", of: revision)
            let fields = try await formFields(from: request)
            let reached = ExperimentReport.reportableSubjects(of: existing.key, in: revision.document)
            let before = ExperimentForm(experiment: existing, subject: "")
            var form = ExperimentForm(fields: fields, keepsCondition: before.keepsCondition)
            form.subject = Self.subject(asked: form.subject, reached: reached, in: revision.document)
            // The variations stay the experiment's (`update-experiment` changes weights, not names).
            let weights = Dictionary(form.variations.map { ($0.name, $0.weight) }, uniquingKeysWith: { first, _ in first })
            form.key = existing.key
            form.variations = existing.variations.map { ExperimentForm.Variation(name: $0, weight: weights[$0] ?? "") }
            return try await saving(request, context, revision, existing: existing, form: form, action: fields["action"])
        }
    }

    // MARK: Saving

    private static func experiment(_ key: String, of revision: EditedRevision) throws -> ExperimentEntry {
        guard let experiment = revision.document.experiments.first(where: { $0.key == key }) else {
            let keys = revision.document.experiments.map(\.key).uniqued()
            let known = keys.isEmpty ? "it has none; add one instead" : "its experiments are " + keys.joined(separator: ", ")
            throw APIError.notFound("Revision \(revision.number) has no experiment \"\(key)\"; \(known).")
        }
        return experiment
    }

    /// The flow (or walkthrough) the form shows: the first the experiment reaches, else the one
    /// asked for when the document has it, else the document's first.
    static func subject(asked: String?, reached: [String], in document: WaypointDocument) -> String {
        if let first = reached.first { return first }
        let all = subjects(of: document)
        if let asked, all.contains(where: { $0.id == asked }) { return asked }
        return all.first?.id ?? ""
    }

    /// The flows, then the walkthroughs, of a document, once each.
    static func subjects(of document: WaypointDocument) -> [(kind: String, id: String)] {
        document.flows.map(\.id).uniqued().map { ("flow", $0) } + document.walkthroughs.map(\.id).uniqued().map { ("walkthrough", $0) }
    }

    private func saving(
        _ request: Request, _ context: Context, _ revision: EditedRevision, existing: ExperimentEntry?, form: ExperimentForm, action: String?
    ) async throws -> Response {
        switch action {
        case "add-variation":
            // A running experiment's variations stay as they are.
            var more = form
            if existing == nil { more.variations.append(ExperimentForm.Variation(name: "", weight: "")) }
            return experimentFormView(request, context, revision, existing: existing, form: more, status: .ok)
        case "add-condition":
            var more = form
            more.conditionRows.append(ConditionRow("", .eq, ""))
            return experimentFormView(request, context, revision, existing: existing, form: more, status: .ok)
        default:
            break
        }
        let edit: JSONValue
        do throws(ConditionRowError) {
            if let existing { edit = try form.updateEdit(of: existing) } else { edit = try form.addEdit() }
        } catch {
            return experimentFormView(
                request, context, revision, existing: existing, form: form,
                problems: FieldProblems(error.message, field: "condition-\(error.row)"),
                message: "Nothing was saved: a row of the condition needs a change; it is marked below.", status: .badRequest)
        }
        let key = existing?.key ?? form.key
        let index = existing == nil ? revision.document.experiments.count : revision.document.experiments.firstIndex { $0.key == key } ?? 0
        switch try await saveEdits(
            ExperimentForm.body(edit), app: revision.app.id, base: revision.number, request: request, context: context,
            fieldOfPath: { ExperimentForm.field(ofPath: $0, experimentIndex: index) })
        {
        case .success(let created):
            var query = URLComponents()
            query.queryItems = [URLQueryItem(name: "experimentSaved", value: key)] + (created.existing ? [URLQueryItem(name: "existing", value: "true")] : [])
            return PageRenderer.redirect(to: "/apps/\(revision.app.id)/revisions/\(created.revision)?\(query.percentEncodedQuery ?? "")")
        case .failure(let refusal):
            return experimentFormView(
                request, context, revision, existing: existing, form: form, problems: refusal.problems, message: refusal.message,
                unplaced: refusal.unplaced, status: refusal.status)
        }
    }

    // MARK: The page

    private func experimentFormView(
        _ request: Request, _ context: Context, _ revision: EditedRevision, existing: ExperimentEntry?, form: ExperimentForm,
        problems: FieldProblems = FieldProblems(), message: String? = nil, unplaced: [Diagnostic] = [],
        status: HTTPResponse.Status
    ) -> Response {
        let document = revision.document
        let appID = revision.app.id.rawValue
        let base = "/apps/\(FormText.percentEncoded(appID))/revisions/\(revision.number)/experiments/"
        let action = base + (existing.map { FormText.percentEncoded($0.key) } ?? "new")
        let reached = existing.map { ExperimentReport.reportableSubjects(of: $0.key, in: document) } ?? []
        let subjects = Self.subjects(of: document)
        let kind = subjects.first { $0.id == form.subject }?.kind ?? "flow"
        let choices = ExperimentGoal.choices(in: document, flowID: form.subject).map(\.description)
        func goalLabel(_ goal: String) -> String {
            guard choices.contains(goal) else { return "\(goal) (not a goal of \(kind) \(form.subject))" }
            switch ExperimentGoal(goal) {
            case .complete: return "$complete: the \(kind) completed"
            case .step(let step): return "\(step): the step viewed"
            case .outcome(let step, let outcome): return "\(goal): \(step) completed with \(outcome)"
            }
        }
        // At least one row to fill in.
        let rows = form.conditionRows.isEmpty ? [ConditionRow("", .eq, "")] : form.conditionRows
        let goalValues = choices.contains(form.goal) ? choices : choices + [form.goal]
        let guardrailValues = choices + form.guardrails.filter { !choices.contains($0) }
        let page = ExperimentFormPageContext(
            csrf: csrf(request), appID: appID, appName: revision.app.name, revision: revision.number, isNew: existing == nil,
            heading: existing.map { "Experiment \($0.key) in revision \(revision.number)" } ?? "New experiment in revision \(revision.number)",
            action: action, key: form.key, keyProblems: problems.of("key"),
            subject: form.subject, subjectLabel: "\(kind) \(form.subject)",
            subjectChoices: subjects.map { .init(value: $0.id, label: "\($0.kind) \($0.id)", selected: $0.id == form.subject) },
            subjectChoosable: reached.isEmpty,
            variations: form.variations.enumerated().map { index, variation in
                .init(
                    index: index, name: variation.name, weight: variation.weight, isControl: index == 0, nameEditable: existing == nil,
                    nameProblems: problems.of("variation-\(index)-name"), weightProblems: problems.of("variation-\(index)-weight"))
            },
            variationsProblems: problems.of("variations"), weightsProblems: problems.of("weights"),
            coverage: form.coverage, coverageProblems: problems.of("coverage"),
            conditionRows: form.keepsCondition ? nil : rows.enumerated().map { index, row in
                ExperimentFormPageContext.ConditionRowFields(
                    index: index, attribute: row.attribute,
                    operators: ConditionRowOperator.allCases.map { .init(value: $0.rawValue, label: $0.words, selected: $0 == row.op) },
                    value: row.value, problems: problems.of("condition-\(index)"))
            },
            conditionWords: form.keepsCondition ? existing?.condition.map { ConditionRows.words($0.json) } : nil,
            conditionProblems: problems.of("condition"),
            goals: goalValues.map { .init(value: $0, label: goalLabel($0), selected: $0 == form.goal) },
            goalProblems: problems.of("goal"),
            guardrails: guardrailValues.enumerated().map { index, goal in
                .init(id: "guardrail-\(index)", value: goal, label: goalLabel(goal), checked: form.guardrails.contains(goal))
            },
            guardrailsProblems: problems.of("guardrails"),
            minimumDetectableEffect: form.minimumDetectableEffect, minimumDetectableEffectProblems: problems.of("minimumDetectableEffect"),
            hypothesis: form.hypothesis, hypothesisProblems: problems.of("hypothesis"),
            variationChanges: existing.map { experiment in
                // Every flow and walkthrough the experiment reaches or its variations change, else the form's.
                let changed = subjects.filter { kind, id in
                    kind == "flow"
                        ? experiment.changes.values.joined().contains { $0.flow == id } || document.flows.contains { $0.id == id && $0.experiment == experiment.key }
                        : experiment.changes.values.joined().contains { $0.walkthrough == id } || document.walkthroughs.contains { $0.id == id && $0.experiment == experiment.key }
                }
                let ids = (reached + changed.map(\.id)).uniqued()
                let shown = (ids.isEmpty ? [form.subject] : ids).compactMap { id in subjects.first { $0.id == id } }
                return Self.variationChanges(experiment, subjects: shown, revision: revision)
            } ?? [],
            changesProblems: problems.of("changes"),
            message: message, diagnostics: DiagnosticTable(unplaced, caption: "Findings that concern no field of the form"))
        return renderer.page(page, title: page.heading, chrome: chrome(request, context), status: status)
    }

    /// Each variation's changes in words, with links to the editor of each step of `subjects`: the step
    /// editor for a flow's steps, the hint editor for a walkthrough's hints.
    private static func variationChanges(
        _ experiment: ExperimentEntry, subjects: [(kind: String, id: String)], revision: EditedRevision
    ) -> [ExperimentFormPageContext.VariationChanges] {
        let document = revision.document
        let steps = subjects.flatMap { kind, subject -> [(kind: String, subject: String, step: String)] in
            let ids =
                kind == "flow"
                ? document.flows.filter { $0.id == subject }.flatMap { $0.steps.map(\.id) }.uniqued()
                : document.walkthroughs.filter { $0.id == subject }.flatMap { $0.steps.map(\.id) }.uniqued()
            return ids.map { (kind: kind, subject: subject, step: $0) }
        }
        let app = FormText.percentEncoded(revision.app.id.rawValue)
        return experiment.variations.uniqued().enumerated().map { index, variation in
            // A whole-flow variation is an entry of its own: its structure, not a step's fields.
            let entries = document.flows.filter { $0.experiment == experiment.key && $0.variation == variation }.map { "flow \($0.id): an entry of its own (\($0.steps.count) steps)" }
                + document.walkthroughs.filter { $0.experiment == experiment.key && $0.variation == variation }.map { "walkthrough \($0.id): an entry of its own (\($0.steps.count) steps)" }
            let changes = entries + (experiment.changes[variation] ?? []).flatMap(ExperimentChangeWords.lines)
            return .init(
                name: variation, isControl: index == 0, changes: changes, hasChanges: !changes.isEmpty,
                links: steps.map { kind, subject, step in
                    .init(
                        step: subjects.count == 1 ? step : "\(subject) · \(step)",
                        href: "/apps/\(app)/revisions/\(revision.number)/\(kind)s/\(FormText.percentEncoded(subject))/steps/\(FormText.percentEncoded(step))"
                            + "?experiment=\(FormText.percentEncoded(experiment.key))&variation=\(FormText.percentEncoded(variation))")
                })
        }
    }
}
