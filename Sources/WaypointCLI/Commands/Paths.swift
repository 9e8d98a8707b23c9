import ArgumentParser
import Waypoint
import WaypointTools

extension WaypointCommand {
    /// `waypoint paths FILE --flow ID`: counts or lists the paths through a flow, for test planning.
    struct Paths: OutputCommand {
        static let configuration = CommandConfiguration(
            abstract: "Count or list the paths through a flow, for test planning.",
            discussion: """
                A path is the sequence of steps entered from the start to $complete; steps of a subflow \
                appear as subflowStep/innerStep. Without --attributes, a step with a `when` condition is \
                explored both entered and skipped; with --attributes, conditions are evaluated against them. \
                --variation names a variation of any experiment reaching the flow, on the subflows it runs too, \
                and the paths follow that variation's entries and its `changes` (a step it skips is never entered).

                --count prints the exact number of paths, however large: paths are counted over the graph, \
                not enumerated. Counting needs a flow without cycles and otherwise names a cycle. Listing \
                enters each step at most --max-visits times per path.

                Examples:
                  waypoint paths waypoint.json --flow signup
                  waypoint paths waypoint.json --flow signup --count --format json
                  waypoint paths waypoint.json --flow signup --attributes '{"country":"US"}' --max-visits 2
                """
        )

        @Argument(help: "The document file.")
        var file: String

        @Option(help: "The id of the flow.")
        var flow: String

        @Option(help: "Evaluate conditions against these attributes, a JSON object such as '{\"country\":\"US\"}'.")
        var attributes: String?

        @Option(help: "Use this variation of an experiment on the flow or on a subflow it runs, whatever the attributes.")
        var variation: String?

        @Option(help: "How many times a listed path may enter the same step (at least 1).")
        var maxVisits: Int = 1

        @Option(help: "List at most this many paths (at least 1).")
        var limit: Int = 10_000

        @Flag(help: "Print the exact number of paths instead of listing them.")
        var count = false

        @Option(help: "Output format: text or json.")
        var format: TextOrJSON = .text

        func validate() throws {
            if let attributes { _ = try AttributesOption.parse(attributes) }
            guard maxVisits >= 1 else {
                throw ValidationError("--max-visits must be at least 1 (each step entered at most once); got \(maxVisits).")
            }
            guard limit >= 1 else {
                throw ValidationError("--limit must be at least 1; got \(limit). Use --count for the number of paths.")
            }
        }

        func run(output: Output) throws {
            let document = try DocumentFile.readValid(file)
            let attributes = try self.attributes.map(AttributesOption.parse)
            let forced = try VariationOption.forFlow(variation, id: flow, in: document)
            let graph = try document.flowGraph(id: flow, attributes: attributes, forcedVariations: forced)
            let selector = EntrySelector(document: document, attributes: attributes, forcedVariations: forced)
            let assignments = VariationOption.assignments(of: graph, selector: selector)
            let assignment = assignments.first?.assignment
            let notes = assignments.compactMap { flow, assignment in
                VariationOption.describe(assignment, attributesGiven: attributes != nil).map {
                    "Used \($0)" + (flow == self.flow ? "." : " for the subflow \(flow).")
                }
            }
            let conditions = attributes == nil ? "conditional steps entered and skipped" : "conditions evaluated against the attributes"
            if count {
                let total = try graph.countPaths(attributes: attributes)
                if format == .json {
                    output.line(try StableJSON.text(CountReport(
                        flowId: flow, count: total.description, experiment: assignment?.experiment, variation: assignment?.variation)))
                } else {
                    output.line("Flow \(flow) has \(total) path\(total == .one ? "" : "s") (\(conditions)).")
                    for note in notes { output.line(note) }
                }
                return
            }
            var paths = try graph.listPaths(maxVisits: maxVisits, attributes: attributes, limit: limit + 1)
            let truncated = paths.count > limit
            if truncated { paths.removeLast(paths.count - limit) }
            if format == .json {
                output.line(try StableJSON.text(ListReport(
                    flowId: flow, paths: paths, truncated: truncated ? true : nil,
                    experiment: assignment?.experiment, variation: assignment?.variation)))
                return
            }
            let visits = maxVisits == 1 ? "each step at most once" : "each step at most \(maxVisits) times"
            let shown = truncated ? "the first \(limit) paths" : "\(paths.count) path\(paths.count == 1 ? "" : "s")"
            var lines = ["Flow \(flow): \(shown) (\(visits); \(conditions))"]
            lines += notes
            let width = String(paths.count).count
            for (index, path) in paths.enumerated() {
                let number = String(index + 1)
                lines.append("  " + String(repeating: " ", count: width - number.count) + number + "  "
                    + (path.isEmpty ? "(completes at once)" : path.joined(separator: " → ")))
            }
            if truncated {
                let countable = (try? graph.countPaths(attributes: attributes)) != nil
                lines.append(countable
                    ? "More paths exist; raise --limit, or count them all with --count."
                    : "More paths exist; raise --limit (the flow has a cycle, so --count cannot count them; lower --max-visits for fewer).")
            }
            output.line(lines.joined(separator: "\n"))
        }

        private struct CountReport: Encodable {
            let flowId: String
            let count: String
            let experiment: String?
            let variation: String?
        }

        private struct ListReport: Encodable {
            let flowId: String
            let paths: [[String]]
            let truncated: Bool?
            let experiment: String?
            let variation: String?
        }
    }
}
