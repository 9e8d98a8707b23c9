import Foundation
import Testing
@testable import WaypointServer

extension EventRepositoryContract {
    /// Events by time: `since` included, `until` excluded, either end open; pages continue within the range.
    @Test(arguments: StoreKind.available)
    func eventsAreReadWithinATimeRange(kind: StoreKind) async throws {
        try await kind.withStore { store in
            try await StoreContractTests.makeApp(store, "fitness")
            let events = (0..<10).map { StoreContractTests.event("t\($0)", at: Int64($0) * 1000) }
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
            try await StoreContractTests.makeApp(store, "fitness")
            try await StoreContractTests.makeApp(store, "notes")
            let batch = (0..<10).map { StoreContractTests.event("m\($0)") }
            #expect(try await store.insertEvents(batch, appID: "fitness") == InsertResult(accepted: 10, duplicates: 0))
            #expect(try await store.insertEvents(Array(batch[5...]) + [StoreContractTests.event("m10", flow: nil)], appID: "fitness")
                        == InsertResult(accepted: 1, duplicates: 5))
            #expect(try await store.insertEvents(batch, appID: "notes") == InsertResult(accepted: 10, duplicates: 0))

            // The same events from many writers at once: stored once.
            let concurrent = (0..<200).map { StoreContractTests.event("c\($0)", user: "u\($0 % 7)", at: Int64($0)) }
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
            try await StoreContractTests.makeApp(store, "fitness")
            var events: [StoredEvent] = []
            for index in 0..<60 {
                events.append(StoreContractTests.event("e\(index)", user: "u\(index % 5)", at: Int64((index * 37) % 11)))
            }
            events.append(StoreContractTests.event("other-flow", user: "u0", flow: "checkout"))
            events.append(StoreContractTests.event("no-flow", user: "u0", flow: nil))
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
            for index in 0..<5 { _ = try await store.insertEvents([StoreContractTests.event("w\(index)", user: "v\(4 - index)", flow: nil)], appID: "fitness") }
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

    /// Every combination of the filters of `eventsByUser` (a flow or no flow; from the start or
    /// after a cursor; a page that ends before, at or after the last event) gives the same answer
    /// from every store: the one `expectedByUser(flowID:)` computes.
    @Test(arguments: StoreKind.available, ["signup", nil] as [String?])
    func eventsByUserAnswerAlikeForEveryFilter(kind: StoreKind, flowID: String?) async throws {
        try await kind.withStore { store in
            try await StoreContractTests.makeApp(store, "fitness")
            try await StoreContractTests.makeApp(store, "notes")
            #expect(try await store.insertEvents(StoreContractTests.orderingEvents, appID: "fitness").accepted == StoreContractTests.orderingEvents.count)
            _ = try await store.insertEvents(StoreContractTests.orderingEvents.map { StoreContractTests.event("n-\($0.messageID)", user: $0.userID, flow: $0.flowID) }, appID: "notes")
            let expected = StoreContractTests.expectedByUser(flowID: flowID)
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
                try await StoreContractTests.makeApp(store, "fitness")
                _ = try await store.insertEvents(StoreContractTests.orderingEvents, appID: "fitness")
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
