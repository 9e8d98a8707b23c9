import Foundation
import ArgumentParser
import Testing
import TestSupport
@testable import WaypointCLI

@Suite("waypoint help")
struct HelpTests {
    static let commands: [(name: String, type: any ParsableCommand.Type)] = [
        ("validate", WaypointCommand.Validate.self),
        ("lint", WaypointCommand.Lint.self),
        ("graph", WaypointCommand.Graph.self),
        ("paths", WaypointCommand.Paths.self),
        ("play", WaypointCommand.Play.self),
        ("resolve", WaypointCommand.Resolve.self),
        ("experiment", WaypointCommand.Experiment.self),
        ("preview", WaypointCommand.Preview.self),
        ("edit", WaypointCommand.Edit.self),
        ("ship", WaypointCommand.Ship.self),
        ("schema", WaypointCommand.Schema.self),
        ("conformance", WaypointCommand.Conformance.self),
        ("conformance-client", WaypointCommand.ConformanceClientCommand.self),
    ]

    @Test(arguments: commands.map(\.name))
    func helpMatchesTheSnapshotAndShowsAnExample(name: String) throws {
        let type = try #require(Self.commands.first { $0.name == name }?.type)
        let help = CommandRunner.help(type)
        try assertSnapshot(help, named: "help-\(name).txt")
        #expect(help.contains("waypoint \(name) "), "the help of \(name) shows no example")
    }

    @Test func everyCommandIsRegistered() {
        let registered = WaypointCommand.configuration.subcommands.map { $0._commandName }
        for command in Self.commands { #expect(registered.contains(command.name)) }
    }
}

@Suite("waypoint help and version edges")
struct HelpEdgeTests {
    @Test(arguments: [(["help", "nope"], "`nope` is not a command."), (["help", "plya"], "`plya` is not a command. Did you mean `play`?")])
    func helpForAnUnknownCommandIsAnError(arguments: [String], message: String) {
        #expect(WaypointCommand.helpTopicProblem(arguments)?.hasPrefix(message) == true)
    }

    @Test(arguments: [["help"], ["help", "play"], ["play", "help"], ["--help"]])
    func helpForKnownCommandsIsFine(arguments: [String]) {
        #expect(WaypointCommand.helpTopicProblem(arguments) == nil)
    }

    @Test func versionIsPrinted() {
        #expect(WaypointCommand.configuration.version == WaypointCommand.version)
        #expect(!WaypointCommand.version.isEmpty)
    }

    @Test(arguments: [["--target", "1,2,-3,4"], ["--target", "1,2,3"], ["--target", "1,2,3,4", "--safe-area", "500,0,500,0"],
                      ["--target", "326,56,44,44", "--safe-area", "400,0,400,0"]])
    func impossiblePreviewGeometryIsAUsageError(extra: [String]) {
        let result = CommandRunner.run(["preview", CommandRunner.example("waypoint.json"), "--walkthrough", "layering", "--step", "intro",
                                        "--screen", "390x844"] + extra)
        #expect(result.status == 64)
    }

    @Test func textThatDoesNotFitIsCutWithAnEllipsisAndNoRoomForAnyIsRefused() throws {
        let folder = try TemporaryFiles.directory("preview")
        defer { try? FileManager.default.removeItem(at: folder) }
        func preview(_ safeArea: String, screen: String = "390x844") -> (CommandRunner.Result, String) {
            let out = folder.appendingPathComponent("\(safeArea)-\(screen).svg").path
            let result = CommandRunner.run(["preview", CommandRunner.example("waypoint.json"), "--walkthrough", "layering",
                                            "--step", "intro", "--screen", screen, "--target", "10,56,44,44",
                                            "--safe-area", safeArea, "--out", out])
            return (result, (try? String(contentsOfFile: out, encoding: .utf8)) ?? "")
        }
        let (roomy, full) = preview("47,0,34,0")
        #expect(roomy.status == 0)
        #expect(!full.contains("…"))
        let (narrow, cut) = preview("40,0,40,0", screen: "200x300")
        #expect(narrow.status == 0, "\(narrow)")
        #expect(cut.contains("…"))
        let (none, _) = preview("400,0,400,0")
        #expect(none.status == 64)
        #expect(none.error?.contains("not enough for one line of the step's text") == true, "\(none)")
    }

    @Test func listingACyclicFlowDoesNotSuggestCounting() {
        let result = CommandRunner.run(["paths", CommandRunner.fixture("loop.json"), "--flow", "quiz", "--max-visits", "3", "--limit", "2"])
        #expect(!result.output.contains("count them all with --count"))
        #expect(result.output.contains("the flow has a cycle"))
    }
}
