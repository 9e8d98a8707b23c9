import Prometheus
import Synchronization

/// The server's counters, in one Prometheus registry served at `/metrics`.
public final class ServerMetrics: Sendable {
    /// The registry `/metrics` writes out.
    public let registry: PrometheusCollectorRegistry
    let eventsAccepted: Counter
    let eventsDuplicate: Counter
    let eventsRejected: Counter
    let publishes: Counter
    let reportsCancelled: Counter
    let passwordChecks: Counter
    let requestBodyTimeouts: Counter
    let connectionsRefused: Counter
    /// The request counters made so far, by route and status: the registry builds and looks up a
    /// counter from its labels under its lock, which is too much for every request.
    private let requestCounters = Mutex<[RouteStatus: Counter]>([:])

    private struct RouteStatus: Hashable {
        let route: String
        let status: Int
    }

    public init(registry: PrometheusCollectorRegistry = PrometheusCollectorRegistry()) {
        self.registry = registry
        eventsAccepted = registry.makeCounter(descriptor: Self.total("events_accepted", help: "Events stored."))
        eventsDuplicate = registry.makeCounter(
            descriptor: Self.total("events_duplicate", help: "Events dropped because their messageId was stored already."))
        eventsRejected = registry.makeCounter(descriptor: Self.total("events_rejected", help: "Events refused because they are not valid events."))
        publishes = registry.makeCounter(descriptor: Self.total("publishes", help: "Revisions published to an environment."))
        reportsCancelled = registry.makeCounter(
            descriptor: Self.total("reports_cancelled", help: "Reports stopped before their end: their client went away or the server was stopping."))
        passwordChecks = registry.makeCounter(
            descriptor: Self.total(
                "password_checks", help: "Passwords checked with bcrypt: sign-ins (unknown emails included) and password changes."))
        requestBodyTimeouts = registry.makeCounter(
            descriptor: Self.total("request_body_timeouts", help: "Requests whose body did not arrive within the body timeout: answered 408 or closed."))
        connectionsRefused = registry.makeCounter(
            descriptor: Self.total("connections_refused", help: "Connections closed on accepting: their address had the most connections one address may."))
    }

    /// Counts one answered request.
    func recordRequest(route: String, status: Int) {
        let name = RouteStatus(route: route, status: status)
        if let counter = requestCounters.withLock({ $0[name] }) {
            counter.increment()
            return
        }
        // Routes and statuses are few (routes as the router names them), so the table stays small.
        let counter = registry.makeCounter(
            descriptor: Self.total("http_requests", help: "HTTP requests answered, by route and status."),
            labels: [("route", route), ("status", String(status))])
        requestCounters.withLock { $0[name] = counter }
        counter.increment()
    }

    /// `waypoint_NAME_total`.
    private static func total(_ name: String, help: String) -> MetricNameDescriptor {
        MetricNameDescriptor(namespace: "waypoint", metricName: name, unitName: "total", helpText: help)
    }

    /// The Prometheus text exposition.
    func exposition() -> [UInt8] {
        registry.emitToBuffer()
    }
}
