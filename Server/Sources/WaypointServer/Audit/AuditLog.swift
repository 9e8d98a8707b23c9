import Foundation
import Waypoint

/// The audit log's one way in: entries made with the server's clock and recorded in the store
/// (docs/ARCHITECTURE.md, "The audit log").
///
/// An action that is a store write passes ``entry(_:by:app:environment:target:details:)`` to that
/// write, which adds it in the same transaction: the action is never done without its entry.
/// Anything else calls ``record(_:by:app:environment:target:details:)`` once it is done.
struct AuditLog: Sendable {
    let repository: any AuditRepository
    /// The server's clock, which dates every entry.
    var now: @Sendable () -> Date = { Date() }

    /// An entry of `action` by `origin`, dated now.
    func entry(
        _ action: AuditAction, by origin: AuditOrigin, app: AppID? = nil, environment: EnvironmentName? = nil, target: String? = nil,
        details: [String: JSONValue] = [:]
    ) -> AuditEntry {
        AuditEntry(
            at: now(), actor: origin.actor, address: origin.address, action: action, appID: app?.rawValue, environment: environment?.rawValue, target: target,
            details: details)
    }

    /// Adds an entry of `action` by `origin` to the log, in a transaction of its own.
    func record(
        _ action: AuditAction, by origin: AuditOrigin, app: AppID? = nil, environment: EnvironmentName? = nil, target: String? = nil,
        details: [String: JSONValue] = [:]
    ) async throws {
        try await repository.appendAudit(entry(action, by: origin, app: app, environment: environment, target: target, details: details))
    }

    /// Reads a page of entries, newest first.
    func entries(_ query: AuditQuery) async throws -> AuditPage {
        try await repository.auditEntries(query)
    }
}
