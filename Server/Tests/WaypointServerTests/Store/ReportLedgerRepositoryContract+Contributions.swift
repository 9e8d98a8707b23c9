import Foundation
import GRDB
import Testing
import Waypoint
import WaypointTools
@testable import WaypointServer

/// Report contributions (docs/ARCHITECTURE.md, "Reports at scale"): after any sequence of batches,
/// erasures and retention passes, each user's stored rows are `Contributions.ofUser` over that
/// user's exported events, and each cell is the sum of its users' rows.
extension StoreContractTests {
    /// A reproducible stream of random numbers (xorshift64*), so a failure can be run again.
    struct SeededRandom: RandomNumberGenerator {
        var state: UInt64

        init(seed: UInt64) { state = seed == 0 ? 0x9E37_79B9_7F4A_7C15 : seed }

        mutating func next() -> UInt64 {
            state ^= state >> 12
            state ^= state << 25
            state ^= state >> 27
            return state &* 0x2545_F491_4F6C_DD1D
        }
    }

    static let contributionDay: Int64 = 86_400_000
    /// 2026-11-20T00:00:00Z, the first day of the random events.
    static let contributionEpoch: Int64 = 1_795_564_800_000

    /// Random events of two flows and a walkthrough, by `users` users in two environments over five
    /// days, as an app sends them (lines written by the core).
    static func randomContributionEvents(count: Int, users: Int, random: inout SeededRandom) -> [StoredEvent] {
        let flowEvents: [EventName] = [.flowStarted, .stepViewed, .stepCompleted, .stepSkipped, .flowCompleted, .flowAbandoned]
        let walkthroughEvents: [EventName] = [.walkthroughStarted, .hintShown, .hintCompleted, .walkthroughCompleted]
        return (0..<count).map { index in
            let user = "user-\(Int.random(in: 0..<users, using: &random))"
            let environment = Bool.random(using: &random) ? "production" : "staging"
            let timestamp = contributionEpoch + Int64.random(in: 0..<(5 * contributionDay), using: &random)
            let revision = [nil, 1, 2, 3].randomElement(using: &random) ?? nil
            let variation = Int.random(in: 0..<3, using: &random) == 0 ? ["short", "long"].randomElement(using: &random) : nil
            // Some users are exposed to two experiments in one flow: one experiment row each.
            let experiment = variation == nil ? nil : ["short-signup", "paywall-copy"].randomElement(using: &random)
            let event: OnboardingEvent
            if Int.random(in: 0..<4, using: &random) == 0 {
                event = OnboardingEvent(
                    messageID: "m\(index)", userID: user, event: walkthroughEvents.randomElement(using: &random) ?? .hintShown,
                    timestamp: Date(timeIntervalSince1970: Double(timestamp) / 1000), stepID: ["a", "b"].randomElement(using: &random),
                    walkthroughID: "tour", experiment: experiment, variation: variation, revision: revision)
            } else {
                event = OnboardingEvent(
                    messageID: "m\(index)", userID: user, event: flowEvents.randomElement(using: &random) ?? .stepViewed,
                    timestamp: Date(timeIntervalSince1970: Double(timestamp) / 1000), flowID: ["signup", "paywall"].randomElement(using: &random),
                    stepID: ["welcome", "name", "plan"].randomElement(using: &random), experiment: experiment, variation: variation,
                    durationMs: Int64.random(in: 0..<5_000, using: &random), revision: revision)
            }
            return StoredEvent(
                messageID: event.messageID, userID: user, flowID: event.flowID, walkthroughID: event.walkthroughID, timestamp: timestamp,
                environment: environment, receivedAt: 1, line: EventIngestion.jsonLine(of: event))
        }
    }

    /// An environment's events as exported (storage order), by user (told apart by bytes).
    static func exportedLinesByUser(_ store: TestDatabase, appID: AppID, environment: EnvironmentName) async throws -> [ExactID: [String]] {
        var byUser: [ExactID: [String]] = [:]
        var cursor: Int64?
        for _ in 0..<10_000 {
            let page = try await store.events(appID: appID, environment: environment, timestamps: nil, after: cursor, limit: 500)
            for line in page.lines {
                let event = try JSONDecoder().decode(OnboardingEvent.self, from: Data(line.utf8))
                byUser[ExactID(event.userID), default: []].append(line)
            }
            guard let next = page.next else { break }
            cursor = next
        }
        return byUser
    }

    /// Each user's rows as the core computes them over the export (the store keeps only revisions
    /// the server serves, 1 and up).
    static func expectedRows(_ store: TestDatabase, appID: AppID, environment: EnvironmentName) async throws -> [ExactID: Set<ContributionRow>] {
        var expected: [ExactID: Set<ContributionRow>] = [:]
        for (user, lines) in try await exportedLinesByUser(store, appID: appID, environment: environment) {
            let rows = Contributions.ofUser(lines: lines).filter { ($0.revision ?? 1) >= 1 }
            if !rows.isEmpty { expected[user] = Set(rows) }
        }
        return expected
    }

