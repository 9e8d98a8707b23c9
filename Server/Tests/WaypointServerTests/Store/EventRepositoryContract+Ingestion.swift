import Foundation
import Testing
@testable import WaypointServer

/// A random number generator that gives the same numbers for the same seed (SplitMix64).
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension StoreContractTests {
    /// Every event line of `appID`, in storage order, read page by page.
    static func allLines(_ store: TestDatabase, appID: AppID) async throws -> [String] {
        var lines: [String] = []
        var cursor: Int64?
        repeat {
            let page = try await store.events(appID: appID, environment: nil, timestamps: nil, after: cursor, limit: 500)
            lines += page.lines
            cursor = page.next
        } while cursor != nil
        return lines
    }
}

extension EventRepositoryContract {
    /// Ten batches of 1,000 events drawn from 3,000 ids, each in its own shuffled order, inserted
    /// at once: none fails, every id is stored once, and each batch's counts add up.
    @Test(.timeLimit(.minutes(3)), arguments: StoreKind.available)
    func overlappingBatchesInsertedAtOnceNeverFail(kind: StoreKind) async throws {
        var generator = SeededGenerator(seed: 20_261_121)
        let ids = (0..<3000).map { "m\($0)" }
        let batches: [[StoredEvent]] = (0..<10).map { batch in
            ids.shuffled(using: &generator).prefix(1000).map { StoreContractTests.event($0, user: "u\(batch)") }
        }
        let union = Set(batches.joined().map(\.messageID))
        try await kind.withStore { store in
            try await StoreContractTests.makeApp(store, "fitness")
            let results = try await withThrowingTaskGroup(of: InsertResult.self) { group in
                for batch in batches {
                    group.addTask { try await store.insertEvents(batch, appID: "fitness") }
                }
                return try await group.reduce(into: [InsertResult]()) { $0.append($1) }
            }
            #expect(results.count == 10)
            for result in results {
                #expect(result.accepted + result.duplicates == 1000)
            }
            #expect(results.map(\.accepted).reduce(0, +) == union.count)
            let lines = try await StoreContractTests.allLines(store, appID: "fitness")
            #expect(lines.count == union.count, "nothing is stored twice")
            #expect(Set(lines) == Set(union.map { "{\"m\":\"\($0)\"}" }))
        }
    }

    /// A flow id is stored as given: `""` stays `""`, apart from both a flow's id and no flow.
    @Test(arguments: StoreKind.available)
    func anEmptyFlowIdIsStoredAsGiven(kind: StoreKind) async throws {
        let events = [StoreContractTests.event("e1", flow: ""), StoreContractTests.event("e2", flow: nil), StoreContractTests.event("e3", flow: "signup")]
        try await kind.withStore { store in
            try await StoreContractTests.makeApp(store, "fitness")
            #expect(try await store.insertEvents(events, appID: "fitness") == InsertResult(accepted: 3, duplicates: 0))
            func lines(_ flowID: String?) async throws -> [String] {
                try await store.eventsByUser(appID: "fitness", environment: nil, flowID: flowID, after: nil, limit: 10).lines
            }
            #expect(try await lines("") == [#"{"m":"e1"}"#])
            #expect(try await lines(nil) == [#"{"m":"e2"}"#])
            #expect(try await lines("signup") == [#"{"m":"e3"}"#])
        }
    }
}
