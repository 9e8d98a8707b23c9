import Foundation
import GRDB
import Testing
import Waypoint
import WaypointTools
@testable import WaypointServer

/// SQLite works out a batch's contribution rows on a reader before its write transaction, and the
/// writer applies them only where the user's events are still those of the snapshot plus the batch
/// (docs/ARCHITECTURE.md, "Report contributions in the stores").
@Suite("Contributions prepared beside the writer")
struct PreparedContributionsTests {
    /// What happens between the snapshot and the write transaction.
    enum Meanwhile: String, CaseIterable, CustomTestStringConvertible {
        case nothing
        case anotherBatchOfTheSameUsers
        case theBatchItselfIsStored
        case anErasure
        case retention

        var testDescription: String { rawValue }
    }

    static let app: AppID = "fitness"

    /// A SQLite store with app ``app`` and the first `stored` of `events` random events (by
    /// `users` users) inserted; `body` gets the store and all the events.
    static func withStore(
        seed: UInt64, events count: Int, users: Int, stored: Int, _ body: (SQLiteStore, [StoredEvent]) async throws -> Void
    ) async throws {
        try await TemporaryFiles.with { directory in
            let store = try SQLiteStore(directory: directory)
            try await StoreContractTests.makeApp(store, app)
            var random = StoreContractTests.SeededRandom(seed: seed)
            let events = StoreContractTests.randomContributionEvents(count: count, users: users, random: &random)
            _ = try await store.insertEvents(Array(events[0..<stored]), appID: app)
            try await body(store, events)
            try await store.close()
        }
    }

    /// A batch posted on a snapshot that another write has since left behind still leaves every
    /// user's rows and every cell those of the core over the export.
    @Test(arguments: Meanwhile.allCases)
    func aStaleSnapshotIsRecomputedInTheWriter(meanwhile: Meanwhile) async throws {
        try await Self.withStore(seed: 11, events: 400, users: 6, stored: 200) { store, events in
            // The batch, with two events already stored and one twice.
            let batch = Array(events[200..<300]) + [events[10], events[20], events[250]]
            let prepared = try await store.pool.read { db in try SQLiteStore.prepareContributions(db, appID: Self.app.rawValue, events: batch) }
            #expect(!prepared.users.isEmpty)
            switch meanwhile {
            case .nothing: break
            case .anotherBatchOfTheSameUsers: _ = try await store.insertEvents(Array(events[300..<400]), appID: Self.app)
            case .theBatchItselfIsStored: _ = try await store.insertEvents(Array(events[200..<260]), appID: Self.app)
            case .anErasure: _ = try await store.eraseUser(appID: Self.app, userID: "user-2")
            case .retention: _ = try await store.deleteEvents(before: StoreContractTests.contributionEpoch + 2 * StoreContractTests.contributionDay)
            }
            let result = try await store.insertEvents(batch, appID: Self.app.rawValue, prepared: prepared)
            #expect(result.accepted + result.duplicates == batch.count)
            try await StoreContractTests.checkContributions(store, appID: Self.app, "\(meanwhile)")
        }
    }

    /// The writer does use what was prepared when nothing changed in between: prepared rows made
    /// wrong on purpose are what it stores then, and are recomputed once another batch of the same
    /// user came in between.
    @Test(arguments: [false, true])
    func preparedRowsAreAppliedOnlyWhileTheSnapshotHolds(userChangedInBetween: Bool) async throws {
        try await Self.withStore(seed: 5, events: 90, users: 1, stored: 30) { store, events in
            let batch = Array(events[30..<60])
            var prepared = try await store.pool.read { db in try SQLiteStore.prepareContributions(db, appID: Self.app.rawValue, events: batch) }
            #expect(prepared.users.count >= 1)
            for user in prepared.users.keys { try prepared.replaceNewRows(of: user, with: []) }
            if userChangedInBetween { _ = try await store.insertEvents(Array(events[60..<90]), appID: Self.app) }
            _ = try await store.insertEvents(batch, appID: Self.app.rawValue, prepared: prepared)
            for (user, ready) in prepared.users {
                let stored = try await store.storedContributions(appID: Self.app, environment: EnvironmentName(rawValue: user.environment))
                let rows = (stored.users[ExactID(user.userID)] ?? []).filter { ready.subjects.contains(ExactID($0.subject)) }
                if userChangedInBetween {
                    #expect(!rows.isEmpty, "\(user): recomputed")
                } else {
                    #expect(rows.isEmpty, "\(user): the prepared (emptied) rows were applied")
                }
            }
            if userChangedInBetween { try await StoreContractTests.checkContributions(store, appID: Self.app, "recomputed") }
        }
    }

