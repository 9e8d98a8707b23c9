import Foundation
import Testing

/// A server is SIGKILLed while batches arrive, and restarted, several times: every batch that was
/// answered 200 must be in the export afterwards, and no event twice.
@Suite("kill -9 during ingestion", .serialized)
struct CrashTests {
    @Test func everyAcknowledgedBatchSurvivesAndNothingIsStoredTwice() async throws {
        let directory = TestServer.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var server = try await ServerProcess(["--data", directory.path])
        let app = try await HTTP.createApp(port: server.port, "crash")

        let acknowledged = LockedBox<[String]>([])
        let unanswered = LockedBox<[[String]]>([])
        var batchNumber = 0
        for round in 0..<4 {
            let port = server.port
            let firstBatch = batchNumber
            // The sender: a bounded number of batches, one at a time, until the server dies.
            let sender = Task {
                var number = firstBatch
                while number < firstBatch + 400 {
                    let ids = (0..<50).map { "b\(number)-e\($0)" }
                    let lines = ids.enumerated().map { TestEvents.line($1, user: "u\($0 % 9)", at: $0) }
                    do {
                        let answer = try await HTTP.postEvents(port: port, key: app.production, lines: lines)
                        if answer.status == 200 {
                            acknowledged.update { $0 += ids }
                        } else {
                            unanswered.update { $0.append(lines) }
                        }
                    } catch {
                        unanswered.update { $0.append(lines) }
                        return number + 1
                    }
                    number += 1
                }
                return number
            }
            try await Task.sleep(for: .milliseconds(300 + 150 * round))
            server.killHard()
            batchNumber = await sender.value
            server = try await ServerProcess(["--data", directory.path])
        }

        // Batches whose answer never came are sent again: stored ones count as duplicates.
        var resentDuplicates = 0
        var resentAccepted = 0
        for lines in unanswered.get() {
            let answer = try await HTTP.postEvents(port: server.port, key: app.production, lines: lines)
            #expect(answer.status == 200)
            let object = try answer.object()
            resentDuplicates += object["duplicates"] as? Int ?? 0
            resentAccepted += object["accepted"] as? Int ?? 0
        }

        let exported = try await HTTP.exportedMessageIDs(port: server.port, app: "crash")
        let stored = Set(exported)
        #expect(exported.count == stored.count, "an event is stored twice")
        let acknowledgedIDs = acknowledged.get()
        #expect(acknowledgedIDs.count >= 50, "no batch was acknowledged before the kills")
        let missing = acknowledgedIDs.filter { !stored.contains($0) }
        #expect(missing.isEmpty, "\(missing.count) acknowledged events are missing, such as \(missing.prefix(3))")
        #expect(stored.count == acknowledgedIDs.count + resentAccepted + resentDuplicates)
        #expect(server.terminate() == 0)
    }
}
