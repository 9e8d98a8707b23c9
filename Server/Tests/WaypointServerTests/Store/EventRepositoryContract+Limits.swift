import Foundation
import Testing
import Waypoint
import WaypointTools
@testable import WaypointServer

/// Whatever holds an SDK key can send any ids, so one batch's work and storage must stay bounded by
/// its size whatever the user sent before (docs/ARCHITECTURE.md, "Report contributions in the
/// stores"): a user's events of a flow beyond ``ContributionChanges/limits`` are refused, one by one
/// with the reason, on both stores, and what is kept still adds up to the export's figures.
extension StoreContractTests {
    /// Events about one user and one flow, each with its own experiment and variation, step id and
    /// revision, as the amplification probe sends them (`first` numbers the first).
    static func amplifyingEvents(_ count: Int, first: Int, user: String = "target") -> [StoredEvent] {
        let padding = String(repeating: "x", count: 60)
        return (first..<(first + count)).map { index in
            let event = OnboardingEvent(
                messageID: "amp-\(index)", userID: user, event: index % 2 == 0 ? .stepViewed : .stepCompleted,
                timestamp: Date(timeIntervalSince1970: Double(contributionEpoch) / 1000 + Double(index)), flowID: "signup",
                stepID: "step-\(index)-\(padding)", experiment: "experiment-\(index)-\(padding)", variation: "variation-\(index)-\(padding)",
                durationMs: Int64(index), appVersion: "9.\(index)", revision: index + 1)
            return StoredEvent(
                messageID: event.messageID, userID: user, flowID: "signup", walkthroughID: nil, timestamp: 0, environment: "production",
                receivedAt: 1, line: EventIngestion.jsonLine(of: event))
        }
    }

    /// The bytes a store keeps of an environment's contributions: every row's and cell's group and totals.
    static func contributionBytes(_ store: TestDatabase, appID: AppID) async throws -> Int {
        let stored = try await store.storedContributions(appID: appID, environment: "production")
        let rows = stored.users.values.joined().map { $0.group.utf8.count + $0.totals.bytes.count }.reduce(0, +)
        let cells = stored.cells.map { $0.group.utf8.count + $0.totals.bytes.count }.reduce(0, +)
        return rows + cells
    }
}

extension EventRepositoryContract {
    @Test(arguments: StoreKind.available)
    func aUsersEventsOfAFlowStopAtTheLimitsAndTheRestAreRefusedOneByOneWithTheReason(kind: StoreKind) async throws {
        try await kind.withStore { store in
            try await StoreContractTests.makeApp(store, "fitness")
            let limits = ContributionChanges.limits
            // The probe's payload at a smaller scale: five batches of 200, every value new.
            var accepted = 0
            for batch in 0..<5 {
                let events = StoreContractTests.amplifyingEvents(200, first: batch * 200)
                let result = try await store.insertEvents(events, appID: "fitness")
                #expect(result.accepted + result.duplicates + result.refused.count == events.count)
                #expect(result.duplicates == 0)
                #expect(result.refused.map(\.index) == events.indices.filter { batch > 0 || $0 >= limits.experiments }, "batch \(batch)")
                guard let first = result.refused.first else { continue }
                #expect(first.message.contains("already carry \(limits.experiments) experiments, the most kept per user"), "\(first.message)")
                #expect(first.message.contains("of flow \"signup\""))
                accepted += result.accepted
            }
            // Eight events fit: the ninth brings a ninth experiment.
            #expect(accepted == limits.experiments)
            #expect(try await store.eventCount(appID: "fitness", environment: "production") == accepted)
            // A refused event is not stored, so sent again it is refused again, not a duplicate.
            let again = try await store.insertEvents(StoreContractTests.amplifyingEvents(1, first: 999), appID: "fitness")
            #expect(again.refused.count == 1 && again.duplicates == 0)
            try await StoreContractTests.checkContributions(store, appID: "fitness", "after the payload")
            let bytes = try await StoreContractTests.contributionBytes(store, appID: "fitness")
            #expect(bytes < 64_000, "the contributions hold \(bytes) bytes")

            // Another user, and the same user's other flows, are untouched by the limits.
            let other = try await store.insertEvents(StoreContractTests.amplifyingEvents(limits.experiments, first: 5_000, user: "someone-else"), appID: "fitness")
            #expect(other.accepted == limits.experiments && other.refused.isEmpty)
        }
    }