    /// `rows` summed per cell, each as a row starting at its day: a user's row into each of its
    /// cells (``ContributionRow/cellRows()``), as the stores sum them.
    static func summedByCell(_ rows: some Sequence<ContributionRow>) throws -> Set<ContributionRow> {
        var sums: [ContributionRow.Cell: ContributionRow] = [:]
        for row in try rows.flatMap({ try $0.cellRows() }) {
            if var sum = sums[row.cell] {
                try sum.totals.add(row.totals)
                sums[row.cell] = sum
            } else {
                var first = row
                first.startMs = row.startDay.map { $0 * contributionDay }
                sums[row.cell] = first
            }
        }
        return Set(sums.values.filter { !$0.totals.isEmpty })
    }

    /// Checks both environments: stored users' rows equal the core's over the export, cells equal
    /// both the sum of stored rows and the sum of the expected rows, and the kept count of events
    /// equals the export's.
    static func checkContributions(_ store: TestDatabase, appID: AppID, _ comment: Comment) async throws {
        for environment in EnvironmentName.all {
            let exported = try await exportedLinesByUser(store, appID: appID, environment: environment).values.map(\.count).reduce(0, +)
            #expect(try await store.eventCount(appID: appID, environment: environment) == exported, "\(comment), \(environment): events")
            let stored = try await store.storedContributions(appID: appID, environment: environment)
            let expected = try await expectedRows(store, appID: appID, environment: environment)
            #expect(stored.users.mapValues(Set.init) == expected, "\(comment), \(environment): users' rows")
            #expect(Set(stored.cells) == (try summedByCell(stored.users.values.joined())), "\(comment), \(environment): cells against stored rows")
            #expect(Set(stored.cells) == (try summedByCell(expected.values.joined())), "\(comment), \(environment): cells against the export")
            #expect(stored.cells.count == Set(stored.cells.map(\.cell)).count, "\(comment), \(environment): one row per cell")
        }
    }

    /// A scope's rows and its groups outside the range equal those of the expected users' rows by
    /// start, for ranges cut inside days (10:30), on day boundaries, open at either end, and none.
    static func checkScopes(_ store: TestDatabase, appID: AppID) async throws {
        let day = contributionDay, epoch = contributionEpoch
        let ranges: [(Int64?, Int64?)] = [
            (nil, nil), (epoch + day + 37_800_000, epoch + 3 * day + 37_800_000), (epoch + day, epoch + 3 * day),
            (epoch + 2 * day + 37_800_000, nil), (nil, epoch + 2 * day + 37_800_000), (epoch + 2 * day + 1_000, epoch + 2 * day + 50_000_000),
            (epoch + 4 * day, epoch + day),
        ]
        for environment in EnvironmentName.all {
            let expected = try await expectedRows(store, appID: appID, environment: environment).values.joined()
            for kind in ContributionKind.allCases {
                for subject in ["signup", "paywall", "tour"] {
                    for revision in [nil, 1, 2] as [Int?] {
                        let rows = expected.filter { $0.kind == kind && $0.subject == subject && $0.revision == revision }
                        for (since, until) in ranges {
                            let what = "\(environment) \(kind) \(subject) revision \(revision.map(String.init) ?? "any") "
                                + "[\(since.map(String.init) ?? "-"), \(until.map(String.init) ?? "-"))"
                            let scope = try await store.contributions(
                                appID: appID, environment: environment, kind: kind, subject: subject, revision: revision, since: since, until: until)
                            let inRange = { (row: ContributionRow) -> Bool in
                                if since == nil && until == nil { return true }
                                guard let start = row.startMs else { return false }
                                return start >= (since ?? .min) && start < (until ?? .max)
                            }
                            // A cell may come as its stored sum and its held changes: they add up to it.
                            #expect(try summedByCell(scope.rows) == (try summedByCell(rows.filter(inRange))), "\(what): rows")
                            let outside = Set(try rows.filter { !inRange($0) }.flatMap { try ContributionRow.cellGroups(of: $0.group, kind: $0.kind) })
                            #expect(scope.groupsOutsideRange == outside, "\(what): groups outside")
                        }
                    }
                }
            }
        }
    }
}

