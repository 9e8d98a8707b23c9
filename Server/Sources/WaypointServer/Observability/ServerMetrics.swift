import Prometheus

/// The server's counters, in one Prometheus registry served at `/metrics`.
public final class ServerMetrics: Sendable {
    /// The registry `/metrics` writes out.
    public let registry: PrometheusCollectorRegistry
    let eventsAccepted: Counter
    let eventsDuplicate: Counter
    let eventsRejected: Counter
    let publishes: Counter

    public init(registry: PrometheusCollectorRegistry = PrometheusCollectorRegistry()) {
        self.registry = registry
        eventsAccepted = registry.makeCounter(name: "waypoint_events_accepted_total", help: "Events stored.")
        eventsDuplicate = registry.makeCounter(name: "waypoint_events_duplicate_total", help: "Events dropped because their messageId was stored already.")
        eventsRejected = registry.makeCounter(name: "waypoint_events_rejected_total", help: "Events refused because they are not valid events.")
        publishes = registry.makeCounter(name: "waypoint_publishes_total", help: "Revisions published to an environment.")
    }

    /// Counts one answered request.
    func recordRequest(route: String, status: Int) {
        registry.makeCounter(
            name: "waypoint_http_requests_total", labels: [("route", route), ("status", String(status))],
            help: "HTTP requests answered, by route and status."
        ).increment()
    }

    /// The Prometheus text exposition.
    func exposition() -> [UInt8] {
        registry.emitToBuffer()
    }
}
