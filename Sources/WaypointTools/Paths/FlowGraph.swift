import Waypoint

/// The graph of a flow of a document, for drawing it, analysing it and counting or listing its paths.
///
/// Nodes are the steps, in document order; edges are their outcomes (with labels), the implicit `next`
/// to the following step of a step without `on`, and, for a step with a `when` condition, the `skip` edge
/// taken when the condition is false (for a step a variation skips, the only way past it). Subflow steps link to the flows they run, which are in ``subflows``.
///
/// ```swift
/// let graph = try document.flowGraph(id: "signup")
/// let count = try graph.countPaths()                    // every path, conditions taken both ways
/// let paths = try graph.listPaths(maxVisits: 1, attributes: ["country": "US"])
/// ```
public struct FlowGraph: Sendable, Hashable {
    /// A step of a flow.
    public struct Node: Sendable, Hashable {
        /// The step's id.
        public let id: String
        /// The screen that presents it (its id when the document gives none); `nil` for a subflow step.
        public let screen: String?
        /// The id of the flow a subflow step runs.
        public let subflow: String?
        /// The step's `when` condition; a step with one may be skipped.
        public let condition: Condition?
        /// Whether an experiment variation skips the step (`"set": {"skip": true}`): it is never entered.
        public var isSkipped = false

        /// Whether the step has a condition or is skipped by a variation (and may therefore be skipped).
        public var isConditional: Bool { condition != nil || isSkipped }
    }

    /// A way from one step to another, or to the end of the flow.
    public struct Edge: Sendable, Hashable {
        /// Why the edge exists.
        public enum Kind: String, Sendable, Hashable {
            /// An outcome declared in the step's `on`.
            case outcome
            /// `next` to the following step in document order (the step has no `on`).
            case documentOrder
            /// Taken without entering the step, when its condition is false: `skip`, else `next`, else document order.
            case skip
        }

        /// The id of the step the edge leaves.
        public let from: String
        /// The outcome's name (`next` for document order, `skip` for a skip edge).
        public let outcome: String
        /// Where the edge leads.
        public let to: Destination
        /// Why the edge exists.
        public let kind: Kind
        /// Whether ``to`` names a step of the same flow (always true for `$complete`).
        public let isKnownTarget: Bool
    }

    /// The graph of one flow (the root or a subflow): its steps and edges, and what the analyses need.
    public struct Subgraph: Sendable, Hashable {
        /// The flow's id.
        public let id: String
        /// The flow's version.
        public let version: Int
        /// The experiment whose variation this entry is, if any.
        public let experiment: String?
        /// That variation.
        public let variation: String?
        /// The id of the first step (the declared `start`, else the first step's); `nil` for a flow without steps.
        public let start: String?
        /// The steps, in document order.
        public let nodes: [Node]
        /// The edges, grouped by step in document order, each step's outcomes in declaration order and its skip edge last.
        public let edges: [Edge]

        /// The flow's routes, from which everything below is derived: the one statement of where
        /// outcomes, skips and subflow exits lead, shared with the runtime.
        let routes: StepRoutes
        /// For each node, where navigation goes when it is skipped.
        let skipTargets: [Int]
        /// The index of the start node, ``FlowGraph/completeIndex`` for a flow without steps, or
        /// ``FlowGraph/unknownIndex`` when `start` names no step.
        let startIndex: Int
        /// The node index of each id (the first step with that id).
        var indexByID: [String: Int] { routes.positions }

        /// Builds the graph of a flow entry.
        public init(_ entry: FlowEntry) {
            id = entry.id
            version = entry.version
            experiment = entry.experiment
            variation = entry.variation
            start = entry.startStepID
            let routes = entry.routes
            self.routes = routes
            func index(_ destination: StepRoutes.Resolved) -> Int {
                switch destination {
                case .step(let position): position
                case .complete: FlowGraph.completeIndex
                case .unknown: FlowGraph.unknownIndex
                }
            }
            func edge(_ from: String, _ route: StepRoutes.Route, kind: Edge.Kind) -> Edge {
                Edge(from: from, outcome: route.outcome, to: route.target, kind: kind, isKnownTarget: index(route.destination) != FlowGraph.unknownIndex)
            }
            var nodes: [Node] = []
            var edges: [Edge] = []
            nodes.reserveCapacity(entry.steps.count)
            // Each step's routes, and a skip edge for each step that may be skipped.
            edges.reserveCapacity(routes.outcomes.reduce(entry.steps.count) { $0 + $1.count })
            for (position, step) in entry.steps.enumerated() {
                nodes.append(Node(
                    id: step.id, screen: step.subflow == nil ? (step.screen ?? step.id) : nil,
                    subflow: step.subflow, condition: step.when, isSkipped: step.skip))
                for route in routes.outcomes[position] {
                    edges.append(edge(step.id, route, kind: route.kind == .declared ? .outcome : .documentOrder))
                }
                if step.when != nil || step.skip {
                    edges.append(edge(step.id, routes.skips[position], kind: .skip))
                }
            }
            self.nodes = nodes
            self.edges = edges
            skipTargets = routes.skips.map { index($0.destination) }
            startIndex = index(routes.start)
        }

        /// The node with `id`, if any.
        public func node(_ id: String) -> Node? {
            indexByID[id].map { nodes[$0] }
        }
    }

    /// The flow the graph was built for.
    public let root: Subgraph
    /// Every flow the root runs as a subflow, directly or through other subflows, by id.
    public let subflows: [String: Subgraph]

    /// Creates a graph from a root flow and the flows it runs.
    public init(root: Subgraph, subflows: [String: Subgraph]) {
        self.root = root
        self.subflows = subflows
    }

    /// The index that stands for `$complete` in ``Subgraph`` successor lists.
    static let completeIndex = -1
    /// The index that stands for a step id the flow does not have.
    static let unknownIndex = -2
}

extension WaypointDocument {
    /// The graph of the flow `id` and of the flows it runs as subflows.
    ///
    /// Where entries vary by experiment, `attributes` choose them as `resolve(attributes:savedGroups:)`
    /// does; without attributes, each flow's entry is the one for its experiment's first variation (what a
    /// user outside the experiment gets). `forcedVariations` (variation by experiment key) choose entries
    /// regardless of attributes, the subflows' as the root's (``ExperimentReach`` finds the experiments
    /// that reach the flow). Subflows that name no flow are left out of ``FlowGraph/subflows``.
    public func flowGraph(
        id: String, attributes: Attributes? = nil, savedGroups: SavedGroups = [:], forcedVariations: [String: String] = [:]
    ) throws(DocumentError) -> FlowGraph {
        let selector = EntrySelector(document: self, attributes: attributes, savedGroups: savedGroups, forcedVariations: forcedVariations)
        guard let rootEntry = selector.flowEntry(id) else {
            throw DocumentError.unknownFlow(id, known: selector.flowIDs)
        }
        let root = FlowGraph.Subgraph(rootEntry)
        var subflows: [String: FlowGraph.Subgraph] = [:]
        var pending = root.nodes.compactMap(\.subflow)
        while let next = pending.popLast() {
            guard subflows[next] == nil, let entry = selector.flowEntry(next) else { continue }
            let flow = next == root.id && entry == rootEntry ? root : FlowGraph.Subgraph(entry)
            subflows[next] = flow
            pending.append(contentsOf: flow.nodes.compactMap(\.subflow))
        }
        return FlowGraph(root: root, subflows: subflows)
    }
}
