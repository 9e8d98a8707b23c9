import Foundation
import Testing
@testable import Waypoint
@testable import WaypointTools

@Suite("Funnel over files: bad input, chunks, threads")
struct FunnelFileTests {
    let query = FunnelQuery(flowID: "signup", steps: ["a", "b"])

    @Test func invalidLinesAreCountedAndNeverStopTheFunnel() throws {
        var bytes = Data()
        func line(_ text: String) { bytes.append(Data((text + "\n").utf8)) }
        line(Lines.view("u1", "a", at: 0))
        line(#"{"messageId":"m","userId":"u9","event":"Step Viewed","timestamp":"2026-01-01T00:00:01.000Z","flowId":"sig"#)  // truncated
        bytes.append(Data(#"{"messageId":"m","userId":"u"#.utf8) + Data([0xFF, 0xFE]))                                      // not UTF-8
        bytes.append(Data(#"","event":"Step Viewed","timestamp":"2026-01-01T00:00:01.000Z","flowId":"signup","stepId":"a"}"#.utf8) + Data("\n".utf8))
        line(#"{"messageId":"m","userId":"u9","event":"Step Viewed","flowId":"signup","stepId":"a"}"#)                        // no timestamp
        line(#"{"messageId":"m","userId":"u9","event":"Step Viewed","timestamp":"2026-01-01T00:00:01.000Z","flowId":"signup"}"#)  // no stepId
        line(#"{"messageId":"m","userId":"u9","event":"Step Viewed","timestamp":"yesterday","flowId":"signup","stepId":"a"}"#)
        line(#"{"messageId":"m","userId":"u9","event":"Step Viewed","timestamp":"2026-02-30T00:00:00Z","flowId":"signup","stepId":"a"}"#)
        line(#"{"messageId":"m","userId":"u9","event":"Step Viewed","timestamp":"2026-01-01T00:00:01.000Z","flowId":"signup","stepId":"a","stepIndex":"two"}"#)
        line("hello")
        line("[]")
        line("")                                                                                                            // blank: not counted
        line("   ")
        // Offsets and timestamps without milliseconds are parsed: u1 sees b 90 s after a.
        line(#"{"messageId":"m2","userId":"u1","event":"Step Viewed","timestamp":"2026-01-01T02:01:30+02:00","flowId":"signup","stepId":"b"}"#)
        line(#"{"messageId":"m3","userId":"u2","event":"Step Viewed","timestamp":"2026-01-01T00:00:00Z","flowId":"signup","stepId":"a"}"#)
        // A huge but valid line.
        line(#"{"messageId":"m4","userId":"u3","event":"Step Viewed","timestamp":"2026-01-01T00:00:00.5Z","flowId":"signup","stepId":"a","note":""#
            + String(repeating: "é", count: 600_000) + #""}"#)
        let url = try Lines.file(bytes)
        defer { try? FileManager.default.removeItem(at: url) }
        let report = try #require(try Funnel.compute(file: url, query: query).funnelReport)
        #expect(report.invalidLines == 9)
        #expect(report.users == [3, 1])
        #expect(report.medians == [nil, 90_000])
        #expect(report.events == 4)
    }

    @Test func linesLongerThanTheLimitAreInvalidAndTheRestIsRead() throws {
        let huge = #"{"messageId":"m","userId":"u9","event":"Step Viewed","timestamp":"2026-01-01T00:00:00Z","flowId":"signup","stepId":"a","x":""#
            + String(repeating: "y", count: 10_000) + #""}"#
        let lines = [Lines.view("u1", "a", at: 0), huge, Lines.view("u1", "b", at: 3), huge, Lines.view("u2", "a", at: 0)]
        let url = try Lines.file(Lines.data(lines))
        defer { try? FileManager.default.removeItem(at: url) }
        let report = try #require(try Funnel.compute(file: url, query: query, threads: 1, chunkBytes: 256, maxLineBytes: 1024, progress: nil).funnelReport)
        #expect(report.invalidLines == 2)
        #expect(report.users == [2, 1])
        let roomy = try #require(try Funnel.compute(file: url, query: query, threads: 1, chunkBytes: 256, maxLineBytes: 1 << 20, progress: nil).funnelReport)
        #expect(roomy.invalidLines == 0)
        #expect(roomy.users == [3, 1])
    }

    @Test(arguments: [1, 2, 3, 7])
    func anySplitIntoRangesAndChunksGivesTheSameReport(threads: Int) throws {
        var lines: [String] = []
        for user in 0..<300 {
            let id = "user-\(user)"
            lines.append(Lines.view(id, "a", at: Double(user % 13), variation: user % 3 == 0 ? "short" : "control"))
            if user % 2 == 0 { lines.append(Lines.view(id, "b", at: Double(user % 13 + user % 5), variation: "short")) }
            if user % 4 == 0 { lines.append(Lines.view(id, "c", at: Double(user % 13 + 9))) }
            if user % 10 == 0 { lines.append("{broken") }
        }
        lines.shuffle()
        let query = FunnelQuery(flowID: "signup", steps: ["a", "b", "c"], groupByVariation: true)
        let expected = try Lines.report(lines, query)
        // The last line has no newline, to check the final partial read too.
        let text = lines.joined(separator: "\n")
        let url = try Lines.file(Data(text.utf8))
        defer { try? FileManager.default.removeItem(at: url) }
        for chunk in [64, 1000, 4 << 20] {
            let report = try #require(try Funnel.compute(file: url, query: query, threads: threads, chunkBytes: chunk,
                                                         maxLineBytes: 1 << 20, progress: nil).funnelReport)
            #expect(report == expected, "chunk \(chunk)")
        }
        #expect(expected.invalidLines == 30)
        #expect(expected.users == [300, 150, 75])
    }

    @Test func largeFilesAreSplitAcrossThreadsAndProgressIsReported() throws {
        var lines: [String] = []
        for user in 0..<12_000 {
            lines.append(Lines.view("user-\(user)", "a", at: 0))
            if user % 3 == 0 { lines.append(Lines.view("user-\(user)", "b", at: Double(user % 50))) }
        }
        let url = try Lines.file(Lines.data(lines))
        defer { try? FileManager.default.removeItem(at: url) }
        let size = try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int)
        #expect(size > 1 << 20)  // big enough to be split
        let seen = ProgressLog()
        let report = try #require(try Funnel.compute(file: url, query: query, threads: 2, progress: { seen.add($0) }).funnelReport)
        #expect(report.users == [12_000, 4000])
        #expect(seen.last?.bytesRead == Int64(size))
        #expect(seen.last?.totalBytes == Int64(size))
    }

    @Test func aMissingFileIsAClearError() throws {
        let url = URL(fileURLWithPath: "/nonexistent/events.jsonl")
        let message = "No events file at /nonexistent/events.jsonl. Pass the JSON Lines file your app or server wrote, e.g. events.jsonl."
        let error = try #require(throws: ReportError.self) { try Funnel.compute(file: url, query: query) }
        #expect(error.isMissingFile)
        #expect(error.description == message)
        #expect(throws: ReportError.self) { try Funnel.compute(file: FileManager.default.temporaryDirectory, query: query) }
    }

    @Test func anEmptyFileGivesAnEmptyReportOfADeclaredFlowAndAnErrorOtherwise() throws {
        let url = try Lines.file(Data())
        defer { try? FileManager.default.removeItem(at: url) }
        let declared = FunnelQuery(flowID: "signup", steps: ["a", "b"], declaredSteps: ["a", "b"])
        let report = try #require(try Funnel.compute(file: url, query: declared).funnelReport)
        #expect(report.users == [0, 0])
        #expect(report.invalidLines == 0)
        let flow = try #require(try Funnel.compute(file: url, query: FunnelQuery(flowID: "signup", declaredSteps: ["a", "b"])).flowReport)
        #expect(flow.steps.map(\.stepID) == ["a", "b"])
        #expect(flow.started == 0)
        #expect(throws: ReportError.self) { try Funnel.compute(file: url, query: query) }
    }

    @Test(arguments: [
        (Data([0x1F, 0x8B, 0x08, 0x00, 0x12, 0x34, 0x0A, 0x99, 0xFF]), "line 1: the file is gzip-compressed; decompress it first (gunzip)"),
        (Data("[{\"messageId\":\"m\"},\n{\"messageId\":\"n\"}]\n".utf8), "line 1: a JSON array, not one event object per line"),
        (Data("\n\n{\"userId\":\"u\",\"event\":\"Step Viewed\",\"timestamp\":\"2026-01-01T00:00:00Z\"}\n".utf8),
         "line 3: the field \"messageId\" is missing"),
        (Data([0x00, 0x01, 0xFE, 0xFF, 0x0A, 0x00, 0xC3]), "line 1: not UTF-8 text (a binary file?)"),
    ] as [(Data, String)])
    func aFileWithoutValidEventsSaysWhatTheFirstLineIs(bytes: Data, expected: String) throws {
        let url = try Lines.file(bytes)
        defer { try? FileManager.default.removeItem(at: url) }
        for query in [query, FunnelQuery(flowID: "signup")] {
            let error = try #require(throws: ReportError.self) { try Funnel.compute(file: url, query: query) }
            #expect(error.description.contains("\(url.path) has no valid events"))
            #expect(error.description.contains(expected), "\(error)")
        }
    }
}

/// Collects progress reports from the reading threads.
///
/// `@unchecked Sendable`: `reports` is read and written only while `lock` is held.
final class ProgressLog: @unchecked Sendable {
    private let lock = NSLock()
    private var reports: [Funnel.Progress] = []

    func add(_ progress: Funnel.Progress) { lock.withLock { reports.append(progress) } }

    var last: Funnel.Progress? {
        lock.withLock { reports.max { $0.bytesRead < $1.bytesRead } }
    }
}
