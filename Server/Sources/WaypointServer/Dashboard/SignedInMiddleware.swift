import Hummingbird

/// Lets only signed-in visitors through; everyone else is sent to the sign-in page, coming back
/// to the page they asked for after signing in.
struct SignedInMiddleware<Context: RequestContext>: RouterMiddleware {
    let sessions: DashboardSessions

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard sessions.session(of: request) != nil else {
            let target = request.method == .get ? request.uri.description : "/apps"
            return PageRenderer.redirect(to: "/login?next=" + FormText.percentEncoded(target))
        }
        return try await next(request, context)
    }
}
