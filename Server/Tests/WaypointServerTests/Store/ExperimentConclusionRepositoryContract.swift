import Foundation
import Testing
@testable import WaypointServer

/// ``ExperimentConclusionRepository``: the records of concluded experiments, written in a publish's
/// transaction, on every database (``StoreKind/available``).
@Suite("Experiment conclusion repository contract")
struct ExperimentConclusionRepositoryContract {
    static func record(
        _ key: String, environment: EnvironmentName = "production", revisions: [Int] = [1], decision: ExperimentConclusion.Decision = .stopped,
        variation: String? = nil, hypothesis: String? = nil, report: String? = nil, at second: TimeInterval = 1_800_000_000
    ) -> ExperimentConclusion {
        ExperimentConclusion(
            appID: "fitness", environment: environment, experiment: key, revisions: revisions,
            firstPublished: Date(timeIntervalSince1970: second - 86_400), lastPublished: Date(timeIntervalSince1970: second - 3_600.5),
            goal: "paywall:subscribe", hypothesis: hypothesis, decision: decision, variation: variation, report: report,
            concludedAt: Date(timeIntervalSince1970: second))
    }

    /// Revisions 1 and 2 of app `fitness`, 1 published to production.
    static func prepared(_ store: TestDatabase) async throws {
        try await StoreContractTests.makeApp(store, "fitness")
        for byte in [UInt8(1), 2] {
            _ = try await store.revisions.addRevision(appID: "fitness", body: [byte], sha256: "h\(byte)", createdAt: Date())
        }
        _ = try await store.revisions.publish(appID: "fitness", environment: "production", revision: 1, at: Date(timeIntervalSince1970: 1_700_000_000))
    }

    @Test(arguments: StoreKind.available)
    func aPublishWritesItsRecordsWhichAreReadNewestFirst(kind: StoreKind) async throws {
        try await kind.withStore { store in
            try await Self.prepared(store)
            let shipped = Self.record(
                "paywall-copy", revisions: [1, 3], decision: .shipped, variation: "annual-first", hypothesis: "Annual first sells more — ü.",
                report: #"{"experiment":"paywall-copy","kind":"experiment"}"#)
            let stopped = Self.record("short-signup")
            let seen = LockedBox<[Int?]>([])
            let previous = try await store.revisions.publish(
                appID: "fitness", environment: "production", revision: 2, at: Date(timeIntervalSince1970: 1_800_000_000), audit: nil,
                conclusions: { previous in
                    seen.update { $0.append(previous) }
                    return [shipped, stopped]
                })
            #expect(previous == 1)
            #expect(seen.get() == [1])

            let records = try await store.conclusions.conclusions(appID: "fitness", environment: "production")
            #expect(records == [stopped, shipped])
            #expect(try await store.conclusions.conclusion(appID: "fitness", environment: "production", experiment: "paywall-copy") == shipped)
            #expect(try await store.conclusions.conclusion(appID: "fitness", environment: "production", experiment: "onboarding") == nil)
            #expect(try await store.conclusions.conclusions(appID: "fitness", environment: "staging").isEmpty)

            // The same key concluded again: a second record, which the key's lookup answers.
            let again = Self.record("paywall-copy", revisions: [1], at: 1_900_000_000)
            _ = try await store.revisions.publish(
                appID: "fitness", environment: "production", revision: 1, at: Date(), audit: nil, conclusions: { _ in [again] })
            #expect(try await store.conclusions.conclusion(appID: "fitness", environment: "production", experiment: "paywall-copy") == again)
            #expect(try await store.conclusions.conclusions(appID: "fitness", environment: "production").map(\.experiment)
                == ["paywall-copy", "short-signup", "paywall-copy"])
        }
    }

    @Test(arguments: StoreKind.available)
    func aPublishWhoseRecordsCannotBeMadeChangesNothing(kind: StoreKind) async throws {
        struct Refused: Error {}
        try await kind.withStore { store in
            try await Self.prepared(store)
            await #expect(throws: Refused.self) {
                _ = try await store.revisions.publish(
                    appID: "fitness", environment: "production", revision: 2, at: Date(), audit: nil, conclusions: { _ in throw Refused() })
            }
            #expect(try await store.revisions.publishedRevision(appID: "fitness", environment: "production")?.revision == 1)
            #expect(try await store.revisions.publications(appID: "fitness", environment: "production").count == 1)
            #expect(try await store.conclusions.conclusions(appID: "fitness", environment: "production").isEmpty)

            // A record the database refuses (an app that does not exist) rolls the publish back too.
            let stranger = {
                var record = Self.record("paywall-copy")
                record.appID = "nobody"
                return record
            }()
            await #expect(throws: (any Error).self) {
                _ = try await store.revisions.publish(
                    appID: "fitness", environment: "production", revision: 2, at: Date(), audit: nil, conclusions: { _ in [stranger] })
            }
            #expect(try await store.revisions.publishedRevision(appID: "fitness", environment: "production")?.revision == 1)
            #expect(try await store.conclusions.conclusions(appID: "nobody", environment: "production").isEmpty)
        }
    }
}
