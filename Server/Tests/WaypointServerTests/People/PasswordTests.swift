import Foundation
import HTTPTypes
import Testing
@testable import WaypointServer

/// bcrypt through ``PasswordHasher``, and the ``PasswordPolicy`` with its messages.
@Suite("Passwords")
struct PasswordTests {
    @Test func aHashVerifiesItsPasswordAndNoOther() async throws {
        let hasher = PasswordHasher(cost: 4)
        let hash = try await hasher.hash("correct horse battery staple")
        #expect(hash.hasPrefix("$2b$04$"), "\(hash)")
        #expect(!hash.contains("correct horse"))
        #expect(try await hasher.verify("correct horse battery staple", hash: hash))
        #expect(try await !hasher.verify("correct horse battery stapl", hash: hash))
        #expect(try await !hasher.verify("Correct horse battery staple", hash: hash))
        // A new salt each time: the same password hashes differently, and each hash verifies.
        let again = try await hasher.hash("correct horse battery staple")
        #expect(again != hash)
        #expect(try await hasher.verify("correct horse battery staple", hash: again))
    }

    @Test func theCostIsTheConfiguredOne() async throws {
        #expect(PasswordHasher().cost == 12)
        #expect(try await PasswordHasher(cost: 5).hash("a long enough password").hasPrefix("$2b$05$"))
        #expect(ServerConfiguration(storage: .sqlite(directory: URL(fileURLWithPath: "/tmp")), adminToken: try AdminToken(TestServer.adminToken))
            .passwordCost == 12)
    }

    @Test(arguments: [
        ("short", "The password has 5 characters; it needs at least 12."),
        ("Password1234", "That password is one of the commonest passwords, which are tried first by anyone guessing; choose another."),
        ("QWERTYUIOP123", "That password is one of the commonest passwords"),
        (String(repeating: "é", count: 40), "The password has 80 bytes of UTF-8; it may have at most 72 (bcrypt ignores the rest)."),
    ])
    func aWeakPasswordIsRefusedWithWhy(password: String, message: String) throws {
        let error = try #require(throws: APIError.self) { try PasswordPolicy.check(password) }
        #expect(error.status == .badRequest)
        #expect(error.code == "weak-password")
        #expect(error.message.hasPrefix(message), "\(error.message)")
    }

    @Test func aLongUncommonPasswordPasses() throws {
        try PasswordPolicy.check("correct horse battery staple")
        #expect(PasswordPolicy.common.count > 300)
        #expect(PasswordPolicy.common.contains("password"))
    }
}
