import ArgumentParser
import Foundation
import Testing
import TestSupport
@testable import WaypointCLI

/// `waypoint funnel --walkthrough` on a hand-written file of the example document's `layering`
/// walkthrough, and the flow report's split by app version.
@Suite("waypoint funnel --walkthrough, and reports by app version")
struct WalkthroughReportCommandTests {
    static let snapshots = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")

    /// Seven users of `layering` (steps intro, panel-cell), written by hand:
    /// - w1 (2.4.0, control) completes with tap then timer; w2 (2.4.0, control) skips intro and stops at panel-cell;
    /// - w3 (short) completes intro on 2.4.0, then panel-cell's target is not found a day later on 2.5.0;
    /// - w4 (2.5.0, short) completes; w5 (2.5.0, short) closes the walkthrough at intro;
    /// - w6 (no version, no variation) completes; w7 saw `old-hint`, a step the document no longer has,
    ///   but has no `Walkthrough Started`: w7 counts in no figure, only in `withoutStart`;
    /// - plus one invalid line, a flow event and another walkthrough's event.
    static let events = snapshots.appendingPathComponent("walkthrough-report-events.jsonl").path
    /// The 80 played users of `flow-report-events.jsonl`, with app versions: none for user-N with N
    /// divisible by 5, else 2.4.0 before 2026-11-05 and 2.5.0 after, and users with N divisible by 7
    /// on 2.5.0 from their second step on.
    static let flowEvents = snapshots.appendingPathComponent("flow-report-app-versions-events.jsonl").path
    static let document = CommandRunner.example("waypoint.json")

    static func output(_ arguments: [String]) throws -> String {
        let command = try #require(try WaypointCommand.parseAsRoot(["funnel"] + arguments) as? WaypointCommand.Funnel)
        return try command.output()
    }