    /// What a snapshot admitted, the writer judges again once the user's events changed in
    /// between: two batches that each fit the limit alone keep, together, no more than the limit.
    /// The same when both batches are written in one transaction (``GroupCommit``).
    @Test(arguments: [false, true])
    func refusalsOnAStaleSnapshotAreJudgedAgainByTheWriter(inOneTransaction: Bool) async throws {
        try await TemporaryFiles.with { directory in
            let store = try SQLiteStore(directory: directory)
            try await StoreContractTests.makeApp(store, Self.app)
            let limit = ContributionChanges.limits.events
            func batch(_ tag: String) -> [StoredEvent] {
                (0..<(limit * 3 / 5)).map { index in
                    let event = OnboardingEvent(
                        messageID: "\(tag)\(index)", userID: "target", event: .stepViewed,
                        timestamp: Date(timeIntervalSince1970: 1_795_564_800 + Double(index)), flowID: "signup", stepID: "welcome")
                    return StoredEvent(
                        messageID: event.messageID, userID: "target", flowID: "signup", walkthroughID: nil, timestamp: 0,
                        environment: "production", receivedAt: 1, line: EventIngestion.jsonLine(of: event))
                }
            }
            let (first, second) = (batch("a"), batch("b"))
            let prepared = try await store.pool.read { db in try SQLiteStore.prepareContributions(db, appID: Self.app.rawValue, events: second) }
            #expect(prepared.users.values.allSatisfy { $0.refused.isEmpty }, "on the empty snapshot every event fits")
            let result: InsertResult
            if inOneTransaction {
                let preparedFirst = try await store.pool.read { db in
                    try SQLiteStore.prepareContributions(db, appID: Self.app.rawValue, events: first)
                }
                let jobs = [
                    SQLiteStore.InsertJob(events: first, appID: Self.app.rawValue, prepared: preparedFirst),
                    SQLiteStore.InsertJob(events: second, appID: Self.app.rawValue, prepared: prepared),
                ]
                let results = try await store.pool.write { db in try SQLiteStore.insert(jobs, db, ledger: store.reportLedger) }
                #expect(results[0].accepted == first.count)
                result = results[1]
            } else {
                #expect(try await store.insertEvents(first, appID: Self.app).accepted == first.count)
                result = try await store.insertEvents(second, appID: Self.app.rawValue, prepared: prepared)
            }
            #expect(result.accepted == limit - first.count)
            #expect(result.refused.map(\.index) == second.indices.filter { $0 >= limit - first.count })
            #expect(try await store.eventCount(appID: Self.app, environment: "production") == limit)
            try await StoreContractTests.checkContributions(store, appID: Self.app, "after the stale snapshot")
            try await store.close()
        }
    }

    /// Batches written in one transaction (``GroupCommit``), all prepared on one snapshot, share
    /// users and message ids: each batch is answered as if it had been written alone after the ones
    /// before it, the rows and cells equal the core's over the export, and a user over the limit is
    /// refused across the group as across transactions.
    @Test(arguments: [1, 3, 10])
    func batchesWrittenInOneTransactionAnswerAsIfWrittenOneByOne(batchesPerGroup: Int) async throws {
        try await Self.withStore(seed: 17, events: 700, users: 5, stored: 100) { store, events in
            var batches = stride(from: 100, to: 700, by: 50).map { Array(events[$0..<$0 + 50]) }
            // Each batch repeats an event of the one before, and one already stored.
            for index in batches.indices.dropFirst() { batches[index].append(batches[index - 1][7]) }
            batches[4].append(events[3])
            let jobs = try await store.pool.read { [batches] db in
                try batches.map { batch in
                    SQLiteStore.InsertJob(
                        events: batch, appID: Self.app.rawValue,
                        prepared: try SQLiteStore.prepareContributions(db, appID: Self.app.rawValue, events: batch))
                }
            }
            var results: [InsertResult] = []
            for start in stride(from: 0, to: jobs.count, by: batchesPerGroup) {
                let group = Array(jobs[start..<min(start + batchesPerGroup, jobs.count)])
                results += try await store.pool.write { db in try SQLiteStore.insert(group, db, ledger: store.reportLedger) }
            }
            #expect(results.map(\.duplicates) == [0, 1, 1, 1, 2] + Array(repeating: 1, count: batches.count - 5))
            #expect(results.map(\.accepted).reduce(0, +) == 600)
            try await StoreContractTests.checkContributions(store, appID: Self.app, "\(batchesPerGroup) batches a transaction")
        }
    }

