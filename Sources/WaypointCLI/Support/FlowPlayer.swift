import Foundation
import Waypoint
import WaypointTools

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
        /// What the step's screen shows, texts in the user's locale.
        var content: StepContent = .empty
    }

    let definition: FlowDefinition<Attributes>
    let attributes: Attributes
    private(set) var state: FlowState
    private(set) var recorder: FlowEventRecorder
    /// The events so far, in order.
    private(set) var events: [OnboardingEvent] = []
    /// Steps skipped by the last move.
    private(set) var lastSkipped: [String] = []
    /// Those of ``lastSkipped`` that the user's experiment variation skips (`"set": {"skip": true}`),
    /// rather than their condition.
    private(set) var skippedByVariation: Set<String> = []
    /// The steps the user's variations skip, by flow id.
    private let variationSkips: [String: Set<String>]

    /// The experiment choice that picked the flow's entry, or, when the flow does not vary, the entry of
    /// the first subflow it runs that does; `nil` when neither varies.
    let choice: ResolutionReport.FlowChoice?

    /// A player for the entry of `flowID` that `attributes` (or `forcedVariations`) choose; its events carry
    /// the experiment and variation of that choice (or of a subflow's) from the run's exposure on, as an
    /// app's would, when the user is in the experiment.
    init(
        document: WaypointDocument, flowID: String, attributes: Attributes, userID: String,
        forcedVariations: [String: String] = [:], platform: String? = nil
    ) throws {
        // Content in the attribute `locale`, else the document's default locale (not the machine's languages).
        let resolution = try document.resolve(attributes: attributes, forcedVariations: forcedVariations, preferredLanguages: [])
        guard let definition = resolution.flows[flowID] else {
            let hint = Spelling.suggestion(for: flowID, among: document.flowIDs).map { "Did you mean `\($0)`? " } ?? ""
            throw CLIError("The document has no flow `\(flowID)`. \(hint)Its flows are \(listed(document.flowIDs)).")
        }
        self.definition = definition
        self.attributes = attributes
        state = FlowState(for: definition)
        // The flow whose entries (or changed steps) decide the run's experiment: the flow itself, else the first
        // subflow it runs that varies.
        let decidingID = ExperimentReach(document: document).experiments(reaching: flowID).first?.flowID
        let report = try ResolveReport(document: document, attributes: attributes, forcedVariations: forcedVariations)
        self.choice = decidingID.flatMap { report.flows[$0]?.choice }.flatMap { $0.experiment == nil ? nil : $0 }
        variationSkips = report.flows.compactMapValues { choice in
            let steps = Set((choice.changes?.applied ?? []).filter { $0.fields.contains("skip") }.map(\.step))
            return steps.isEmpty ? nil : steps
        }
        // The resolved flow, and each subflow, carries the user's experiment and variation when they are in one;
        // the recorder exposes the run where it reaches it.
        recorder = FlowEventRecorder(
            flowID: definition.id, flowVersion: definition.version,
            attribution: EventAttribution(userID: userID, platform: platform)
                .filling(definition.experiment, locale: definition.locale ?? AttributesOption.locale(of: attributes)))
    }

    /// The run's exposures so far, in order: its `Experiment Viewed` events, one per experiment.
    var exposures: [OnboardingEvent] { events.filter { $0.event == .experimentViewed } }

    /// The path of the current step (`sub/inner` inside a subflow), or `nil` once the flow has ended.
    var currentPath: String? { state.current?.stepID }

    /// The screen and outcomes of the current step.
    var current: StepInfo? {
        guard let visit = state.current, let step = definition.step(at: visit.path, context: attributes) else { return nil }
        return StepInfo(
            screen: step.screen, outcomes: state.acceptedOutcomes(in: definition, context: attributes), content: step.content)
    }

    /// The visited path (the back stack), step ids in visiting order.
    var path: [String] { state.path.map(\.stepID) }

    var isCompleted: Bool { state.isCompleted }

    mutating func start(at date: Date) throws {
        var state = self.state
        let effects = try state.start(in: definition, context: attributes)
        self.state = state
        record(effects, at: date)
    }

    /// Leaves the current step with `outcome` (`back` goes back); throws, changing nothing, when the
    /// step does not accept it.
    mutating func send(_ outcome: String, at date: Date) throws {
        var state = self.state
        let effects = try state.next(outcome, in: definition, context: attributes)
        self.state = state
        record(effects, at: date)
    }

    /// Records `Flow Abandoned` when the flow has not completed.
    mutating func abandon(at date: Date) {
        events += recorder.abandoned(at: date, messageID: Self.messageID)
    }

    private mutating func record(_ effects: [FlowEffect], at date: Date) {
        lastSkipped = []
        skippedByVariation = []
        for effect in effects {
            if case .skipped(let path) = effect {
                lastSkipped.append(path.rawValue)
                if let flow = flowID(containing: path), variationSkips[flow]?.contains(path.components.last ?? "") == true {
                    skippedByVariation.insert(path.rawValue)
                }
            }
            events += recorder.events(
                for: effect, in: definition, context: attributes, path: state.path, at: date, messageID: Self.messageID)
        }
    }

    /// The id of the flow whose step `path` names: the root's, or that of the subflow its last subflow step runs.
    private func flowID(containing path: StepPath) -> String? {
        guard path.components.count > 1 else { return definition.id }
        return definition.step(at: StepPath(components: Array(path.components.dropLast())), context: attributes)?.subflow?.id
    }

    private static func messageID() -> String { UUID().uuidString.lowercased() }
}
