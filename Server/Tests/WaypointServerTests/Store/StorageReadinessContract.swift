import Foundation
import GRDB
import HTTPTypes
import Testing
@testable import WaypointServer

extension StorageReadinessContract {
    @Test(arguments: StoreKind.available)
    func aStoreThatCanStorePassesTheStorageCheckAndTheCheckChangesNothing(kind: StoreKind) async throws {
        try await kind.withStore { store in
            try await store.checkStorage()
            try await StoreContractTests.makeApp(store, "fitness")
            _ = try await store.insertEvents([StoreContractTests.event("a"), StoreContractTests.event("b")], appID: "fitness")
            try await store.checkStorage()
            try await store.checkStorage()
            #expect(try await store.apps.apps().map(\.id) == ["fitness"])
            #expect(try await store.events(appID: "fitness", environment: nil, timestamps: nil, after: nil, limit: 10).lines.count == 2)
        }
    }

    /// One event can need several new pages, so a database with fewer than
    /// ``SQLiteStore/minimumRoomPages`` pages of room below its limit is full, though not at it.
    @Test(arguments: [0, 5, SQLiteStore.minimumRoomPages - 1, SQLiteStore.minimumRoomPages, 100])
    func aSQLiteDatabaseShortOfRoomBelowItsLimitIsFull(room: Int) async throws {
        try await TemporaryFiles.with { directory in
            let store = try SQLiteStore(directory: directory)
            try await StoreContractTests.makeApp(store, "fitness")
            let (pages, free) = try await store.pool.read { db in
                (try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0, try Int.fetchOne(db, sql: "PRAGMA freelist_count") ?? 0)
            }
            try await store.close()
            // The limit that leaves `room` pages: the unused ones below it plus the free ones.
            let capped = try SQLiteStore(directory: directory, maxPageCount: pages - free + room)
            if room < SQLiteStore.minimumRoomPages {
                let check = await #expect(throws: StoreError.self) { try await capped.checkStorage() }
                #expect(check?.isStorageFull == true)
                #expect(check?.description.contains("(\(room) left, fewer than an event can need)") == true, "\(String(describing: check))")
            } else {
                try await capped.checkStorage()
            }
            try await capped.close()
        }
    }

    @Test func aFullSQLiteDatabaseFailsTheStorageCheckWithItsLimitAndPassesOnceThereIsRoom() async throws {
        try await TemporaryFiles.with { directory in
            let store = try SQLiteStore(directory: directory, maxPageCount: 100)
            try await StoreContractTests.makeApp(store, "fitness")
            var inserted = 0
            var full: StoreError?
            for batch in 0..<100 where full == nil {
                let events = (0..<50).map { StoreContractTests.event("m\(batch)-\($0)", user: "user-\(batch)-\($0)") }
                do {
                    _ = try await store.insertEvents(events, appID: "fitness")
                    inserted += 1
                } catch {
                    full = StoreError(storageFailure: error)
                    #expect(full?.isStorageFull == true, "\(error)")
                }
            }
            #expect(full != nil, "the database never filled up")
            // What room is left takes single events, until not even one fits.
            var singles = 0
            for single in 0..<2000 {
                do {
                    _ = try await store.insertEvents([StoreContractTests.event("s\(single)", user: "single-\(single)")], appID: "fitness")
                    singles += 1
                } catch {
                    #expect(StoreError(storageFailure: error)?.isStorageFull == true, "\(error)")
                    break
                }
            }
            #expect(try await store.events(appID: "fitness", environment: nil, timestamps: nil, after: nil, limit: 100_000).lines.count == inserted * 50 + singles)
            let check = await #expect(throws: StoreError.self) { try await store.checkStorage() }
            #expect(check?.isStorageFull == true)
            #expect(check?.description.contains("waypoint.sqlite reached its size limit of 100 pages (") == true)
            #expect(check?.description.contains("fewer than an event can need), so nothing more can be stored.") == true)
            let queue = try DatabaseQueue(path: directory.appendingPathComponent("waypoint.sqlite").path)
            try await queue.write { db in try db.execute(sql: "DELETE FROM events WHERE message_id LIKE 'm%'") }
            try queue.close()
            try await store.checkStorage()
            try await store.close()
        }
    }
}

/// Which database failures mean "nothing can be stored now".
@Suite("Storage failure mapping")
struct StorageFailureMappingTests {
    @Test(arguments: [
        (ResultCode.SQLITE_FULL, "full"), (.SQLITE_READONLY, "unavailable"), (.SQLITE_IOERR, "unavailable"),
        (.SQLITE_IOERR_WRITE, "unavailable"), (.SQLITE_CANTOPEN, "unavailable"), (.SQLITE_BUSY, "unavailable"),
        (.SQLITE_CONSTRAINT, "other"), (.SQLITE_ERROR, "other"),
    ])
    func sqliteErrors(code: ResultCode, expected: String) {
        let failure = StoreError(storageFailure: DatabaseError(resultCode: code, message: "what SQLite said"))
        let kind = failure.map { $0.isStorageFull ? "full" : $0.isStorageUnavailable ? "unavailable" : "\($0)" } ?? "other"
        #expect(kind == expected)
        if let failure {
            #expect(failure.description.contains("(SQLite: what SQLite said)"), "\(failure)")
            #expect(APIError.from(failure).status == .serviceUnavailable)
        }
    }

    @Test func aStoreErrorIsItselfAndOtherErrorsAreNoStorageFailure() {
        struct Bug: Error {}
        #expect(StoreError(storageFailure: StoreError.appExists(appID: "a")) == .appExists(appID: "a"))
        #expect(StoreError(storageFailure: Bug()) == nil)
        #expect(APIError.storageFailure(Bug()) == nil)
        let full = APIError.from(.storageFull("The disk is full."))
        #expect(full.code == "storage-full")
        #expect(full.retryAfter == 60)
        let lost = APIError.from(.storageUnavailable("PostgreSQL is gone."))
        #expect(lost.code == "storage-unavailable")
        #expect(lost.retryAfter == 10)
        #expect(APIError.from(.appExists(appID: "a")).retryAfter == nil)
    }
}
