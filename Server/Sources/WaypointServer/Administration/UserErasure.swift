import Foundation
import Logging
import Waypoint

/// Erasing one user's events: the rule behind `DELETE /v1/apps/{app}/users/{userId}`
/// (docs/ARCHITECTURE.md, "Erasure and retention").
///
/// Every report, the export and the publish preview are computed from the stored events on each
/// request, so once the events are deleted nothing shows the user any more. The erased events'
/// message ids are kept (see ``EventRepository/eraseUser(appID:userID:audit:)``).
///
/// The audit entry of an erasure (in the same transaction) names the user id and the count, never
/// anything of the erased events; no other entry holds events or user ids (a publish's preview
/// holds counts per step), so the log keeps nothing of the user's events.
struct UserErasure: Sendable {
    let apps: any AppRepository
    let events: any EventRepository
    let audit: any AuditRepository
    /// The server's clock, which dates the audit entry.
    var now: @Sendable () -> Date = { Date() }
    /// Where requests come from (the trusted-proxy rule), for the audit log.
    var clientAddress = ClientAddress(trustedProxies: [])

    /// Deletes every stored event of `userID` in every environment of the app and returns how many
    /// there were (0 for a user with none); throws 404 when the app does not exist.
    ///
    /// The log says how many events of the app were erased, never whose; an erasure that deleted
    /// nothing is not recorded.
    func erase(appID text: String, userID: String, by origin: AuditOrigin, logger: Logger) async throws -> Int {
        guard let appID = AppID(validating: text), try await apps.app(id: appID) != nil else {
            throw APIError.notFound("There is no app \(String(reflecting: text)); create it with POST /v1/apps, or list them with GET /v1/apps.")
        }
        let log = AuditLog(repository: audit, now: now)
        let deleted = try await events.eraseUser(appID: appID, userID: userID) { deleted in
            // A user with no events: nothing was erased, nothing is recorded.
            guard deleted > 0 else { return nil }
            return log.entry(
                .userErased, by: origin, app: appID, target: userID,
                details: ["userId": .string(userID), "deletedEvents": .number(Double(deleted))])
        }
        logger.info("erasure: deleted \(deleted) event\(deleted == 1 ? "" : "s") of one user of the app \(appID)")
        return deleted
    }
}
