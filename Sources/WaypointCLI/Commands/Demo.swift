import ArgumentParser
import WaypointExamples

extension WaypointCommand {
    /// `waypoint demo`: runs every bundled example and narrates it.
    struct Demo: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Run every bundled example end to end and narrate it.",
            discussion: """
                Each example is one of the patterns Waypoint is built from, run on simulated screens \
                with an in-memory store: steps entered and skipped, outcomes, relaunches.

                Example:
                  waypoint demo
                """
        )

        @MainActor
        func run() async throws {
            try await WaypointExamples.Demo.run { print($0) }
        }
    }
}
