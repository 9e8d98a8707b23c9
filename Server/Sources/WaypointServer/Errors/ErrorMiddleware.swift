import Hummingbird
import Logging

/// Turns errors that are not meant for clients (a database that failed, a bug) into a 500 with the
/// usual JSON error body, and logs them; errors meant for clients pass through. A store that cannot
/// store now (a full disk, a lost database) is a 503 with `Retry-After` instead.
struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as any HTTPResponseError {
            throw error
        } catch {
            if let answer = APIError.storageFailure(error) {
                context.logger.error("\(request.method) \(request.uri.path) answered 503: \(answer.message)")
                throw answer
            }
            context.logger.error("\(request.method) \(request.uri.path) failed: \(error)")
            throw APIError.internalError
        }
    }
}
