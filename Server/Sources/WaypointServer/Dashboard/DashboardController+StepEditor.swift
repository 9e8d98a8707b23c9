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

    /// The revision a page edits, and its document.
    private struct EditedRevision {
        let app: AppRecord
        let number: Int
        let document: WaypointDocument
    }

    private func editedRevision(_ context: Context) async throws -> EditedRevision {
        let app = try await administration.existingApp(context.parameters.get("app") ?? "")
        let number = try Self.revisionNumber(context.parameters.get("revision"))
        guard let stored = try await administration.revisions.revision(appID: app.id, number: number) else {
            throw APIError.notFound("The app \"\(app.id)\" has no revision \(number).")
        }
        guard let document = WaypointDocument.validate(Data(stored.body)).document else {
            throw APIError.badRequest("Revision \(number) cannot be read under today's rules, so it cannot be edited; upload a corrected revision.")
        }
        return EditedRevision(app: app, number: number, document: document)
    }

    /// The form's fields, once its CSRF token is checked.
    private func editorFields(_ request: Request) async throws -> EditorFields {
        let fields = try await EditorFields.read(request, limit: Self.editorFormLimit)
        guard let session = sessions.session(of: request), sessions.isValidCSRF(fields["csrf"], for: session) else {
            throw DashboardError.forgedForm
        }
        return fields
    }

    /// The locales a sent form's columns had.
    private static func columns(_ fields: EditorFields) -> [String]? {
        guard let list = fields["columns"], !list.isEmpty else { return nil }
        return list.split(separator: ",").map(String.init)
    }

    private static func savedNotice(_ request: Request) -> String? {
        guard let saved = request.uri.queryParameters.get("saved").flatMap({ Int($0) }) else { return nil }
        if request.uri.queryParameters.get("existing") == "true" {
            return "Saved: the result equals revision \(saved), which already exists."
        }
        return "Saved as revision \(saved) (draft): publish it from its revision page."
    }

    /// Sends `edits` through the edits route's code; the revision made, or the problems to show.
    private func save(
        _ edits: [DocumentEdit], origins: [String?], places: DiagnosticPlaces, revision: EditedRevision, request: Request, context: Context
    ) async throws -> Result<AppAdministration.CreatedRevision, SaveRefusal> {
        do {
            let created = try await administration.editRevision(
                appID: revision.app.id, base: revision.number, body: DocumentEdits.encode(edits),
                by: try administration.origin(of: request, context: context))
            return .success(created)
        } catch let error as APIError where error.status == .unprocessableContent || error.status == .badRequest {
            var problems = FieldProblems()
            if error.status == .unprocessableContent {
                for diagnostic in error.diagnostics where diagnostic.isError {
                    problems.add("\(diagnostic.message) [\(diagnostic.code)]", field: places.field(of: diagnostic.path))
                }
                return .failure(SaveRefusal(
                    status: .unprocessableContent, problems: problems,
                    message: "Nothing was saved: the result would have errors, shown beside the fields they concern."))
            }
            let field = error.editIndex.flatMap { origins.indices.contains($0) ? origins[$0] : nil }
            problems.add(error.message, field: field)
            return .failure(SaveRefusal(status: .badRequest, problems: problems, message: "Nothing was saved: a change was refused."))
        }
    }

    private struct SaveRefusal: Error {
        let status: HTTPResponse.Status
        let problems: FieldProblems
        let message: String
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
            return stepEditorResponse(
                editor, revision: revision, request: request, context: context, status: .ok, notice: Self.savedNotice(request), message: nil,
                problems: FieldProblems(), submitted: nil)
        }
    }

    @Sendable func saveStep(request: Request, context: Context) async throws -> Response {
        try await rendering(request, context) {
            let revision = try await editedRevision(context)
            let fields = try await editorFields(request)
            let editor = try flowStepEditor(revision, request: request, context: context, columns: Self.columns(fields))
            let asked = editor.edits(from: fields)
            guard asked.problems.isEmpty else {
                return stepEditorResponse(
                    editor, revision: revision, request: request, context: context, status: .badRequest,
                    notice: nil, message: "Nothing was saved: a value cannot be read.", problems: asked.problems, submitted: fields)
            }
            guard !asked.edits.isEmpty else {
                return stepEditorResponse(
                    editor, revision: revision, request: request, context: context, status: .ok,
                    notice: "Nothing changed, so no revision was made.", message: nil, problems: FieldProblems(), submitted: nil)
            }
            switch try await save(asked.edits, origins: asked.origins, places: editor.diagnosticPlaces, revision: revision, request: request, context: context) {
            case .success(let created):
                var location = "/apps/\(revision.app.id)/revisions/\(created.revision)/flows/\(FormText.percentEncoded(editor.flowID))/steps/"
                    + FormText.percentEncoded(editor.stepID) + "?saved=\(created.revision)"
                if created.existing { location += "&existing=true" }
                if let variation = editor.variation {
                    location += "&experiment=\(FormText.percentEncoded(variation.experiment))&variation=\(FormText.percentEncoded(variation.name))"
                }
                return PageRenderer.redirect(to: location)
            case .failure(let refusal):
                return stepEditorResponse(
                    editor, revision: revision, request: request, context: context, status: refusal.status, notice: nil,
                    message: refusal.message, problems: refusal.problems, submitted: fields)
            }
        }
    }

    private func stepEditorResponse(
        _ editor: FlowStepEditor, revision: EditedRevision, request: Request, context: Context, status: HTTPResponse.Status, notice: String?,
        message: String?, problems: FieldProblems, submitted: EditorFields?
    ) -> Response {
        let page = editor.page(
            csrf: csrf(request), app: revision.app, revision: revision.number, mayEdit: Permissions(role: context.principal?.role).edit,
            notice: notice, message: message, problems: problems, submitted: submitted)
        return renderer.page(
            page, title: "Step \(editor.stepID) · revision \(revision.number) of \(revision.app.name)", chrome: chrome(request, context),
            status: status)
    }

    // MARK: Walkthrough hints

    private func hintEditor(_ revision: EditedRevision, request: Request, context: Context, columns: [String]?) throws -> HintEditor {
        try HintEditor(
            document: revision.document, walkthrough: context.parameters.get("walkthrough") ?? "", step: context.parameters.get("step") ?? "",
            locales: columns, adding: request.uri.queryParameters.get("add"))
    }

    @Sendable func hintEditorPage(request: Request, context: Context) async throws -> Response {
        try await rendering(request, context) {
            let revision = try await editedRevision(context)
            let editor = try hintEditor(revision, request: request, context: context, columns: nil)
            return hintEditorResponse(
                editor, revision: revision, request: request, context: context, status: .ok, notice: Self.savedNotice(request), message: nil,
                problems: FieldProblems(), submitted: nil)
        }
    }

    @Sendable func saveHint(request: Request, context: Context) async throws -> Response {
        try await rendering(request, context) {
            let revision = try await editedRevision(context)
            let fields = try await editorFields(request)
            let editor = try hintEditor(revision, request: request, context: context, columns: Self.columns(fields))
            let asked = editor.edits(from: fields)
            guard asked.problems.isEmpty else {
                return hintEditorResponse(
                    editor, revision: revision, request: request, context: context, status: .badRequest,
                    notice: nil, message: "Nothing was saved: a value cannot be read.", problems: asked.problems, submitted: fields)
            }
            guard !asked.edits.isEmpty else {
                return hintEditorResponse(
                    editor, revision: revision, request: request, context: context, status: .ok,
                    notice: "Nothing changed, so no revision was made.", message: nil, problems: FieldProblems(), submitted: nil)
            }
            switch try await save(asked.edits, origins: asked.origins, places: editor.diagnosticPlaces, revision: revision, request: request, context: context) {
            case .success(let created):
                var location = "/apps/\(revision.app.id)/revisions/\(created.revision)/walkthroughs/\(FormText.percentEncoded(editor.walkthroughID))/steps/"
                    + FormText.percentEncoded(editor.stepID) + "?saved=\(created.revision)"
                if created.existing { location += "&existing=true" }
                return PageRenderer.redirect(to: location)
            case .failure(let refusal):
                return hintEditorResponse(
                    editor, revision: revision, request: request, context: context, status: refusal.status, notice: nil,
                    message: refusal.message, problems: refusal.problems, submitted: fields)
            }
        }
    }

    private func hintEditorResponse(
        _ editor: HintEditor, revision: EditedRevision, request: Request, context: Context, status: HTTPResponse.Status, notice: String?,
        message: String?, problems: FieldProblems, submitted: EditorFields?
    ) -> Response {
        let page = editor.page(
            csrf: csrf(request), app: revision.app, revision: revision.number, mayEdit: Permissions(role: context.principal?.role).edit,
            notice: notice, message: message, problems: problems, submitted: submitted,
            previewLocale: request.uri.queryParameters.get("locale"))
        return renderer.page(
            page, title: "Hint \(editor.stepID) · revision \(revision.number) of \(revision.app.name)", chrome: chrome(request, context),
            status: status)
    }
}
