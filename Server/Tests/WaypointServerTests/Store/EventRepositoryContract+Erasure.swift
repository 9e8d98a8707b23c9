import Foundation
import GRDB
import Testing
@testable import WaypointServer

extension StoreContractTests {
    static func event(_ id: String, user: String, environment: String, at timestamp: Int64 = 0) -> StoredEvent {
        StoredEvent(messageID: id, userID: user, flowID: "signup", timestamp: timestamp, environment: environment, receivedAt: 1, line: "{\"m\":\"\(id)\"}")
    }
}

extension EventRepositoryContract {
    /// Every event of the user in every environment of the app goes; other users and other apps
    /// keep theirs; an erased event delivered again stays a duplicate, a new one is stored.
    @Test(arguments: StoreKind.available)
    func erasureDeletesEveryEventOfTheUserAndKeepsTheirMessageIDs(kind: StoreKind) async throws {
        try await kind.withStore { store in
            try await StoreContractTests.makeApp(store, "fitness")
            try await StoreContractTests.makeApp(store, "notes")
            let erased = [
                StoreContractTests.event("a1", user: "alice", environment: "production"), StoreContractTests.event("a2", user: "alice", environment: "staging"),
                StoredEvent(messageID: "a3", userID: "alice", flowID: nil, timestamp: 5, environment: "production", receivedAt: 1, line: "{\"m\":\"a3\"}"),
            ]
            let kept = [StoreContractTests.event("b1", user: "bob", environment: "production"), StoreContractTests.event("c1", user: "Alice", environment: "production")]
            _ = try await store.insertEvents(erased + kept, appID: "fitness")
            _ = try await store.insertEvents([StoreContractTests.event("n1", user: "alice", environment: "production")], appID: "notes")

            #expect(try await store.eraseUser(appID: "fitness", userID: "alice") == 3)
            #expect(try await StoreContractTests.allLines(store, appID: "fitness") == kept.map(\.line))
            #expect(try await store.eventsByUser(appID: "fitness", environment: nil, flowID: nil, after: nil, limit: 10).lines.isEmpty)
            #expect(try await StoreContractTests.allLines(store, appID: "notes") == ["{\"m\":\"n1\"}"])
            #expect(try await store.eraseUser(appID: "fitness", userID: "alice") == 0)
            #expect(try await store.eraseUser(appID: "fitness", userID: "nobody") == 0)
            #expect(try await store.eraseUser(appID: "fitness", userID: "nul\u{0}user") == 0)
            #expect(try await store.eraseUser(appID: "missing", userID: "alice") == 0)

            // Delivered again: duplicates, whatever the batch; a new event of the user is stored.
            let again = try await store.insertEvents(erased + [StoreContractTests.event("a4", user: "alice", environment: "production")], appID: "fitness")
            #expect(again == InsertResult(accepted: 1, duplicates: 3))
            #expect(try await StoreContractTests.allLines(store, appID: "fitness") == kept.map(\.line) + ["{\"m\":\"a4\"}"])
            // Another app's events with those ids are its own.
            #expect(try await store.insertEvents(erased, appID: "notes") == InsertResult(accepted: 3, duplicates: 0))
        }
    }

    /// An app delivering the user's events again while the erasure runs: whether each batch lands
    /// before it (a duplicate, then deleted) or after it (a kept id), none of them survives.
    @Test(arguments: StoreKind.available)
    func eventsDeliveredAgainDuringAnErasureStayErased(kind: StoreKind) async throws {
        try await kind.withStore { store in
            try await StoreContractTests.makeApp(store, "fitness")
            let alice = (0..<300).map { StoreContractTests.event("a\($0)", user: "alice", environment: "production", at: Int64($0)) }
            let bob = (0..<50).map { StoreContractTests.event("b\($0)", user: "bob", environment: "staging", at: Int64($0)) }
            _ = try await store.insertEvents(alice + bob, appID: "fitness")
            let erased = try await withThrowingTaskGroup(of: Int?.self) { group in
                for _ in 0..<6 {
                    group.addTask {
                        for start in stride(from: 0, to: alice.count, by: 50) {
                            _ = try await store.insertEvents(Array(alice.shuffled()[start..<start + 50]), appID: "fitness")
                        }
                        return nil
                    }
                }
                group.addTask { try await store.eraseUser(appID: "fitness", userID: "alice") }
                return try await group.compactMap { $0 }.reduce(0, +)
            }
            #expect(erased == 300)
            #expect(try await StoreContractTests.allLines(store, appID: "fitness") == bob.map(\.line))
        }
    }

