import Foundation
import Hummingbird
import Waypoint
import WaypointTools

/// The step editor and the hint editor (Server/README.md, "The dashboard"): forms whose values become
/// the edits of `POST /v1/apps/{app}/revisions/{base}/edits`, applied by the same
/// ``AppAdministration/editRevision(appID:base:body:by:)``; a save makes a draft revision, a refused
/// one shows each problem beside its field.
extension DashboardController {
    /// The largest editor form read.
    private static var editorFormLimit: Int { 256 * 1024 }

    /// What an editor's page shows besides the document: a notice, or why a save was refused with
    /// its problems and the values sent.
    private struct EditorAnswer {
        var status: HTTPResponse.Status = .ok
        var notice: String?
        var message: String?
        var problems = FieldProblems()
        var submitted: FormFields?
    }

    /// The locales a sent form's columns had.
    private static func columns(_ fields: FormFields) -> [String]? {
        guard let list = fields["columns"], !list.isEmpty else { return nil }
        return list.split(separator: ",").map(String.init)
    }

    /// The page after a save: the revision it made.
    private static func savedAnswer(_ request: Request) -> EditorAnswer {
        guard let saved = request.uri.queryParameters.get("saved").flatMap({ Int($0) }) else { return EditorAnswer() }
        if request.uri.queryParameters.get("existing") == "true" {
            return EditorAnswer(notice: "Saved: the result equals revision \(saved), which already exists.")
        }
        return EditorAnswer(notice: "Saved as revision \(saved) (draft): publish it from its revision page.")
    }

    /// Saves what an editor's form asks for: a redirect to the page at `location` of the revision
    /// made, or the editor's page (`respond`) saying why nothing was saved.
    private func saveEditor(
        _ asked: (edits: [DocumentEdit], origins: [String?], problems: FieldProblems), places: DiagnosticPlaces, fields: FormFields,
        revision: EditedRevision, request: Request, context: Context,
        location: (AppAdministration.CreatedRevision) -> String, respond: (EditorAnswer) -> Response
    ) async throws -> Response {
        guard asked.problems.isEmpty else {
            return respond(EditorAnswer(
                status: .badRequest, message: "Nothing was saved: a value cannot be read.", problems: asked.problems, submitted: fields))
        }
        guard !asked.edits.isEmpty else { return respond(EditorAnswer(notice: "Nothing changed, so no revision was made.")) }
        let origins = asked.origins
        switch try await saveEdits(
            DocumentEdits.encode(asked.edits), app: revision.app.id, base: revision.number, request: request, context: context,
            fieldOfPath: places.field(of:), fieldOfEdit: { origins.indices.contains($0) ? origins[$0] : nil })
        {
        case .success(let created):
            return PageRenderer.redirect(to: location(created))
        case .failure(let refusal):
            // The editors show errors only (their cells mark missing translations, lint's usual
            // warnings): beside their fields, the others above the form, each code after its message.
            var problems = FieldProblems()
            for (field, list) in refusal.problems.byField { for problem in list where problem.isError { problems.add(Self.coded(problem), field: field) } }
            for problem in refusal.problems.top where problem.isError { problems.add(Self.coded(problem), field: nil) }
            for diagnostic in refusal.unplaced where diagnostic.isError { problems.add(Self.coded(FieldProblem(diagnostic)), field: nil) }
            return respond(EditorAnswer(status: refusal.status, message: refusal.message, problems: problems, submitted: fields))
        }
    }

    /// `problem` with its code in brackets after its message (`… [unknown-target]`).
    private static func coded(_ problem: FieldProblem) -> FieldProblem {
        problem.code.isEmpty ? problem : FieldProblem(severity: problem.severity, message: "\(problem.message) [\(problem.code)]")
    }

    // MARK: Flow steps

    private func flowStepEditor(_ revision: EditedRevision, request: Request, context: Context, columns: [String]?) throws -> FlowStepEditor {
        let query = request.uri.queryParameters
        return try FlowStepEditor(
            document: revision.document, flow: context.parameters.get("flow") ?? "", step: context.parameters.get("step") ?? "",
            experiment: query.get("experiment"), variation: query.get("variation"), locales: columns, adding: query.get("add"))
    }

