import Foundation
import HummingbirdTesting
import Testing
@testable import WaypointServer

/// Sign-ins sent at once are limited as if sent one by one: each is charged before its password is
/// checked, and one address has at most two checks under way, so a flood is refused at once (429)
/// instead of running bcrypt, and other addresses still sign in.
@Suite("Sign-ins sent at once")
struct ConcurrentSignInTests {
    typealias Attempt = ConcurrentSignIns.Attempt

    /// A live server on 127.0.0.1 that trusts the loopback as a proxy, with bcrypt at `cost` and a
    /// sign-in clock that stands still (a slow machine never refills the limits), and an owner
    /// ada@example.com.
    static func run(
        cost: UInt8 = 4, _ body: @Sendable @escaping (ConcurrentSignIns, any TestClientProtocol) async throws -> Void
    ) async throws {
        let clock = SignInLimitTests.TestClock()
        try await TestServer.run(signInClock: { clock.now() }, .live, configure: { configuration in
            configuration.trustedProxies = [try TrustedProxy("127.0.0.1")]
            configuration.passwordCost = cost
        }) { client in
            try await PeopleFixture.createAccount(client, email: "ada@example.com", role: .owner)
            let port = try #require(client.port)
            try await ConcurrentSignIns.with(port: port) { try await body($0, client) }
        }
    }

    @Test func thirtyWrongPasswordsAtOnceFromOneAddressAreCheckedAtMostFiveTimes() async throws {
        try await Self.run { signIns, _ in
            let before = try await signIns.passwordChecks()
            let wrong = (0..<30).map { Attempt(email: "ada@example.com", password: "not the password \($0)", address: "203.0.113.7") }
            let answers = try await signIns.signIn(wrong)
            let checks = try await signIns.passwordChecks() - before
            #expect((1...5).contains(checks), "bcrypt ran \(checks) times for 30 guesses")
            #expect(answers.filter { $0.status == 401 }.count == checks, "\(answers.map(\.status))")
            let refused = answers.filter { $0.status == 429 }
            #expect(refused.count == 30 - checks, "\(answers.map(\.status))")
            #expect(refused.allSatisfy { ($0.retryAfter ?? 0) >= 1 })
            #expect(!answers.contains { $0.signedIn })

            // Another burst, then one guess at a time until refused: never more than five checks in all.
            _ = try await signIns.signIn(wrong)
            for index in 0..<5 {
                let answer = try await signIns.signIn(Attempt(email: "ada@example.com", password: "guess \(index)", address: "203.0.113.7"))
                if answer.status == 429 { break }
                #expect(answer.status == 401)
            }
            #expect(try await signIns.passwordChecks() - before == 5)
            let right = try await signIns.signIn(Attempt(email: "ada@example.com", password: PeopleFixture.password, address: "203.0.113.7"))
            #expect(right.status == 429)
            #expect(right.text.contains("Too many failed sign-ins from your address"), "\(right.text)")
            #expect(!right.signedIn)
            #expect(try await signIns.passwordChecks() - before == 5)
        }
    }

    /// bcrypt at cost 10, so the wrong passwords are still being checked when the right one comes.
    @Test func theRightPasswordSentWhileABurstOfWrongOnesIsCheckedDoesNotGetIn() async throws {
        try await Self.run(cost: 10) { signIns, _ in
            let before = try await signIns.passwordChecks()
            let wrong = (0..<30).map { Attempt(email: "ada@example.com", password: "not the password \($0)", address: "10.0.3.\($0)") }
            async let burst = signIns.signIn(wrong)
            try await Polling.until("five guesses are being checked", timeout: .seconds(10)) {
                try await signIns.passwordChecks() - before >= 5
            }
            let right = try await signIns.signIn(Attempt(email: "ADA@example.com", password: PeopleFixture.password, address: "10.0.4.1"))
            #expect(right.status == 429, "\(right.text)")
            #expect(!right.signedIn)
            let answers = try await burst
            #expect(answers.filter { $0.status == 401 }.count == 5, "\(answers.map(\.status))")
            #expect(answers.filter { $0.status == 429 }.count == 25, "\(answers.map(\.status))")
            #expect(try await signIns.passwordChecks() - before == 5)
            // Once the burst is answered, the account still waits, whatever the password.
            let later = try await signIns.signIn(Attempt(email: "ada@example.com", password: PeopleFixture.password, address: "10.0.4.2"))
            #expect(later.status == 429)
            #expect(later.text.contains("Too many failed sign-ins to this account: try again in 60 seconds"), "\(later.text)")
            #expect(later.retryAfter == 60)
        }
    }

    /// One address floods with the right password of its own account, which the failure limits do
    /// not stop (a right password is given back): at most two of its checks are under way at once,
    /// the rest are refused at once, and another address signs in without waiting behind them.
    @Test func anotherAddressSignsInPromptlyWhileOneAddressFloods() async throws {
        try await Self.run(cost: 10) { signIns, client in
            try await PeopleFixture.createAccount(client, email: "grace@example.com", role: .viewer)
            let grace = Attempt(email: "grace@example.com", password: PeopleFixture.password, address: "198.51.100.20")
            let aloneStart = ContinuousClock.now
            #expect(try await signIns.signIn(grace).status == 303)
            let alone = ContinuousClock.now - aloneStart
            let before = try await signIns.passwordChecks()
            let flood = (0..<40).map { _ in Attempt(email: "ada@example.com", password: PeopleFixture.password, address: "203.0.113.9") }
            async let flooded = signIns.signIn(flood)
            try await Polling.until("the flood is being checked", timeout: .seconds(10)) {
                try await signIns.passwordChecks() > before
            }
            let start = ContinuousClock.now
            let other = try await signIns.signIn(grace)
            let waited = ContinuousClock.now - start
            #expect(other.status == 303, "\(other.text)")
            #expect(other.signedIn)
            // It waits behind at most two checks of the flood (without the bound, behind all 40:
            // 9 seconds on a loaded two-core machine); the bound grows with how slow a check is here.
            #expect(waited < .seconds(4) + alone * 6, "the other address waited \(waited) (alone: \(alone))")
            let answers = try await flooded
            let refused = answers.filter { $0.status == 429 }
            #expect(!refused.isEmpty, "\(answers.map(\.status))")
            #expect(refused.allSatisfy { $0.text.contains("Too many sign-ins at once from your address: try again in 1 second") && $0.retryAfter == 1 })
            #expect(answers.allSatisfy { $0.status == 429 || ($0.status == 303 && $0.signedIn) }, "\(answers.map(\.status))")
            print("flood of 40 right passwords from one address: \(40 - refused.count) checked, \(refused.count) refused at once; "
                + "another address signed in in \(waited) (alone: \(alone))")
        }
    }
}