    /// Events whose time is before the cutoff go, in every app; those at or after it stay; kept ids
    /// of erased events as old are forgotten too.
    @Test(arguments: StoreKind.available)
    func retentionDeletesTheEventsBeforeTheCutoff(kind: StoreKind) async throws {
        try await kind.withStore { store in
            try await StoreContractTests.makeApp(store, "fitness")
            try await StoreContractTests.makeApp(store, "notes")
            let fitness = (0..<6).map { StoreContractTests.event("f\($0)", user: "u\($0 % 2)", environment: "production", at: 1_000 * Int64($0)) }
            let notes = (0..<6).map { StoreContractTests.event("n\($0)", user: "u\($0 % 2)", environment: "staging", at: 1_000 * Int64($0)) }
            _ = try await store.insertEvents(fitness.shuffled(), appID: "fitness")
            _ = try await store.insertEvents(notes, appID: "notes")
            // u1's events (f1, f3, f5) are erased: their ids are kept with their times.
            #expect(try await store.eraseUser(appID: "fitness", userID: "u1") == 3)

            #expect(try await store.deleteEvents(before: 3_000) == 5)
            #expect(try await StoreContractTests.allLines(store, appID: "fitness") == ["{\"m\":\"f4\"}"])
            #expect(try await StoreContractTests.allLines(store, appID: "notes") == ["{\"m\":\"n3\"}", "{\"m\":\"n4\"}", "{\"m\":\"n5\"}"])
            // The id of f1 (before the cutoff) is forgotten with the events as old; f3 and f5 stay duplicates.
            #expect(try await store.insertEvents([fitness[1], fitness[3], fitness[5]], appID: "fitness") == InsertResult(accepted: 1, duplicates: 2))
            // An expired event delivered again goes at the next pass.
            #expect(try await store.deleteEvents(before: 3_000) == 1)
            #expect(try await store.deleteEvents(before: 3_000) == 0)
            #expect(try await StoreContractTests.allLines(store, appID: "fitness") == ["{\"m\":\"f4\"}"])
        }
    }

    /// More expired events than one transaction deletes: every one of them goes, the rest stay.
    @Test(arguments: StoreKind.available)
    func retentionDeletesInBatchesUntilNoneIsLeft(kind: StoreKind) async throws {
        try await kind.withStore { store in
            try await StoreContractTests.makeApp(store, "fitness")
            let expired = SQLiteStore.retentionBatchSize + 50
            #expect(PostgresStore.retentionBatchSize == SQLiteStore.retentionBatchSize)
            let events = (0..<(expired + 10)).map { StoreContractTests.event("e\($0)", user: "u\($0 % 97)", environment: "production", at: Int64($0)) }
            for start in stride(from: 0, to: events.count, by: 1000) {
                _ = try await store.insertEvents(Array(events[start..<min(start + 1000, events.count)]), appID: "fitness")
            }
            #expect(try await store.deleteEvents(before: Int64(expired)) == expired)
            #expect(try await StoreContractTests.allLines(store, appID: "fitness") == events[expired...].map(\.line))
        }
    }

    /// SQLite: the erased user's bytes are neither in the database file nor in its write-ahead log.
    @Test func erasedEventsLeaveNoBytesInTheSQLiteFiles() async throws {
        try await TemporaryFiles.with { directory in
            let store = try SQLiteStore(directory: directory)
            try await StoreContractTests.makeApp(store, "fitness")
            let secret = "erase-me-3f9c1a"
            var events: [StoredEvent] = []
            for index in 0..<400 {
                let user = index % 4 == 0 ? secret : "kept-\(index % 7)"
                events.append(StoredEvent(
                    messageID: "m\(index)", userID: user, flowID: "signup", timestamp: Int64(index), environment: "production",
                    receivedAt: 1, line: #"{"userId":"\#(user)","note":"\#(String(repeating: "x", count: 100))"}"#))
            }
            _ = try await store.insertEvents(events, appID: "fitness")
            func filesContain(_ text: String) throws -> Bool {
                let needle = Data(text.utf8)
                return try ["", "-wal"].contains { suffix in
                    let path = directory.appendingPathComponent("waypoint.sqlite" + suffix).path
                    guard FileManager.default.fileExists(atPath: path) else { return false }
                    return try Data(contentsOf: URL(fileURLWithPath: path)).range(of: needle) != nil
                }
            }
            #expect(try filesContain(secret))
            #expect(try await store.eraseUser(appID: "fitness", userID: secret) == 100)
            #expect(try !filesContain(secret))
            #expect(try filesContain("kept-3"))
            try await store.close()
        }
    }
}
