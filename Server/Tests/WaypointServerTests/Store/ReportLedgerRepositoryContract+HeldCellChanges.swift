import Foundation
import GRDB
import Synchronization
import Testing
import Waypoint
import WaypointTools
@testable import WaypointServer

/// A cell's held changes (docs/ARCHITECTURE.md, "Report contributions in the stores"): a batch
/// appends its difference beside the cell, the change that would be the cell's
/// `StoreSchema.cellChangesHeld`-th folds them into it, and the cell reads as its sum plus the held
/// changes throughout.
extension StoreContractTests {
    /// Runs `body` with a new store of `kind` and a function that counts the rows of
    /// `contribution_cell_changes` in it.
    static func withHeldChanges(
        _ kind: StoreKind, _ body: @Sendable (TestDatabase, @Sendable () throws -> Int) async throws -> Void
    ) async throws {
        switch kind {
        case .sqlite:
            try await TemporaryFiles.with { directory in
                let store = try SQLiteStore(directory: directory)
                let path = directory.appendingPathComponent("waypoint.sqlite").path
                try await body(store) {
                    try DatabaseQueue(path: path).read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM contribution_cell_changes") ?? -1 }
                }
                try await store.close()
            }
        case .postgres:
            let url = try PostgresServer.createDatabase()
            try await PostgresServer.withStore(url: url) { store in
                try await body(store) {
                    let output = try PostgresServer.psql(url: url, "SELECT COUNT(*) FROM contribution_cell_changes")
                    let counts = output.split(separator: "\n").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
                    guard counts.count == 1 else { throw TestFailure("psql answered \(output)") }
                    return counts[0]
                }
            }
        }
    }

    /// One user's run of `signup` in revision 1, started on the first day: a row over all
    /// revisions and one of revision 1, in the same two cells as every other such user's.
    static func heldChangesRun(user: Int) -> [StoredEvent] {
        let start = contributionEpoch + Int64(user) * 60_000
        let events = [
            OnboardingEvent(
                messageID: "held-\(user)-0", userID: "held-\(user)", event: .flowStarted, timestamp: Date(timeIntervalSince1970: Double(start) / 1000),
                flowID: "signup", revision: 1),
            OnboardingEvent(
                messageID: "held-\(user)-1", userID: "held-\(user)", event: .stepCompleted,
                timestamp: Date(timeIntervalSince1970: Double(start + 1_000) / 1000), flowID: "signup", stepID: "welcome",
                durationMs: Int64(1_000 + 37 * user), revision: 1),
        ]
        return events.map { event in
            StoredEvent(
                messageID: event.messageID, userID: event.userID, flowID: event.flowID, timestamp: start, environment: "production",
                receivedAt: 1, line: EventIngestion.jsonLine(of: event))
        }
    }

    /// Runs `body` on a SQLite store that held `events` (app `fitness`) and was then made as a
    /// release before left it (`undo`, on its file), opened again so that its migration runs; then
    /// checks that its schema is a new store's.
    static func withSQLiteStoreFromBefore(
        events: [StoredEvent], as undo: @escaping @Sendable (Database) throws -> Void, _ body: (SQLiteStore) async throws -> Void
    ) async throws {
        try await TemporaryFiles.with { directory in
            let earlier = directory.appendingPathComponent("earlier")
            let store = try SQLiteStore(directory: earlier)
            try await makeApp(store, "fitness")
            _ = try await store.insertEvents(events, appID: "fitness")
            try await store.close()
            let path = earlier.appendingPathComponent("waypoint.sqlite").path
            try await DatabaseQueue(path: path).write(undo)
            let migrated = try SQLiteStore(directory: earlier)
            try await body(migrated)
            try await migrated.close()

            let fresh = directory.appendingPathComponent("fresh")
            try await SQLiteStore(directory: fresh).close()
            #expect(try StoreSchemaTests.sqliteCatalog(path) == StoreSchemaTests.sqliteCatalog(fresh.appendingPathComponent("waypoint.sqlite").path))
        }
    }
}

