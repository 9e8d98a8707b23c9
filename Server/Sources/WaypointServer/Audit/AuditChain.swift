import Crypto
import Foundation

/// The audit log's hash chain (docs/ARCHITECTURE.md, "The audit log"): each entry stores
/// `chain`, the HMAC-SHA256 under the ``AuditKey`` of its content as stored and of the `chain` of
/// the entry before it. An entry changed, deleted, inserted or moved outside the server breaks the
/// chain at that place, and no one without the key can mend it.
///
/// The stores append under a lock that covers reading the last entry's value and inserting the
/// next (SQLite's one writer; a PostgreSQL advisory lock, ``lockKey``), so the chain never forks.
struct AuditChain: Sendable {
    let key: AuditKey

    /// The PostgreSQL advisory lock (`pg_advisory_xact_lock`) an append holds until its transaction ends.
    static let lockKey: Int64 = 7_469_707_002

    /// What the chain value of the first entry follows.
    static let start = "start"

    /// The chain value of `row` when the entry before it has `previous` (nil for the first entry).
    func value(of row: AuditRow, after previous: String?) -> String {
        var message = Array("waypoint-audit-1\n".utf8)
        message += Array((previous ?? Self.start).utf8)
        message.append(0x0A)
        message += row.canonicalBytes
        let code = HMAC<SHA256>.authenticationCode(for: message, using: key.key)
        return code.map { String(format: "%02x", $0) }.joined()
    }

    /// The chain values of those of `rows` (in order) that have none, each following the value of
    /// the row before (`previous` before the first): how a migration chains entries stored before
    /// the chain existed.
    func missingValues(_ rows: [AuditRow], after previous: String?) -> [(seq: Int64, chain: String)] {
        var previous = previous
        var values: [(seq: Int64, chain: String)] = []
        for row in rows {
            let chain = row.chain ?? value(of: row, after: previous)
            if row.chain == nil { values.append((row.seq, chain)) }
            previous = chain
        }
        return values
    }
}

/// One entry of the audit log as stored: the texts of its columns, which the chain value covers.
struct AuditRow: Sendable, Hashable {
    /// The entry's number (0 before it is stored: the chain does not cover it, the order does).
    var seq: Int64 = 0
    var atMilliseconds: Int64
    var actorKind: String
    var actorID: String
    var actorName: String
    var address: String?
    var action: String
    var appID: String?
    var environment: String?
    var target: String?
    /// The details' JSON text exactly as stored.
    var details: String
    /// The stored chain value (nil before it is stored, or for an entry added without the key).
    var chain: String?

    /// The columns in order, each as `-` (NULL) or its UTF-8 length, `:` and its bytes, then `;`:
    /// no two different rows have the same bytes.
    var canonicalBytes: [UInt8] {
        var bytes: [UInt8] = []
        let fields: [String?] = [
            String(atMilliseconds), actorKind, actorID, actorName, address, action, appID, environment, target, details,
        ]
        for field in fields {
            if let field {
                let utf8 = Array(field.utf8)
                bytes += Array("\(utf8.count):".utf8) + utf8
            } else {
                bytes.append(UInt8(ascii: "-"))
            }
            bytes.append(UInt8(ascii: ";"))
        }
        return bytes
    }
}

extension AuditEntry {
    /// The row this entry is stored as (with no `seq` nor chain yet).
    var row: AuditRow {
        AuditRow(
            atMilliseconds: Timestamp.milliseconds(at), actorKind: actor.kind.rawValue, actorID: actor.id, actorName: actor.name,
            address: address, action: action.rawValue, appID: appID, environment: environment, target: target, details: detailsText)
    }
}
