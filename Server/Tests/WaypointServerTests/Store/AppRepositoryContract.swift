import Foundation
import Testing
@testable import WaypointServer

extension AppRepositoryContract {
    @Test(arguments: StoreKind.available)
    func appsAndEnvironments(kind: StoreKind) async throws {
        try await kind.withStore { store in
            try await StoreContractTests.makeApp(store, "fitness")
            let app = try #require(try await store.apps.app(id: "fitness"))
            #expect(app.name == "Fitness")
            #expect(app.createdAt == Date(timeIntervalSince1970: 1_700_000_000))
            #expect(try await store.apps.app(id: "missing") == nil)
            #expect(try await store.apps.app(id: "' OR 1=1 --") == nil)
            await #expect(throws: StoreError.self) { try await StoreContractTests.makeApp(store, "fitness") }
            #expect(try await store.apps.environment(keyHash: "fitness-s", at: Date()) == EnvironmentRecord(
                appID: "fitness", name: "staging", keyHash: "fitness-s", keyPrefix: "wps_s-fitness"))
            #expect(try await store.apps.environment(keyHash: "nope", at: Date()) == nil)
            try await StoreContractTests.makeApp(store, "chess")
            #expect(try await store.apps.apps().map(\.id) == ["chess", "fitness"])
        }
    }

    /// Each environment's published revision, the time of the last event it received, and how
    /// many it received from a time on (that time included).
    @Test(arguments: StoreKind.available)
    func environmentSummariesSayWhatIsServedAndTheLastEvent(kind: StoreKind) async throws {
        try await kind.withStore { store in
            try await StoreContractTests.makeApp(store, "fitness")
            try await StoreContractTests.makeApp(store, "notes")
            let since = Date(timeIntervalSince1970: 1_800_000_000.2)
            #expect(try await store.apps.environmentSummaries(appID: "fitness", recentSince: since) == [
                EnvironmentSummary(name: "production", publishedRevision: nil, lastEventAt: nil, recentEvents: 0),
                EnvironmentSummary(name: "staging", publishedRevision: nil, lastEventAt: nil, recentEvents: 0),
            ])
            _ = try await store.revisions.addRevision(appID: "fitness", body: [1], sha256: "h1", createdAt: Date())
            _ = try await store.revisions.publish(appID: "fitness", environment: "staging", revision: 1)
            func event(_ id: String, _ environment: String, receivedAt: Int64) -> StoredEvent {
                StoredEvent(messageID: id, userID: "u1", flowID: "signup", timestamp: 0, environment: environment, receivedAt: receivedAt, line: "{}")
            }
            _ = try await store.insertEvents(
                [
                    event("a", "production", receivedAt: 1_800_000_000_500), event("b", "production", receivedAt: 1_800_000_000_100),
                    event("c", "production", receivedAt: 1_800_000_000_200), event("d", "staging", receivedAt: 1_700_000_000_000),
                ],
                appID: "fitness")
            _ = try await store.insertEvents([event("e", "staging", receivedAt: 1_900_000_000_000)], appID: "notes")
            #expect(try await store.apps.environmentSummaries(appID: "fitness", recentSince: since) == [
                EnvironmentSummary(name: "production", publishedRevision: nil, lastEventAt: 1_800_000_000_500, recentEvents: 2),
                EnvironmentSummary(name: "staging", publishedRevision: 1, lastEventAt: 1_700_000_000_000, recentEvents: 0),
            ])
            #expect(try await store.apps.environmentSummaries(appID: "fitness", recentSince: Date(timeIntervalSince1970: 0)).map(\.recentEvents) == [3, 1])
            #expect(try await store.apps.environmentSummaries(appID: "notes", recentSince: since).map(\.lastEventAt) == [nil, 1_900_000_000_000])
            #expect(try await store.apps.environmentSummaries(appID: "notes", recentSince: since).map(\.recentEvents) == [0, 1])
            #expect(try await store.apps.environmentSummaries(appID: "missing", recentSince: since).isEmpty)
        }
    }
}
