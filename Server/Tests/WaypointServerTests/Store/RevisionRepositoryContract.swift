import Foundation
import Testing
@testable import WaypointServer

extension RevisionRepositoryContract {
    @Test(arguments: StoreKind.available)
    func revisionsArePerAppImmutableAndPublishable(kind: StoreKind) async throws {
        try await kind.withStore { store in
            try await StoreContractTests.makeApp(store, "fitness")
            try await StoreContractTests.makeApp(store, "notes")
            let bytes: [UInt8] = Array("{ \"a\" : 1 }\n".utf8) + [0, 255]
            #expect(try await store.revisions.addRevision(appID: "fitness", body: bytes, sha256: "h1", createdAt: Date()) == AddedRevision(revision: 1, existing: false))
            #expect(try await store.revisions.addRevision(appID: "fitness", body: [1], sha256: "h2", createdAt: Date()) == AddedRevision(revision: 2, existing: false))
            #expect(try await store.revisions.addRevision(appID: "notes", body: [2], sha256: "h3", createdAt: Date()) == AddedRevision(revision: 1, existing: false))
            #expect(try await store.revisions.revision(appID: "fitness", number: 1) == RevisionRecord(revision: 1, sha256: "h1", body: bytes))
            #expect(try await store.revisions.revision(appID: "fitness", number: 3) == nil)
            #expect(try await store.revisions.publishedRevision(appID: "fitness", environment: "production") == nil)

            #expect(try await store.revisions.publish(appID: "fitness", environment: "production", revision: 2) == nil)
            #expect(try await store.revisions.publish(appID: "fitness", environment: "production", revision: 1) == 2)
            #expect(try await store.revisions.publish(appID: "fitness", environment: "staging", revision: 1) == nil)
            #expect(try await store.revisions.publishedRevision(appID: "fitness", environment: "production")?.body == bytes)
            await #expect(throws: StoreError.self) { _ = try await store.revisions.publish(appID: "fitness", environment: "production", revision: 7) }
            await #expect(throws: StoreError.self) { _ = try await store.revisions.publish(appID: "fitness", environment: "qa", revision: 1) }
            #expect(try await store.revisions.publishedRevision(appID: "fitness", environment: "production")?.revision == 1)

            let list = try await store.revisions.revisions(appID: "fitness")
            #expect(list.map(\.revision) == [1, 2])
            #expect(list.map(\.publishedTo) == [["production", "staging"], []])
            #expect(try await store.revisions.revisions(appID: "notes").map(\.publishedTo) == [[]])
        }
    }

