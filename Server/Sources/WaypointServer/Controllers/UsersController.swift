import Foundation
import Hummingbird

/// `DELETE /v1/apps/{app}/users/{userId}`: erasure of one user's events.
///
/// Who may use it is ``AccessRules``'s.
struct UsersController: Sendable {
    typealias Context = ServerContext
    let erasure: UserErasure

    /// The path of the route, as the router and the request log name it.
    static var erasureRoute: String { "/v1/apps/{app}/users/{userId}" }

    func addRoutes(to group: RouterGroup<Context>) {
        group.delete(":app/users/:userId", use: erase)
    }

    private struct Erased: Encodable {
        let deletedEvents: Int
    }

    /// 200 `{"deletedEvents":N}`; the user id is the path segment, percent-decoded.
    @Sendable func erase(request: Request, context: Context) async throws -> Response {
        let appID = context.parameters.get("app") ?? ""
        let encoded = context.parameters.get("userId") ?? ""
        guard let userID = encoded.removingPercentEncoding, !userID.isEmpty else {
            throw APIError.badRequest(
                "The user id in the path is not percent-encoded UTF-8; encode it as a URL path segment, such as user%201 for \"user 1\".",
                code: "bad-user-id")
        }
        let deleted = try await erasure.erase(
            appID: appID, userID: userID, by: try AuditOrigin(request: request, context: context, addresses: erasure.clientAddress),
            logger: context.logger)
        return try JSONBody.response(Erased(deletedEvents: deleted))
    }
}
