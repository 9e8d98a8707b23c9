import Foundation
import Testing
@testable import WaypointServer

/// When `makeApp` makes its apps, and a later time.
private let t0 = Date(timeIntervalSince1970: 1_700_000_000)
private let t1 = Date(timeIntervalSince1970: 1_800_000_000)

/// SDK keys in every store: rotation with a grace period, revocation, and the times that decide
/// which keys work, given by the caller (no waiting).
extension StoreContractTests {
    static func key(_ prefix: String, _ created: Date, _ expires: Date?) -> SDKKeySummary {
        SDKKeySummary(prefix: prefix, createdAt: created, expiresAt: expires)
    }
}

extension AppRepositoryContract {
    @Test(arguments: StoreKind.available)
    func aRotatedKeyWorksUntilItsGracePeriodEnds(kind: StoreKind) async throws {
        try await kind.withStore { store in
            try await StoreContractTests.makeApp(store, "fitness")
            let until = t1.addingTimeInterval(3600)
            let keys = try await store.apps.rotateKey(
                appID: "fitness", environment: "production", keyHash: "new-p", prefix: "wps_new1", at: t1, previousUntil: until)
            #expect(keys == [StoreContractTests.key("wps_p-fitness", t0, until), StoreContractTests.key("wps_new1", t1, nil)])
            #expect(try await store.apps.keys(appID: "fitness", environment: "production") == keys)

            // The old key, until its expiry (excluded); the new one, from now on.
            #expect(try await store.apps.environment(keyHash: "fitness-p", at: t1) == EnvironmentRecord(
                appID: "fitness", name: "production", keyHash: "fitness-p", keyPrefix: "wps_p-fitness", keyExpiresAt: until))
            #expect(try await store.apps.environment(keyHash: "fitness-p", at: until.addingTimeInterval(-0.001))?.name == "production")
            #expect(try await store.apps.environment(keyHash: "fitness-p", at: until) == nil)
            #expect(try await store.apps.environment(keyHash: "new-p", at: until.addingTimeInterval(86_400 * 365)) == EnvironmentRecord(
                appID: "fitness", name: "production", keyHash: "new-p", keyPrefix: "wps_new1", keyExpiresAt: nil))
            // Staging keeps its key.
            #expect(try await store.apps.keys(appID: "fitness", environment: "staging") == [StoreContractTests.key("wps_s-fitness", t0, nil)])
            #expect(try await store.apps.environment(keyHash: "fitness-s", at: until) != nil)
        }
    }

    /// A rotation shortens every key that would outlive its grace period, never lengthens one.
    @Test(arguments: StoreKind.available)
    func aSecondRotationEndsEveryEarlierKeyByItsOwnGracePeriod(kind: StoreKind) async throws {
        try await kind.withStore { store in
            try await StoreContractTests.makeApp(store, "fitness")
            let t2 = t1.addingTimeInterval(60)
            _ = try await store.apps.rotateKey(
                appID: "fitness", environment: "production", keyHash: "k2", prefix: "wps_k2", at: t1, previousUntil: t1.addingTimeInterval(30))
            _ = try await store.apps.rotateKey(
                appID: "fitness", environment: "production", keyHash: "k3", prefix: "wps_k3", at: t2, previousUntil: t2.addingTimeInterval(3600))
            #expect(try await store.apps.keys(appID: "fitness", environment: "production") == [
                StoreContractTests.key("wps_p-fitness", t0, t1.addingTimeInterval(30)), StoreContractTests.key("wps_k2", t1, t2.addingTimeInterval(3600)), StoreContractTests.key("wps_k3", t2, nil),
            ])
            // No grace: every earlier key stops at once.
            let t3 = t2.addingTimeInterval(60)
            _ = try await store.apps.rotateKey(appID: "fitness", environment: "production", keyHash: "k4", prefix: "wps_k4", at: t3, previousUntil: t3)
            for hash in ["fitness-p", "k2", "k3"] {
                #expect(try await store.apps.environment(keyHash: hash, at: t3) == nil, "\(hash)")
            }
            #expect(try await store.apps.environment(keyHash: "k4", at: t3)?.keyPrefix == "wps_k4")
            #expect(try await store.apps.keys(appID: "fitness", environment: "production").map(\.expiresAt) == [
                t1.addingTimeInterval(30), t3, t3, nil,
            ])
        }
    }

    @Test(arguments: StoreKind.available)
    func aRevokedKeyStopsAtOnceButTheCurrentKeyIsKept(kind: StoreKind) async throws {
        try await kind.withStore { store in
            try await StoreContractTests.makeApp(store, "fitness")
            let until = t1.addingTimeInterval(86_400)
            _ = try await store.apps.rotateKey(appID: "fitness", environment: "production", keyHash: "k2", prefix: "wps_k2", at: t1, previousUntil: until)
            let revokedAt = t1.addingTimeInterval(10)
            let revoked = try await store.apps.revokeKey(appID: "fitness", environment: "production", prefix: "wps_p-fitness", at: revokedAt)
            #expect(revoked == StoreContractTests.key("wps_p-fitness", t0, revokedAt))
            #expect(try await store.apps.environment(keyHash: "fitness-p", at: revokedAt) == nil)
            #expect(try await store.apps.environment(keyHash: "k2", at: revokedAt) != nil)
            // Revoking it again changes nothing: it ended then.
            #expect(try await store.apps.revokeKey(appID: "fitness", environment: "production", prefix: "wps_p-fitness", at: until) == revoked)

            let current = try await #require(throws: StoreError.self) {
                _ = try await store.apps.revokeKey(appID: "fitness", environment: "production", prefix: "wps_k2", at: revokedAt)
            }
            #expect(current.isConflict)
            #expect(current.description == "\"wps_k2\" is the current key of \"production\" and was not revoked, so apps can still connect; "
                + "rotate first with POST /v1/apps/fitness/environments/production/keys ({\"graceHours\":0} ends it at once).")
            #expect(try await store.apps.environment(keyHash: "k2", at: until) != nil)

            let unknown = try await #require(throws: StoreError.self) {
                _ = try await store.apps.revokeKey(appID: "fitness", environment: "production", prefix: "wps_s-fitness", at: revokedAt)
            }
            #expect(unknown.isNotFound)
            #expect(unknown.description == "The environment \"production\" of \"fitness\" has no key \"wps_s-fitness\"; "
                + "list its keys with GET /v1/apps/fitness/environments/production/keys.")
            #expect(try await store.apps.environment(keyHash: "fitness-s", at: until) != nil)
        }
    }

    @Test(arguments: StoreKind.available)
    func keysOfAnUnknownEnvironmentOrATakenPrefixAreRefused(kind: StoreKind) async throws {
        try await kind.withStore { store in
            try await StoreContractTests.makeApp(store, "fitness")
            let missing = StoreError.noEnvironment(appID: "fitness", environment: "qa")
            await #expect(throws: missing) { _ = try await store.apps.keys(appID: "fitness", environment: "qa") }
            await #expect(throws: StoreError.noEnvironment(appID: "other", environment: "production")) {
                _ = try await store.apps.rotateKey(appID: "other", environment: "production", keyHash: "x", prefix: "wps_x", at: t1, previousUntil: t1)
            }
            await #expect(throws: missing) { _ = try await store.apps.revokeKey(appID: "fitness", environment: "qa", prefix: "wps_x", at: t1) }

            let taken = try await #require(throws: StoreError.self) {
                _ = try await store.apps.rotateKey(
                    appID: "fitness", environment: "production", keyHash: "x", prefix: "wps_p-fitness", at: t1, previousUntil: t1)
            }
            #expect(taken.isConflict)
            #expect(taken.description.hasPrefix("The environment \"production\" of \"fitness\" has a key \"wps_p-fitness\" already"))
            // Nothing changed.
            #expect(try await store.apps.keys(appID: "fitness", environment: "production") == [StoreContractTests.key("wps_p-fitness", t0, nil)])
            #expect(try await store.apps.environment(keyHash: "x", at: t1) == nil)
            // The same prefix in another environment is another key.
            _ = try await store.apps.rotateKey(appID: "fitness", environment: "staging", keyHash: "y", prefix: "wps_p-fitness", at: t1, previousUntil: t1)
            #expect(try await store.apps.environment(keyHash: "y", at: t1)?.name == "staging")
        }
    }
}
