import Hummingbird
import Logging

/// `GET /health`, `GET /ready` and `GET /metrics` (Prometheus text), open to anyone.
///
/// `/health` says the process answers (liveness); `/ready` says it can store now (readiness), so a
/// load balancer or an orchestrator sends traffic only to servers that can keep it.
struct HealthController: Sendable {
    typealias Context = ServerContext
    let metrics: ServerMetrics
    let readiness: any StorageReadiness

    func addRoutes(to router: Router<Context>) {
        router.get("health") { _, _ in
            try JSONBody.response(["status": "ok"])
        }
        router.get("ready", use: ready)
        router.get("metrics") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(bytes: metrics.exposition())))
        }
    }

    /// 200 `{"status":"ready"}` when the store can store now, else 503
    /// `{"status":"unavailable","reason":"…"}` with `Retry-After`.
    @Sendable func ready(request: Request, context: Context) async throws -> Response {
        do {
            try await readiness.checkStorage()
            return try JSONBody.response(["status": "ready"])
        } catch {
            let answer = APIError.storageFailure(error)
                ?? APIError.from(.storageUnavailable("The store failed its check: \(error). The server's log has more."))
            context.logger.warning("GET /ready answered 503: \(answer.message)")
            var response = try JSONBody.response(["status": "unavailable", "reason": answer.message], status: .serviceUnavailable)
            response.headers[.retryAfter] = String(answer.retryAfter ?? APIError.unavailableRetryAfter)
            return response
        }
    }
}
