import HTTPTypes
import Hummingbird
import Logging

/// `GET /v1/document`: the published revision of the key's environment, byte for byte, cacheable by
/// its ETag; `HEAD /v1/document` answers the same status and headers without the body.
struct DocumentController: Sendable {
    typealias Context = ServerContext
    let documents: PublishedDocumentCache
    let authenticator: Authenticator

    /// The number of the revision served (docs/ARCHITECTURE.md, "A document, from upload to app").
    static var revisionHeader: HTTPField.Name { DocumentHeaders.revisionName }

    func addRoutes(to router: Router<Context>) {
        router.get("v1/document", use: document)
        router.head("v1/document", use: head)
    }

    /// `HEAD /v1/document`: the GET's answer without its body (`Content-Length` stays the body's),
    /// for errors (401, 404, 429) as for 200 and 304.
    @Sendable func head(request: Request, context: Context) async throws -> Response {
        let response: Response
        do {
            response = try await document(request: request, context: context)
        } catch let error as any HTTPResponseError {
            response = try error.response(from: request, context: context)
        } catch {
            context.logger.error("\(request.method) \(request.uri.path) failed: \(error)")
            response = try (APIError.storageFailure(error) ?? .internalError).response(from: request, context: context)
        }
        return response.createHeadResponse()
    }

    @Sendable func document(request: Request, context: Context) async throws -> Response {
        let environment = try await authenticator.environment(of: request, context: context)
        guard let document = try await documents.document(appID: environment.appID, environment: environment.name) else {
            throw APIError.notFound(
                "Nothing is published to \(environment.name) yet; publish a revision with "
                    + "POST /v1/apps/\(environment.appID)/environments/\(environment.name)/publish.")
        }
        // The headers were built when the revision was read; a copy shares their storage.
        if let condition = request.headers[.ifNoneMatch], document.headers.matches(condition) {
            return Response(status: .notModified, headers: document.headers.notModified)
        }
        return Response(status: .ok, headers: document.headers.ok, body: .init(byteBuffer: document.body))
    }
}