extension ReportLedgerRepositoryContract {
    /// Random batches, delivered out of order, four at a time, with duplicates and users split
    /// across batches; then an erasure, a retention pass and more batches: the contributions stay
    /// those of the export throughout.
    @Test(arguments: StoreKind.available, [1, 2] as [UInt64])
    func contributionsEqualTheCoreOverTheExport(kind: StoreKind, seed: UInt64) async throws {
        try await kind.withStore { store in
            try await StoreContractTests.makeApp(store, "fitness")
            var random = StoreContractTests.SeededRandom(seed: seed)
            let events = StoreContractTests.randomContributionEvents(count: 600, users: 25, random: &random)
            var batches: [[StoredEvent]] = []
            var start = 0
            while start < 450 {
                let end = min(450, start + Int.random(in: 1...60, using: &random))
                var batch = Array(events[start..<end])
                // Duplicates: events of earlier batches delivered again.
                if start > 0 {
                    for _ in 0..<Int.random(in: 0...5, using: &random) { batch.append(events[Int.random(in: 0..<start, using: &random)]) }
                }
                var seen: Set<String> = []
                batches.append(batch.filter { seen.insert($0.messageID).inserted }.shuffled(using: &random))
                start = end
            }
            batches.shuffle(using: &random)
            let lanes = 4
            let shares = (0..<lanes).map { lane in stride(from: lane, to: batches.count, by: lanes).map { batches[$0] } }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for share in shares {
                    group.addTask { for batch in share { _ = try await store.insertEvents(batch, appID: "fitness") } }
                }
                try await group.waitForAll()
            }
            try await StoreContractTests.checkContributions(store, appID: "fitness", "after \(batches.count) batches")
            // The case of two experiment rows of one subject and revision (one per experiment) is met.
            let production = try await store.storedContributions(appID: "fitness", environment: "production")
            #expect(production.users.values.contains { rows in
                let experiments = rows.filter { $0.kind == .experiment }
                return Set(experiments.map { "\($0.subject) \($0.revision ?? 0)" }).count < experiments.count
            })

            _ = try await store.eraseUser(appID: "fitness", userID: "user-3")
            try await StoreContractTests.checkContributions(store, appID: "fitness", "after an erasure")

            _ = try await store.deleteEvents(before: StoreContractTests.contributionEpoch + 2 * StoreContractTests.contributionDay + 37_800_000)
            try await StoreContractTests.checkContributions(store, appID: "fitness", "after retention")

            for start in stride(from: 450, to: events.count, by: 50) {
                _ = try await store.insertEvents(Array(events[start..<min(start + 50, events.count)]) + [events[start - 400]], appID: "fitness")
            }
            try await StoreContractTests.checkContributions(store, appID: "fitness", "after more batches")
            try await StoreContractTests.checkScopes(store, appID: "fitness")
            let none = try await store.contributions(
                appID: "fitness", environment: "production", kind: .flow, subject: "signup", revision: 0, since: nil, until: nil)
            #expect(none.rows.isEmpty && none.groupsOutsideRange.isEmpty)
        }
    }

    /// A recompute reads a user's events of a flow or a walkthrough by a seek in
    /// `events_by_flow_user`, never the environment's events.
    @Test func aUsersEventsOfASubjectAreReadThroughTheirIndexInSQLite() async throws {
        try await TemporaryFiles.with { directory in
            let store = try SQLiteStore(directory: directory)
            let plans = try await store.pool.read { db in
                try SQLiteStore.contributionLinesStatements.map { statement in
                    try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + statement, arguments: ["fitness", "signup", "u1", "production"])
                        .map { row -> String in row["detail"] }
                }
            }
            #expect(plans == [
                ["SEARCH events USING INDEX events_by_flow_user (app_id=? AND flow_id=? AND user_id=?)"],
                ["SEARCH events USING INDEX events_by_flow_user (app_id=? AND flow_id=? AND user_id=?)"],
            ], "\(plans)")
            try await store.close()
        }
    }

    /// Two stores on one PostgreSQL database, as two server processes, posting the same users'
    /// events at once: each user's recompute waits for the other's, so nothing is lost.
    @Test(.enabled(if: PostgresServer.isInstalled, "needs PostgreSQL"))
    func twoPostgresStoresPostingTheSameUsersAgreeWithTheExport() async throws {
        let url = try PostgresServer.createDatabase()
        try await PostgresServer.withStore(url: url) { first in
            try await StoreContractTests.makeApp(first, "fitness")
            try await PostgresServer.withStore(url: url) { second in
                var random = StoreContractTests.SeededRandom(seed: 7)
                let events = StoreContractTests.randomContributionEvents(count: 800, users: 4, random: &random)
                let batches = stride(from: 0, to: events.count, by: 20).map { Array(events[$0..<min($0 + 20, events.count)]) }
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for (index, store) in [first, second].enumerated() {
                        for lane in 0..<3 {
                            let share = stride(from: lane, to: batches.count, by: 3).map { batches[$0] }
                            group.addTask {
                                // Both stores post every batch (one of each pair is all duplicates), in opposite orders.
                                for batch in index == 0 ? share : share.reversed() { _ = try await store.insertEvents(batch, appID: "fitness") }
                            }
                        }
                    }
                    try await group.waitForAll()
                }
                try await StoreContractTests.checkContributions(first, appID: "fitness", "two stores")
                try await StoreContractTests.checkContributions(second, appID: "fitness", "two stores, read by the second")
            }
        }
    }

    /// A SQLite database holding events from before contributions were kept gets them filled by
    /// the migration, as if every event had been inserted since.
    @Test func theMigrationFillsContributionsFromEventsStoredBeforeInSQLite() async throws {
        try await TemporaryFiles.with { directory in
            var random = StoreContractTests.SeededRandom(seed: 3)
            let events = StoreContractTests.randomContributionEvents(count: 300, users: 12, random: &random)
            let store = try SQLiteStore(directory: directory)
            try await StoreContractTests.makeApp(store, "fitness")
            _ = try await store.insertEvents(events, appID: "fitness")
            let before = try await store.storedContributions(appID: "fitness", environment: "production")
            #expect(!before.cells.isEmpty)
            try await store.close()
            // As the earlier release left it: no walkthrough column, no contribution tables nor counts, the steps not run.
            let queue = try DatabaseQueue(path: directory.appendingPathComponent("waypoint.sqlite").path)
            try await queue.write { db in
                try db.execute(sql: "DROP TABLE contribution_cells")
                try db.execute(sql: "DROP TABLE contribution_rows")
                try db.execute(sql: "ALTER TABLE events DROP COLUMN walkthrough_id")
                try db.execute(sql: "DROP TABLE event_counts")
                try db.execute(sql: """
                    DELETE FROM grdb_migrations
                    WHERE identifier IN ('7-\(StoreSchema.contributionsStepName)', '8-\(StoreSchema.eventCountsStepName)')
                    """)
            }
            try queue.close()

            let migrated = try SQLiteStore(directory: directory)
            try await StoreContractTests.checkContributions(migrated, appID: "fitness", "after the migration")
            #expect(Set(try await migrated.storedContributions(appID: "fitness", environment: "production").cells) == Set(before.cells))
            // Walkthrough events found their walkthrough again: a new one recomputes the user's walkthrough rows.
            let more = StoreContractTests.randomContributionEvents(count: 400, users: 12, random: &random).suffix(100).map { event in
                var event = event
                event.messageID = "later-" + event.messageID
                event.line = event.line.replacingOccurrences(of: "\"messageId\":\"", with: "\"messageId\":\"later-")
                return event
            }
            _ = try await migrated.insertEvents(Array(more), appID: "fitness")
            try await StoreContractTests.checkContributions(migrated, appID: "fitness", "after the migration and more events")
            try await migrated.close()
        }
    }

    @Test(.enabled(if: PostgresServer.isInstalled, "needs PostgreSQL"))
    func theMigrationFillsContributionsFromEventsStoredBeforeInPostgres() async throws {
        let url = try PostgresServer.createDatabase()
        var random = StoreContractTests.SeededRandom(seed: 4)
        let events = StoreContractTests.randomContributionEvents(count: 300, users: 12, random: &random)
        let later = StoreContractTests.randomContributionEvents(count: 400, users: 12, random: &random).suffix(100).map { event in
            var event = event
            event.messageID = "later-" + event.messageID
            event.line = event.line.replacingOccurrences(of: "\"messageId\":\"", with: "\"messageId\":\"later-")
            return event
        }
        try await PostgresServer.withStore(url: url) { store in
            try await StoreContractTests.makeApp(store, "fitness")
            _ = try await store.insertEvents(events, appID: "fitness")
        }
        let fresh = try PostgresServer.createDatabase()
        try await PostgresServer.withStore(url: fresh) { _ in }
        // As the earlier release left it: no walkthrough column, no contribution tables nor counts, the steps not run.
        try PostgresServer.psql(url: url, """
            DROP TABLE contribution_cells, contribution_rows, contribution_locks, event_counts;
            ALTER TABLE events DROP COLUMN walkthrough_id;
            \(StoreMigrations.forgettingPostgres(from: "7-" + StoreSchema.contributionsStepName));
            """)
        #expect(try PostgresServer.schema(url: url) != PostgresServer.schema(url: fresh))
        try await PostgresServer.withStore(url: url) { store in
            try await StoreContractTests.checkContributions(store, appID: "fitness", "after the migration")
            _ = try await store.insertEvents(Array(later), appID: "fitness")
            try await StoreContractTests.checkContributions(store, appID: "fitness", "after the migration and more events")
        }
        #expect(try PostgresServer.schema(url: url) == PostgresServer.schema(url: fresh))
    }
}
