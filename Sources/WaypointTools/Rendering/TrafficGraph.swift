import Waypoint

/// A flow's designed graph with its real traffic: how many users took each edge, read from a flow report.
///
/// The graph has the semantics of ``GraphRenderer`` (`waypoint graph`): a start edge, each step's
/// outcomes (a step without `on` goes `next` in document order), the dashed `skip` edge of a step
/// with a condition, and for a subflow step a `runs` edge into its subflow, drawn as a group. A
/// subflow is drawn once for each step that runs it, because the report counts each of those
/// separately (its steps as `subflowStep/innerStep`).
///
/// The counts come from the report (docs/ARCHITECTURE.md, "Reports"), not from another pass over the events:
/// - the start edge: `started`;
/// - an outcome (or document-order `next`) edge from step X: the users with a `Step Completed` of
///   X with that outcome, X's `outcomes[outcome]`;
/// - the skip edge of a conditional step C: C's `skipped`;
/// - a `runs` edge: the users who reached the subflow's first step (its `viewed` plus `skipped`);
/// - the `next` edge of a subflow step: the users who left its subflow through `$complete` (no
///   event names the subflow step itself when its subflow completes).
///
/// An edge nobody took is ``Edge/isUntaken``. Outcomes the report has that are no edge (`back`,
/// and any undeclared outcome) are in ``unmatchedOutcomes``; steps the report has that the graph
/// does not draw (another variation's, or undeclared) are in ``unmatchedSteps``.
///
/// ```swift
/// let graph = try document.flowGraph(id: "signup", forcedVariations: ["short-signup": "control"])
/// let traffic = TrafficGraph(graph: graph, figures: report.byVariation?["control"] ?? report.overall)
/// let svg = traffic.svg(idPrefix: "control")
/// ```
public struct TrafficGraph: Sendable, Hashable {
    /// A node of the drawing: a step, the start, the end of a flow, or a step an outcome names but the flow lacks.
    public struct Node: Sendable, Hashable {
        /// What a node stands for.
        public enum Kind: String, Sendable, Hashable {
            /// Where the flow starts (`$start`).
            case start
            /// A step that shows a screen.
            case step
            /// A step that runs a subflow.
            case subflow
            /// The flow's `$complete`.
            case complete
            /// A subflow's `$complete`: it returns to the step that runs it.
            case subflowComplete
            /// A step id an outcome names that the flow does not declare.
            case missing
        }

        /// A unique id: for a step, its id in the report (`subflowStep/innerStep` inside a
        /// subflow); otherwise `$start`, `$complete`, `<subflowStep>/$complete` or `<prefix>$missing/<id>`.
        public let id: String
        /// What the node stands for.
        public let kind: Kind
        /// The step's id in its own flow, without the subflow prefix; `nil` for the start and the ends.
        public let stepID: String?
        /// The step's screen (`nil` for other nodes, and when it is the step id).
        public let screen: String?
        /// The flow a subflow step runs.
        public let subflow: String?
        /// The step's `when` condition, as JSON text, when it has one.
        public let condition: String?
        /// The ``Group`` the node is drawn in, `nil` for the root flow.
        public let group: String?
        /// Users with a `Step Viewed` of the step.
        public let viewed: Int
        /// Users who did not complete the flow and last viewed this step.
        public let droppedHere: Int
        /// Users with a `Step Skipped` of the step.
        public let skipped: Int

        /// Whether the step has a condition, so it may be skipped.
        public var isConditional: Bool { condition != nil }

        /// The name the drawing shows: the step id, `start`, `$complete`, `return`, or `missing: <id>`.
        public var label: String {
            switch kind {
            case .start: "start"
            case .step, .subflow: stepID ?? id
            case .complete: Destination.completeToken
            case .subflowComplete: "return"
            case .missing: "missing: " + (stepID ?? id)
            }
        }
    }

