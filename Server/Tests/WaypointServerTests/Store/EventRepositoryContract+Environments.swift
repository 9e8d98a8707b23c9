import Foundation
import Testing
@testable import WaypointServer

extension EventRepositoryContract {
    /// Reports and exports read one environment: neither page kind mixes production and staging,
    /// and `nil` reads every environment.
    @Test(arguments: StoreKind.available)
    func eventsAreReadPerEnvironment(kind: StoreKind) async throws {
        try await kind.withStore { store in
            try await StoreContractTests.makeApp(store, "fitness")
            let events = [
                StoreContractTests.event("p1", user: "u1", environment: "production", at: 3),
                StoreContractTests.event("s1", user: "u1", environment: "staging", at: 1),
                StoreContractTests.event("p2", user: "u2", environment: "production", at: 2),
                StoreContractTests.event("s2", user: "u0", environment: "staging", at: 5),
            ]
            _ = try await store.insertEvents(events, appID: "fitness")
            func byUser(_ environment: EnvironmentName?) async throws -> [String] {
                try await store.eventsByUser(appID: "fitness", environment: environment, flowID: "signup", after: nil, limit: 10).lines
            }
            func stored(_ environment: EnvironmentName?) async throws -> [String] {
                try await store.events(appID: "fitness", environment: environment, timestamps: nil, after: nil, limit: 10).lines
            }
            #expect(try await byUser("production") == [#"{"m":"p1"}"#, #"{"m":"p2"}"#])
            #expect(try await byUser("staging") == [#"{"m":"s2"}"#, #"{"m":"s1"}"#])
            #expect(try await byUser(nil).count == 4)
            #expect(try await stored("production") == [#"{"m":"p1"}"#, #"{"m":"p2"}"#])
            #expect(try await stored("staging") == [#"{"m":"s1"}"#, #"{"m":"s2"}"#])
            #expect(try await stored("development").isEmpty)
            // Paging within one environment skips the other's events between pages.
            let first = try await store.eventsByUser(appID: "fitness", environment: "staging", flowID: "signup", after: nil, limit: 1)
            let rest = try await store.eventsByUser(appID: "fitness", environment: "staging", flowID: "signup", after: first.next, limit: 10)
            #expect(first.lines + rest.lines == [#"{"m":"s2"}"#, #"{"m":"s1"}"#])
        }
    }
}
