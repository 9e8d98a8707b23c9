import Hummingbird

/// Lets through only requests that carry the admin token (`Authorization: Bearer <token>`).
///
/// The rest are answered 401 before any handler runs.
struct AdminAuthMiddleware<Context: RequestContext>: RouterMiddleware {
    let authenticator: Authenticator

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        try authenticator.requireAdmin(request)
        return try await next(request, context)
    }
}
