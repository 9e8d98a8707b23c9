import ArgumentParser
import Foundation
import Testing
import TestSupport
import Waypoint
@testable import WaypointCLI
import WaypointTools

/// `waypoint experiment` on the 80 played users of `flow-report-events.jsonl` (the example
/// document's `signup` flow, split by `short-signup`) and on small hand-written files.
@Suite("waypoint experiment")
struct ExperimentCommandTests {
    static let snapshots = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")
    static let events = snapshots.appendingPathComponent("flow-report-events.jsonl").path
    static let document = CommandRunner.example("waypoint.json")

    static func output(_ arguments: [String]) throws -> String {
        let command = try #require(try WaypointCommand.parseAsRoot(["experiment"] + arguments) as? WaypointCommand.Experiment)
        return try command.output()
    }

    /// The same report through WaypointTools, for comparison.
    static func report(_ query: ExperimentQuery) throws -> ExperimentReport {
        let parsed = try WaypointDocument(validating: Data(contentsOf: URL(fileURLWithPath: document)))
        return try ExperimentReport.compute(file: URL(fileURLWithPath: events), query: query, document: parsed)
    }

    @Test func theTableAndTheJSONMatchTheSnapshotsAndTheLibrary() throws {
        let base = [Self.events, "--experiment", "short-signup", "--document", Self.document]
        let table = try Self.output(base)
        try assertSnapshot(table, named: "experiment.txt")
        #expect(table.hasPrefix("Experiment short-signup in flow signup: goal $complete, control control, fixed-horizon test\n"))
        #expect(try Self.output(base + ["--format", "text"]) == table)
        let json = try Self.output(base + ["--format", "json"])
        try assertSnapshot(json, named: "experiment.json")
        let expected = try Self.report(ExperimentQuery(experiment: "short-signup"))
        #expect(json == String(decoding: expected.jsonData(), as: UTF8.self) + "\n")
        // Every played user was exposed at Flow Started: the users split as the flow report's variations do.
        #expect(expected.variations.map(\.users).reduce(0, +) == 80)
        let row = try #require(table.split(separator: "\n").first { $0.hasPrefix("  short ") })
        let short = try #require(expected.variation("short"))
        #expect(row.contains(ReportText.uplift(short.uplift)))
        #expect(row.contains(ReportText.pValue(short.pValue)))

        let sequential = try Self.output(base + ["--sequential", "--goal", "shared-end/done", "--since", "2026-11-03"])
        try assertSnapshot(sequential, named: "experiment-sequential.txt")
        #expect(sequential.contains("sequential test (valid at every look)"))
        #expect(sequential.contains("Scope: users who started from 2026-11-03T00:00:00.000Z."))
        let sequentialJSON = try Self.output(base + ["--sequential", "--goal", "shared-end/done", "--since", "2026-11-03", "--format", "json"])
        let scoped = try Self.report(ExperimentQuery(
            experiment: "short-signup", goal: .step("shared-end/done"), sequential: true,
            scope: ReportScope(since: ReportScope.milliseconds("2026-11-03"))))
        #expect(sequentialJSON == String(decoding: scoped.jsonData(), as: UTF8.self) + "\n")
    }

    /// Hand-written: everyone in control completes, no one in short does — zero variance, so the
    /// comparison has no figures and the table says why; 9 users against 1 with weights 0.5/0.5 is
    /// no SRM warning (p ≈ 0.011), but 30 against 1 is (p ≈ 1.3e-7).
    @Test func nullFiguresAndABrokenSplitAreExplained() throws {
        func run(_ user: String, _ variation: String, completes: Bool) -> [String] {
            let time = Date(timeIntervalSince1970: 1_767_225_600)
            return [
                OnboardingEvent(userID: user, event: .flowStarted, timestamp: time, flowID: "signup", flowVersion: 1,
                                experiment: "short-signup", variation: variation).jsonLine,
                OnboardingEvent(userID: user, event: completes ? .flowCompleted : .flowAbandoned, timestamp: time.addingTimeInterval(5),
                                flowID: "signup", flowVersion: 1, experiment: "short-signup", variation: variation).jsonLine,
            ]
        }
        var lines: [String] = []
        for index in 0..<30 { lines += run("c\(index)", "control", completes: true) }
        lines += run("s0", "short", completes: false)
        let file = TemporaryFiles.file("experiment", pathExtension: "jsonl")
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: file)
        let table = try Self.output([file.path, "--experiment", "short-signup", "--document", Self.document])
        try assertSnapshot(table, named: "experiment-null-figures.txt")
        #expect(table.contains("WARNING: sample ratio mismatch"))
        #expect(table.contains("No figures for short: every user converted, or none did, in a variation (or it has one user) (ZERO_NEGATIVE_VARIANCE)."))
    }

    @Test(arguments: [
        (["--experiment", "short-sigup"], "The document has no experiment \"short-sigup\". Did you mean \"short-signup\"?"),
        (["--experiment", "short-signup", "--control", "shrt"], "Did you mean \"short\"?"),
        (["--experiment", "short-signup", "--goal", "splsh"], "Did you mean \"splash\"?"),
        (["--experiment", "short-signup", "--goal", "splash:logn"], "Did you mean \"splash:login\"?"),
        (["--experiment", "short-signup", "--flow", "end-flow"], "Experiment \"short-signup\" does not reach \"end-flow\""),
        (["--experiment", "short-signup", "--since", "yesterday"], "--since yesterday is not a date or a time"),
    ])
    func mistakesAreRefusedWithAFix(extra: [String], message: String) {
        let result = CommandRunner.run(["experiment", Self.events, "--document", Self.document] + extra)
        #expect(result.status != 0)
        #expect(result.error?.contains(message) == true, "\(result.error ?? "no error")")
    }
}
