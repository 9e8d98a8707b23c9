import Foundation
import Hummingbird
import Logging

/// One log line per request at info (method, path, status, duration) and the request counter.
///
/// Headers and query strings are never logged: they may carry an SDK key or the admin token; nor is
/// the user id of an erasure.
struct RequestLogMiddleware<Context: RequestContext>: RouterMiddleware {
    let metrics: ServerMetrics

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        let status: Int
        do {
            let response = try await next(request, context)
            status = Int(response.status.code)
            record(request, context: context, status: status, start: start)
            return response
        } catch {
            status = Int((error as? any HTTPResponseError)?.status.code ?? 500)
            record(request, context: context, status: status, start: start)
            throw error
        }
    }

    private func record(_ request: Request, context: Context, status: Int, start: ContinuousClock.Instant) {
        let route = context.endpointPath ?? "unmatched"
        metrics.recordRequest(route: route, status: status)
        let elapsed = ContinuousClock.now - start
        // An erasure's path names the user whose data is erased: the log keeps its route instead.
        let path = route == UsersController.erasureRoute ? route : request.uri.path
        context.logger.info("\(request.method) \(path) \(status) \(Self.milliseconds(elapsed))ms", source: "WaypointServer")
    }

    /// `elapsed` in milliseconds with one decimal (`0.4`, `12.0`), formatted with integers: Foundation's
    /// `String(format:)` costs more than the rest of a cached document's answer.
    static func milliseconds(_ elapsed: Duration) -> String {
        let (seconds, attoseconds) = elapsed.components
        // Tenths of a millisecond are 10^14 attoseconds; round half up.
        let tenths = max(0, seconds) * 10_000 + max(0, attoseconds + 50_000_000_000_000) / 100_000_000_000_000
        return "\(tenths / 10).\(tenths % 10)"
    }
}
