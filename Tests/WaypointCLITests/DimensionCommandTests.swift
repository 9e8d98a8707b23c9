import ArgumentParser
import Foundation
import Testing
import TestSupport
import Waypoint
@testable import WaypointCLI
import WaypointTools

/// `waypoint funnel --by locale|platform|appVersion|revision` and `waypoint experiment --by
/// locale|platform|appVersion`, on the 80 played users of `flow-report-events.jsonl` with a locale,
/// a platform and an app version given to each user by their number.
@Suite("waypoint funnel and experiment --by")
struct DimensionCommandTests {
    static let document = CommandRunner.example("waypoint.json")

    /// The played events, each user's with `locale`, `platform` and `appVersion`.
    static let events: String = {
        let played = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Snapshots/flow-report-events.jsonl")
        let text = (try? String(contentsOf: played, encoding: .utf8)) ?? ""
        let lines = text.split(separator: "\n").map { line -> String in
            let number = Int(line.components(separatedBy: #""userId":"user-"#).last?.prefix { $0.isNumber } ?? "") ?? 0
            return String(line.dropLast()) + #","appVersion":"\#(["2.4.0", "2.5.0"][number % 2])","locale":"\#(["de", "en", "pt-BR"][number % 3])","#
                + #""platform":"\#(["iOS", "iPadOS", "macOS", "iOS"][number % 4])"}"#
        }
        let url = TemporaryFiles.file("dimension-events", pathExtension: "jsonl")
        try? Data((lines.joined(separator: "\n") + "\n").utf8).write(to: url)
        return url.path
    }()

    static func funnel(_ arguments: [String]) throws -> String {
        try WaypointCommand.Funnel.parse([events, "--flow", "signup", "--document", document] + arguments).output()
    }

    static func experiment(_ arguments: [String]) throws -> String {
        let command = try #require(
            try WaypointCommand.parseAsRoot(["experiment", events, "--experiment", "short-signup", "--document", document] + arguments)
                as? WaypointCommand.Experiment)
        return try command.output()
    }

    @Test func theFlowReportByLocaleAndPlatformMatchesTheSnapshotsAndTheLibrary() throws {
        let table = try Self.funnel(["--by", "locale"])
        try assertSnapshot(table, named: "flow-report-by-locale.txt")
        #expect(table.contains("\nLocale de: ") && table.contains("\nLocale pt-BR: "))
        #expect(!table.contains("\nVariation ") && !table.contains("\nApp version "), "only the groups asked for")
        try assertSnapshot(try Self.funnel(["--by", "platform"]), named: "flow-report-by-platform.txt")
        let json = try Self.funnel(["--by", "locale", "--format", "json"])
        try assertSnapshot(json, named: "flow-report-by-locale.json")
        let parsed = try WaypointDocument(validating: Data(contentsOf: URL(fileURLWithPath: Self.document)))
        let expected = try Funnel.compute(
            file: URL(fileURLWithPath: Self.events), query: FunnelQuery(flowID: "signup", by: .locale, document: parsed))
        #expect(json == String(decoding: expected.jsonData(), as: UTF8.self) + "\n")
        let report = try #require(expected.flowReport)
        #expect(report.byLocale?.keys.sorted() == ["de", "en", "pt-BR"])
        #expect(report.byLocale?.values.map(\.started).reduce(0, +) == report.started)
        // By app version: the table shows those groups alone; the JSON is the report without --by.
        let versions = try Self.funnel(["--by", "appVersion"])
        #expect(versions.contains("\nApp version 2.4.0: ") && !versions.contains("\nRevision ") && !versions.contains("\nLocale "))
        #expect(try Self.funnel(["--by", "appVersion", "--format", "json"]) == (try Self.funnel(["--format", "json"])))
    }

    @Test func theExperimentByLocaleComparesTheVariationsWithinEachLocale() throws {
        let table = try Self.experiment(["--by", "locale"])
        try assertSnapshot(table, named: "experiment-by-locale.txt")
        #expect(table.contains("\nLocale de (no sample ratio check per value)\n"))
        let json = try Self.experiment(["--by", "locale", "--format", "json"])
        try assertSnapshot(json, named: "experiment-by-locale.json")
        let parsed = try WaypointDocument(validating: Data(contentsOf: URL(fileURLWithPath: Self.document)))
        let expected = try ExperimentReport.compute(
            file: URL(fileURLWithPath: Self.events), query: ExperimentQuery(experiment: "short-signup", by: .locale), document: parsed)
        #expect(json == String(decoding: expected.jsonData(), as: UTF8.self) + "\n")
        let groups = try #require(expected.groups)
        #expect(groups.keys.sorted() == ["de", "en", "pt-BR"])
        // The values' users add up to the report's, variation by variation.
        for (index, variation) in expected.variations.enumerated() {
            #expect(groups.values.map { $0[index].users }.reduce(0, +) == variation.users, "\(variation.variation)")
        }
        let platforms = try Self.experiment(["--by", "platform", "--format", "json"])
        #expect(platforms.contains(#""byPlatform":{"#))
    }

    @Test(arguments: [
        (["funnel", "--walkthrough", "layering", "--by", "locale"], "--by locale splits the flow report; the walkthrough report splits by variation only."),
        (["funnel", "--flow", "signup", "--steps", "splash", "--by", "platform"], "--by platform splits the flow report; a sequential funnel (--steps) splits by variation only."),
        (["funnel", "--flow", "signup", "--by", "country"], "The value 'country' is invalid for '--by <by>'"),
        (["experiment", "--experiment", "short-signup", "--document", CommandRunner.example("waypoint.json"), "--by", "revision"],
         "The value 'revision' is invalid for '--by <by>'"),
    ])
    func aSplitTheReportDoesNotTakeIsAUsageError(arguments: [String], message: String) throws {
        do {
            _ = try WaypointCommand.parseAsRoot([arguments[0], Self.events] + arguments.dropFirst())
            Issue.record("parsed \(arguments)")
        } catch {
            #expect(WaypointCommand.message(for: error).contains(message), "\(WaypointCommand.message(for: error))")
        }
    }
}
