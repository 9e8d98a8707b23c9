import Hummingbird
import ServiceLifecycle
import Prometheus

/// Runs a report so that it stops when its client goes away or the server is told to stop
/// (docs/ARCHITECTURE.md, "Reports").
///
/// Hummingbird does not cancel a handler when its client disconnects; a handler that wants to know
/// asks through `RequestBody.consumeWithCancellationOnInboundClose`, which cancels the work when
/// the request's inbound stream closes (the connection is then closed after the answer rather than
/// kept alive, which a report can afford). `cancelWhenGracefulShutdown` cancels it when the server
/// begins a graceful shutdown, so that a report never holds up SIGTERM. The report's loop
/// (``StoredLines``) checks for cancellation at every line it reads.
enum ReportWork {
    /// The answer when a report is stopped by a shutdown.
    static var shuttingDown: APIError {
        .unavailable("The server is shutting down and stopped this report; ask again in a moment.")
    }

    /// `work`, cancelled when the client of `request` goes away or the server shuts down; counted
    /// in `waypoint_reports_cancelled_total` when it is.
    static func run<T: Sendable>(
        _ request: Request, metrics: ServerMetrics, _ work: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        do {
            return try await request.body.consumeWithCancellationOnInboundClose { body in
                // Hummingbird finishes the body it hands here when it reads the request's end; an
                // answer ready before that read leaves it unfinished, which stops the process
                // (Hummingbird 2.28.1, seen with a 3 ms report on a loaded machine). A report's
                // request has no body, so waiting for its end costs nothing.
                for try await _ in body {}
                return try await cancelWhenGracefulShutdown { try await work() }
            }
        } catch is CancellationError {
            metrics.reportsCancelled.increment()
            // Nobody reads the answer when the client is gone; after a shutdown, it says why.
            throw shuttingDown
        }
    }
}
