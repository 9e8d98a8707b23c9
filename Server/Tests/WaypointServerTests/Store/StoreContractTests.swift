import Foundation
import Testing
@testable import WaypointServer

/// The stores that can run here: SQLite always, PostgreSQL when it is installed.
enum StoreKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite, postgres

    static var available: [StoreKind] { PostgresServer.isInstalled ? allCases : [.sqlite] }

    var testDescription: String { rawValue }

    /// Runs `body` with a new, empty store of this kind.
    func withStore<T: Sendable>(_ body: @Sendable (any Store) async throws -> T) async throws -> T {
        switch self {
        case .sqlite:
            let directory = TestServer.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let store = try SQLiteStore(directory: directory)
            return try await body(store)
        case .postgres:
            return try await PostgresServer.withStore { try await body($0) }
        }
    }
}

@Suite("PostgreSQL availability")
struct PostgresAvailabilityTests {
    @Test func postgreSQLIsInstalledInContinuousIntegration() {
        if !PostgresServer.isInstalled {
            if PostgresServer.isCI {
                Issue.record("CI=true but \(PostgresServer.notInstalledMessage)")
            } else {
                print("note: PostgreSQL store tests skipped. \(PostgresServer.notInstalledMessage)")
            }
        }
    }
}

/// One contract, run against every store.
@Suite("Store contract")
struct StoreContractTests {
    static func event(_ id: String, user: String = "u1", flow: String? = "signup", at timestamp: Int64 = 0) -> StoredEvent {
        StoredEvent(messageID: id, userID: user, flowID: flow, timestamp: timestamp, environment: "production", receivedAt: 1, line: "{\"m\":\"\(id)\"}")
    }

    static func makeApp(_ store: any Store, _ id: String) async throws {
        try await store.createApp(
            AppRecord(id: id, name: id.capitalized, createdAt: Date(timeIntervalSince1970: 1_700_000_000)),
            environments: [
                EnvironmentRecord(appID: id, name: "production", keyHash: "\(id)-p"),
                EnvironmentRecord(appID: id, name: "staging", keyHash: "\(id)-s"),
            ])
    }

    @Test(arguments: StoreKind.available)
    func appsAndEnvironments(kind: StoreKind) async throws {
        try await kind.withStore { store in
            try await Self.makeApp(store, "fitness")
            let app = try #require(try await store.app(id: "fitness"))
            #expect(app.name == "Fitness")
            #expect(app.createdAt == Date(timeIntervalSince1970: 1_700_000_000))
            #expect(try await store.app(id: "missing") == nil)
            #expect(try await store.app(id: "' OR 1=1 --") == nil)
            await #expect(throws: StoreError.self) { try await Self.makeApp(store, "fitness") }
            #expect(try await store.environment(keyHash: "fitness-s") == EnvironmentRecord(appID: "fitness", name: "staging", keyHash: "fitness-s"))
            #expect(try await store.environment(keyHash: "nope") == nil)
            try await Self.makeApp(store, "chess")
            #expect(try await store.apps().map(\.id) == ["chess", "fitness"])
        }
    }

    @Test(arguments: StoreKind.available)
    func revisionsArePerAppImmutableAndPublishable(kind: StoreKind) async throws {
        try await kind.withStore { store in
            try await Self.makeApp(store, "fitness")
            try await Self.makeApp(store, "notes")
            let bytes: [UInt8] = Array("{ \"a\" : 1 }\n".utf8) + [0, 255]
            #expect(try await store.addRevision(appID: "fitness", body: bytes, sha256: "h1", createdAt: Date()) == 1)
            #expect(try await store.addRevision(appID: "fitness", body: [1], sha256: "h2", createdAt: Date()) == 2)
            #expect(try await store.addRevision(appID: "notes", body: [2], sha256: "h3", createdAt: Date()) == 1)
            #expect(try await store.revision(appID: "fitness", number: 1) == RevisionRecord(revision: 1, sha256: "h1", body: bytes))
            #expect(try await store.revision(appID: "fitness", number: 3) == nil)
            #expect(try await store.publishedRevision(appID: "fitness", environment: "production") == nil)

            #expect(try await store.publish(appID: "fitness", environment: "production", revision: 2) == nil)
            #expect(try await store.publish(appID: "fitness", environment: "production", revision: 1) == 2)
            #expect(try await store.publish(appID: "fitness", environment: "staging", revision: 1) == nil)
            #expect(try await store.publishedRevision(appID: "fitness", environment: "production")?.body == bytes)
            await #expect(throws: StoreError.self) { _ = try await store.publish(appID: "fitness", environment: "production", revision: 7) }
            await #expect(throws: StoreError.self) { _ = try await store.publish(appID: "fitness", environment: "qa", revision: 1) }
            #expect(try await store.publishedRevision(appID: "fitness", environment: "production")?.revision == 1)

            let list = try await store.revisions(appID: "fitness")
            #expect(list.map(\.revision) == [1, 2])
            #expect(list.map(\.publishedTo) == [["production", "staging"], []])
            #expect(try await store.revisions(appID: "notes").map(\.publishedTo) == [[]])
        }
    }