extension ReportLedgerRepositoryContract {
    @Test(arguments: StoreKind.available)
    func aCellHoldsItsChangesBesideItAndFoldsThemAtTheLimit(kind: StoreKind) async throws {
        try await StoreContractTests.withHeldChanges(kind) { store, heldChanges in
            try await StoreContractTests.makeApp(store, "fitness")
            var held: [Int] = []
            let batches = 2 * StoreSchema.cellChangesHeld + 3
            // Every user alike: their row (of all revisions, and of revision 1) is summed into one cell per grouping.
            let firstRow = try #require(Contributions.ofUser(lines: StoreContractTests.heldChangesRun(user: 0).map(\.line)).first)
            let cellsPerUser = 2 * (try firstRow.cellRows().count)
            let query = FunnelQuery(flowID: "signup", scope: ReportScope(revision: 1))
            for user in 0..<batches {
                _ = try await store.insertEvents(StoreContractTests.heldChangesRun(user: user), appID: "fitness")
                held.append(try heldChanges())
                // Read as a report reads it when its medians need no page: the cells of its
                // groupings, each as its stored sum and the changes it holds.
                let scope = try await store.contributions(
                    appID: "fitness", environment: "production", kind: .flow, subject: "signup", revision: 1, since: nil, until: nil,
                    cells: query.cellSelection, medianPages: { _ in .none })
                let cells = Set(scope.rows.map(\.cell))
                #expect(cells.count == 2 && scope.rows.count == cells.count * (1 + held.last! / cellsPerUser), "after batch \(user + 1)")
                #expect(scope.rows.map(\.totals.users).reduce(0, +) == cells.count * (user + 1), "after batch \(user + 1)")
            }
            // The cell counts its durations by page and keeps each page's exact durations apart: a
            // report reads the one or two pages that hold its median; read whole, they add up exactly.
            let asked = Mutex<MedianPages>(.none)
            let report = try await store.contributions(
                appID: "fitness", environment: "production", kind: .flow, subject: "signup", revision: 1, since: nil, until: nil,
                cells: query.cellSelection, medianPages: { scope in
                    let pages = (try? Funnel.medianPages(contributions: scope.rows, query: query)) ?? .none
                    asked.withLock { $0 = pages }
                    return pages
                })
            // The cell of every user, read whole.
            let whole = try await store.contributions(
                appID: "fitness", environment: "production", kind: .flow, subject: "signup", revision: 1, since: nil, until: nil
            ).rows.filter { $0.group.hasPrefix(#"{"by":"all""#) }
            let pageRows = whole.filter { $0.totals.users == 0 }
            #expect((1...2).contains(asked.withLock { $0.all.count }))
            // Each cell with the pages its grouping's medians need, and no other.
            let pagesOfCells = Set(report.rows.map(\.cell)).map { asked.withLock { [group = $0.group] in $0.pages(ofGroup: group).count } }
            #expect(report.rows.filter { $0.totals.users == 0 }.count == pagesOfCells.reduce(0, +))
            #expect(pageRows.count > 4, "durations 1,000–1,666 ms lie on \(pageRows.count) pages")
            guard case .flow(let summed) = try whole.reduce(into: ContributionTotals.flow(FlowTotals()), { try $0.add($1.totals) }) else {
                Issue.record("the rows are not a flow's")
                return
            }
            #expect(summed.steps["welcome"]?.durations == DurationHistogram((0..<batches).map { Int64(1_000 + 37 * $0) }))
            // The cells of the user's two rows (all revisions, revision 1): each written at once
            // when new, then holding 1, 2, … changes until the next would reach the limit, which folds them all.
            let expected = (0..<batches).map { cellsPerUser * ($0 % StoreSchema.cellChangesHeld) }
            #expect(held == expected)
            #expect(held.max() == cellsPerUser * (StoreSchema.cellChangesHeld - 1))
            try await StoreContractTests.checkContributions(store, appID: "fitness", "after \(batches) batches of one cell")

            // Erasing every user takes the cells' figures to nothing, whatever they hold: no row is
            // read, and the flow is no longer listed.
            for user in 0..<batches { _ = try await store.eraseUser(appID: "fitness", userID: "held-\(user)") }
            let scope = try await store.contributions(
                appID: "fitness", environment: "production", kind: .flow, subject: "signup", revision: nil, since: nil, until: nil)
            #expect(scope.rows.isEmpty)
            let ranged = try await store.contributions(
                appID: "fitness", environment: "production", kind: .flow, subject: "signup", revision: nil,
                since: StoreContractTests.contributionEpoch + StoreContractTests.contributionDay, until: nil)
            #expect(ranged.groupsOutsideRange.isEmpty)
            #expect(try await store.contributionSubjects(appID: "fitness", environment: "production", kind: .flow, limit: 10).isEmpty)
            try await StoreContractTests.checkContributions(store, appID: "fitness", "after erasing every user")
        }
    }

    /// A store whose contributions step ran before cells held changes gets the table from its own
    /// step, and the schema of a new store; its cells go on from where they were.
    @Test(arguments: StoreKind.available)
    func aStoreFromBeforeHeldChangesGetsTheTable(kind: StoreKind) async throws {
        let before = (0..<3).flatMap { StoreContractTests.heldChangesRun(user: $0) }
        let after = (3..<(3 + StoreSchema.cellChangesHeld)).flatMap { StoreContractTests.heldChangesRun(user: $0) }
        switch kind {
        case .sqlite:
            // As the release before left it: its cells folded, no table of held changes, the step not run.
            try await StoreContractTests.withSQLiteStoreFromBefore(events: before, as: { db in
                try db.execute(sql: "DELETE FROM contribution_cell_changes")
                try db.execute(sql: "DROP TABLE contribution_cell_changes")
                try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = '9-\(StoreSchema.cellChangesStepName)'")
            }) { migrated in
                for event in after { _ = try await migrated.insertEvents([event], appID: "fitness") }
                try await StoreContractTests.checkContributions(migrated, appID: "fitness", "after the step")
            }
        case .postgres:
            let earlier = try PostgresServer.createDatabase()
            try await PostgresServer.withStore(url: earlier) { store in
                try await StoreContractTests.makeApp(store, "fitness")
                _ = try await store.insertEvents(before, appID: "fitness")
            }
            try PostgresServer.psql(url: earlier, """
                DELETE FROM contribution_cell_changes; DROP TABLE contribution_cell_changes;
                \(StoreMigrations.forgettingPostgres(from: "9-" + StoreSchema.cellChangesStepName))
                """)
            try await PostgresServer.withStore(url: earlier) { store in
                for event in after { _ = try await store.insertEvents([event], appID: "fitness") }
                try await StoreContractTests.checkContributions(store, appID: "fitness", "after the step")
            }
            let fresh = try PostgresServer.createDatabase()
            try await PostgresServer.withStore(url: fresh) { _ in }
            #expect(try PostgresServer.schema(url: earlier) == PostgresServer.schema(url: fresh))
        }
    }

    /// A store from before cells kept their durations by page: its cells hold exact durations,
    /// which read exactly, and each is kept by page from its next fold; the step gives it the
    /// schema of a new store.
    @Test(arguments: StoreKind.available)
    func aStoreFromBeforePagesReadsItsExactCellsAndPagesThemAtTheirNextFold(kind: StoreKind) async throws {
        let before = (0..<5).flatMap { StoreContractTests.heldChangesRun(user: $0) }
        let after = (5..<(5 + 2 * StoreSchema.cellChangesHeld)).flatMap { StoreContractTests.heldChangesRun(user: $0) }
        switch kind {
        case .sqlite:
            // As the release before left it: each cell's exact sum in the cell, no table of pages, the step not run.
            try await StoreContractTests.withSQLiteStoreFromBefore(events: before, as: { db in
                let key = "app_id, environment, kind, subject, revision, day, grp"
                var sums: [String: (arguments: StatementArguments, totals: ContributionTotals)] = [:]
                for table in ["contribution_cells", "contribution_cell_pages"] {
                    for row in try Row.fetchAll(db, sql: "SELECT \(key), totals FROM \(table)") {
                        let name = (0..<7).map { "\(row[$0] as DatabaseValue)" }.joined(separator: "|")
                        let totals = try ContributionTotals(bytes: [UInt8](row[7] as Data))
                        if var sum = sums[name] {
                            try sum.totals.add(totals)
                            sums[name] = sum
                        } else {
                            sums[name] = (StatementArguments((0..<7).map { row[$0] as DatabaseValue }), totals)
                        }
                    }
                }
                for (arguments, totals) in sums.values {
                    try db.execute(
                        sql: """
                            UPDATE contribution_cells SET totals = ? WHERE app_id = ? AND environment = ? AND kind = ? AND subject = ?
                            AND revision = ? AND day = ? AND grp = ?
                            """,
                        arguments: [Data(totals.bytes)] + arguments)
                }
                try db.execute(sql: "DROP TABLE contribution_cell_pages")
                try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = '10-\(StoreSchema.cellPagesStepName)'")
            }) { migrated in
                try await StoreContractTests.checkContributions(migrated, appID: "fitness", "after the step, before a fold")
                let exact = try await migrated.contributions(
                    appID: "fitness", environment: "production", kind: .flow, subject: "signup", revision: 1, since: nil, until: nil,
                    medianPages: { _ in .none })
                #expect(exact.rows.allSatisfy { $0.totals.paged.pages.count > 1 }, "the cells hold exact durations")
                for event in after { _ = try await migrated.insertEvents([event], appID: "fitness") }
                try await StoreContractTests.checkContributions(migrated, appID: "fitness", "after folds")
                let paged = try await migrated.contributions(
                    appID: "fitness", environment: "production", kind: .flow, subject: "signup", revision: 1, since: nil, until: nil,
                    medianPages: { _ in .none })
                #expect(paged.rows.first.map { $0.totals.users > 0 && $0.totals.paged.pages.isEmpty } == true, "the cell counts by page")
            }
        case .postgres:
            let earlier = try PostgresServer.createDatabase()
            try await PostgresServer.withStore(url: earlier) { _ in }
            try PostgresServer.psql(url: earlier, """
                DROP TABLE contribution_cell_pages; \(StoreMigrations.forgettingPostgres(from: "10-" + StoreSchema.cellPagesStepName))
                """)
            try await PostgresServer.withStore(url: earlier) { store in
                try await StoreContractTests.makeApp(store, "fitness")
                for event in before + after { _ = try await store.insertEvents([event], appID: "fitness") }
                try await StoreContractTests.checkContributions(store, appID: "fitness", "after the step")
            }
            let fresh = try PostgresServer.createDatabase()
            try await PostgresServer.withStore(url: fresh) { _ in }
            #expect(try PostgresServer.schema(url: earlier) == PostgresServer.schema(url: fresh))
        }
    }
}
