import ArgumentParser
import Waypoint

/// The `waypoint` command-line tool.
@main
struct WaypointCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "waypoint",
        abstract: "Check, draw and try Waypoint onboarding flows and walkthroughs.",
        discussion: """
            Start with `waypoint demo` to see every bundled example run end to end.
            """,
        version: WaypointCommand.version,
        subcommands: [
            Demo.self, Validate.self, Lint.self, Graph.self, Paths.self, Play.self, Resolve.self, Funnel.self, Experiment.self,
            Preview.self, Edit.self, Ship.self, Schema.self, Publish.self, Login.self, Conformance.self, ConformanceClientCommand.self,
        ]
    )

    /// The version `waypoint --version` prints.
    static let version = "0.1.0"

    /// Runs the command line, refusing `waypoint help TOPIC` for a topic that is not a command.
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let problem = helpTopicProblem(arguments) {
            exit(withError: ValidationError(problem))
        }
        do {
            var command = try parseAsRoot(arguments)
            if var asynchronous = command as? any AsyncParsableCommand {
                try await asynchronous.run()
            } else {
                try command.run()
            }
        } catch {
            exit(withError: error)
        }
    }

    /// Why `arguments` ask for help on something that is not a command, or `nil`.
    static func helpTopicProblem(_ arguments: [String]) -> String? {
        guard arguments.first == "help", arguments.count >= 2, !arguments[1].hasPrefix("-") else { return nil }
        let names = configuration.subcommands.map { $0.configuration.commandName ?? String(describing: $0).lowercased() }
        guard !names.contains(arguments[1]) else { return nil }
        let hint = Spelling.suggestion(for: arguments[1], among: names).map { " Did you mean `\($0)`?" } ?? ""
        return "`\(arguments[1])` is not a command.\(hint) The commands are \(listed(names)); run `waypoint help` for an overview."
    }
}
