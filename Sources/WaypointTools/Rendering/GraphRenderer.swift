import Waypoint

/// Draws a ``FlowGraph`` as Mermaid or Graphviz DOT text.
///
/// Screen steps are boxes; steps with a `when` condition (or that a variation skips) are drawn dashed
/// (hexagons in Mermaid) with their condition, and their skip edges are dotted and labelled `skip`; subflow steps are
/// double-bordered, linked by a thick `runs` edge to their subflow, drawn as a cluster whose `$complete`
/// is a `return` node; the flow's `$complete` is a double circle; outcomes that name no step lead to a
/// red `missing` node.
public struct GraphRenderer: Sendable {
    /// The graph to draw.
    public let graph: FlowGraph

    /// Creates a renderer of `graph`.
    public init(graph: FlowGraph) {
        self.graph = graph
    }

    /// The flows to draw: the root, then its subflows by id.
    private var flows: [FlowGraph.Subgraph] {
        [graph.root] + graph.subflows.keys.sorted().compactMap { id in id == graph.root.id ? nil : graph.subflows[id] }
    }

    // MARK: Mermaid

    /// The graph as a Mermaid flowchart.
    public var mermaid: String {
        var lines = ["flowchart TD"]
        var conditional: [String] = []
        var missing: [String] = []
        let flows = self.flows
        let flowIndex = Dictionary(flows.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        func node(_ flow: Int, _ id: String) -> String {
            guard let index = flows[flow].nodes.firstIndex(where: { $0.id == id }) else { return "f\(flow)_missing_\(Self.slug(id))" }
            return "f\(flow)_\(index)"
        }
        for (index, flow) in flows.enumerated() {
            let isRoot = index == 0
            let indent = isRoot ? "  " : "    "
            if !isRoot { lines.append("  subgraph f\(index)[\"subflow \(Self.mermaidText(flow.id))\"]") }
            let end = isRoot ? "f0_complete" : "f\(index)_return"
            if let start = flow.start {
                lines.append("\(indent)f\(index)_start((start)) --> \(node(index, start))")
            }
            for (position, step) in flow.nodes.enumerated() {
                let id = "f\(index)_\(position)"
                var label = Self.mermaidText(step.id)
                if let screen = step.screen, screen != step.id { label += "<br/><i>" + Self.mermaidText(screen) + "</i>" }
                if let subflow = step.subflow { label += "<br/>runs " + Self.mermaidText(subflow) }
                if let condition = step.condition { label += "<br/>when " + Self.mermaidText(condition.description) }
                if step.isSkipped { label += "<br/>skipped in this variation" }
                if step.subflow != nil {
                    lines.append("\(indent)\(id)[[\"\(label)\"]]")
                } else if step.isConditional {
                    lines.append("\(indent)\(id){{\"\(label)\"}}")
                } else {
                    lines.append("\(indent)\(id)[\"\(label)\"]")
                }
                if step.isConditional { conditional.append(id) }
            }
            lines.append(isRoot ? "\(indent)\(end)(((\"$complete\")))" : "\(indent)\(end)((return))")
            for edge in flow.edges {
                let from = node(index, edge.from)
                let to: String
                switch edge.to {
                case .complete: to = end
                case .step(let target):
                    to = node(index, target)
                    if !edge.isKnownTarget, !missing.contains(to) {
                        missing.append(to)
                        lines.append("\(indent)\(to)[\"missing: \(Self.mermaidText(target))\"]")
                    }
                }
                let label = Self.mermaidText(edge.outcome)
                switch edge.kind {
                case .skip: lines.append("\(indent)\(from) -.->|skip| \(to)")
                case .outcome, .documentOrder: lines.append("\(indent)\(from) -->|\(label)| \(to)")
                }
            }
            if !isRoot { lines.append("  end") }
        }
        for (index, flow) in flows.enumerated() {
            for (position, step) in flow.nodes.enumerated() {
                guard let subflow = step.subflow else { continue }
                if let target = flowIndex[subflow], let start = flows[target].start {
                    lines.append("  f\(index)_\(position) ==>|runs| \(node(target, start))")
                }
            }
        }
        if !conditional.isEmpty {
            lines.append("  classDef conditional stroke-dasharray: 5 5")
            lines.append("  class \(conditional.joined(separator: ",")) conditional")
        }
        if !missing.isEmpty {
            lines.append("  classDef missing stroke:#d00,color:#d00")
            lines.append("  class \(missing.joined(separator: ",")) missing")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: DOT

    /// The graph as Graphviz DOT text.
    public var dot: String {
        let flows = self.flows
        let known = Set(flows.map(\.id))
        var lines = [
            "digraph \(Self.dotString(graph.root.id)) {",
            "  rankdir=TB;",
            "  node [shape=box, style=rounded, fontname=\"Helvetica\"];",
            "  edge [fontname=\"Helvetica\", fontsize=10];",
        ]
        func id(_ flow: String, _ step: String) -> String { Self.dotString(flow + "/" + step) }
        for (index, flow) in flows.enumerated() {
            let isRoot = index == 0
            let indent = isRoot ? "  " : "    "
            if !isRoot {
                lines.append("  subgraph \(Self.dotString("cluster_" + flow.id)) {")
                lines.append("    label=\(Self.dotString("subflow " + flow.id)); style=dashed;")
            }
            let end = isRoot ? id(flow.id, "$complete") : id(flow.id, "$return")
            if let start = flow.start {
                lines.append("\(indent)\(id(flow.id, "$start")) [shape=point];")
                lines.append("\(indent)\(id(flow.id, "$start")) -> \(id(flow.id, start));")
            }
            for step in flow.nodes {
                var label = step.id
                if let screen = step.screen, screen != step.id { label += "\n" + screen }
                if let subflow = step.subflow { label += "\nruns " + subflow }
                if let condition = step.condition { label += "\nwhen " + condition.description }
                if step.isSkipped { label += "\nskipped in this variation" }
                var attributes = ["label=\(Self.dotString(label))"]
                if step.subflow != nil { attributes.append("peripheries=2") }
                if step.isConditional { attributes += ["shape=hexagon", "style=dashed"] }
                lines.append("\(indent)\(id(flow.id, step.id)) [\(attributes.joined(separator: ", "))];")
            }
            lines.append(isRoot
                ? "\(indent)\(end) [label=\"$complete\", shape=doublecircle];"
                : "\(indent)\(end) [label=\"return\", shape=circle];")
            var missing: Set<String> = []
            for edge in flow.edges {
                let to: String
                switch edge.to {
                case .complete: to = end
                case .step(let target):
                    to = id(flow.id, target)
                    if !edge.isKnownTarget, missing.insert(target).inserted {
                        lines.append("\(indent)\(to) [label=\(Self.dotString("missing: " + target)), color=red, fontcolor=red];")
                    }
                }
                let style = edge.kind == .skip ? ", style=dashed" : ""
                lines.append("\(indent)\(id(flow.id, edge.from)) -> \(to) [label=\(Self.dotString(edge.outcome))\(style)];")
            }
            if !isRoot { lines.append("  }") }
        }
        for flow in flows {
            for step in flow.nodes {
                guard let subflow = step.subflow, known.contains(subflow),
                      let start = flows.first(where: { $0.id == subflow })?.start else { continue }
                lines.append("  \(id(flow.id, step.id)) -> \(id(subflow, start)) [label=\"runs\", style=bold];")
            }
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: Escaping

    /// Text inside a quoted Mermaid label.
    static func mermaidText(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "\"": result += "#quot;"
            case "<": result += "#lt;"
            case ">": result += "#gt;"
            case "|": result += "#124;"
            default: result.append(character)
            }
        }
        return result
    }

    /// A double-quoted DOT string.
    static func dotString(_ text: String) -> String {
        var result = "\""
        for character in text {
            switch character {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            default: result.append(character)
            }
        }
        return result + "\""
    }

    /// Letters and digits of an id, for a Mermaid node name.
    static func slug(_ text: String) -> String {
        String(text.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }
}
