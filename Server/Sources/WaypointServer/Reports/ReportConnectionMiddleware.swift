import Hummingbird

/// Answers a report route with `Connection: close`, errors included.
///
/// A report watches its request's inbound stream to stop when the client goes away
/// (``ReportWork``); the stream then cannot carry another request, so Hummingbird closes the
/// connection after the answer. Saying so keeps clients from sending a next request on a
/// connection that is closing.
struct ReportConnectionMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as any HTTPResponseError {
            response = try error.response(from: request, context: context)
        }
        response.headers[.connection] = "close"
        return response
    }
}