    /// A designed way from one node to another, with the users who took it.
    public struct Edge: Sendable, Hashable {
        /// Why the edge exists.
        public enum Kind: String, Sendable, Hashable {
            /// From `$start` to the flow's first step.
            case start
            /// An outcome the step declares.
            case outcome
            /// `next` to the following step in document order (the step declares no outcome).
            case documentOrder
            /// Taken without entering the step, when its condition is false.
            case skip
            /// From a subflow step to its subflow's first step.
            case runs
        }

        /// The ``Node/id`` the edge leaves.
        public let from: String
        /// The outcome (`start`, `runs` and `skip` for those kinds).
        public let outcome: String
        /// The ``Node/id`` the edge leads to.
        public let to: String
        /// Why the edge exists.
        public let kind: Kind
        /// The users who took it.
        public let users: Int

        /// Whether nobody took it.
        public var isUntaken: Bool { users == 0 }
    }

    /// A subflow, drawn as a box around its steps, for one step that runs it.
    public struct Group: Sendable, Hashable {
        /// The ``Node/id`` of the subflow step that runs it (its steps' ids start with it and `/`).
        public let id: String
        /// The subflow's flow id.
        public let flowID: String
        /// The group it is drawn in, `nil` for the root flow.
        public let parent: String?
        /// The ``Node/id`` its `runs` edge leads to.
        public let start: String
        /// The ``Node/id`` of its `$complete`.
        public let end: String
    }

    /// Users who reported an outcome of a step that is no edge of the graph (`back`, or undeclared).
    public struct OutcomeCount: Sendable, Hashable {
        /// The step's ``Node/id``.
        public let stepID: String
        /// The outcome.
        public let outcome: String
        /// The users with a `Step Completed` of the step with it.
        public let users: Int
    }

    /// The flow's id.
    public let flowID: String
    /// The variation whose entry the graph draws, if the flow is an experiment's.
    public let variation: String?
    /// Users with a `Flow Started`.
    public let started: Int
    /// Users with a `Flow Completed`.
    public let completed: Int
    /// The nodes: `$start`, the root flow's steps in document order and its `$complete`, then, as
    /// the edges reach them, steps that outcomes name but the flow lacks and each group's nodes.
    public let nodes: [Node]
    /// The edges: the start edge, then per step its `runs` edge and its subflow's edges, its outcomes and its skip edge.
    public let edges: [Edge]
    /// The subflow groups, in the order of the steps that run them.
    public let groups: [Group]
    /// Steps of the report, in its order, that no node stands for and that some user viewed, skipped, left or dropped at.
    public let unmatchedSteps: [FlowReport.Step]
    /// Outcomes of drawn steps the report has that are no edge, in node order then by name: `back` among them.
    public let unmatchedOutcomes: [OutcomeCount]

    /// The `back` outcomes of ``unmatchedOutcomes``: how many users went back from each step.
    public var backCounts: [OutcomeCount] { unmatchedOutcomes.filter { $0.outcome == Outcome.back } }
    /// The edges nobody took.
    public var untakenEdges: [Edge] { edges.filter(\.isUntaken) }

    /// The node with `id`, if any.
    public func node(_ id: String) -> Node? { nodes.first { $0.id == id } }

    /// The graph `graph` with the traffic of `figures` (a report's ``FlowReport/overall`` or one of its variations).
    public init(graph: FlowGraph, figures: FlowReport.Figures) {
        var builder = TrafficGraphBuilder(graph: graph, figures: figures)
        builder.build()
        flowID = graph.root.id
        variation = graph.root.variation
        started = figures.started
        completed = figures.completed
        nodes = builder.nodes
        edges = builder.edges
        groups = builder.groups
        unmatchedSteps = figures.steps.filter { step in
            !builder.claimed.contains(step.stepID)
                && (step.viewed > 0 || step.skipped > 0 || step.droppedHere > 0 || step.outcomes.values.contains { $0 > 0 })
        }
        unmatchedOutcomes = builder.unmatchedOutcomes()
    }

    /// The graph `graph` with the traffic of everyone in `report`.
    public init(graph: FlowGraph, report: FlowReport) {
        self.init(graph: graph, figures: report.overall)
    }
}
