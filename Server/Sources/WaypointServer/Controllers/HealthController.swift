import Hummingbird

/// `GET /health` and `GET /metrics` (Prometheus text), open to anyone.
struct HealthController<Context: RequestContext>: Sendable {
    let metrics: ServerMetrics

    func addRoutes(to router: Router<Context>) {
        router.get("health") { _, _ in
            try JSONBody.response(["status": "ok"])
        }
        router.get("metrics") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(bytes: metrics.exposition())))
        }
    }
}
