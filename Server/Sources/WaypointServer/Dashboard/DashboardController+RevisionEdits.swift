import Foundation
import Hummingbird
import Waypoint
import WaypointTools

/// What the dashboard's editing pages share (Server/README.md, "The dashboard"): the revision a page
/// edits, and a save that sends a page's edits through
/// ``AppAdministration/editRevision(appID:base:body:by:)``, the code of
/// `POST /v1/apps/{app}/revisions/{base}/edits`, answered with the revision made or with what was
/// refused, each finding placed beside the field of the page it concerns.
extension DashboardController {
    /// The revision a page edits, and its document.
    struct EditedRevision: Sendable {
        let app: AppRecord
        let number: Int
        let document: WaypointDocument
    }

    /// The revision named by the route's `app` and `revision`.
    func editedRevision(_ context: Context) async throws -> EditedRevision {
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

    /// A save refused: what the page says above the form, the findings placed beside their fields,
    /// and those of no field of the page.
    struct EditRefusal: Error {
        let status: HTTPResponse.Status
        let message: String
        let problems: FieldProblems
        let unplaced: [Diagnostic]
    }

    /// Sends `body` (`{"edits": […]}`) as edits of revision `base`: the revision made, or the refusal
    /// of a 400 or 422, each diagnostic beside the field `fieldOfPath` names for its path, and a
    /// refused edit's message beside the field `fieldOfEdit` names for its index.
    func saveEdits(
        _ body: Data, app: AppID, base: Int, request: Request, context: Context,
        fieldOfPath: (String) -> String?, fieldOfEdit: (Int) -> String? = { _ in nil }
    ) async throws -> Result<AppAdministration.CreatedRevision, EditRefusal> {
        do {
            let created = try await administration.editRevision(
                appID: app, base: base, body: body, by: try administration.origin(of: request, context: context))
            return .success(created)
        } catch let error as APIError where error.status == .badRequest || error.status == .unprocessableContent {
            var problems = FieldProblems()
            var unplaced: [Diagnostic] = []
            for diagnostic in error.diagnostics {
                if let field = fieldOfPath(diagnostic.path) {
                    problems.add(FieldProblem(diagnostic), field: field)
                } else {
                    unplaced.append(diagnostic)
                }
            }
            let message: String
            if error.diagnostics.isEmpty {
                let refusal = Self.withoutEditNumber(error.message)
                if let field = error.editIndex.flatMap(fieldOfEdit) {
                    problems.add(refusal, field: field)
                    message = "Nothing was saved: a change was refused; it is shown beside the field it concerns."
                } else {
                    message = "Nothing was saved: " + refusal
                }
            } else {
                let errors = error.diagnostics.filter(\.isError).count
                let placed = errors - unplaced.filter(\.isError).count
                message = "Nothing was saved: the document would have \(errors) error\(errors == 1 ? "" : "s"). "
                    + (placed == 0 ? "They are listed below." : "Each is shown beside the field it concerns\(placed == errors ? "" : "; the others are listed here").")
            }
            return .failure(EditRefusal(status: error.status, message: message, problems: problems, unplaced: unplaced))
        }
    }

    /// `Edit 2 (`set-step`): the step…` as `The step…`: a page's user made no numbered edits.
    static func withoutEditNumber(_ message: String) -> String {
        guard message.hasPrefix("Edit "), let colon = message.range(of: ": ") else { return message }
        let label = message[message.index(message.startIndex, offsetBy: 5)..<colon.lowerBound]
        let number = label.prefix { $0.isASCII && $0.isNumber }
        let operation = label.dropFirst(number.count)
        guard !number.isEmpty,
              operation.isEmpty || (operation.hasPrefix(" (`") && operation.hasSuffix("`)") && !operation.dropFirst(3).dropLast(2).contains(" "))
        else { return message }
        let rest = message[colon.upperBound...]
        return rest.prefix(1).uppercased() + rest.dropFirst()
    }
}
