import Foundation
import Testing
import TestSupport
import Waypoint

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Kills a process that is appending to a queue (SIGKILL, at whatever point it has reached) and
/// checks that no acknowledged event was lost.
@Suite("Durable event queue: crash")
struct QueueCrashTests {
    /// The writer executable, built next to the test bundle.
    static func writer() throws -> URL {
        URL(fileURLWithPath: try BuiltExecutable.path("QueueCrashWriter"))
    }

    @Test(arguments: [120, 333, 517])
    func acknowledgedEventsSurviveAKillAtAnyPoint(acknowledgementsBeforeKill: Int) async throws {
        let root = QueueFixtures.directory()
        defer { try? FileManager.default.removeItem(at: root) }
        let queueDirectory = root.appendingPathComponent("queue")
        let deliveredFile = root.appendingPathComponent("delivered.jsonl")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)

        // Reading the writer's output blocks until it prints: off the pool (``OffThePool``).
        let writer = try Self.writer().path
        let (acknowledged, ending) = try await OffThePool.run { () throws -> ([String], (exitStatus: Int32?, signal: Int32?)) in
            let process = try ChildProcess(writer, arguments: [queueDirectory.path, deliveredFile.path])
            var acknowledged: [String] = []
            var pending = Data()
            func takeLines(_ chunk: Data) {
                pending.append(chunk)
                while let newline = pending.firstIndex(of: 0x0A) {
                    acknowledged.append(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self))
                    pending = Data(pending[(newline + 1)...])
                }
            }
            while acknowledged.count < acknowledgementsBeforeKill {
                let chunk = process.output.availableData
                if chunk.isEmpty { break }
                takeLines(chunk)
            }
            process.kill(SIGKILL)
            let ending = process.wait()
            // Ids printed before the kill were acknowledged too; a half-printed last id was not.
            takeLines(process.output.readDataToEndOfFile())
            return (acknowledged, ending)
        }
        #expect(ending.signal == SIGKILL)
        #expect(acknowledged.count >= acknowledgementsBeforeKill)

        // The files as the kill left them: complete lines are events; only the very end of the
        // last segment may hold a write that was cut short (never acknowledged).
        let segments = try QueueFixtures.segmentFiles(in: queueDirectory)
        var onDisk: Set<String> = []
        for (index, segment) in segments.enumerated() {
            let data = try Data(contentsOf: segment)
            let lines = data.split(separator: 0x0A, omittingEmptySubsequences: false)
            for (number, line) in lines.enumerated() where !line.isEmpty {
                let isLastLine = index == segments.count - 1 && number == lines.count - 1
                if let event = try? JSONDecoder().decode(OnboardingEvent.self, from: Data(line)) {
                    onDisk.insert(event.messageID)
                } else {
                    #expect(isLastLine, "unreadable line \(number) in \(segment.lastPathComponent)")
                }
            }
        }

        // Reopening repairs the files; every acknowledged event is pending or was delivered.
        let queue = try DurableEventQueue(directory: queueDirectory, sink: JSONLinesEventSink(url: deliveredFile))
        let stillPending = Set(try await queue.pendingEvents().map(\.messageID))
        let deliveredText = (try? String(contentsOf: deliveredFile, encoding: .utf8)) ?? ""
        var delivered: Set<String> = []
        for line in deliveredText.split(separator: "\n") {
            if let event = try? JSONDecoder().decode(OnboardingEvent.self, from: Data(line.utf8)) {
                delivered.insert(event.messageID)
            }
        }
        let lost = acknowledged.filter { !stillPending.contains($0) && !delivered.contains($0) }
        #expect(lost.isEmpty, "lost \(lost.count) acknowledged events, first \(lost.prefix(5))")
        #expect(stillPending.isSubset(of: onDisk))

        // And the queue goes on: it delivers everything, and the files end up clean.
        try await queue.append(QueueFixtures.event(1_000_000))
        try await queue.flush()
        #expect(await queue.statistics.pendingEvents == 0)
        let finalText = try String(contentsOf: deliveredFile, encoding: .utf8)
        #expect(finalText.hasSuffix(QueueFixtures.event(1_000_000).jsonLine + "\n"))
        let finalIDs = Set(finalText.split(separator: "\n").compactMap {
            try? JSONDecoder().decode(OnboardingEvent.self, from: Data($0.utf8)).messageID
        })
        #expect(acknowledged.allSatisfy(finalIDs.contains))
    }
}