    /// Batches posted at once by many clients wait for the writer and are written in fewer
    /// transactions than batches, the ledger still equal to the export.
    @Test func batchesPostedAtOnceShareTransactions() async throws {
        try await Self.withStore(seed: 23, events: 1_600, users: 40, stored: 0) { store, events in
            let batches = stride(from: 0, to: events.count, by: 20).map { Array(events[$0..<$0 + 20]) }
            let before = store.ingestion.written
            try await withThrowingTaskGroup(of: Void.self) { group in
                for lane in 0..<8 {
                    group.addTask {
                        for batch in stride(from: lane, to: batches.count, by: 8).map({ batches[$0] }) {
                            _ = try await store.insertEvents(batch, appID: Self.app)
                        }
                    }
                }
                try await group.waitForAll()
            }
            let written = store.ingestion.written
            #expect(written.jobs - before.jobs == batches.count)
            #expect(written.rounds - before.rounds < batches.count, "some batches shared a transaction")
            try await StoreContractTests.checkContributions(store, appID: Self.app, "posted at once")
        }
    }

    /// A batch's events by user, in one pass: each user's events that touch a flow or walkthrough,
    /// in batch order, with those subjects; users told apart by environment and by bytes, an event
    /// of neither flow nor walkthrough in no group.
    @Test func aBatchIsGroupedByUserInItsOrder() {
        func event(_ id: String, user: String, environment: String = "production", flow: String?, walkthrough: String? = nil) -> StoredEvent {
            StoredEvent(messageID: id, userID: user, flowID: flow, walkthroughID: walkthrough, timestamp: 1, environment: environment,
                        receivedAt: 1, line: id)
        }
        let batch = [
            event("1", user: "u", flow: "signup"), event("2", user: "v", flow: "signup"), event("3", user: "u", flow: nil),
            event("4", user: "u", flow: nil, walkthrough: "tour"), event("5", user: "u", environment: "staging", flow: "signup"),
            event("6", user: "v", flow: "checkout"), event("7", user: "u", flow: "signup"),
        ]
        let users = ContributionChanges.byUser(batch.enumerated(), event: \.element)
        let production = ContributionUser(environment: "production", userID: "u")
        #expect(users.count == 3)
        #expect(users[production]?.items.map(\.element.messageID) == ["1", "4", "7"])
        #expect(users[production]?.subjects == ["signup", "tour"])
        #expect(users[ContributionUser(environment: "production", userID: "v")]?.items.map(\.offset) == [1, 5])
        #expect(users[ContributionUser(environment: "production", userID: "v")]?.subjects == ["signup", "checkout"])
        #expect(users[ContributionUser(environment: "staging", userID: "u")]?.items.map(\.element.messageID) == ["5"])
    }

    /// The events a batch would insert: the first of each message id, unless it is stored.
    @Test func theNewEventsAreTheFirstOfEachMessageIDNotStored() {
        func event(_ id: String) -> StoredEvent {
            StoredEvent(messageID: id, userID: "u", flowID: "signup", walkthroughID: nil, timestamp: 1, environment: "production", receivedAt: 1, line: id)
        }
        let new = PreparedContributions.new([event("a"), event("b"), event("a"), event("c"), event("b")]) { $0.messageID == "c" }
        #expect(new.map(\.messageID) == ["a", "b"])
    }
}