    @Test(arguments: StoreKind.available)
    func concurrentUploadsGetDistinctNumbers(kind: StoreKind) async throws {
        try await kind.withStore { store in
            try await Self.makeApp(store, "fitness")
            let numbers = try await withThrowingTaskGroup(of: Int.self) { group in
                for index in 0..<12 {
                    group.addTask { try await store.addRevision(appID: "fitness", body: [UInt8(index)], sha256: "h\(index)", createdAt: Date()) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(numbers.sorted() == Array(1...12))
        }
    }

    @Test(arguments: StoreKind.available)
    func eventsAreStoredOncePerAppAndMessageId(kind: StoreKind) async throws {
        try await kind.withStore { store in
            try await Self.makeApp(store, "fitness")
            try await Self.makeApp(store, "notes")
            let batch = (0..<10).map { Self.event("m\($0)") }
            #expect(try await store.insertEvents(batch, appID: "fitness") == InsertResult(accepted: 10, duplicates: 0))
            #expect(try await store.insertEvents(Array(batch[5...]) + [Self.event("m10", flow: nil)], appID: "fitness")
                        == InsertResult(accepted: 1, duplicates: 5))
            #expect(try await store.insertEvents(batch, appID: "notes") == InsertResult(accepted: 10, duplicates: 0))

            // The same events from many writers at once: stored once.
            let concurrent = (0..<200).map { Self.event("c\($0)", user: "u\($0 % 7)", at: Int64($0)) }
            let results = try await withThrowingTaskGroup(of: InsertResult.self) { group in
                for _ in 0..<8 {
                    group.addTask { try await store.insertEvents(concurrent.shuffled(), appID: "fitness") }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(results.map(\.accepted).reduce(0, +) == 200)
            #expect(results.map(\.duplicates).reduce(0, +) == 200 * 7)

            var lines: [String] = []
            var cursor: Int64?
            repeat {
                let page = try await store.events(appID: "fitness", after: cursor, limit: 7)
                #expect(page.lines.count <= 7)
                lines += page.lines
                cursor = page.next
            } while cursor != nil
            #expect(lines.count == 211)
            #expect(Set(lines).count == 211)
            #expect(Array(lines.prefix(11)) == (0...10).map { "{\"m\":\"m\($0)\"}" })
        }
    }

    @Test(arguments: StoreKind.available)
    func eventsByUserComeInUserThenTimeOrderPageByPage(kind: StoreKind) async throws {
        try await kind.withStore { store in
            try await Self.makeApp(store, "fitness")
            var events: [StoredEvent] = []
            for index in 0..<60 {
                events.append(Self.event("e\(index)", user: "u\(index % 5)", at: Int64((index * 37) % 11)))
            }
            events.append(Self.event("other-flow", user: "u0", flow: "checkout"))
            events.append(Self.event("no-flow", user: "u0", flow: nil))
            _ = try await store.insertEvents(events, appID: "fitness")
            var lines: [String] = []
            var cursor: UserOrderCursor?
            repeat {
                let page = try await store.eventsByUser(appID: "fitness", flowID: "signup", after: cursor, limit: 8)
                lines += page.lines
                cursor = page.next
            } while cursor != nil
            let expected = events.enumerated().filter { $0.element.flowID == "signup" }
                .sorted { ($0.element.userID, $0.element.timestamp, $0.offset) < ($1.element.userID, $1.element.timestamp, $1.offset) }
                .map(\.element.line)
            #expect(lines == expected)
            let other = try await store.eventsByUser(appID: "fitness", flowID: "checkout", after: nil, limit: 10)
            #expect(other.lines == ["{\"m\":\"other-flow\"}"] && other.next == nil)
            // Events of no flow (walkthrough events), page by page.
            for index in 0..<5 { _ = try await store.insertEvents([Self.event("w\(index)", user: "v\(4 - index)", flow: nil)], appID: "fitness") }
            var noFlow: [String] = []
            cursor = nil
            repeat {
                let page = try await store.eventsByUser(appID: "fitness", flowID: nil, after: cursor, limit: 2)
                noFlow += page.lines
                cursor = page.next
            } while cursor != nil
            #expect(noFlow == ["{\"m\":\"no-flow\"}", "{\"m\":\"w4\"}", "{\"m\":\"w3\"}", "{\"m\":\"w2\"}", "{\"m\":\"w1\"}", "{\"m\":\"w0\"}"])
        }
    }
}
