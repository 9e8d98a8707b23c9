import HTTPTypes
import Hummingbird

/// `GET /v1/document`: the published revision of the key's environment, byte for byte, cacheable by its ETag.
struct DocumentController<Context: RequestContext>: Sendable {
    let documents: PublishedDocumentCache
    let authenticator: Authenticator

    func addRoutes(to router: Router<Context>) {
        router.get("v1/document", use: document)
    }

    @Sendable func document(request: Request, context: Context) async throws -> Response {
        let environment = try await authenticator.environment(of: request)
        guard let document = try await documents.document(appID: environment.appID, environment: environment.name) else {
            throw APIError.notFound(
                "Nothing is published to \(environment.name) yet; publish a revision with "
                    + "POST /v1/apps/\(environment.appID)/environments/\(environment.name)/publish.")
        }
        let etag = document.etag
        var headers: HTTPFields = [.eTag: etag, .cacheControl: "max-age=60"]
        if let condition = request.headers[.ifNoneMatch], Self.matches(condition, etag: etag) {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = "application/json"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: document.body))
    }

    /// Whether an `If-None-Match` value names `etag` (weak comparison, lists and `*` included).
    static func matches(_ condition: String, etag: String) -> Bool {
        condition.split(separator: ",").contains { item in
            var tag = item.trimmingCharacters(in: .whitespaces)
            if tag == "*" { return true }
            if tag.hasPrefix("W/") { tag.removeFirst(2) }
            return tag == etag
        }
    }
}
