import ArgumentParser
import Foundation
import Testing
import TestSupport
@testable import WaypointCLI

@Suite("waypoint funnel")
struct FunnelCommandTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Snapshots/funnel-events.jsonl").path

    static func output(_ arguments: [String]) throws -> String {
        let command = try #require(try WaypointCommand.parseAsRoot(["funnel"] + arguments) as? WaypointCommand.Funnel)
        return try command.output()
    }

    @Test func tableMatchesTheSnapshot() throws {
        try assertSnapshot(try Self.output([Self.fixture, "--flow", "signup", "--steps", "splash,registration,personalization"]),
                           named: "funnel-table.txt")
    }

    @Test func tableByVariationMatchesTheSnapshot() throws {
        try assertSnapshot(try Self.output([Self.fixture, "--flow", "signup", "--by", "variation"]),
                           named: "funnel-by-variation.txt")
    }

    @Test func jsonMatchesTheSnapshotAndTheDesignsShape() throws {
        let text = try Self.output([Self.fixture, "--flow", "signup", "--steps", "splash,registration,personalization",
                                    "--by", "variation", "--window", "1m", "--format", "json"])
        try assertSnapshot(text, named: "funnel.json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["kind"] as? String == "funnel")
        #expect(object["flowId"] as? String == "signup")
        #expect(object["window"] as? String == "1m")
        let steps = try #require(object["steps"] as? [[String: Any]])
        #expect(steps.map { $0["stepId"] as? String } == ["splash", "registration", "personalization"])
        #expect(steps.first?["medianMsFromPrevious"] is NSNull)
        #expect(Set(steps.first?.keys.map { $0 } ?? []) == ["stepId", "users", "conversionFromStart", "conversionFromPrevious", "medianMsFromPrevious"])
        let byVariation = try #require(object["byVariation"] as? [String: [String: Any]])
        #expect(byVariation.keys.sorted() == ["(none)", "control", "short"])
        #expect(object["invalidLines"] as? Int == 1)
    }

    /// "café" as NFC and as NFD is two users over a file, as in the server's store: ids compare by
    /// their bytes (docs/ARCHITECTURE.md, "Events").
    @Test func usersThatDifferOnlyInNormalisationAreTwoUsers() throws {
        let users = ["caf\u{E9}", "cafe\u{301}"]
        var lines: [String] = []
        for (index, user) in users.enumerated() {
            lines.append(#"{"messageId":"s\#(index)","userId":"\#(user)","event":"Flow Started","timestamp":"2026-01-01T00:00:0\#(index).000Z","flowId":"signup"}"#)
        }
        lines.append(#"{"messageId":"c0","userId":"\#(users[0])","event":"Flow Completed","timestamp":"2026-01-01T00:00:05.000Z","flowId":"signup"}"#)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("funnel-nfc-nfd-\(UUID().uuidString).jsonl")
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let json = try Self.output([file.path, "--flow", "signup", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["started"] as? Int == 2)
        #expect(object["completed"] as? Int == 1)
    }

    /// With --document, what the document does not declare is folded as the server folds it, and
    /// the table says so: every undeclared variation, and the step ids beyond the 50 with the most
    /// viewers (here one each, so the first 50 by id are listed).
    @Test func withADocumentUndeclaredVariationsAndStepsAreFoldedAndSaidSo() throws {
        let lines = (0..<60).flatMap { index in
            let time = "2026-01-01T00:00:\(String(format: "%02d", index)).000Z"
            return [
                #"{"messageId":"s\#(index)","userId":"u\#(index)","event":"Flow Started","timestamp":"\#(time)","flowId":"signup"}"#,
                #"{"messageId":"m\#(index)","userId":"u\#(index)","event":"Step Viewed","timestamp":"\#(time)","#
                    + #""flowId":"signup","stepId":"step-\#(index)","experiment":"short-signup","variation":"v\#(index)"}"#,
            ]
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("funnel-folded-\(UUID().uuidString).jsonl")
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let document = CommandRunner.example("waypoint.json")
        let json = try Self.output([file.path, "--flow", "signup", "--document", document, "--by", "variation", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect((object["byVariation"] as? [String: Any])?.keys.sorted() == ["(other)"])
        #expect(object["folded"] as? [String: Int] == ["variations": 60, "appVersions": 0, "steps": 10])
        let listed = try #require(object["steps"] as? [[String: Any]]).compactMap { $0["stepId"] as? String }.filter { $0.hasPrefix("step-") }
        #expect(listed == (0..<60).map { "step-\($0)" }.sorted().prefix(50).map { $0 })
        let table = try Self.output([file.path, "--flow", "signup", "--document", document, "--by", "variation"])
        #expect(table.contains("Shown together to keep the report bounded: 60 variations under (other), 10 step ids as (other steps)."))
        #expect(table.contains("(other steps) *"))
    }

    /// Users none of whose events carries a variation are named for what they are — not exposed —
    /// after the variations, in the flow report and the sequential funnel; the JSON keeps `(none)`.
    @Test func usersWithoutAVariationAreNotExposedNotAVariation() throws {
        func line(_ id: String, _ user: String, _ event: String, _ second: Int, step: String? = nil, variation: String? = nil) -> String {
            var fields = [#""messageId":"\#(id)""#, #""userId":"\#(user)""#, #""event":"\#(event)""#,
                          #""timestamp":"2026-01-01T00:00:\#(String(format: "%02d", second)).000Z""#, #""flowId":"signup""#]
            if let step { fields.append(#""stepId":"\#(step)""#) }
            if let variation { fields += [#""experiment":"short-signup""#, #""variation":"\#(variation)""#] }
            return "{" + fields.joined(separator: ",") + "}"
        }
        let lines = [
            line("a1", "exposed", "Flow Started", 0, variation: "control"), line("a2", "exposed", "Step Viewed", 1, step: "splash", variation: "control"),
            line("b1", "gone", "Flow Started", 2), line("b2", "gone", "Step Viewed", 3, step: "splash"),
            line("c1", "outside", "Flow Started", 4), line("c2", "outside", "Step Viewed", 5, step: "splash"),
            line("c3", "outside", "Flow Completed", 6),
        ]
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("funnel-not-exposed-\(UUID().uuidString).jsonl")
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let note = "  Not exposed: users none of whose events carries a variation: outside the experiment, or gone before the step "
            + "that exposes a run (their events cannot tell which)."
        let report = try Self.output([file.path, "--flow", "signup", "--by", "variation"])
        #expect(!report.contains("(none)"))
        let titles = report.split(separator: "\n").filter { $0.hasPrefix("Variation ") || $0.hasPrefix("Not exposed") }
        #expect(titles == [
            "Variation control: 1 started, 0 completed (0.0% of started), 0 abandoned, 1 in progress",
            "Not exposed: 2 started, 1 completed (50.0% of started), 0 abandoned, 1 in progress; median time to complete 2.0 s",
        ])
        #expect(report.hasSuffix(note + "\n"))
        let funnel = try Self.output([file.path, "--flow", "signup", "--steps", "splash", "--by", "variation"])
        #expect(funnel.contains("\nVariation control: 1 started\n") && funnel.contains("\nNot exposed: 2 started\n"))
        #expect(funnel.hasSuffix(note + "\n") && !funnel.contains("(none)"))
        let json = try Self.output([file.path, "--flow", "signup", "--by", "variation", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect((object["byVariation"] as? [String: Any])?.keys.sorted() == ["(none)", "control"])
    }

    @Test func helpMatchesTheSnapshot() throws {
        try assertSnapshot(WaypointCommand.helpMessage(for: WaypointCommand.Funnel.self, columns: 100) + "\n", named: "help-funnel.txt")
    }

    @Test(arguments: [
        [String](), ["events.jsonl"], ["events.jsonl", "--flow", "signup", "--window", "two weeks"],
        ["events.jsonl", "--flow", "signup", "--steps", ","], ["events.jsonl", "--flow", "signup", "--format", "xml"],
        ["events.jsonl", "--flow", "signup", "--by", "country"],
    ])
    func badUsageExitsWith64(arguments: [String]) {
        do {
            _ = try WaypointCommand.parseAsRoot(["funnel"] + arguments)
            Issue.record("\(arguments) parsed")
        } catch {
            #expect(WaypointCommand.exitCode(for: error).rawValue == 64)
        }
    }

    @Test func aBadWindowSaysHowToWriteOne() {
        do {
            _ = try WaypointCommand.parseAsRoot(["funnel", "e.jsonl", "--flow", "f", "--window", "soon"])
        } catch {
            #expect(WaypointCommand.message(for: error)
                == "--window \"soon\" is not a duration; write a number and a unit, such as 14d, 36h or 90m.")
        }
    }

    @Test func aMissingFileIsAClearErrorAndNotAUsageError() throws {
        let error = try #require(throws: (any Error).self) { try Self.output(["/nonexistent/events.jsonl", "--flow", "signup"]) }
        #expect(WaypointCommand.message(for: error)
            == "No events file at /nonexistent/events.jsonl. Pass the JSON Lines file your app or server wrote, e.g. events.jsonl.")
        #expect(WaypointCommand.exitCode(for: error).rawValue == 1)
    }
}