    @Test func theWalkthroughReportMatchesTheSnapshotsAndTheHandCount() throws {
        let table = try Self.output([Self.events, "--walkthrough", "layering", "--document", Self.document])
        try assertSnapshot(table, named: "walkthrough-report.txt")
        #expect(table.hasPrefix("Walkthrough layering: 6 started, 3 completed (50.0% of started)\n"
            + "1 user with events but no Walkthrough Started is left out of every figure.\n1 invalid line ignored\n"))
        #expect(try Self.output([Self.events, "--walkthrough", "layering", "--document", Self.document, "--format", "text"]) == table)
        let byVariation = try Self.output([Self.events, "--walkthrough", "layering", "--document", Self.document, "--by", "variation"])
        try assertSnapshot(byVariation, named: "walkthrough-report-by-variation.txt")

        let json = try Self.output([Self.events, "--walkthrough", "layering", "--document", Self.document, "--by", "variation",
                                    "--format", "json"])
        try assertSnapshot(json, named: "walkthrough-report.json")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(report["kind"] as? String == "walkthrough")
        #expect(report["walkthroughId"] as? String == "layering")
        #expect(report["started"] as? Int == 6)
        #expect(report["completed"] as? Int == 3)
        #expect(report["invalidLines"] as? Int == 1)
        #expect(report["withoutStart"] as? Int == 1)
        let steps = try #require(report["steps"] as? [[String: Any]])
        // w7's old-hint is not listed: no counted user reached it.
        #expect(steps.map { $0["stepId"] as? String } == ["intro", "panel-cell"])
        #expect(steps.map { $0["inDocument"] as? Bool } == [true, true])
        #expect(steps.map { $0["shown"] as? Int } == [6, 4])
        #expect(steps.map { $0["completed"] as? Int } == [4, 3])
        #expect(steps.map { $0["skipped"] as? Int } == [2, 0])
        #expect(steps.map { $0["targetNotFound"] as? Int } == [0, 1])
        #expect(steps.map { $0["droppedHere"] as? Int } == [2, 1])
        #expect(steps.map { $0["completedBy"] as? [String: Int] } == [["tap": 4], ["timer": 3]])
        #expect(steps.map { $0["skippedBy"] as? [String: Int] } == [["skip": 1, "close": 1], [:]])
        // w3 upgraded before panel-cell's target was not found: it counts under 2.5.0.
        let versions = try #require(report["byAppVersion"] as? [String: [String: Any]])
        #expect(versions.keys.sorted() == ["(none)", "2.4.0", "2.5.0"])
        #expect(versions.mapValues { $0["started"] as? Int } == ["2.4.0": 2, "2.5.0": 3, "(none)": 1])
        #expect(versions.mapValues { $0["completed"] as? Int } == ["2.4.0": 1, "2.5.0": 1, "(none)": 1])
        let newest = try #require(versions["2.5.0"]?["steps"] as? [[String: Any]])
        #expect(newest.map { $0["targetNotFound"] as? Int } == [0, 1])
        #expect(newest.map { $0["droppedHere"] as? Int } == [2, 0])
        let variations = try #require(report["byVariation"] as? [String: [String: Any]])
        #expect(variations.mapValues { $0["started"] as? Int } == ["control": 2, "short": 3, "(none)": 1])
    }

    @Test func withoutADocumentStepsAreInOrderOfFirstAppearance() throws {
        let json = try Self.output([Self.events, "--walkthrough", "layering", "--format", "json"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let steps = try #require(report["steps"] as? [[String: Any]])
        #expect(steps.map { $0["stepId"] as? String } == ["intro", "panel-cell"])
        #expect(steps.allSatisfy { $0["inDocument"] == nil })
        #expect(report["byVariation"] == nil)
    }

    @Test func theFlowReportByAppVersionMatchesTheSnapshots() throws {
        let table = try Self.output([Self.flowEvents, "--flow", "signup", "--document", Self.document])
        try assertSnapshot(table, named: "flow-report-app-versions.txt")
        // The totals are those of the same runs without versions.
        let plain = try String(contentsOf: Self.snapshots.appendingPathComponent("flow-report.txt"), encoding: .utf8)
        #expect(table.hasPrefix(plain))
        let json = try Self.output([Self.flowEvents, "--flow", "signup", "--document", Self.document, "--format", "json"])
        try assertSnapshot(json, named: "flow-report-app-versions.json")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let versions = try #require(report["byAppVersion"] as? [String: [String: Any]])
        #expect(versions.keys.sorted() == ["(none)", "2.4.0", "2.5.0"])
        // 16 of the 80 users (N divisible by 5) never say their version.
        #expect(versions["(none)"]?["started"] as? Int == 16)
        #expect(versions.values.compactMap { $0["started"] as? Int }.reduce(0, +) == 80)
        #expect(versions.values.compactMap { $0["completed"] as? Int }.reduce(0, +) == report["completed"] as? Int)
        #expect(report["byVariation"] == nil)
        // The same runs without versions give no byAppVersion at all.
        let unversioned = try Self.output([FlowReportCommandTests.playedEvents, "--flow", "signup", "--format", "json"])
        #expect(!unversioned.contains("byAppVersion"))
    }

    @Test(arguments: [
        (["events.jsonl"], "Name what to report on: --flow ID for a flow, or --walkthrough ID for a walkthrough."),
        (["events.jsonl", "--flow", "signup", "--walkthrough", "layering"],
         "--flow and --walkthrough cannot be used together; report on one flow or one walkthrough at a time."),
        (["events.jsonl", "--walkthrough", "layering", "--steps", "intro,panel-cell"],
         "--steps measures a flow's sequential funnel and cannot be used with --walkthrough; use --flow ID --steps a,b,c, "
            + "or drop --steps for the walkthrough report."),
    ])
    func badUsageSaysWhatToDoAndExitsWith64(arguments: [String], message: String) {
        do {
            _ = try WaypointCommand.parseAsRoot(["funnel"] + arguments)
            Issue.record("\(arguments) parsed")
        } catch {
            #expect(WaypointCommand.exitCode(for: error).rawValue == 64)
            #expect(WaypointCommand.message(for: error) == message)
        }
    }

    @Test func anUnknownWalkthroughIsAnErrorWithADidYouMean() throws {
        let inDocument = try #require(throws: (any Error).self) {
            try Self.output([Self.events, "--walkthrough", "layring", "--document", Self.document])
        }
        #expect(CommandRunner.clean(WaypointCommand.message(for: inDocument))
            == "waypoint.json has no walkthrough \"layring\". Did you mean \"layering\"? Its walkthroughs: layering.")
        let inEvents = try #require(throws: (any Error).self) { try Self.output([Self.events, "--walkthrough", "Layering"]) }
        #expect(WaypointCommand.message(for: inEvents)
            == "No events of walkthrough \"Layering\". Did you mean \"layering\"? Walkthroughs with events: layering, share-hint. "
            + "Check the walkthrough id, or pass --document to report on a walkthrough without events yet.")
        #expect(WaypointCommand.exitCode(for: inEvents).rawValue == 1)
    }
}
