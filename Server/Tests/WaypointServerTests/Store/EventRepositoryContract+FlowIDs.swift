import Foundation
import Testing
@testable import WaypointServer

extension EventRepositoryContract {
    /// The flows an environment has events of: sorted by bytes, each once, none of another
    /// environment or app, none for walkthrough events, at most `limit`.
    @Test(arguments: StoreKind.available)
    func flowIDsAreTheFlowsOfOneEnvironmentSortedByBytes(kind: StoreKind) async throws {
        try await kind.withStore { store in
            try await StoreContractTests.makeApp(store, "fitness")
            try await StoreContractTests.makeApp(store, "notes")
            func event(_ id: String, flow: String?, environment: String = "production", user: String = "u1") -> StoredEvent {
                StoredEvent(messageID: id, userID: user, flowID: flow, timestamp: 0, environment: environment, receivedAt: 1, line: "{\"m\":\"\(id)\"}")
            }
            _ = try await store.insertEvents([
                event("1", flow: "signup"), event("2", flow: "signup", user: "u2"), event("3", flow: "Zebra"), event("4", flow: "été"),
                event("5", flow: nil), event("6", flow: "qa-only", environment: "staging"), event("7", flow: "b"), event("8", flow: "a'b"),
            ], appID: "fitness")
            _ = try await store.insertEvents([event("9", flow: "notes-flow")], appID: "notes")
            #expect(try await store.flowIDs(appID: "fitness", environment: "production", limit: 10) == ["Zebra", "a'b", "b", "signup", "été"])
            #expect(try await store.flowIDs(appID: "fitness", environment: "production", limit: 2) == ["Zebra", "a'b"])
            #expect(try await store.flowIDs(appID: "fitness", environment: "staging", limit: 10) == ["qa-only"])
            #expect(try await store.flowIDs(appID: "notes", environment: "staging", limit: 10) == [])
            #expect(try await store.flowIDs(appID: "missing", environment: "production", limit: 10) == [])
        }
    }
}
