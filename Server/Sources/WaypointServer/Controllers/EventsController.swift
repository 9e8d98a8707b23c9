import Foundation
import Hummingbird
import Waypoint
import WaypointTools
import Prometheus

/// `POST /v1/events`: a batch of analytics events, answered once the accepted ones are durably stored,
/// with the receipt the app's `HTTPEventSink` reads (``WaypointTools/EventIngestion/receipt(accepted:duplicates:rejected:)``).
struct EventsController: Sendable {
    typealias Context = ServerContext
    let events: any EventRepository
    let authenticator: Authenticator
    let metrics: ServerMetrics
    let limits: Limits

    func addRoutes(to router: Router<Context>) {
        router.post("v1/events", use: ingest)
    }

    @Sendable func ingest(request: Request, context: Context) async throws -> Response {
        let environment = try await authenticator.environment(of: request, context: context)
        let body = try await RequestBody.collect(request, limit: limits.maxEventBodyBytes)
        let batch = try EventBatch(body: body, maxEvents: limits.maxEventsPerBatch)
        let receivedAt = Timestamp.milliseconds(authenticator.now())
        // Message ids are told apart by their bytes (``ExactID``), as the stores' unique key tells them.
        var seen: Set<ExactID> = []
        var stored: [StoredEvent] = []
        var positions: [Int] = []
        stored.reserveCapacity(batch.events.count)
        for (event, position) in zip(batch.events, batch.positions) where seen.insert(ExactID(event.messageID)).inserted {
            positions.append(position)
            stored.append(StoredEvent(
                messageID: event.messageID, userID: event.userID, flowID: event.flowID, walkthroughID: event.walkthroughID,
                timestamp: Timestamp.milliseconds(event.timestamp), environment: environment.name.rawValue,
                receivedAt: receivedAt, line: EventIngestion.jsonLine(of: event)))
        }
        let result = stored.isEmpty
            ? InsertResult(accepted: 0, duplicates: 0)
            : try await events.insertEvents(stored, appID: environment.appID)
        let duplicates = result.duplicates + (batch.events.count - stored.count)
        // Events the store refused (their user's events of a flow at a limit) are rejected like invalid ones.
        let rejected = (batch.rejected + result.refused.map { EventBatch.Rejection(index: positions[$0.index], message: $0.message) })
            .sorted { $0.index < $1.index }
        metrics.eventsAccepted.increment(by: Int64(result.accepted))
        metrics.eventsDuplicate.increment(by: Int64(duplicates))
        metrics.eventsRejected.increment(by: Int64(rejected.count))
        return try JSONBody.response(
            EventIngestion.receipt(
                accepted: result.accepted, duplicates: duplicates, rejected: rejected.map { ($0.index, $0.message) }))
    }
}