    @Sendable func stepEditorPage(request: Request, context: Context) async throws -> Response {
        try await rendering(request, context) {
            let revision = try await editedRevision(context)
            let editor = try flowStepEditor(revision, request: request, context: context, columns: nil)
            return stepEditorResponse(editor, revision: revision, request: request, context: context, answer: Self.savedAnswer(request))
        }
    }

    @Sendable func saveStep(request: Request, context: Context) async throws -> Response {
        try await rendering(request, context) {
            let revision = try await editedRevision(context)
            let fields = try await formFields(from: request, limit: Self.editorFormLimit)
            let editor = try flowStepEditor(revision, request: request, context: context, columns: Self.columns(fields))
            return try await saveEditor(
                editor.edits(from: fields), places: editor.diagnosticPlaces, fields: fields, revision: revision, request: request, context: context
            ) { created in
                var location = "/apps/\(revision.app.id)/revisions/\(created.revision)/flows/\(FormText.percentEncoded(editor.flowID))/steps/"
                    + FormText.percentEncoded(editor.stepID) + "?saved=\(created.revision)"
                if created.existing { location += "&existing=true" }
                if let variation = editor.variation { location += "&" + String(variation.query.dropFirst()) }
                return location
            } respond: { answer in
                stepEditorResponse(editor, revision: revision, request: request, context: context, answer: answer)
            }
        }
    }

    private func stepEditorResponse(
        _ editor: FlowStepEditor, revision: EditedRevision, request: Request, context: Context, answer: EditorAnswer
    ) -> Response {
        let page = editor.page(
            csrf: csrf(request), app: revision.app, revision: revision.number, mayEdit: Permissions(role: context.principal?.role).edit,
            notice: answer.notice, message: answer.message, problems: answer.problems, submitted: answer.submitted)
        return renderer.page(
            page, title: "Step \(editor.stepID) · revision \(revision.number) of \(revision.app.name)", chrome: chrome(request, context),
            status: answer.status)
    }

    // MARK: Walkthrough hints

    private func hintEditor(_ revision: EditedRevision, request: Request, context: Context, columns: [String]?) throws -> HintEditor {
        let query = request.uri.queryParameters
        return try HintEditor(
            document: revision.document, walkthrough: context.parameters.get("walkthrough") ?? "", step: context.parameters.get("step") ?? "",
            experiment: query.get("experiment"), variation: query.get("variation"), locales: columns, adding: query.get("add"))
    }

    @Sendable func hintEditorPage(request: Request, context: Context) async throws -> Response {
        try await rendering(request, context) {
            let revision = try await editedRevision(context)
            let editor = try hintEditor(revision, request: request, context: context, columns: nil)
            return hintEditorResponse(editor, revision: revision, request: request, context: context, answer: Self.savedAnswer(request))
        }
    }

    @Sendable func saveHint(request: Request, context: Context) async throws -> Response {
        try await rendering(request, context) {
            let revision = try await editedRevision(context)
            let fields = try await formFields(from: request, limit: Self.editorFormLimit)
            let editor = try hintEditor(revision, request: request, context: context, columns: Self.columns(fields))
            return try await saveEditor(
                editor.edits(from: fields), places: editor.diagnosticPlaces, fields: fields, revision: revision, request: request, context: context
            ) { created in
                var location = "/apps/\(revision.app.id)/revisions/\(created.revision)/walkthroughs/\(FormText.percentEncoded(editor.walkthroughID))/steps/"
                    + FormText.percentEncoded(editor.stepID) + "?saved=\(created.revision)" + (created.existing ? "&existing=true" : "")
                if let variation = editor.variation { location += "&" + String(variation.query.dropFirst()) }
                return location
            } respond: { answer in
                hintEditorResponse(editor, revision: revision, request: request, context: context, answer: answer)
            }
        }
    }

    private func hintEditorResponse(
        _ editor: HintEditor, revision: EditedRevision, request: Request, context: Context, answer: EditorAnswer
    ) -> Response {
        let page = editor.page(
            csrf: csrf(request), app: revision.app, revision: revision.number, mayEdit: Permissions(role: context.principal?.role).edit,
            notice: answer.notice, message: answer.message, problems: answer.problems, submitted: answer.submitted,
            previewLocale: request.uri.queryParameters.get("locale"))
        return renderer.page(
            page, title: "Hint \(editor.stepID) · revision \(revision.number) of \(revision.app.name)", chrome: chrome(request, context),
            status: answer.status)
    }
}
