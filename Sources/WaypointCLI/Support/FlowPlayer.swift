import Foundation
import Waypoint

/// Runs a document's flow step by step, as an app would, recording the analytics events it would send.
///
/// A thin shell over ``FlowState`` (navigation) and ``FlowEventRecorder`` (events); what it adds is
/// what a terminal needs: the screen and the accepted outcomes of the current step.
struct FlowPlayer {
    /// What the player knows about a step it may show.
    struct StepInfo {
        let screen: String
        /// The outcomes the step accepts, in declaration order (without `back`).
        let outcomes: [String]
    }

    let definition: FlowDefinition<Attributes>
    let attributes: Attributes
    private(set) var state: FlowState
    private(set) var recorder: FlowEventRecorder
    /// The events so far, in order.
    private(set) var events: [OnboardingEvent] = []
    /// Steps skipped by the last move.
    private(set) var lastSkipped: [String] = []
    /// Screens and outcomes per flow id and step id.
    private let steps: [String: [String: StepInfo]]
    private let subflows: [String: [String: String]]
    private let rootID: String

    init(document: WaypointDocument, flowID: String, attributes: Attributes, userID: String) throws {
        let graph = try document.flowGraph(id: flowID, attributes: attributes)
        let resolution = try document.resolve(attributes: attributes)
        guard let definition = resolution.flows[flowID] else {
            throw CLIError("The document has no flow `\(flowID)`; its flows are \(listed(document.flowIDs)).")
        }
        self.definition = definition
        self.attributes = attributes
        state = FlowState(for: definition)
        var attribution = EventAttribution(userID: userID)
        if let choice = resolution.report.flows[flowID], choice.inExperiment {
            attribution.experiment = choice.experiment
            attribution.variation = choice.variation
        }
        recorder = FlowEventRecorder(flowID: definition.id, flowVersion: definition.version, attribution: attribution)
        var steps: [String: [String: StepInfo]] = [:]
        var subflows: [String: [String: String]] = [:]
        for flow in [graph.root] + graph.subflows.values {
            var outcomes: [String: [String]] = [:]
            for edge in flow.edges where edge.kind != .skip { outcomes[edge.from, default: []].append(edge.outcome) }
            var infos: [String: StepInfo] = [:]
            var links: [String: String] = [:]
            for node in flow.nodes where infos[node.id] == nil {
                infos[node.id] = StepInfo(screen: node.screen ?? node.id, outcomes: outcomes[node.id] ?? [])
                if let subflow = node.subflow { links[node.id] = subflow }
            }
            steps[flow.id] = infos
            subflows[flow.id] = links
        }
        self.steps = steps
        self.subflows = subflows
        rootID = graph.root.id
    }

    /// The path of the current step (`sub/inner` inside a subflow), or `nil` once the flow has ended.
    var currentPath: String? { state.current.map(FlowEventRecorder.stepID(of:)) }

    /// The screen and outcomes of the current step.
    var current: StepInfo? {
        guard let visit = state.current else { return nil }
        var flow = rootID
        let components = visit.path.components
        for component in components.dropLast() {
            guard let next = subflows[flow]?[component] else { return nil }
            flow = next
        }
        return components.last.flatMap { steps[flow]?[$0] }
    }

    /// The visited path (the back stack), step ids in visiting order.
    var path: [String] { state.path.map(FlowEventRecorder.stepID(of:)) }

    var isCompleted: Bool { state.isCompleted }

    mutating func start() throws {
        var state = self.state
        let effects = try state.start(in: definition, context: attributes)
        self.state = state
        record(effects)
    }

    /// Leaves the current step with `outcome` (`back` goes back); throws, changing nothing, when the
    /// step does not accept it.
    mutating func send(_ outcome: String) throws {
        var state = self.state
        let effects = try state.next(outcome, in: definition, context: attributes)
        self.state = state
        record(effects)
    }

    /// Records `Flow Abandoned` when the flow has not completed.
    mutating func abandon() {
        events += recorder.abandoned(at: Date(), messageID: Self.messageID)
    }

    private mutating func record(_ effects: [FlowEffect]) {
        lastSkipped = []
        for effect in effects {
            if case .skipped(let path) = effect { lastSkipped.append(path.rawValue) }
            events += recorder.events(for: effect, pathCount: state.path.count, at: Date(), messageID: Self.messageID)
        }
    }

    private static func messageID() -> String { UUID().uuidString.lowercased() }
}
