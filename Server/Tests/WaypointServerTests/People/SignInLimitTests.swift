import Foundation
import HTTPTypes
import HummingbirdTesting
import Synchronization
import Testing
@testable import WaypointServer

/// Failed sign-ins are limited per client address and per account, on a clock the tests move.
@Suite("Sign-in limits for accounts")
struct SignInLimitTests {
    /// A clock that starts now and moves only when told.
    final class TestClock: Sendable {
        private let start = ContinuousClock.now
        private let offset = Mutex<Duration>(.zero)
        func now() -> ContinuousClock.Instant { start + offset.withLock { $0 } }
        func advance(by duration: Duration) { offset.withLock { $0 += duration } }
    }

    static func attempt(
        _ client: any TestClientProtocol, email: String, password: String, from address: String
    ) async throws -> TestResponse {
        var browser = DashboardBrowser(client)
        browser.extraHeaders = [HTTPField.Name("X-Forwarded-For")!: address]
        return try await browser.signIn(email: email, password: password)
    }

    static func run(_ clock: TestClock, _ body: @Sendable @escaping (any TestClientProtocol) async throws -> Void) async throws {
        try await TestServer.run(signInClock: { clock.now() }, .live, configure: { $0.trustedProxies = [try TrustedProxy("127.0.0.1")] }) {
            client in
            try await PeopleFixture.createAccount(client, email: "ada@example.com", role: .owner)
            try await body(client)
        }
    }

    @Test func anAccountIsLockedAfterFiveFailuresFromAnyAddresssUntilItsClockMoves() async throws {
        let clock = TestClock()
        try await Self.run(clock) { client in
            for index in 0..<5 {
                let wrong = try await Self.attempt(client, email: "ADA@example.com", password: "not the password \(index)", from: "10.0.0.\(index)")
                #expect(wrong.status == .unauthorized)
                #expect(wrong.text.contains("The email or the password is wrong; check both and try again."))
            }
            // The right password, from a new address: the account waits.
            let locked = try await Self.attempt(client, email: "ada@example.com", password: PeopleFixture.password, from: "10.0.1.1")
            #expect(locked.status == .tooManyRequests)
            #expect(locked.text.contains("Too many failed sign-ins to this account: try again in 60 seconds"), "\(locked.text)")
            #expect(locked.headers[.retryAfter] == "60")
            // Another account from that address is not held up.
            try await PeopleFixture.createAccount(client, email: "grace@example.com", role: .viewer)
            let other = try await Self.attempt(client, email: "grace@example.com", password: PeopleFixture.password, from: "10.0.1.1")
            #expect(other.status == .seeOther)
            clock.advance(by: .seconds(61))
            let later = try await Self.attempt(client, email: "ada@example.com", password: PeopleFixture.password, from: "10.0.1.1")
            #expect(later.status == .seeOther, "\(later.text)")
        }
    }

    @Test func anAddressIsSlowedAfterFiveFailuresWhateverTheAccounts() async throws {
        let clock = TestClock()
        try await Self.run(clock) { client in
            for index in 0..<5 {
                let wrong = try await Self.attempt(client, email: "guess\(index)@example.com", password: "not the password", from: "10.0.0.9")
                #expect(wrong.status == .unauthorized)
            }
            let slowed = try await Self.attempt(client, email: "ada@example.com", password: PeopleFixture.password, from: "10.0.0.9")
            #expect(slowed.status == .tooManyRequests)
            #expect(slowed.text.contains("Too many failed sign-ins from your address: try again in 12 seconds"), "\(slowed.text)")
            let elsewhere = try await Self.attempt(client, email: "ada@example.com", password: PeopleFixture.password, from: "10.0.0.10")
            #expect(elsewhere.status == .seeOther)
            clock.advance(by: .seconds(12))
            let later = try await Self.attempt(client, email: "ada@example.com", password: PeopleFixture.password, from: "10.0.0.9")
            #expect(later.status == .seeOther, "\(later.text)")
        }
    }

    /// A stolen session cannot guess its account's password on the Tokens page: a wrong current
    /// password counts as a failed sign-in, charged before it is checked.
    @Test func wrongCurrentPasswordsAreLimitedLikeSignInsUntilTheClockMoves() async throws {
        let clock = TestClock()
        try await Self.run(clock) { client in
            var browser = DashboardBrowser(client)
            browser.extraHeaders = [HTTPField.Name("X-Forwarded-For")!: "10.0.2.1"]
            #expect(try await browser.signIn(email: "ada@example.com", password: PeopleFixture.password).status == .seeOther)
            func change(current: String) async throws -> TestResponse {
                try await browser.submit("/account/password", on: "/tokens", form: [("current", current), ("password", "a brand new passphrase")])
            }
            for index in 0..<5 {
                let wrong = try await change(current: "not the password \(index)")
                #expect(wrong.status == .unauthorized)
                #expect(wrong.text.contains("Your current password is not the one you entered; nothing changed."))
            }
            // The right current password now waits too: first for the address, then for the account.
            let slowed = try await change(current: PeopleFixture.password)
            #expect(slowed.status == .tooManyRequests)
            #expect(slowed.headers[.retryAfter] == "12")
            #expect(slowed.text.contains("Too many wrong passwords from your address: try again in 12 seconds"), "\(slowed.text)")
            #expect(slowed.text.contains("Nothing changed."))
            clock.advance(by: .seconds(12))
            let locked = try await change(current: PeopleFixture.password)
            #expect(locked.status == .tooManyRequests)
            #expect(locked.headers[.retryAfter] == "48")
            #expect(locked.text.contains("Too many wrong passwords for this account: try again in 48 seconds"), "\(locked.text)")
            // The guesses count against signing in to the account as well, from any address.
            let signIn = try await Self.attempt(client, email: "ada@example.com", password: PeopleFixture.password, from: "10.0.2.2")
            #expect(signIn.status == .tooManyRequests)
            clock.advance(by: .seconds(49))
            let changed = try await change(current: PeopleFixture.password)
            #expect(changed.status == .seeOther, "\(changed.text)")
            #expect(changed.headers[.location] == "/login")
            let newPassword = try await Self.attempt(client, email: "ada@example.com", password: "a brand new passphrase", from: "10.0.2.3")
            #expect(newPassword.status == .seeOther)
        }
    }
}
