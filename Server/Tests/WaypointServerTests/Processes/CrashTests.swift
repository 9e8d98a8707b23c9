import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A child process sends batches while the server is SIGKILLed and restarted several times: every
/// batch that was answered 200 must be in the export afterwards, and no event twice.
@Suite("kill -9 during ingestion", .serialized)
struct CrashTests {
    @Test func everyAcknowledgedBatchSurvivesAndNothingIsStoredTwice() async throws {
        try await TemporaryFiles.with { directory in
            var server = try await ServerProcess(["--data", directory.path])
            let port = server.port
            let app = try await HTTP.createApp(port: port, "crash")

            let log = directory.appendingPathComponent("sender.log")
            let sender = Process()
            sender.executableURL = try ServerProcess.executable().deletingLastPathComponent().appendingPathComponent("EventSender")
            sender.arguments = ["\(port)", app.production, log.path, "3000", "30"]
            sender.standardOutput = FileHandle.nullDevice
            sender.standardError = FileHandle.nullDevice
            try ProcessLaunch.run(sender)
            defer { if sender.isRunning { kill(sender.processIdentifier, SIGKILL) } }

            // Each kill comes once the running server has acknowledged a few new batches, so every
            // server takes part, and the sender is usually mid-request when it dies.
            for _ in 0..<4 {
                try await Self.waitForNewAcknowledgements(in: log)
                server.killHard()
                server = try await ServerProcess(["--data", directory.path], port: port)
            }
            try await Self.waitForNewAcknowledgements(in: log)
            kill(sender.processIdentifier, SIGTERM)
            sender.waitUntilExit()

            // The last line may be cut by the SIGTERM; it is then neither acknowledged nor lost.
            let entries = try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map { $0.split(separator: " ") }
            let acknowledged = entries.filter { $0.count == 2 && $0[0] == "ok" }.map { String($0[1]) }
            let lost = entries.filter { $0.count == 2 && $0[0] == "lost" }.map { String($0[1]) }
            #expect(acknowledged.count >= 10, "too few batches were acknowledged around the kills")
            #expect(!lost.isEmpty, "no request failed: the kills did not interrupt the sender")

            // Batches whose answer never came are sent again: stored ones count as duplicates.
            var resent = 0
            for batch in lost {
                let lines = (0..<50).map { TestEvents.line("\(batch)-e\($0)", user: "u\($0 % 9)", at: $0) }
                let answer = try await HTTP.postEvents(port: port, key: app.production, lines: lines)
                #expect(answer.status == 200)
                let object = try answer.object()
                resent += (object["accepted"] as? Int ?? 0) + (object["duplicates"] as? Int ?? 0)
            }

            let exported = try await HTTP.exportedMessageIDs(port: port, app: "crash")
            let stored = Set(exported)
            #expect(exported.count == stored.count, "an event is stored twice")
            let expected = acknowledged.flatMap { batch in (0..<50).map { "\(batch)-e\($0)" } }
            let missing = expected.filter { !stored.contains($0) }
            #expect(missing.isEmpty, "\(missing.count) acknowledged events are missing, such as \(missing.prefix(3))")
            #expect(resent == lost.count * 50)
            // Only the batch cut short by the final SIGTERM may be stored beyond what the log accounts for.
            #expect(stored.count >= expected.count + resent && stored.count <= expected.count + resent + 50)
            #expect(server.terminate() == 0)
        }
    }

    /// The batches the sender logged as answered 200 so far (a line still being written is not counted).
    static func acknowledgedBatches(in log: URL) -> Int {
        guard let text = try? String(contentsOf: log, encoding: .utf8) else { return 0 }
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().filter { $0.hasPrefix("ok ") }.count
    }

    /// Waits until the sender has logged `count` more acknowledged batches than now.
    static func waitForNewAcknowledgements(in log: URL, count: Int = 3) async throws {
        let before = acknowledgedBatches(in: log)
        try await Polling.until("the server acknowledges \(count) more batches", timeout: .seconds(20), interval: .milliseconds(10)) {
            acknowledgedBatches(in: log) >= before + count
        }
    }
}
