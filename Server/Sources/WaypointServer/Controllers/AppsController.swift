import Foundation
import Hummingbird
import Waypoint

/// `POST /v1/apps`, revisions and publishing: the admin routes that shape what apps receive.
struct AppsController<Context: RequestContext>: Sendable {
    let store: any Store
    let documents: PublishedDocuments
    let authenticator: Authenticator
    let metrics: ServerMetrics
    let limits: Limits

    /// The environments every app gets.
    static var environmentNames: [String] { ["production", "staging"] }

    func addRoutes(to group: RouterGroup<Context>) {
        group.post(use: create)
        group.post(":app/revisions", use: upload)
        group.get(":app/revisions", use: list)
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
        try authenticator.requireAdmin(request)
        let body = try await RequestBody.collect(request, limit: 64 * 1024)
        let input: CreateApp
        do {
            input = try JSONDecoder().decode(CreateApp.self, from: body)
        } catch {
            throw APIError.badRequest("The body is not an app: \(EventBatch.describe(error)). Send {\"id\":\"fitness\",\"name\":\"Fitness\"}.")
        }
        try Identifier.require(input.id, label: "id")
        let name = input.name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty, name.count <= 200 else {
            throw APIError.badRequest("\"name\" must have 1 to 200 characters; it is what people see, such as \"Fitness\".", code: "bad-name")
        }
        var created: [CreatedApp.Environment] = []
        var records: [EnvironmentRecord] = []
        for environment in Self.environmentNames {
            let key = SDKKey.generate()
            created.append(.init(name: environment, sdkKey: key))
            records.append(EnvironmentRecord(appID: input.id, name: environment, keyHash: SecretHash.sha256Hex(key)))
        }
        do {
            try await store.createApp(AppRecord(id: input.id, name: name, createdAt: Date()), environments: records)
        } catch let error as StoreError {
            throw APIError.from(error)
        }
        return try JSONBody.response(CreatedApp(id: input.id, name: name, environments: created), status: .created)
    }

    // MARK: Revisions

    private struct CreatedRevision: Encodable {
        let revision: Int
        let sha256: String
        let diagnostics: [Diagnostic]
    }

    @Sendable func upload(request: Request, context: Context) async throws -> Response {
        try authenticator.requireAdmin(request)
        let appID = try await existingApp(context)
        let body = try await RequestBody.collect(request, limit: limits.maxDocumentBytes)
        let diagnostics = DocumentCheck.diagnostics(of: body)
        if diagnostics.containsErrors {
            let errors = diagnostics.filter(\.isError).count
            throw APIError.invalidDocument(
                "The document has \(errors) error\(errors == 1 ? "" : "s"); fix \(errors == 1 ? "it" : "them") and upload again "
                    + "(`waypoint lint FILE` lists the same problems).",
                diagnostics: diagnostics)
        }
        let bytes = [UInt8](body)
        let sha256 = SecretHash.sha256Hex(bytes)
        let number = try await store.addRevision(appID: appID, body: bytes, sha256: sha256, createdAt: Date())
        return try JSONBody.response(CreatedRevision(revision: number, sha256: sha256, diagnostics: diagnostics), status: .created)
    }

    private struct RevisionList: Encodable {
        struct Item: Encodable {
            let revision: Int
            let sha256: String
            let createdAt: String
            let publishedTo: [String]
        }

        let revisions: [Item]
    }

    @Sendable func list(request: Request, context: Context) async throws -> Response {
        try authenticator.requireAdmin(request)
        let appID = try await existingApp(context)
        let revisions = try await store.revisions(appID: appID).map { summary in
            RevisionList.Item(
                revision: summary.revision, sha256: summary.sha256,
                createdAt: Timestamp.iso8601(summary.createdAt),
                publishedTo: summary.publishedTo)
        }
        return try JSONBody.response(RevisionList(revisions: revisions))
    }

    // MARK: Publishing

    private struct PublishRequest: Decodable {
        let revision: Int
    }

    private struct Published: Encodable {
        let environment: String
        let revision: Int
        let previousRevision: Int?

        private enum CodingKeys: String, CodingKey { case environment, revision, previousRevision }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(environment, forKey: .environment)
            try container.encode(revision, forKey: .revision)
            try container.encode(previousRevision, forKey: .previousRevision)
        }
    }

    @Sendable func publish(request: Request, context: Context) async throws -> Response {
        try authenticator.requireAdmin(request)
        let appID = try await existingApp(context)
        let environment = context.parameters.get("environment") ?? ""
        guard Self.environmentNames.contains(environment) else {
            throw APIError.notFound("There is no environment \"\(environment)\"; publish to production or staging.")
        }
        let body = try await RequestBody.collect(request, limit: 64 * 1024)
        let input: PublishRequest
        do {
            input = try JSONDecoder().decode(PublishRequest.self, from: body)
        } catch {
            throw APIError.badRequest("The body does not name a revision: \(EventBatch.describe(error)). Send {\"revision\":N}.")
        }
        guard let revision = try await store.revision(appID: appID, number: input.revision) else {
            throw APIError.notFound("The app \"\(appID)\" has no revision \(input.revision); list them with GET /v1/apps/\(appID)/revisions.")
        }
        // Checked again: a revision stored under older rules is not published if today's checks refuse it.
        let diagnostics = DocumentCheck.diagnostics(of: Data(revision.body))
        if diagnostics.containsErrors {
            throw APIError.invalidDocument(
                "Revision \(input.revision) does not pass validation and lint; nothing was published. Upload a corrected revision.",
                diagnostics: diagnostics)
        }
        let previous: Int?
        do {
            previous = try await store.publish(appID: appID, environment: environment, revision: input.revision)
        } catch let error as StoreError {
            throw APIError.from(error)
        }
        documents.invalidate(appID: appID, environment: environment)
        metrics.publishes.increment()
        return try JSONBody.response(Published(environment: environment, revision: input.revision, previousRevision: previous))
    }

    /// The `:app` parameter, when it names an app that exists; 404 otherwise.
    private func existingApp(_ context: Context) async throws -> String {
        let appID = context.parameters.get("app") ?? ""
        guard Identifier.isValid(appID), try await store.app(id: appID) != nil else {
            throw APIError.notFound("There is no app \"\(appID)\"; create it with POST /v1/apps.")
        }
        return appID
    }
}
