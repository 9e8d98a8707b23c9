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
            let revision = try await editableRevision(context)
            let subject = Self.subject(asked: request.uri.queryParameters.get("flow"), reached: [], in: revision.document)
            return experimentFormView(request, context, revision, existing: nil, form: .blank(subject: subject), status: .ok)
        }
    }

    /// `POST /apps/:app/revisions/:revision/experiments/new`.
    @Sendable func addExperiment(request: Request, context: Context) async throws -> Response {
        try await rendering(request, context) {
            let revision = try await editableRevision(context)
            let fields = try await formFields(from: request)
            var form = ExperimentForm(fields: fields, keepsCondition: false)
            form.subject = Self.subject(asked: form.subject, reached: [], in: revision.document)
            return try await saving(request, context, revision, existing: nil, form: form, action: fields["action"])
        }
    }

    /// `GET /apps/:app/revisions/:revision/experiments/:experiment`.
    @Sendable func experimentFormPage(request: Request, context: Context) async throws -> Response {
        try await rendering(request, context) {
            let revision = try await editableRevision(context)
            let existing = try Self.experiment(context.parameters.get("experiment") ?? "", of: revision)
            let reached = ExperimentReport.reportableSubjects(of: existing.key, in: revision.document)
            let subject = Self.subject(asked: request.uri.queryParameters.get("flow"), reached: reached, in: revision.document)
            return experimentFormView(request, context, revision, existing: existing, form: ExperimentForm(experiment: existing, subject: subject), status: .ok)
        }
    }

    /// `POST /apps/:app/revisions/:revision/experiments/:experiment`.
    @Sendable func updateExperiment(request: Request, context: Context) async throws -> Response {
        try await rendering(request, context) {
            let revision = try await editableRevision(context)
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

    /// A revision the form edits, and its document.
    struct EditableRevision: Sendable {
        let app: AppRecord
        let number: Int
        let document: WaypointDocument
    }

    private func editableRevision(_ context: Context) async throws -> EditableRevision {
        let app = try await administration.existingApp(context.parameters.get("app") ?? "")
        let number = try Self.revisionNumber(context.parameters.get("revision"))
        guard let record = try await administration.revisions.revision(appID: app.id, number: number) else {
            throw APIError.notFound("The app \"\(app.id)\" has no revision \(number).")
        }
        guard let document = WaypointDocument.validate(Data(record.body)).document else {
            throw APIError.invalidDocument(
                "Revision \(number) cannot be read under today's rules, so its experiments cannot be edited; upload a corrected revision.",
                diagnostics: [])
        }
        return EditableRevision(app: app, number: number, document: document)
    }

    private static func experiment(_ key: String, of revision: EditableRevision) throws -> ExperimentEntry {
        guard let experiment = revision.document.experiment(key) else {
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
        _ request: Request, _ context: Context, _ revision: EditableRevision, existing: ExperimentEntry?, form: ExperimentForm, action: String?
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
                problems: ["condition-\(error.row)": [.init(severity: "error", message: error.message, code: "")]],
                message: "Nothing was saved: a row of the condition needs a change; it is marked below.", status: .badRequest)
        }
        let key = existing?.key ?? form.key
        do {
            let created = try await administration.editRevision(
                appID: revision.app.id, base: revision.number, body: ExperimentForm.body(edit), by: try administration.origin(of: request, context: context))
            var query = URLComponents()
            query.queryItems = [URLQueryItem(name: "experimentSaved", value: key)] + (created.existing ? [URLQueryItem(name: "existing", value: "true")] : [])
            return PageRenderer.redirect(to: "/apps/\(revision.app.id)/revisions/\(created.revision)?\(query.percentEncodedQuery ?? "")")
        } catch let error as APIError where error.status == .badRequest || error.status == .unprocessableContent {
            let index = existing == nil ? revision.document.experiments.count : revision.document.experiments.firstIndex { $0.key == key } ?? 0
            var problems: [String: [ExperimentFormPageContext.Problem]] = [:]
            var unplaced: [Diagnostic] = []
            for diagnostic in error.diagnostics {
                if let field = ExperimentForm.field(ofPath: diagnostic.path, experimentIndex: index) {
                    problems[field, default: []].append(.init(severity: diagnostic.severity.rawValue, message: diagnostic.message, code: "\(diagnostic.code)"))
                } else {
                    unplaced.append(diagnostic)
                }
            }
            let message: String
            if error.diagnostics.isEmpty {
                message = "Nothing was saved: " + Self.withoutEditNumber(error.message)
            } else {
                let errors = error.diagnostics.filter(\.isError).count
                message = "Nothing was saved: the document would have \(errors) error\(errors == 1 ? "" : "s"). "
                    + (problems.isEmpty ? "They are listed below." : "Each is shown beside the field it concerns\(unplaced.isEmpty ? "" : "; the others are listed here").")
            }
            return experimentFormView(
                request, context, revision, existing: existing, form: form, problems: problems, message: message, unplaced: unplaced, status: error.status)
        }
    }

    /// `Edit 0 (`add-experiment`): the document already has…` as `The document already has…`: the
    /// form is one edit.
    static func withoutEditNumber(_ message: String) -> String {
        guard message.hasPrefix("Edit 0"), let colon = message.range(of: "): ") else { return message }
        let rest = message[colon.upperBound...]
        return rest.prefix(1).uppercased() + rest.dropFirst()
    }

    // MARK: The page

    private func experimentFormView(
        _ request: Request, _ context: Context, _ revision: EditableRevision, existing: ExperimentEntry?, form: ExperimentForm,
        problems: [String: [ExperimentFormPageContext.Problem]] = [:], message: String? = nil, unplaced: [Diagnostic] = [],
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
        func problemsOf(_ field: String) -> [ExperimentFormPageContext.Problem] { problems[field] ?? [] }
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
            action: action, key: form.key, keyProblems: problemsOf("key"),
            subject: form.subject, subjectLabel: "\(kind) \(form.subject)",
            subjectChoices: subjects.map { .init(value: $0.id, label: "\($0.kind) \($0.id)", selected: $0.id == form.subject) },
            subjectChoosable: reached.isEmpty,
            variations: form.variations.enumerated().map { index, variation in
                .init(
                    index: index, name: variation.name, weight: variation.weight, isControl: index == 0, nameEditable: existing == nil,
                    nameProblems: problemsOf("variation-\(index)-name"), weightProblems: problemsOf("variation-\(index)-weight"))
            },
            variationsProblems: problemsOf("variations"), weightsProblems: problemsOf("weights"),
            coverage: form.coverage, coverageProblems: problemsOf("coverage"),
            conditionRows: form.keepsCondition ? nil : rows.enumerated().map { index, row in
                ExperimentFormPageContext.ConditionRowFields(
                    index: index, attribute: row.attribute,
                    operators: ConditionRowOperator.allCases.map { .init(value: $0.rawValue, label: $0.words, selected: $0 == row.op) },
                    value: row.value, problems: problemsOf("condition-\(index)"))
            },
            conditionWords: form.keepsCondition ? existing?.condition.map { ConditionRows.words($0.json) } : nil,
            conditionProblems: problemsOf("condition"),
            goals: goalValues.map { .init(value: $0, label: goalLabel($0), selected: $0 == form.goal) },
            goalProblems: problemsOf("goal"),
            guardrails: guardrailValues.enumerated().map { index, goal in
                .init(id: "guardrail-\(index)", value: goal, label: goalLabel(goal), checked: form.guardrails.contains(goal))
            },
            guardrailsProblems: problemsOf("guardrails"),
            minimumDetectableEffect: form.minimumDetectableEffect, minimumDetectableEffectProblems: problemsOf("minimumDetectableEffect"),
            hypothesis: form.hypothesis, hypothesisProblems: problemsOf("hypothesis"),
            variationChanges: existing.map { Self.variationChanges($0, subject: form.subject, kind: kind, revision: revision) } ?? [],
            changesProblems: problemsOf("changes"),
            message: message, diagnostics: DiagnosticTable(unplaced, caption: "Findings that concern no field of the form"))
        return renderer.page(page, title: page.heading, chrome: chrome(request, context), status: status)
    }

    /// Each variation's changes in words, with links to the step editor for each step of the subject.
    private static func variationChanges(
        _ experiment: ExperimentEntry, subject: String, kind: String, revision: EditableRevision
    ) -> [ExperimentFormPageContext.VariationChanges] {
        let document = revision.document
        let steps: [String] =
            kind == "flow"
            ? document.flows.filter { $0.id == subject }.flatMap { $0.steps.map(\.id) }.uniqued()
            : document.walkthroughs.filter { $0.id == subject }.flatMap { $0.steps.map(\.id) }.uniqued()
        let app = FormText.percentEncoded(revision.app.id.rawValue)
        return experiment.variations.uniqued().enumerated().map { index, variation in
            // A whole-flow variation is an entry of its own: its structure, not a step's fields.
            let entries = document.flows.filter { $0.experiment == experiment.key && $0.variation == variation }.map { "flow \($0.id): an entry of its own (\($0.steps.count) steps)" }
                + document.walkthroughs.filter { $0.experiment == experiment.key && $0.variation == variation }.map { "walkthrough \($0.id): an entry of its own (\($0.steps.count) steps)" }
            let changes = entries + experiment.changes(for: variation).flatMap(ExperimentChangeWords.lines)
            return .init(
                name: variation, isControl: index == 0, changes: changes, hasChanges: !changes.isEmpty,
                links: steps.map { step in
                    .init(
                        step: step,
                        href: "/apps/\(app)/revisions/\(revision.number)/\(kind)s/\(FormText.percentEncoded(subject))/steps/\(FormText.percentEncoded(step))"
                            + "?experiment=\(FormText.percentEncoded(experiment.key))&variation=\(FormText.percentEncoded(variation))")
                })
        }
    }
}
