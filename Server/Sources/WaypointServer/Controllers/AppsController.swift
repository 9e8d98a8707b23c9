import Foundation
import Hummingbird
import Waypoint
import WaypointTools

/// `POST /v1/apps`, revisions and publishing: the admin routes that shape what apps receive.
///
/// Who may use each is ``AccessRules``'s.
struct AppsController: Sendable {
    typealias Context = ServerContext
    let administration: AppAdministration
    let limits: Limits

    func addRoutes(to group: RouterGroup<Context>) {
        group.post(use: create)
        group.get(use: listApps)
        group.post(":app/revisions", use: upload)
        group.post(":app/revisions/:revision/edits", use: edit)
        group.get(":app/revisions", use: list)
        group.get(":app/revisions/:revision/preview", use: preview)
        group.post(":app/environments/:environment/publish", use: publish)
    }

    // MARK: Apps

    private struct CreateApp: Decodable {
        let id: String
        let name: String
    }

    private struct CreatedApp: Encodable {
        struct Environment: Encodable {
            let name: String
            let sdkKey: String
        }

        let id: String
        let name: String
        let environments: [Environment]
    }

    @Sendable func create(request: Request, context: Context) async throws -> Response {
        let body = try await RequestBody.collect(request, limit: 64 * 1024)
        let input: CreateApp
        do {
            input = try JSONDecoder().decode(CreateApp.self, from: body)
        } catch {
            throw APIError.badRequest("The body is not an app: \(EventBatch.describe(error)). Send {\"id\":\"fitness\",\"name\":\"Fitness\"}.")
        }
        let created = try await administration.createApp(id: input.id, name: input.name, by: try administration.origin(of: request, context: context))
        return try JSONBody.response(
            CreatedApp(
                id: created.app.id.rawValue, name: created.app.name,
                environments: created.keys.map { .init(name: $0.environment.rawValue, sdkKey: $0.key) }),
            status: .created)
    }

    /// `GET /v1/apps`: every app, by id, with what each environment serves, when it last heard from
    /// an app, and how many events it received in the last 24 hours.
    private struct AppList: Encodable {
        struct App: Encodable {
            let id: String
            let name: String
            let environments: [Environment]
        }

        struct Environment: Encodable {
            let name: String
            let publishedRevision: Int?
            let lastEventAt: String?
            /// Events received in the 24 hours before the answer.
            let eventsLast24h: Int

            private enum CodingKeys: String, CodingKey { case name, publishedRevision, lastEventAt, eventsLast24h }

            // Written out so that `null` stands for "none" rather than the key being left out.
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(name, forKey: .name)
                try container.encode(publishedRevision, forKey: .publishedRevision)
                try container.encode(lastEventAt, forKey: .lastEventAt)
                try container.encode(eventsLast24h, forKey: .eventsLast24h)
            }
        }

