import ArgumentParser
import Waypoint
import WaypointTools

extension WaypointCommand {
    /// `waypoint schema`: prints the JSON Schema of the document format.
    struct Schema: OutputCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the JSON Schema of the document format.",
            discussion: """
                Point an editor at it to get completion and checking while typing a document. The schema \
                checks fields; graph problems (unknown steps, cycles) need `waypoint lint`.

                Example:
                  waypoint schema > waypoint.schema.json
                """
        )

        func run(output: Output) throws {
            let text = DocumentSchema.text
            output.write(text.hasSuffix("\n") ? text : text + "\n")
        }
    }
}
