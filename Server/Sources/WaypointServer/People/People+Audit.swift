import Foundation
import Waypoint

/// The audit entries of changes to people, each written in the transaction of its change
/// (docs/ARCHITECTURE.md, "The audit log").
extension People {
    /// The entry of `action` by `origin`, dated by ``now``, as the last query of the change's
    /// transaction; added only when `condition` holds after the change (see
    /// ``AuditEntry/insertQuery(in:onlyIf:_:)``).
    func auditQuery(
        _ action: AuditAction, by origin: AuditOrigin, target: String?, details: [String: JSONValue],
        onlyIf condition: String? = nil, _ values: [SQLStatement.Value] = []
    ) -> SQLQuery {
        AuditEntry(at: now(), actor: origin.actor, address: origin.address, action: action, target: target, details: details)
            .insertQuery(in: sql?.dialect ?? .sqlite, onlyIf: condition, values)
    }

    /// What an entry about `account` says of it.
    static func auditDetails(of account: AccountRecord, role: Bool = false) -> [String: JSONValue] {
        var details: [String: JSONValue] = ["email": .string(account.email), "name": .string(account.name)]
        if role { details["role"] = .string(account.role.rawValue) }
        return details
    }
}