    @Test(arguments: StoreKind.available)
    func concurrentBatchesOfOneUserTogetherKeepNoMoreThanTheLimit(kind: StoreKind) async throws {
        try await kind.withStore { store in
            try await StoreContractTests.makeApp(store, "fitness")
            let limits = ContributionChanges.limits
            let perBatch = limits.events * 2 / 5
            // Four batches at once, each within every other limit: together they hold 1.6 times the events.
            let results = try await withThrowingTaskGroup(of: InsertResult.self) { group in
                for batch in 0..<4 {
                    group.addTask {
                        let events = (0..<perBatch).map { index in
                            let event = OnboardingEvent(
                                messageID: "b\(batch)-\(index)", userID: "target", event: .stepViewed,
                                timestamp: Date(timeIntervalSince1970: Double(StoreContractTests.contributionEpoch) / 1000 + Double(index)), flowID: "signup",
                                stepID: "welcome", revision: 1)
                            return StoredEvent(
                                messageID: event.messageID, userID: "target", flowID: "signup", walkthroughID: nil, timestamp: 0,
                                environment: "production", receivedAt: 1, line: EventIngestion.jsonLine(of: event))
                        }
                        return try await store.insertEvents(events, appID: "fitness")
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(results.map(\.accepted).reduce(0, +) == limits.events, "\(results.map(\.accepted))")
            #expect(results.map(\.refused.count).reduce(0, +) == 4 * perBatch - limits.events)
            #expect(try await store.eventCount(appID: "fitness", environment: "production") == limits.events)
            let message = try #require(results.flatMap(\.refused).first?.message)
            #expect(message.contains("already has \(limits.events) events of flow \"signup\""), "\(message)")
            try await StoreContractTests.checkContributions(store, appID: "fitness", "after concurrent batches")
        }
    }

    @Test(arguments: StoreKind.available)
    func aPersonsEventsAreNeverRefused(kind: StoreKind) async throws {
        try await kind.withStore { store in
            try await StoreContractTests.makeApp(store, "fitness")
            var random = StoreContractTests.SeededRandom(seed: 39)
            // 40 users, 2,000 events over two flows and a walkthrough, three revisions and two experiments, in ten batches.
            let events = StoreContractTests.randomContributionEvents(count: 2_000, users: 40, random: &random)
            for start in stride(from: 0, to: events.count, by: 200) {
                let result = try await store.insertEvents(Array(events[start..<(start + 200)]), appID: "fitness")
                #expect(result.refused.isEmpty, "\(result.refused.first?.message ?? "")")
            }
            try await StoreContractTests.checkContributions(store, appID: "fitness", "after a person's events")
        }
    }

    /// A retention transaction recomputes at most ``ContributionChanges/retentionUsers`` users:
    /// expired events of more users than that go over several transactions, every one of them.
    @Test(arguments: StoreKind.available)
    func retentionRecomputesABoundedNumberOfUsersPerTransactionAndDeletesEveryExpiredEvent(kind: StoreKind) async throws {
        try await kind.withStore { store in
            try await StoreContractTests.makeApp(store, "fitness")
            let users = ContributionChanges.retentionUsers + ContributionChanges.retentionUsers / 2
            let events = (0..<users).flatMap { user in
                [0, 1].map { index in
                    let event = OnboardingEvent(
                        messageID: "r\(user)-\(index)", userID: "user-\(user)", event: index == 0 ? .flowStarted : .flowCompleted,
                        timestamp: Date(timeIntervalSince1970: Double(index == 0 ? 1_000 : 3_000_000 + user)), flowID: "signup")
                    return StoredEvent(
                        messageID: event.messageID, userID: event.userID, flowID: "signup", walkthroughID: nil,
                        timestamp: index == 0 ? 1_000_000 : Int64(3_000_000_000 + user * 1000), environment: "production",
                        receivedAt: 1, line: EventIngestion.jsonLine(of: event))
                }
            }
            for start in stride(from: 0, to: events.count, by: 1000) {
                _ = try await store.insertEvents(Array(events[start..<min(start + 1000, events.count)]), appID: "fitness")
            }
            // Each user's start expires, their completion stays.
            let chosen = ContributionChanges.retentionRound(events.enumerated().map { index, event in
                (Int64(index), "fitness", event.contributionUser, event.contributionSubject)
            })
            #expect(chosen.count == 2 * ContributionChanges.retentionUsers)
            #expect(try await store.deleteEvents(before: 2_000_000) == users)
            #expect(try await store.eventCount(appID: "fitness", environment: "production") == users)
            try await StoreContractTests.checkContributions(store, appID: "fitness", "after retention")
        }
    }
}
