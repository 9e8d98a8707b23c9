import Hummingbird

/// Refuses a request that reached a route needing a role without a principal: the routes' own
/// check, behind ``AccessMiddleware``'s (docs/ARCHITECTURE.md, "People").
///
/// ``AccessMiddleware`` sets ``ServerContext/principal`` on every route whose rule is a role and
/// refuses the request otherwise, so this never refuses in a running server. It is there so that
/// access fails closed: a router assembled without the access middleware, or a route whose rule
/// went missing, answers 401 instead of acting for nobody (or for the admin token).
struct PrincipalRequiredMiddleware: RouterMiddleware {
    typealias Context = ServerContext

    func handle(_ request: Request, context: ServerContext, next: (Request, ServerContext) async throws -> Response) async throws -> Response {
        _ = try context.requirePrincipal()
        return try await next(request, context)
    }
}

extension ServerContext {
    /// Who is asking, or a 401 when nobody is: the only way handlers read the principal.
    func requirePrincipal() throws -> Principal {
        guard let principal else {
            throw APIError.unauthorized(
                "This route acts for a signed-in account or a token, and the request reached it without one; "
                    + "send `Authorization: Bearer <token>` or sign in to the dashboard.")
        }
        return principal
    }
}
