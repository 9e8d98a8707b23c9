import Foundation
import Hummingbird
import Waypoint
import WaypointTools

/// "Ship VARIATION" and "Stop" on the experiment page (Server/README.md, "The dashboard"): each
/// makes a revision from the revision the environment serves, with one `ship-variation` or
/// `stop-experiment` edit through ``AppAdministration/editRevision(appID:base:body:by:)`` (the code of
/// the edits route), then opens that revision's publish preview for the environment, where a
/// publisher confirms. Nothing changes for users until then.
extension DashboardController {
    private struct DecisionForm: CSRFForm {
        let csrf: String?
        let variation: String?
    }

    /// `POST /apps/:app/environments/:environment/experiments/:experiment/ship`.
    @Sendable func shipVariation(request: Request, context: Context) async throws -> Response {
        try await rendering(request, context) {
            let input = try await form(DecisionForm.self, from: request)
            guard let variation = input.variation, !variation.isEmpty else {
                throw APIError.badRequest("Say which variation to ship (the form's `variation`); reload the experiment page and use its buttons.")
            }
            return try await deciding(request, context, variation: variation)
        }
    }

    /// `POST /apps/:app/environments/:environment/experiments/:experiment/stop`.
    @Sendable func stopExperiment(request: Request, context: Context) async throws -> Response {
        try await rendering(request, context) {
            _ = try await form(DecisionForm.self, from: request)
            return try await deciding(request, context, variation: nil)
        }
    }

    /// Ships `variation` (stops the experiment when nil) in a revision made from the published one.
    private func deciding(_ request: Request, _ context: Context, variation: String?) async throws -> Response {
        let app = try await administration.existingApp(context.parameters.get("app") ?? "")
        let environment = try AppAdministration.existingEnvironment(context.parameters.get("environment") ?? "")
        let key = context.parameters.get("experiment") ?? ""
        guard let published = try await PublishedDocument.read(from: administration.revisions, appID: app.id, environment: environment) else {
            throw APIError.conflict("Nothing is published to \(environment), so no experiment runs there; publish a revision that declares \"\(key)\" first.")
        }
        let edit: JSONValue =
            if let variation {
                .object(["op": .string(DocumentEdit.Operation.shipVariation.rawValue), "experiment": .string(key), "variation": .string(variation)])
            } else {
                .object(["op": .string(DocumentEdit.Operation.stopExperiment.rawValue), "key": .string(key)])
            }
        let created = try await administration.editRevision(
            appID: app.id, base: published.revision, body: ExperimentForm.body(edit), by: try administration.origin(of: request, context: context))
        var items = [URLQueryItem(name: "environment", value: environment.rawValue)]
        if let variation {
            items += [URLQueryItem(name: "shipped", value: key), URLQueryItem(name: "variation", value: variation)]
        } else {
            items.append(URLQueryItem(name: "stopped", value: key))
        }
        if created.existing { items.append(URLQueryItem(name: "existing", value: "true")) }
        var query = URLComponents()
        query.queryItems = items
        return PageRenderer.redirect(to: "/apps/\(app.id)/revisions/\(created.revision)?\(query.percentEncodedQuery ?? "")#publish")
    }

    /// The experiment page's Ship and Stop buttons: for an account that may edit, when the experiment
    /// runs in the revision `environment` serves; nil otherwise.
    func experimentDecision(
        _ request: Request, _ context: Context, app: AppRecord, environment: EnvironmentName, key: String
    ) async throws -> ExperimentDecisionContext? {
        guard Permissions(role: context.principal?.role).edit,
              let published = try await PublishedDocument.read(from: administration.revisions, appID: app.id, environment: environment),
              let experiment = published.document()?.experiments.first(where: { $0.key == key }), let control = experiment.variations.first
        else { return nil }
        let base = "/apps/\(FormText.percentEncoded(app.id.rawValue))/environments/\(environment)/experiments/\(FormText.percentEncoded(key))"
        return ExperimentDecisionContext(
            csrf: csrf(request), environment: environment.rawValue, publishedRevision: published.revision, control: control,
            shipAction: base + "/ship", stopAction: base + "/stop",
            variations: experiment.variations.dropFirst().uniqued().filter { $0 != control })
    }

    /// The revision page's notice after the experiment form or a decision, read from the query of
    /// its redirect (`value` reads one parameter); nil for any other visit.
    static func experimentNotice(revision: Int, environment: EnvironmentName, _ value: (String) -> String?) -> String? {
        let existing = value("existing") == "true"
        let made: String
        if let key = value("experimentSaved") {
            made = "Experiment \(key) is saved"
        } else if let key = value("shipped"), let variation = value("variation") {
            made = "Experiment \(key) ends with \(variation) for everyone"
        } else if let key = value("stopped") {
            made = "Experiment \(key) is stopped: everyone gets its control"
        } else {
            return nil
        }
        let stored = existing ? " in revision \(revision), which existed already (the same document): nothing new was stored." : " in revision \(revision), a draft."
        return made + stored + " Nothing changes for users until it is published; below is what publishing it to \(environment) would do."
    }
}

/// The experiment page's Ship and Stop forms.
struct ExperimentDecisionContext: Sendable {
    let csrf: String
    let environment: String
    let publishedRevision: Int
    let control: String
    let shipAction: String
    let stopAction: String
    /// The variations but the control, each with its Ship button.
    let variations: [String]
}
