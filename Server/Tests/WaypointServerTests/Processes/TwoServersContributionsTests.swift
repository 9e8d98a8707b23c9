import Foundation
import Testing
@testable import WaypointServer

/// Two server processes on one PostgreSQL database taking the same users at once keep the report
/// contributions those users' exported events give (docs/ARCHITECTURE.md, "Report contributions in the stores").
@Suite("Two servers keep contributions", .enabled(if: PostgresServer.isInstalled, Comment(rawValue: PostgresServer.notInstalledMessage)))
struct TwoServersContributionsTests {
    @Test func contributionsEqualTheExportWhenTwoServersTakeTheSameUsers() async throws {
        let url = try PostgresServer.createDatabase()
        async let startFirst = ServerProcess(["--database", url])
        async let startSecond = ServerProcess(["--database", url])
        let (first, second) = try await (startFirst, startSecond)
        let app = try await HTTP.createApp(port: first.port, "shared")

        var random = RandomEvents(seed: 41)
        let users = (0..<40).map { random.user($0) }
        // Each user's events in three batches, each posted to both servers at once.
        var batches: [[String]] = [[], [], []]
        for lines in users { for (index, line) in lines.enumerated() { batches[index % 3].append(line) } }
        try await withThrowingTaskGroup(of: Int.self) { group in
            for batch in batches {
                for chunk in stride(from: 0, to: batch.count, by: 50).map({ Array(batch[$0..<min($0 + 50, batch.count)]) }) {
                    for port in [first.port, second.port] {
                        group.addTask { try await HTTP.postEvents(port: port, key: app.production, lines: chunk).status }
                    }
                }
            }
            for try await status in group { #expect(status == 200) }
        }
        #expect(first.terminate() == 0)
        #expect(second.terminate() == 0)
        try await PostgresServer.withStore(url: url) { store in
            let stored = try await store.storedContributions(appID: "shared", environment: "production")
            #expect(stored.users.count >= 30)
            try await StoreContractTests.checkContributions(store, appID: "shared", "two servers")
        }
    }
}
