import Foundation
import Testing
@testable import WaypointServer

/// ``People`` on both stores: the same SQL, the same rules, in SQLite and PostgreSQL.
@Suite("People in every store")
struct PeopleStoreTests {
    static func people(_ store: any Store, now: @escaping @Sendable () -> Date = { Date() }) throws -> People {
        People(sql: try #require(store as? any SQLRows), hasher: PasswordHasher(cost: 4), now: now)
    }

    @Test(arguments: StoreKind.available)
    func accountsKeepTheirRulesInEveryStore(kind: StoreKind) async throws {
        try await kind.withStore { store in
            let people = try Self.people(store)
            let ada = try await people.createAccount(email: " Ada@Example.COM ", name: "Ada", role: .owner, password: "correct horse battery")
            #expect(ada.email == "ada@example.com")
            #expect(try await people.hasOwner())
            await #expect(throws: APIError.self) {
                _ = try await people.createAccount(email: "ada@example.com", name: "Again", role: .viewer, password: "correct horse battery")
            }
            #expect(try await people.verify(email: "ADA@example.com", password: "correct horse battery")?.id == ada.id)
            #expect(try await people.verify(email: "ada@example.com", password: "wrong horse battery") == nil)
            #expect(try await people.verify(email: "nobody@example.com", password: "correct horse battery") == nil)
            // The last owner stays.
            let demote = await #expect(throws: APIError.self) { _ = try await people.changeRole(id: ada.id, to: .editor) }
            #expect(demote?.status == .conflict)
            let grace = try await people.createAccount(email: "grace@example.com", name: "Grace", role: .owner, password: "another long password")
            #expect(try await people.changeRole(id: ada.id, to: .editor).role == .editor)
            let remove = await #expect(throws: APIError.self) { _ = try await people.remove(id: grace.id) }
            #expect(remove?.status == .conflict)
            #expect(try await people.accounts().map(\.email) == ["ada@example.com", "grace@example.com"])
        }
    }

    @Test(arguments: StoreKind.available)
    func sessionsAndTokensEndWithTheirAccountInEveryStore(kind: StoreKind) async throws {
        try await kind.withStore { store in
            let people = try Self.people(store)
            _ = try await people.createAccount(email: "owner@example.com", name: "Owner", role: .owner, password: "correct horse battery")
            let ada = try await people.createAccount(email: "ada@example.com", name: "Ada", role: .publisher, password: "correct horse battery")
            try await people.openSession(idHash: "s1", accountID: ada.id, expiresAt: Date().addingTimeInterval(3600))
            try await people.openSession(idHash: "s2", accountID: ada.id, expiresAt: Date().addingTimeInterval(3600))
            try await people.openSession(idHash: "old", accountID: ada.id, expiresAt: Date().addingTimeInterval(-1))
            #expect(try await people.session(idHash: "s1")?.account?.id == ada.id)
            #expect(try await people.session(idHash: "old") == nil)
            try await people.endSession(idHash: "s1")
            #expect(try await people.session(idHash: "s1") == nil)
            #expect(try await people.session(idHash: "s2") != nil)

            let (token, record) = try await people.createToken(for: ada, name: "CI", role: .editor, days: 7)
            #expect(try await people.token(hash: SecretHash.sha256Hex(token))?.token.prefix == record.prefix)
            try await people.touchToken(hash: record.tokenHash)
            #expect(try await people.tokens(accountID: ada.id).first?.lastUsedAt != nil)
            #expect(try await people.revokeToken(accountID: ada.id, prefix: record.prefix).revokedAt != nil)

            try await people.setPassword(id: ada.id, password: "a new long password")
            #expect(try await people.session(idHash: "s2") == nil)
            try await people.openSession(idHash: "s3", accountID: ada.id, expiresAt: Date().addingTimeInterval(3600))
            _ = try await people.remove(id: ada.id)
            #expect(try await people.session(idHash: "s3") == nil)
            #expect(try await people.token(hash: record.tokenHash) == nil)
            #expect(try await people.account(id: ada.id) == nil)
        }
    }

    @Test(arguments: StoreKind.available)
    func theAdminTokenIsRetiredForEveryProcessOfTheStore(kind: StoreKind) async throws {
        try await kind.withStore { store in
            let first = try Self.people(store)
            let second = try Self.people(store)
            #expect(try await first.adminTokenRetiredAt() == nil)
            let retired = try await first.retireAdminToken()
            #expect(try await second.adminTokenRetiredAt() == Timestamp.date(milliseconds: Timestamp.milliseconds(retired)))
            // Retiring again keeps the first time.
            _ = try await second.retireAdminToken()
            #expect(try await first.adminTokenRetiredAt() == Timestamp.date(milliseconds: Timestamp.milliseconds(retired)))
        }
    }
}
