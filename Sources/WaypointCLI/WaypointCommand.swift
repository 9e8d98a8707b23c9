import ArgumentParser

/// The `waypoint` command-line tool.
@main
struct WaypointCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "waypoint",
        abstract: "Check, draw and try Waypoint onboarding flows and walkthroughs.",
        discussion: """
            Start with `waypoint demo` to see every bundled example run end to end.
            """,
        subcommands: [
            Demo.self, Validate.self, Lint.self, Graph.self, Paths.self, Play.self, Resolve.self, Funnel.self, Preview.self,
            Schema.self,
        ]
    )
}
