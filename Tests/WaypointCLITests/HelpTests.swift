import ArgumentParser
import Testing
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
        ("preview", WaypointCommand.Preview.self),
        ("schema", WaypointCommand.Schema.self),
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
