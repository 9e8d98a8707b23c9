import Foundation
import Synchronization
import Testing
@testable import WaypointServer

/// ``SignInLimits``: an attempt is charged before its check, in one step with the test that the
/// limits allow it; a right password gives it back; checks at once are bounded per address.
@Suite("Sign-in reservations")
struct SignInReservationTests {
    /// Checks that count themselves and wait until released (at most five seconds).
    final class HeldChecks: Sendable {
        private let state = Mutex((started: 0, released: false))
        var started: Int { state.withLock { $0.started } }
        func release() { state.withLock { $0.released = true } }

        /// A check that answers `answer` once released.
        func check<Value: Sendable>(_ answer: Value?) async throws -> Value? {
            state.withLock { $0.started += 1 }
            try await Polling.until("the checks are released", timeout: .seconds(5), interval: .milliseconds(5)) {
                state.withLock { $0.released }
            }
            return answer
        }
    }

    static func limits() -> SignInLimits {
        let clock = SignInLimitTests.TestClock()
        return SignInLimits(clock: { clock.now() })
    }

    @Test func aRightPasswordSentWhileWrongOnesAreCheckedIsRefused() async throws {
        let limits = Self.limits()
        let held = HeldChecks()
        let outcomes = LockedBox<[SignInLimits.Outcome<String>]>([])
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<30 {
                group.addTask {
                    let outcome = try await limits.checkPassword(from: "10.0.0.\(index)", account: "ada@example.com") {
                        try await held.check(String?.none)
                    }
                    outcomes.update { $0.append(outcome) }
                }
            }
            try await Polling.until("25 guesses are refused", timeout: .seconds(5), interval: .milliseconds(5)) { outcomes.get().count == 25 }
            #expect(held.started == 5)
            // The account's five attempts are all charged, though none has been answered yet.
            let right = try await limits.checkPassword(from: "10.0.1.1", account: "ADA@example.com ") { "ada" }
            guard case .refused(let refusal) = right else {
                Issue.record("the right password got in: \(right)")
                return
            }
            #expect(refusal == SignInLimits.Refusal(reason: .account, retryAfter: 60))
            held.release()
            try await group.waitForAll()
        }
        let all = outcomes.get()
        #expect(all.filter { if case .wrong = $0 { true } else { false } }.count == 5)
        #expect(all.filter { if case .refused(let refusal) = $0 { refusal.reason == .account } else { false } }.count == 25)
        #expect(held.started == 5)
    }

    @Test func oneAddressHasAtMostTwoChecksUnderWayAndOthersGoAhead() async throws {
        let limits = Self.limits()
        let held = HeldChecks()
        let outcomes = LockedBox<[SignInLimits.Outcome<String>]>([])
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<30 {
                group.addTask {
                    let outcome = try await limits.checkPassword(from: "203.0.113.9", account: "user\(index)@example.com") {
                        try await held.check("right")
                    }
                    outcomes.update { $0.append(outcome) }
                }
            }
            try await Polling.until("28 sign-ins are refused", timeout: .seconds(5), interval: .milliseconds(5)) { outcomes.get().count == 28 }
            #expect(held.started == 2)
            #expect(outcomes.get().allSatisfy { if case .refused(let refusal) = $0 { refusal == .init(reason: .addressBusy, retryAfter: 1) } else { false } })
            let other = try await limits.checkPassword(from: "198.51.100.1", account: "grace@example.com") { "grace" }
            guard case .right("grace") = other else {
                Issue.record("another address waited: \(other)")
                return
            }
            held.release()
            try await group.waitForAll()
        }
        #expect(held.started == 2)
        // Right passwords gave their attempts back, and the places are free again.
        #expect(limits.checks.count == 0)
        #expect(limits.addresses.waitBeforeNext("203.0.113.9", now: limits.clock()) == nil)
        #expect(limits.reserve(from: "203.0.113.9", account: "user0@example.com").isCharged)
    }

    @Test func aWrongPasswordStaysChargedAndARightOneIsGivenBack() async throws {
        let limits = Self.limits()
        for _ in 0..<4 {
            let wrong = try await limits.checkPassword(from: "10.0.0.1", account: "ada@example.com") { String?.none }
            guard case .wrong = wrong else { Issue.record("\(wrong)"); return }
        }
        for _ in 0..<10 {
            let right = try await limits.checkPassword(from: "10.0.0.1", account: "ada@example.com") { "ada" }
            guard case .right = right else { Issue.record("successes were counted: \(right)"); return }
        }
        let fifth = try await limits.checkPassword(from: "10.0.0.1", account: "ada@example.com") { String?.none }
        guard case .wrong = fifth else { Issue.record("\(fifth)"); return }
        let refused = try await limits.checkPassword(from: "10.0.0.1", account: "ada@example.com") { "ada" }
        guard case .refused(let refusal) = refused else { Issue.record("\(refused)"); return }
        #expect(refusal == .init(reason: .address, retryAfter: 12))
    }

    @Test func anAttemptTheAccountLimitRefusesIsNotChargedToTheAddress() {
        let limits = Self.limits()
        for index in 0..<5 { _ = limits.reserve(from: "10.0.0.\(index)", account: "ada@example.com") }
        for _ in 0..<10 {
            guard case .refused(let refusal) = limits.reserve(from: "10.0.9.9", account: "ada@example.com") else {
                Issue.record("a sixth attempt on the account was charged")
                return
            }
            #expect(refusal == .init(reason: .account, retryAfter: 60))
        }
        // The address's attempts are untouched: five more, on other accounts.
        for index in 0..<5 { #expect(limits.reserve(from: "10.0.9.9", account: "user\(index)@example.com").isCharged) }
        #expect(!limits.reserve(from: "10.0.9.9", account: "user9@example.com").isCharged)
    }

    @Test func aThrownCheckLeavesTheAttemptChargedAndFreesItsPlace() async throws {
        struct Lost: Error {}
        let limits = Self.limits()
        for _ in 0..<5 {
            await #expect(throws: Lost.self) {
                _ = try await limits.checkPassword(from: "10.0.0.1", account: "ada@example.com") { () async throws -> String? in throw Lost() }
            }
        }
        #expect(limits.checks.count == 0)
        #expect(!limits.reserve(from: "10.0.0.1", account: nil).isCharged)
    }
}

extension SignInLimits.Reservation {
    var isCharged: Bool { if case .charged = self { true } else { false } }
}
