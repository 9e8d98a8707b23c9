import Waypoint

/// Builds a ``TrafficGraph``'s nodes and edges from a ``FlowGraph`` and a report's figures, one flow
/// at a time, each subflow under the id of the step that runs it (as events name its steps).
struct TrafficGraphBuilder {
    /// Beyond this many nodes, subflow steps are no longer expanded: a document that runs a
    /// subflow from many steps, at many levels, must not produce a drawing nobody can read.
    static let maximumNodes = 2000

    let graph: FlowGraph
    /// The report's steps by id (the first, should an id repeat).
    let figures: [String: FlowReport.Step]
    let started: Int
    private(set) var nodes: [TrafficGraph.Node] = []
    private(set) var edges: [TrafficGraph.Edge] = []
    private(set) var groups: [TrafficGraph.Group] = []
    /// The report step ids some node stands for.
    private(set) var claimed: Set<String> = []
    /// The (step, outcome) pairs of the report drawn as edges.
    private var matched: Set<[String]> = []
    /// The report step ids of drawn steps, in node order.
    private var drawnSteps: [String] = []

    init(graph: FlowGraph, figures: FlowReport.Figures) {
        self.graph = graph
        self.figures = Dictionary(figures.steps.map { ($0.stepID, $0) }, uniquingKeysWith: { first, _ in first })
        started = figures.started
    }

    /// Adds the start node, the root flow and everything it runs.
    mutating func build() {
        nodes.append(node(id: "$start", kind: .start))
        let startEdge = edges.count
        let root = add(graph.root, prefix: "", group: nil, open: [graph.root.id])
        edges.insert(TrafficGraph.Edge(from: "$start", outcome: "start", to: root.start, kind: .start, users: started), at: startEdge)
    }

    /// The outcomes of drawn steps that no edge accounts for.
    func unmatchedOutcomes() -> [TrafficGraph.OutcomeCount] {
        drawnSteps.flatMap { id -> [TrafficGraph.OutcomeCount] in
            guard let step = figures[id] else { return [] }
            return step.outcomes.keys.sorted().compactMap { outcome in
                guard !matched.contains([id, outcome]), let users = step.outcomes[outcome] else { return nil }
                return TrafficGraph.OutcomeCount(stepID: id, outcome: outcome, users: users)
            }
        }
    }

    private func node(
        id: String, kind: TrafficGraph.Node.Kind, step: FlowGraph.Node? = nil, stepID: String? = nil, group: String? = nil
    ) -> TrafficGraph.Node {
        let figures = kind == .step || kind == .subflow ? self.figures[id] : nil
        return TrafficGraph.Node(
            id: id, kind: kind, stepID: step?.id ?? stepID, screen: step?.screen.flatMap { $0 == step?.id ? nil : $0 },
            subflow: step?.subflow, condition: step?.condition?.description, group: group,
            viewed: figures?.viewed ?? 0, droppedHere: figures?.droppedHere ?? 0, skipped: figures?.skipped ?? 0)
    }

    /// Adds the nodes and edges of `flow`, run under `prefix` in `group`.
    ///
    /// - Parameter open: the flows being expanded around it, which it must not expand again.
    /// - Returns: the node its start leads to, the users who reached it, and the users who left through `$complete`.
    private mutating func add(
        _ flow: FlowGraph.Subgraph, prefix: String, group: String?, open: Set<String>
    ) -> (start: String, arrivals: Int, exits: Int) {
        let end = prefix + Destination.completeToken
        var missing: [String: String] = [:]
        // The drawn steps: the first of each id, as navigation reads them.
        let steps = flow.nodes.enumerated().filter { flow.indexByID[$0.element.id] == $0.offset }.map(\.element)
        for step in steps {
            let id = prefix + step.id
            claimed.insert(id)
            drawnSteps.append(id)
            nodes.append(node(id: id, kind: step.subflow == nil ? .step : .subflow, step: step, group: group))
        }
        nodes.append(node(id: end, kind: group == nil ? .complete : .subflowComplete, group: group))

        func target(_ target: Destination) -> String {
            switch target {
            case .complete: return end
            case .step(let stepID):
                if flow.indexByID[stepID] != nil { return prefix + stepID }
                if let id = missing[stepID] { return id }
                let id = prefix + "$missing/" + stepID
                missing[stepID] = id
                nodes.append(node(id: id, kind: .missing, stepID: stepID, group: group))
                return id
            }
        }
        let start = flow.start.map { target(.step($0)) } ?? end
        let edgesByStep = Dictionary(grouping: flow.edges, by: \.from)
        var entries: [String: Int] = [:]  // users who reached each expanded subflow step's subflow
        var exits = 0
        for step in steps {
            let id = prefix + step.id
            let reported = figures[id]
            var subflowExits: Int?
            if let subflowID = step.subflow, !open.contains(subflowID), let subflow = graph.subflows[subflowID],
               nodes.count < Self.maximumNodes {
                let runsEdge = edges.count
                let groupIndex = groups.count
                let inner = add(subflow, prefix: id + "/", group: id, open: open.union([subflowID]))
                let runs = TrafficGraph.Edge(from: id, outcome: "runs", to: inner.start, kind: .runs, users: inner.arrivals)
                edges.insert(runs, at: runsEdge)
                groups.insert(TrafficGraph.Group(
                    id: id, flowID: subflowID, parent: group, start: inner.start, end: id + "/" + Destination.completeToken), at: groupIndex)
                entries[id] = inner.arrivals
                subflowExits = inner.exits
            }
            for edge in edgesByStep[step.id] ?? [] {
                let users: Int
                if edge.kind == .skip {
                    users = reported?.skipped ?? 0
                } else if let subflowExits {
                    // Leaving a subflow step is its subflow's completion: `next`, never reported for the step itself.
                    users = edge.outcome == Outcome.next ? subflowExits : 0
                } else {
                    users = reported?.outcomes[edge.outcome] ?? 0
                    matched.insert([id, edge.outcome])
                }
                let to = target(edge.to)
                if to == end { exits += users }
                edges.append(TrafficGraph.Edge(
                    from: id, outcome: edge.outcome, to: to, kind: Self.kind(edge.kind), users: users))
            }
        }
        // Who reached the start: viewed it or skipped it, or, for a subflow step, skipped it or entered its subflow.
        let first = figures[start]
        let arrivals = (entries[start] ?? first?.viewed ?? 0) + (first?.skipped ?? 0)
        return (start, arrivals, exits)
    }

    private static func kind(_ kind: FlowGraph.Edge.Kind) -> TrafficGraph.Edge.Kind {
        switch kind {
        case .outcome: .outcome
        case .documentOrder: .documentOrder
        case .skip: .skip
        }
    }
}
