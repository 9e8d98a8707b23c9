import Foundation
import Testing
@testable import WaypointServer

/// The stores that can run here: SQLite always, PostgreSQL when it is installed.
enum StoreKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite, postgres

    static var available: [StoreKind] { PostgresServer.isInstalled ? allCases : [.sqlite] }

    var testDescription: String { rawValue }

    /// Runs `body` with a new, empty store of this kind.
    func withStore<T: Sendable>(_ body: @Sendable (TestDatabase) async throws -> T) async throws -> T {
        switch self {
        case .sqlite:
            return try await TemporaryFiles.with { directory in
                try await body(try SQLiteStore(directory: directory))
            }
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

    static func makeApp(_ store: TestDatabase, _ id: String) async throws {
        try await store.createApp(
            AppRecord(id: id, name: id.capitalized, createdAt: Date(timeIntervalSince1970: 1_700_000_000)),
            environments: [
                EnvironmentRecord(appID: id, name: "production", keyHash: "\(id)-p", keyPrefix: "wps_p-\(id)"),
                EnvironmentRecord(appID: id, name: "staging", keyHash: "\(id)-s", keyPrefix: "wps_s-\(id)"),
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
            #expect(try await store.environment(keyHash: "fitness-s", at: Date()) == EnvironmentRecord(
                appID: "fitness", name: "staging", keyHash: "fitness-s", keyPrefix: "wps_s-fitness"))
            #expect(try await store.environment(keyHash: "nope", at: Date()) == nil)
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
            #expect(try await store.addRevision(appID: "fitness", body: bytes, sha256: "h1", createdAt: Date()) == AddedRevision(revision: 1, existing: false))
            #expect(try await store.addRevision(appID: "fitness", body: [1], sha256: "h2", createdAt: Date()) == AddedRevision(revision: 2, existing: false))
            #expect(try await store.addRevision(appID: "notes", body: [2], sha256: "h3", createdAt: Date()) == AddedRevision(revision: 1, existing: false))
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

    /// Each publish is recorded with its time, newest first per environment; a refused publish is not.
    @Test(arguments: StoreKind.available)
    func publishesAreRecordedWithTheirTime(kind: StoreKind) async throws {
        try await kind.withStore { store in
            try await Self.makeApp(store, "fitness")
            try await Self.makeApp(store, "notes")
            for body in [[1], [2], [3]] as [[UInt8]] {
                _ = try await store.addRevision(appID: "fitness", body: body, sha256: "h\(body[0])", createdAt: Date())
            }
            _ = try await store.addRevision(appID: "notes", body: [9], sha256: "n1", createdAt: Date())
            #expect(try await store.publications(appID: "fitness", environment: "production").isEmpty)

            let day = { (day: Int) in Date(timeIntervalSince1970: 1_800_000_000 + Double(day) * 86_400 + 0.25) }
            _ = try await store.publish(appID: "fitness", environment: "production", revision: 1, at: day(0))
            _ = try await store.publish(appID: "fitness", environment: "staging", revision: 2, at: day(1))
            _ = try await store.publish(appID: "fitness", environment: "production", revision: 2, at: day(2))
            // Two publishes in one millisecond: the later one is listed first.
            _ = try await store.publish(appID: "fitness", environment: "production", revision: 3, at: day(3))
            _ = try await store.publish(appID: "fitness", environment: "production", revision: 1, at: day(3))
            _ = try await store.publish(appID: "notes", environment: "production", revision: 1, at: day(4))
            await #expect(throws: StoreError.self) { _ = try await store.publish(appID: "fitness", environment: "production", revision: 7, at: day(5)) }

            #expect(try await store.publications(appID: "fitness", environment: "production") == [
                PublicationRecord(environment: "production", revision: 1, publishedAt: day(3)),
                PublicationRecord(environment: "production", revision: 3, publishedAt: day(3)),
                PublicationRecord(environment: "production", revision: 2, publishedAt: day(2)),
                PublicationRecord(environment: "production", revision: 1, publishedAt: day(0)),
            ])
            #expect(try await store.publications(appID: "fitness", environment: "staging") == [
                PublicationRecord(environment: "staging", revision: 2, publishedAt: day(1))
            ])
            #expect(try await store.publications(appID: "notes", environment: "production").map(\.revision) == [1])
            #expect(try await store.publishedRevision(appID: "fitness", environment: "production")?.revision == 1)
        }
    }

    @Test(arguments: StoreKind.available)
    func concurrentUploadsGetDistinctNumbers(kind: StoreKind) async throws {
        try await kind.withStore { store in
            try await Self.makeApp(store, "fitness")
            let numbers = try await withThrowingTaskGroup(of: Int.self) { group in
                for index in 0..<12 {
                    group.addTask { try await store.addRevision(appID: "fitness", body: [UInt8(index)], sha256: "h\(index)", createdAt: Date()).revision }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(numbers.sorted() == Array(1...12))
        }
    }

    /// Bytes an app has already are that revision: found by their SHA-256, confirmed byte for byte,
    /// per app, and stored once even when uploaded many times at once.
    @Test(arguments: StoreKind.available)
    func identicalBytesAreTheExistingRevision(kind: StoreKind) async throws {
        try await kind.withStore { store in
            try await Self.makeApp(store, "fitness")
            try await Self.makeApp(store, "notes")
            let bytes: [UInt8] = Array("{\"schemaVersion\":1}".utf8)
            #expect(try await store.addRevision(appID: "fitness", body: bytes, sha256: "h1", createdAt: Date()) == AddedRevision(revision: 1, existing: false))
            #expect(try await store.addRevision(appID: "fitness", body: [9], sha256: "h9", createdAt: Date()) == AddedRevision(revision: 2, existing: false))
            #expect(try await store.addRevision(appID: "fitness", body: bytes, sha256: "h1", createdAt: Date()) == AddedRevision(revision: 1, existing: true))
            // Another app's revisions are its own.
            #expect(try await store.addRevision(appID: "notes", body: bytes, sha256: "h1", createdAt: Date()) == AddedRevision(revision: 1, existing: false))
            // The same hash with other bytes (a collision) is a new revision: bytes are compared too.
            #expect(try await store.addRevision(appID: "fitness", body: [7], sha256: "h1", createdAt: Date()) == AddedRevision(revision: 3, existing: false))
            #expect(try await store.revisions(appID: "fitness").map(\.revision) == [1, 2, 3])

            let added = try await withThrowingTaskGroup(of: AddedRevision.self) { group in
                for _ in 0..<8 {
                    group.addTask { try await store.addRevision(appID: "fitness", body: [4, 2], sha256: "h42", createdAt: Date()) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(Set(added.map(\.revision)) == [4])
            #expect(added.filter { !$0.existing }.count == 1)
            #expect(try await store.revisions(appID: "fitness").count == 4)
        }
    }

    /// Each environment's published revision, the time of the last event it received, and how
    /// many it received from a time on (that time included).
    @Test(arguments: StoreKind.available)
    func environmentSummariesSayWhatIsServedAndTheLastEvent(kind: StoreKind) async throws {
        try await kind.withStore { store in
            try await Self.makeApp(store, "fitness")
            try await Self.makeApp(store, "notes")
            let since = Date(timeIntervalSince1970: 1_800_000_000.2)
            #expect(try await store.environmentSummaries(appID: "fitness", recentSince: since) == [
                EnvironmentSummary(name: "production", publishedRevision: nil, lastEventAt: nil, recentEvents: 0),
                EnvironmentSummary(name: "staging", publishedRevision: nil, lastEventAt: nil, recentEvents: 0),
            ])
            _ = try await store.addRevision(appID: "fitness", body: [1], sha256: "h1", createdAt: Date())
            _ = try await store.publish(appID: "fitness", environment: "staging", revision: 1)
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
            #expect(try await store.environmentSummaries(appID: "fitness", recentSince: since) == [
                EnvironmentSummary(name: "production", publishedRevision: nil, lastEventAt: 1_800_000_000_500, recentEvents: 2),
                EnvironmentSummary(name: "staging", publishedRevision: 1, lastEventAt: 1_700_000_000_000, recentEvents: 0),
            ])
            #expect(try await store.environmentSummaries(appID: "fitness", recentSince: Date(timeIntervalSince1970: 0)).map(\.recentEvents) == [3, 1])
            #expect(try await store.environmentSummaries(appID: "notes", recentSince: since).map(\.lastEventAt) == [nil, 1_900_000_000_000])
            #expect(try await store.environmentSummaries(appID: "notes", recentSince: since).map(\.recentEvents) == [0, 1])
            #expect(try await store.environmentSummaries(appID: "missing", recentSince: since).isEmpty)
        }
    }

    /// Events by time: `since` included, `until` excluded, either end open; pages continue within the range.
    @Test(arguments: StoreKind.available)
    func eventsAreReadWithinATimeRange(kind: StoreKind) async throws {
        try await kind.withStore { store in
            try await Self.makeApp(store, "fitness")
            let events = (0..<10).map { Self.event("t\($0)", at: Int64($0) * 1000) }
            _ = try await store.insertEvents(events.shuffled(), appID: "fitness")
            func lines(_ range: EventTimeRange?, limit: Int = 3) async throws -> Set<String> {
                var lines: [String] = []
                var cursor: Int64?
                repeat {
                    let page = try await store.events(appID: "fitness", environment: nil, timestamps: range, after: cursor, limit: limit)
                    lines += page.lines
                    cursor = page.next
                } while cursor != nil
                return Set(lines)
            }
            func expected(_ indices: ClosedRange<Int>) -> Set<String> { Set(indices.map { "{\"m\":\"t\($0)\"}" }) }
            #expect(try await lines(nil) == expected(0...9))
            #expect(try await lines(EventTimeRange(since: 3000, until: 6000)) == expected(3...5))
            #expect(try await lines(EventTimeRange(since: 2500, until: nil)) == expected(3...9))
            #expect(try await lines(EventTimeRange(since: nil, until: 1)) == expected(0...0))
            #expect(try await lines(EventTimeRange(since: 9001, until: nil)).isEmpty)
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
                let page = try await store.events(appID: "fitness", environment: nil, timestamps: nil, after: cursor, limit: 7)
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
                let page = try await store.eventsByUser(appID: "fitness", environment: nil, flowID: "signup", after: cursor, limit: 8)
                lines += page.lines
                cursor = page.next
            } while cursor != nil
            let expected = events.enumerated().filter { $0.element.flowID == "signup" }
                .sorted { ($0.element.userID, $0.element.timestamp, $0.offset) < ($1.element.userID, $1.element.timestamp, $1.offset) }
                .map(\.element.line)
            #expect(lines == expected)
            let other = try await store.eventsByUser(appID: "fitness", environment: nil, flowID: "checkout", after: nil, limit: 10)
            #expect(other.lines == ["{\"m\":\"other-flow\"}"] && other.next == nil)
            // Events of no flow (walkthrough events), page by page.
            for index in 0..<5 { _ = try await store.insertEvents([Self.event("w\(index)", user: "v\(4 - index)", flow: nil)], appID: "fitness") }
            var noFlow: [String] = []
            cursor = nil
            repeat {
                let page = try await store.eventsByUser(appID: "fitness", environment: nil, flowID: nil, after: cursor, limit: 2)
                noFlow += page.lines
                cursor = page.next
            } while cursor != nil
            #expect(noFlow == ["{\"m\":\"no-flow\"}", "{\"m\":\"w4\"}", "{\"m\":\"w3\"}", "{\"m\":\"w2\"}", "{\"m\":\"w1\"}", "{\"m\":\"w0\"}"])
        }
    }

    /// The same error, in the same words, from every store: what went wrong and how to fix it.
    @Test(arguments: StoreKind.available)
    func errorsSayWhatWentWrongAndWhatToDo(kind: StoreKind) async throws {
        try await kind.withStore { store in
            try await Self.makeApp(store, "fitness")
            _ = try await store.addRevision(appID: "fitness", body: [1], sha256: "h1", createdAt: Date())

            let exists = try await #require(throws: StoreError.self) { try await Self.makeApp(store, "fitness") }
            #expect(exists.description == "An app with the id \"fitness\" exists already; choose another id.")
            #expect(exists.isConflict && !exists.isNotFound)

            let noRevision = try await #require(throws: StoreError.self) {
                _ = try await store.publish(appID: "fitness", environment: "production", revision: 7)
            }
            #expect(noRevision.description == "The app \"fitness\" has no revision 7; list them with GET /v1/apps/fitness/revisions.")
            #expect(noRevision.isNotFound && !noRevision.isConflict)

            let noEnvironment = try await #require(throws: StoreError.self) {
                _ = try await store.publish(appID: "fitness", environment: "qa", revision: 1)
            }
            #expect(noEnvironment.description == "The app \"fitness\" has no environment \"qa\"; use production or staging.")
            #expect(noEnvironment.isNotFound)
            // Nothing was published by the refused attempts.
            #expect(try await store.publishedRevision(appID: "fitness", environment: "production") == nil)
        }
    }

    /// Events of several flows and users, with ties in time, users whose ids sort differently by
    /// byte and by locale, and a second app; inserted in this order.
    static let orderingEvents: [StoredEvent] = {
        let users = ["u2", "U1", "é", "z", "u10", "u2"]
        let flows: [String?] = ["signup", nil, "checkout", "signup", nil]
        return (0..<40).map { index in
            event("o\(index)", user: users[index % users.count], flow: flows[index % flows.count], at: Int64((index * 7) % 4))
        }
    }()

    /// What `eventsByUser` must answer for `flowID`: the events of that flow (nil: of no flow),
    /// by user id in byte order, then time, then arrival.
    static func expectedByUser(flowID: String?) -> [String] {
        orderingEvents.enumerated().filter { $0.element.flowID == flowID }
            .sorted { left, right in
                let (a, b) = (left.element, right.element)
                if a.userID != b.userID { return Array(a.userID.utf8).lexicographicallyPrecedes(Array(b.userID.utf8)) }
                return (a.timestamp, left.offset) < (b.timestamp, right.offset)
            }
            .map(\.element.line)
    }

    /// Every combination of the filters of `eventsByUser` (a flow or no flow; from the start or
    /// after a cursor; a page that ends before, at or after the last event) gives the same answer
    /// from every store: the one `expectedByUser(flowID:)` computes.
    @Test(arguments: StoreKind.available, ["signup", nil] as [String?])
    func eventsByUserAnswerAlikeForEveryFilter(kind: StoreKind, flowID: String?) async throws {
        try await kind.withStore { store in
            try await Self.makeApp(store, "fitness")
            try await Self.makeApp(store, "notes")
            #expect(try await store.insertEvents(Self.orderingEvents, appID: "fitness").accepted == Self.orderingEvents.count)
            _ = try await store.insertEvents(Self.orderingEvents.map { Self.event("n-\($0.messageID)", user: $0.userID, flow: $0.flowID) }, appID: "notes")
            let expected = Self.expectedByUser(flowID: flowID)
            #expect(expected.count >= 8)

            for limit in [1, 3, expected.count - 1, expected.count, expected.count + 5] {
                // From the start.
                let first = try await store.eventsByUser(appID: "fitness", environment: nil, flowID: flowID, after: nil, limit: limit)
                #expect(first.lines == Array(expected.prefix(limit)), "limit \(limit)")
                #expect((first.next != nil) == (limit <= expected.count), "limit \(limit): a full page has a next cursor")
                // After a cursor: the rest, page by page, with nothing skipped or repeated.
                var lines = first.lines
                var cursor = first.next
                while let position = cursor {
                    let page = try await store.eventsByUser(appID: "fitness", environment: nil, flowID: flowID, after: position, limit: limit)
                    #expect(page.lines.count <= limit)
                    lines += page.lines
                    cursor = page.next
                }
                #expect(lines == expected, "limit \(limit)")
            }
            // Values are bound, never written into the SQL.
            #expect(try await store.eventsByUser(appID: "fitness' OR '1'='1", environment: nil, flowID: flowID, after: nil, limit: 10).lines.isEmpty)
            #expect(try await store.eventsByUser(appID: "fitness", environment: nil, flowID: "signup' OR '1'='1", after: nil, limit: 10).lines.isEmpty)
        }
    }

    /// The two stores, side by side, give the same pages for every filter (when PostgreSQL runs here).
    @Test(.enabled(if: StoreKind.available.count > 1, "needs PostgreSQL"))
    func bothStoresGiveTheSamePages() async throws {
        func pages(_ kind: StoreKind) async throws -> [String] {
            try await kind.withStore { store in
                try await Self.makeApp(store, "fitness")
                _ = try await store.insertEvents(Self.orderingEvents, appID: "fitness")
                var answers: [String] = []
                for flowID in ["signup", "checkout", nil, "missing"] as [String?] {
                    for limit in [2, 5] {
                        var cursor: UserOrderCursor?
                        repeat {
                            let page = try await store.eventsByUser(appID: "fitness", environment: nil, flowID: flowID, after: cursor, limit: limit)
                            answers.append("\(flowID ?? "-") \(limit): \(page.lines.joined(separator: " "))")
                            cursor = page.next
                            if let cursor { answers.append("next \(cursor.userID) \(cursor.timestamp)") }
                        } while cursor != nil
                    }
                }
                var storage: Int64?
                repeat {
                    let page = try await store.events(appID: "fitness", environment: nil, timestamps: nil, after: storage, limit: 6)
                    answers.append("stored: \(page.lines.joined(separator: " "))")
                    storage = page.next
                } while storage != nil
                return answers
            }
        }
        let sqlite = try await pages(.sqlite)
        let postgres = try await pages(.postgres)
        #expect(sqlite == postgres)
        #expect(sqlite.count > 20)
    }
}
