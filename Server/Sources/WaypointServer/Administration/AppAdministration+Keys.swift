import Foundation
import Waypoint

/// SDK keys: rotation with a grace period, revocation, and the list that names them.
extension AppAdministration {
    /// How long the keys a rotation replaces keep working when the rotation does not say.
    static let defaultGraceHours = 24
    /// The longest grace period a rotation may give: 30 days.
    static let maximumGraceHours = 720

    /// A rotation: the new key, shown once (the store keeps its hash and prefix), and the
    /// environment's keys after it.
    struct RotatedKey: Sendable {
        let environment: EnvironmentName
        /// The new key's secret.
        let key: String
        let prefix: String
        /// The environment's keys, oldest first, the new one included.
        let keys: [SDKKeySummary]
        /// When the rotation was made.
        let at: Date

        /// The keys it replaced that still work (each until its expiry), oldest first.
        var previousKeys: [SDKKeySummary] {
            keys.filter { $0.prefix != prefix && $0.status(at: at) == .retiring }
        }
    }

    /// Makes a new current key for an environment; the keys it replaces keep working for
    /// `graceHours` (0 ends them at once); the audit log records it as done by `origin`, in the same
    /// transaction. Throws 400 for a grace period outside 0…720 hours and 404 for an unknown environment.
    func rotateKey(appID: AppID, environment: EnvironmentName, graceHours: Int, by origin: AuditOrigin) async throws -> RotatedKey {
        guard (0...Self.maximumGraceHours).contains(graceHours) else {
            throw APIError.badRequest(
                "\"graceHours\" must be a whole number of hours from 0 (the replaced keys stop at once) to \(Self.maximumGraceHours) "
                    + "(30 days), not \(graceHours).")
        }
        let at = Self.wholeMilliseconds(now())
        let until = at.addingTimeInterval(TimeInterval(graceHours) * 3600)
        // A new key's prefix repeating one of the environment's is a chance of about 2^-47; a fresh key then.
        var attempts = 0
        let log = auditLog
        while true {
            attempts += 1
            let key = SDKKey.generate()
            let prefix = SDKKey.prefix(of: key)
            do {
                let keys = try await apps.rotateKey(
                    appID: appID, environment: environment, keyHash: SecretHash.sha256Hex(key), prefix: prefix, at: at, previousUntil: until
                ) { stored in
                    let previous = RotatedKey(environment: environment, key: "", prefix: prefix, keys: stored, at: at).previousKeys
                    return log.entry(
                        .keyRotated, by: origin, app: appID, environment: environment, target: prefix,
                        details: [
                            "keyPrefix": .string(prefix), "graceHours": .number(Double(graceHours)),
                            "previousKeys": .array(previous.map { key in
                                .object(["keyPrefix": .string(key.prefix), "expiresAt": key.expiresAt.map { .string(Timestamp.iso8601($0)) } ?? .null])
                            }),
                        ])
                }
                keysChanged()
                return RotatedKey(environment: environment, key: key, prefix: prefix, keys: keys, at: at)
            } catch let error as StoreError where error.isConflict && attempts < 3 {
                continue
            } catch let error as StoreError {
                throw APIError.from(error)
            }
        }
    }

    /// An environment's keys, oldest first; 404 for an unknown environment.
    func keys(appID: AppID, environment: EnvironmentName) async throws -> [SDKKeySummary] {
        do {
            return try await apps.keys(appID: appID, environment: environment)
        } catch let error as StoreError {
            throw APIError.from(error)
        }
    }

    /// Ends the key named `prefix` at once and returns it; 404 when the environment has no such
    /// key, 409 for its current key (rotate first: an environment always has a key that works). The
    /// audit log records it as done by `origin`, in the same transaction; a key that had ended
    /// already is returned as it is, and nothing is recorded.
    func revokeKey(appID: AppID, environment: EnvironmentName, prefix: String, by origin: AuditOrigin) async throws -> SDKKeySummary {
        let log = auditLog
        do {
            let key = try await apps.revokeKey(appID: appID, environment: environment, prefix: prefix, at: Self.wholeMilliseconds(now())) { key in
                log.entry(
                    .keyRevoked, by: origin, app: appID, environment: environment, target: prefix,
                    details: ["keyPrefix": .string(prefix), "endedAt": key.expiresAt.map { .string(Timestamp.iso8601($0)) } ?? .null])
            }
            keysChanged()
            return key
        } catch let error as StoreError {
            throw APIError.from(error)
        }
    }

    /// `date` to the millisecond, as the stores keep times.
    private static func wholeMilliseconds(_ date: Date) -> Date {
        Timestamp.date(milliseconds: Timestamp.milliseconds(date))
    }
}
