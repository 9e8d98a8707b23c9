import ArgumentParser
import Waypoint
import WaypointTools

extension WaypointCommand {
    /// `waypoint graph FILE --flow ID`: draws a flow as Mermaid or Graphviz DOT.
    struct Graph: OutputCommand {
        static let configuration = CommandConfiguration(
            abstract: "Draw a flow as a Mermaid or Graphviz diagram.",
            discussion: """
                Steps are boxes labelled with their id and screen. Conditional steps are dashed (hexagons) \
                with their condition, and their skip edges are dotted and labelled `skip`. Subflow steps \
                are double-bordered and linked by a thick `runs` edge to their subflow, drawn as a cluster \
                that ends in `return`. The flow's end is the double circle `$complete`; an outcome that \
                names no step leads to a red `missing` node. For each flow drawn that varies by experiment \
                (the flow or a subflow it runs), a comment under the first line names the variation drawn: \
                the one --variation names, the one --attributes are assigned, or else the first variation. \
                --variation names a variation of any experiment reaching the flow, on the subflows too, and \
                applies its `changes`: changed screens and outcomes are drawn, a step it skips is labelled \
                `skipped in this variation`.

                Examples:
                  waypoint graph waypoint.json --flow signup > signup.mmd
                  waypoint graph waypoint.json --flow signup --format dot | dot -Tsvg > signup.svg
                  waypoint graph waypoint.json --flow signup --variation short
                """
        )

        @Argument(help: "The document file.")
        var file: String

        @Option(help: "The id of the flow to draw.")
        var flow: String

        @Option(help: "Choose the entries of flows that vary by experiment for these attributes, a JSON object.")
        var attributes: String?

        @Option(help: "Draw this variation of an experiment on the flow or on a subflow it runs, whatever the attributes.")
        var variation: String?

        @Option(help: "Output format: mermaid or dot.")
        var format: GraphFormat = .mermaid

        func validate() throws {
            if let attributes { _ = try AttributesOption.parse(attributes) }
        }

        func run(output: Output) throws {
            let document = try DocumentFile.readValid(file)
            let attributes = try self.attributes.map(AttributesOption.parse)
            let forced = try VariationOption.forFlow(variation, id: flow, in: document)
            let graph = try document.flowGraph(id: flow, attributes: attributes, forcedVariations: forced)
            let renderer = GraphRenderer(graph: graph)
            var text = format == .mermaid ? renderer.mermaid : renderer.dot
            let selector = EntrySelector(document: document, attributes: attributes, forcedVariations: forced)
            let comments = VariationOption.assignments(of: graph, selector: selector).compactMap { flow, assignment in
                VariationOption.describe(assignment, attributesGiven: attributes != nil).map {
                    (format == .mermaid ? "  %% " : "  // ") + "flow \(flow): " + $0 + "\n"
                }
            }
            if !comments.isEmpty, let firstLineEnd = text.firstIndex(of: "\n") {
                text.insert(contentsOf: comments.joined(), at: text.index(after: firstLineEnd))
            }
            output.write(text)
        }
    }
}