        let apps: [App]
    }

    @Sendable func listApps(request: Request, context: Context) async throws -> Response {
        var apps: [AppList.App] = []
        for app in try await administration.apps.apps() {
            let environments = try await administration.environmentSummaries(appID: app.id).map { summary in
                AppList.Environment(
                    name: summary.name.rawValue, publishedRevision: summary.publishedRevision,
                    lastEventAt: summary.lastEventAt.map(WaypointTime.iso8601(milliseconds:)), eventsLast24h: summary.recentEvents)
            }
            apps.append(AppList.App(id: app.id.rawValue, name: app.name, environments: environments))
        }
        return try JSONBody.response(AppList(apps: apps))
    }

    // MARK: Revisions

    private struct CreatedRevision: Encodable {
        let revision: Int
        let sha256: String
        let diagnostics: [Diagnostic]
        let existing: Bool
    }

    /// `POST /v1/apps/{app}/revisions`: 201 for a new revision; 200 with `"existing":true` when the
    /// app has a revision with these bytes already (nothing new is stored).
    @Sendable func upload(request: Request, context: Context) async throws -> Response {
        let appID = try await existingApp(context)
        let body = try await RequestBody.collect(request, limit: limits.maxDocumentBytes)
        let created = try await administration.addRevision(appID: appID, body: body, by: try administration.origin(of: request, context: context))
        return try JSONBody.response(
            CreatedRevision(revision: created.revision, sha256: created.sha256, diagnostics: created.diagnostics, existing: created.existing),
            status: created.existing ? .ok : .created)
    }

    /// The answer to edits: an upload's, with the number of edits applied.
    private struct EditedRevision: Encodable {
        let revision: Int
        let sha256: String
        let diagnostics: [Diagnostic]
        let existing: Bool
        let edits: Int
    }

    /// `POST /v1/apps/{app}/revisions/{base}/edits` `{"edits":[EDIT,…]}`: the revision the edits make
    /// of revision `base`, stored as an upload of it would be (201, or 200 with `"existing":true`;
    /// 422 with the diagnostics); 400 `bad-edit` naming the edit refused (`"edit"`), 404 for an unknown base.
    @Sendable func edit(request: Request, context: Context) async throws -> Response {
        let appID = try await existingApp(context)
        let base = try revisionNumber(context, appID: appID)
        let body = try await RequestBody.collect(request, limit: limits.maxDocumentBytes)
        let created = try await administration.editRevision(
            appID: appID, base: base, body: body, by: try administration.origin(of: request, context: context))
        return try JSONBody.response(
            EditedRevision(
                revision: created.revision, sha256: created.sha256, diagnostics: created.diagnostics, existing: created.existing,
                edits: created.edits.count),
            status: created.existing ? .ok : .created)
    }

    private struct RevisionList: Encodable {
        struct Item: Encodable {
            let revision: Int
            let sha256: String
            let createdAt: String
            let publishedTo: [String]
            /// For a revision made by edits: the revision they were applied to, and the edits in words.
            let base: Int?
            let edits: [String]?
        }

        let revisions: [Item]
    }

    @Sendable func list(request: Request, context: Context) async throws -> Response {
        let appID = try await existingApp(context)
        let revisions = try await administration.revisions.revisions(appID: appID).map { summary in
            RevisionList.Item(
                revision: summary.revision, sha256: summary.sha256,
                createdAt: Timestamp.iso8601(summary.createdAt),
                publishedTo: summary.publishedTo.map(\.rawValue), base: summary.base,
                edits: summary.editWords)
        }
        return try JSONBody.response(RevisionList(revisions: revisions))
    }

    /// `GET /v1/apps/{app}/revisions/{n}/preview?environment=E`: what publishing revision n to E would do.
    @Sendable func preview(request: Request, context: Context) async throws -> Response {
        let appID = try await existingApp(context)
        let number = try revisionNumber(context, appID: appID)
        let environment = try request.uri.queryParameters.get("environment").map(AppAdministration.existingEnvironment) ?? .default
        let preview = try await administration.previews.preview(appID: appID, revision: number, environment: environment)
        return Response(
            status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(bytes: try preview.jsonData())))
    }

    // MARK: Publishing

    private struct Published: Encodable {
        let environment: EnvironmentName
        let revision: Int
        let previousRevision: Int?
        let preview: PublishPreview

        private enum CodingKeys: String, CodingKey { case environment, revision, previousRevision, preview }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(environment, forKey: .environment)
            try container.encode(revision, forKey: .revision)
            try container.encode(previousRevision, forKey: .previousRevision)
            try container.encode(preview, forKey: .preview)
        }
    }

    /// The 409 of a publish that needs confirmation: the usual error envelope and the preview.
    private struct NeedsConfirmation: Encodable {
        struct Detail: Encodable {
            let code: String
            let message: String
        }

        let error: Detail
        let preview: PublishPreview
    }

    /// `POST /v1/apps/{app}/environments/{env}/publish` `{"revision":N,"confirm":false}`: the publish
    /// rule of ``AppAdministration/publish(appID:environment:revision:confirmed:by:)``; 409 with the
    /// preview, and nothing changed, when it needs a confirmation the body does not give.
    @Sendable func publish(request: Request, context: Context) async throws -> Response {
        let appID = try await existingApp(context)
        let environment = try AppAdministration.existingEnvironment(context.parameters.get("environment") ?? "")
        let body = try await RequestBody.collect(request, limit: 64 * 1024)
        let input = try PublishRequest.parse(body)
        do {
            let publication = try await administration.publish(
                appID: appID, environment: environment, revision: input.revision, confirmed: input.confirm,
                by: try administration.origin(of: request, context: context))
            return try JSONBody.response(
                Published(
                    environment: environment, revision: input.revision, previousRevision: publication.previousRevision,
                    preview: publication.preview))
        } catch let refusal as PublishNeedsConfirmation {
            let message = "\(refusal.description) Send \"confirm\": true to publish anyway."
            return try JSONBody.response(
                NeedsConfirmation(error: .init(code: "needs-confirmation", message: message), preview: refusal.preview),
                status: .conflict)
        }
    }

    /// The `:revision` parameter, when it is a revision number (1, 2, …); 400 otherwise.
    private func revisionNumber(_ context: Context, appID: AppID) throws -> Int {
        let text = context.parameters.get("revision") ?? ""
        guard let number = Int(text), number > 0 else {
            throw APIError.badRequest("\(String(reflecting: text)) is not a revision number; use 1, 2, … as GET /v1/apps/\(appID)/revisions lists them.", code: "bad-query")
        }
        return number
    }

    /// The `:app` parameter, when it names an app that exists; 404 otherwise.
    private func existingApp(_ context: Context) async throws -> AppID {
        try await administration.existingApp(context.parameters.get("app") ?? "").id
    }
}
