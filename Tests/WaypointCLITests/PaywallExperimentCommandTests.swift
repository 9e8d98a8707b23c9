import Foundation
import Testing
import TestSupport
import Waypoint
@testable import WaypointCLI

/// The bundled document's paywall experiment: 200 users played through `upgrade` with
/// `waypoint play`, each assigned by the document's hashing, and the `waypoint experiment` report the
/// README shows. `Snapshots/paywall-events.jsonl` is the file these plays write (re-recorded with the
/// snapshots); its events carry random message ids, so the test compares the reports, not the bytes.
@Suite("The bundled paywall experiment")
struct PaywallExperimentCommandTests {
    static let document = CommandRunner.example("waypoint.json")
    static let events = Snapshot.file(named: "paywall-events.jsonl", besides: #filePath)
    static let users = 1...200

    /// What user `index` does: a tenth close the app on `features` (never exposed), some stop on the
    /// paywall, and the rest subscribe more often with the annual plan first (a third against a fifth).
    static func script(user index: Int, variation: String) -> String {
        if index % 10 == 0 { return "close" }
        if index % 7 == 3 { return "next,quit" }
        let subscribes = variation == "annual-first" ? index % 3 == 0 : index % 5 == 0
        return subscribes ? "next,subscribe,next" : "next,notNow"
    }

    /// Plays every user into `file`, as a shell loop of `waypoint play … --append` would.
    static func play(into file: String) throws -> [String: Int] {
        let parsed = try WaypointDocument(validating: Data(contentsOf: URL(fileURLWithPath: document)))
        var exposed: [String: Int] = [:]
        for index in users {
            let attributes: Attributes = ["id": .string("user-\(index)"), "locale": .string(index % 2 == 0 ? "en" : "de")]
            let variation = try #require(try parsed.resolve(attributes: attributes).flows["upgrade"]?.stepExperiments.first?.assignment.variation)
            let script = script(user: index, variation: variation)
            if script != "close" { exposed[variation, default: 0] += 1 }
            let start = String(format: "2026-11-%02dT%02d:%02d:00Z", 2 + index / 60, 9 + index % 60 / 6, index % 6 * 10)
            let result = CommandRunner.run([
                "play", document, "--flow", "upgrade",
                "--attributes", #"{"id":"user-\#(index)","locale":"\#(index % 2 == 0 ? "en" : "de")"}"#,
                "--script", script, "--events", file, "--append", "--clock", "start=\(start),step=5s",
            ])
            #expect(result.status == 0, "user-\(index): \(result)")
        }
        return exposed
    }

    static func report(_ events: String, _ extra: [String] = []) throws -> String {
        let command = try #require(try WaypointCommand.parseAsRoot(
            ["experiment", events, "--experiment", "paywall-copy", "--document", document, "--goal", "purchase"] + extra)
            as? WaypointCommand.Experiment)
        return try command.output()
    }

    @Test func thePlayedUsersGiveTheReportTheSnapshotsAndTheReadmeShow() throws {
        let folder = try TemporaryFiles.directory("paywall")
        defer { try? FileManager.default.removeItem(at: folder) }
        let played = Snapshot.isRecording ? Self.events.path : folder.appendingPathComponent("events.jsonl").path
        if Snapshot.isRecording { try? FileManager.default.removeItem(atPath: played) }
        let exposed = try Self.play(into: played)

        let table = try Self.report(played)
        let json = try Self.report(played, ["--format", "json"])
        try assertSnapshot(table, named: "experiment-paywall.txt")
        try assertSnapshot(json, named: "experiment-paywall.json")
        // The committed events are these plays: the same report.
        #expect(try Self.report(Self.events.path) == table)
        #expect(try Self.report(Self.events.path, ["--format", "json"]) == json)

        // Exposure is at the paywall: users who closed the app on `features` are not counted.
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let variations = try #require(object["variations"] as? [[String: Any]])
        let users = Dictionary(uniqueKeysWithValues: variations.compactMap { row in
            (row["variation"] as? String).map { ($0, row["users"] as? Int ?? -1) }
        })
        #expect(users == exposed)
        #expect(exposed.values.reduce(0, +) == Self.users.count - Self.users.count / 10)

        let readme = try String(contentsOfFile: CommandRunner.examples + "/../../README.md", encoding: .utf8)
        #expect(readme.contains(table), "README.md shows the paywall experiment; copy it from Snapshots/experiment-paywall.txt")
        #expect(readme.contains(json), "README.md shows the paywall experiment's JSON; copy it from Snapshots/experiment-paywall.json")
    }
}
