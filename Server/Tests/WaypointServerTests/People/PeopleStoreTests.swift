import Foundation
import HTTPTypes
import Testing
import Waypoint
@testable import WaypointServer

/// ``People`` on both stores: the same SQL, the same rules, in SQLite and PostgreSQL.
@Suite("People repository contract")
struct PeopleStoreTests {
    static func people(_ store: TestDatabase, now: @escaping @Sendable () -> Date = { Date() }) throws -> People {
        People(sql: store, hasher: PasswordHasher(cost: 4), now: now)
    }

    @Test(arguments: StoreKind.available)
    func accountsKeepTheirRulesInEveryStore(kind: StoreKind) async throws {
        try await kind.withStore { store in
            let people = try Self.people(store)
            let ada = try await people.createAccount(email: " Ada@Example.COM ", name: "Ada", role: .owner, password: "correct horse battery", by: .testing)
            #expect(ada.email == "ada@example.com")
            #expect(try await people.hasOwner())
            await #expect(throws: APIError.self) {
                _ = try await people.createAccount(email: "ada@example.com", name: "Again", role: .viewer, password: "correct horse battery", by: .testing)
            }
            #expect(try await people.verify(email: "ADA@example.com", password: "correct horse battery")?.id == ada.id)
            #expect(try await people.verify(email: "ada@example.com", password: "wrong horse battery") == nil)
            #expect(try await people.verify(email: "nobody@example.com", password: "correct horse battery") == nil)
            // The last owner stays.
            let demote = await #expect(throws: APIError.self) { _ = try await people.changeRole(id: ada.id, to: .editor, by: .testing) }
            #expect(demote?.status == .conflict)
            let grace = try await people.createAccount(email: "grace@example.com", name: "Grace", role: .owner, password: "another long password", by: .testing)
            #expect(try await people.changeRole(id: ada.id, to: .editor, by: .testing).role == .editor)
            let remove = await #expect(throws: APIError.self) { _ = try await people.remove(id: grace.id, by: .testing) }
            #expect(remove?.status == .conflict)
            #expect(try await people.accounts().map(\.email) == ["ada@example.com", "grace@example.com"])
            // Each change wrote its entry in its transaction; the refused ones (a taken email, the
            // last owner's demotion and removal) wrote none.
            let entries = try await store.audit.auditEntries(AuditQuery()).entries.reversed()
            #expect(entries.map(\.action) == [.accountCreated, .accountCreated, .accountRoleChanged])
            #expect(entries.map(\.target) == [ada.id, grace.id, ada.id])
            #expect(entries.allSatisfy { $0.actor == .adminToken && $0.address == "192.0.2.1" })
            #expect(entries.last?.details == [
                "email": .string("ada@example.com"), "name": .string("Ada"), "previousRole": .string("owner"), "role": .string("editor"),
            ])
        }
    }

    @Test(arguments: StoreKind.available)
    func sessionsAndTokensEndWithTheirAccountInEveryStore(kind: StoreKind) async throws {
        try await kind.withStore { store in
            let people = try Self.people(store)
            _ = try await people.createAccount(email: "owner@example.com", name: "Owner", role: .owner, password: "correct horse battery", by: .testing)
            let ada = try await people.createAccount(email: "ada@example.com", name: "Ada", role: .publisher, password: "correct horse battery", by: .testing)
            try await people.openSession(idHash: "s1", accountID: ada.id, expiresAt: Date().addingTimeInterval(3600))
            try await people.openSession(idHash: "s2", accountID: ada.id, expiresAt: Date().addingTimeInterval(3600))
            try await people.openSession(idHash: "old", accountID: ada.id, expiresAt: Date().addingTimeInterval(-1))
            #expect(try await people.session(idHash: "s1")?.account?.id == ada.id)
            #expect(try await people.session(idHash: "old") == nil)
            try await people.endSession(idHash: "s1")
            #expect(try await people.session(idHash: "s1") == nil)
            #expect(try await people.session(idHash: "s2") != nil)

            let (token, record) = try await people.createToken(for: ada, name: "CI", role: .editor, days: 7, by: .testing)
            #expect(try await people.token(hash: SecretHash.sha256Hex(token))?.token.prefix == record.prefix)
            try await people.touchToken(hash: record.tokenHash)
            #expect(try await people.tokens(accountID: ada.id).first?.lastUsedAt != nil)
            #expect(try await people.revokeToken(accountID: ada.id, prefix: record.prefix, by: .testing).revokedAt != nil)
            #expect(try await people.revokeToken(accountID: ada.id, prefix: record.prefix, by: .testing).revokedAt != nil)

            try await people.setPassword(id: ada.id, password: "a new long password", by: .testing)
            #expect(try await people.session(idHash: "s2") == nil)
            try await people.openSession(idHash: "s3", accountID: ada.id, expiresAt: Date().addingTimeInterval(3600))
            _ = try await people.remove(id: ada.id, by: .testing)
            #expect(try await people.session(idHash: "s3") == nil)
            #expect(try await people.token(hash: record.tokenHash) == nil)
            #expect(try await people.account(id: ada.id) == nil)
            // Revoking a revoked token again changes nothing and records nothing.
            let entries = try await store.audit.auditEntries(AuditQuery()).entries.reversed()
            #expect(entries.map(\.action) == [
                .accountCreated, .accountCreated, .tokenCreated, .tokenRevoked, .accountPasswordReset, .accountRemoved,
            ])
            #expect(entries.map(\.target) == [entries.first?.target, ada.id, record.prefix, record.prefix, ada.id, ada.id])
            #expect(entries.dropFirst(2).first?.details["accountId"] == .string(ada.id))
        }
    }

    @Test(arguments: StoreKind.available)
    func theAdminTokenIsRetiredForEveryProcessOfTheStore(kind: StoreKind) async throws {
        try await kind.withStore { store in
            let first = try Self.people(store)
            let second = try Self.people(store)
            #expect(try await first.adminTokenRetiredAt() == nil)
            let retired = try await first.retireAdminToken(by: .testing)
            #expect(try await second.adminTokenRetiredAt() == Timestamp.date(milliseconds: Timestamp.milliseconds(retired)))
            // Retiring again keeps the first time.
            _ = try await second.retireAdminToken(by: .testing)
            #expect(try await first.adminTokenRetiredAt() == Timestamp.date(milliseconds: Timestamp.milliseconds(retired)))
            // One entry: the second retirement retired nothing.
            let entries = try await store.audit.auditEntries(AuditQuery()).entries
            #expect(entries.map(\.action) == [.adminTokenRetired])
            #expect(entries.first?.details["retiredAt"] == .string(Timestamp.iso8601(retired)))
        }
    }
}
