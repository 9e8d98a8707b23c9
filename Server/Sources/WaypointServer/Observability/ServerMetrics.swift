import Prometheus

/// The server's counters, in one Prometheus registry served at `/metrics`.
public final class ServerMetrics: Sendable {
    /// The registry `/metrics` writes out.
    public let registry: PrometheusCollectorRegistry
    let eventsAccepted: Counter
    let eventsDuplicate: Counter
    let eventsRejected: Counter
    let publishes: Counter
    let reportsCancelled: Counter

    public init(registry: PrometheusCollectorRegistry = PrometheusCollectorRegistry()) {
        self.registry = registry
        eventsAccepted = registry.makeCounter(descriptor: Self.total("events_accepted", help: "Events stored."))
        eventsDuplicate = registry.makeCounter(
            descriptor: Self.total("events_duplicate", help: "Events dropped because their messageId was stored already."))
        eventsRejected = registry.makeCounter(descriptor: Self.total("events_rejected", help: "Events refused because they are not valid events."))
        publishes = registry.makeCounter(descriptor: Self.total("publishes", help: "Revisions published to an environment."))
        reportsCancelled = registry.makeCounter(
            descriptor: Self.total("reports_cancelled", help: "Reports stopped before their end: their client went away or the server was stopping."))
    }

    /// Counts one answered request.
    func recordRequest(route: String, status: Int) {
        registry.makeCounter(
            descriptor: Self.total("http_requests", help: "HTTP requests answered, by route and status."),
            labels: [("route", route), ("status", String(status))]
        ).increment()
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