    /// Each publish is recorded with its time, newest first per environment; a refused publish is not.
    @Test(arguments: StoreKind.available)
    func publishesAreRecordedWithTheirTime(kind: StoreKind) async throws {
        try await kind.withStore { store in
            try await StoreContractTests.makeApp(store, "fitness")
            try await StoreContractTests.makeApp(store, "notes")
            for body in [[1], [2], [3]] as [[UInt8]] {
                _ = try await store.revisions.addRevision(appID: "fitness", body: body, sha256: "h\(body[0])", createdAt: Date())
            }
            _ = try await store.revisions.addRevision(appID: "notes", body: [9], sha256: "n1", createdAt: Date())
            #expect(try await store.revisions.publications(appID: "fitness", environment: "production").isEmpty)

            let day = { (day: Int) in Date(timeIntervalSince1970: 1_800_000_000 + Double(day) * 86_400 + 0.25) }
            _ = try await store.revisions.publish(appID: "fitness", environment: "production", revision: 1, at: day(0))
            _ = try await store.revisions.publish(appID: "fitness", environment: "staging", revision: 2, at: day(1))
            _ = try await store.revisions.publish(appID: "fitness", environment: "production", revision: 2, at: day(2))
            // Two publishes in one millisecond: the later one is listed first.
            _ = try await store.revisions.publish(appID: "fitness", environment: "production", revision: 3, at: day(3))
            _ = try await store.revisions.publish(appID: "fitness", environment: "production", revision: 1, at: day(3))
            _ = try await store.revisions.publish(appID: "notes", environment: "production", revision: 1, at: day(4))
            await #expect(throws: StoreError.self) { _ = try await store.revisions.publish(appID: "fitness", environment: "production", revision: 7, at: day(5)) }

            #expect(try await store.revisions.publications(appID: "fitness", environment: "production") == [
                PublicationRecord(environment: "production", revision: 1, publishedAt: day(3)),
                PublicationRecord(environment: "production", revision: 3, publishedAt: day(3)),
                PublicationRecord(environment: "production", revision: 2, publishedAt: day(2)),
                PublicationRecord(environment: "production", revision: 1, publishedAt: day(0)),
            ])
            #expect(try await store.revisions.publications(appID: "fitness", environment: "staging") == [
                PublicationRecord(environment: "staging", revision: 2, publishedAt: day(1))
            ])
            #expect(try await store.revisions.publications(appID: "notes", environment: "production").map(\.revision) == [1])
            #expect(try await store.revisions.publishedRevision(appID: "fitness", environment: "production")?.revision == 1)
        }
    }

    @Test(arguments: StoreKind.available)
    func concurrentUploadsGetDistinctNumbers(kind: StoreKind) async throws {
        try await kind.withStore { store in
            try await StoreContractTests.makeApp(store, "fitness")
            let numbers = try await withThrowingTaskGroup(of: Int.self) { group in
                for index in 0..<12 {
                    group.addTask { try await store.revisions.addRevision(appID: "fitness", body: [UInt8(index)], sha256: "h\(index)", createdAt: Date()).revision }
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
            try await StoreContractTests.makeApp(store, "fitness")
            try await StoreContractTests.makeApp(store, "notes")
            let bytes: [UInt8] = Array("{\"schemaVersion\":1}".utf8)
            #expect(try await store.revisions.addRevision(appID: "fitness", body: bytes, sha256: "h1", createdAt: Date()) == AddedRevision(revision: 1, existing: false))
            #expect(try await store.revisions.addRevision(appID: "fitness", body: [9], sha256: "h9", createdAt: Date()) == AddedRevision(revision: 2, existing: false))
            #expect(try await store.revisions.addRevision(appID: "fitness", body: bytes, sha256: "h1", createdAt: Date()) == AddedRevision(revision: 1, existing: true))
            // Another app's revisions are its own.
            #expect(try await store.revisions.addRevision(appID: "notes", body: bytes, sha256: "h1", createdAt: Date()) == AddedRevision(revision: 1, existing: false))
            // The same hash with other bytes (a collision) is a new revision: bytes are compared too.
            #expect(try await store.revisions.addRevision(appID: "fitness", body: [7], sha256: "h1", createdAt: Date()) == AddedRevision(revision: 3, existing: false))
            #expect(try await store.revisions.revisions(appID: "fitness").map(\.revision) == [1, 2, 3])

            let added = try await withThrowingTaskGroup(of: AddedRevision.self) { group in
                for _ in 0..<8 {
                    group.addTask { try await store.revisions.addRevision(appID: "fitness", body: [4, 2], sha256: "h42", createdAt: Date()) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(Set(added.map(\.revision)) == [4])
            #expect(added.filter { !$0.existing }.count == 1)
            #expect(try await store.revisions.revisions(appID: "fitness").count == 4)
        }
    }

    /// The same error, in the same words, from every store: what went wrong and how to fix it.
    @Test(arguments: StoreKind.available)
    func errorsSayWhatWentWrongAndWhatToDo(kind: StoreKind) async throws {
        try await kind.withStore { store in
            try await StoreContractTests.makeApp(store, "fitness")
            _ = try await store.revisions.addRevision(appID: "fitness", body: [1], sha256: "h1", createdAt: Date())

            let exists = try await #require(throws: StoreError.self) { try await StoreContractTests.makeApp(store, "fitness") }
            #expect(exists.description == "An app with the id \"fitness\" exists already; choose another id.")
            #expect(exists.isConflict && !exists.isNotFound)

            let noRevision = try await #require(throws: StoreError.self) {
                _ = try await store.revisions.publish(appID: "fitness", environment: "production", revision: 7)
            }
            #expect(noRevision.description == "The app \"fitness\" has no revision 7; list them with GET /v1/apps/fitness/revisions.")
            #expect(noRevision.isNotFound && !noRevision.isConflict)

            let noEnvironment = try await #require(throws: StoreError.self) {
                _ = try await store.revisions.publish(appID: "fitness", environment: "qa", revision: 1)
            }
            #expect(noEnvironment.description == "The app \"fitness\" has no environment \"qa\"; use production or staging.")
            #expect(noEnvironment.isNotFound)
            // Nothing was published by the refused attempts.
            #expect(try await store.revisions.publishedRevision(appID: "fitness", environment: "production") == nil)
        }
    }
}
