import Foundation
import Waypoint

/// One user's runs of a flow over several launches of an app, as ``FlowNavigator`` and ``FlowAnalytics``
/// make them: the document resolved for the user at each launch, ``FlowState`` moved by the user's
/// outcomes, progress saved as JSON and restored at the next launch (``FlowState/launching(_:in:context:)``),
/// the exposures kept with it, and the events of ``FlowEventRecorder`` (docs/ARCHITECTURE.md, "Exposure").
///
/// The navigator itself runs on the main actor with an asynchronous store; this drives the same values
/// synchronously, in the navigator's order: each effect is recorded by the analytics first, then its
/// exposures are kept in the state.
struct ConformanceNavigationRun {
    private let input: ConformanceClient.NavigationInput
    private var attributes: Attributes
    private var revisionIndex = 0
    private var milliseconds: Int64
    private let stepMs: Int64

    private var definition: FlowDefinition<Attributes>
    private var state: FlowState
    private var recorder: FlowEventRecorder
    /// The progress the app saved last, as the JSON text its store keeps.
    private var saved: Data?
    private var abandoned = false

    private var launches: [JSONValue] = []
    private var shown: [JSONValue] = []
    private var skipped: [JSONValue] = []
    private var refused: [JSONValue] = []
    private var events: [JSONValue] = []

    init(_ input: ConformanceClient.NavigationInput) throws {
        guard !input.revisions.isEmpty else {
            throw ConformanceClient.RequestError(description: "`input.revisions` is empty; give at least the document the app starts with")
        }
        guard let start = MillisecondTimestamp.parseISO8601(input.clock.start) else {
            throw ConformanceClient.RequestError(description: "`input.clock.start` is not an ISO 8601 time such as 2026-11-21T10:00:00.000Z")
        }
        guard input.clock.stepMs >= 0 else {
            throw ConformanceClient.RequestError(description: "`input.clock.stepMs` is negative; give the milliseconds between two actions")
        }
        self.input = input
        attributes = Attributes(input.attributes)
        milliseconds = start
        stepMs = Int64(input.clock.stepMs)
        (definition, state, recorder) = try Self.resolve(input, revision: 0, attributes: attributes)
        try launch()
    }

    /// Plays the script's actions in order.
    mutating func play(_ script: [ConformanceClient.NavigationInput.Action]) throws {
        for (index, action) in script.enumerated() {
            milliseconds += stepMs
            switch action.action {
            case "outcome":
                guard let outcome = action.outcome else {
                    throw ConformanceClient.RequestError(description: "`input.script[\(index)]` is an outcome without `outcome`")
                }
                let (definition, attributes) = (self.definition, self.attributes)
                try move(index, refusing: outcome) { state throws(FlowError) in try state.next(outcome, in: definition, context: attributes) }
            case "back":
                try move(index, refusing: Outcome.back) { state throws(FlowError) in try state.back() }
            case "attributes":
                guard let changes = action.set else {
                    throw ConformanceClient.RequestError(description: "`input.script[\(index)]` changes attributes without `set`")
                }
                var values = attributes.json.objectValue ?? [:]
                for (key, value) in changes { values[key] = value == .null ? nil : value }
                attributes = Attributes(values)
            case "relaunch":
                (definition, state, recorder) = try Self.resolve(input, revision: revisionIndex, attributes: attributes)
                abandoned = false
                try launch()
            case "publish":
                guard revisionIndex + 1 < input.revisions.count else {
                    throw ConformanceClient.RequestError(description: "`input.script[\(index)]` publishes a revision, but `input.revisions` has no more")
                }
                revisionIndex += 1
            case "abandon":
                events += recorder.abandoned(at: now, messageID: Self.messageID).map(Self.normalised)
                abandoned = true
            default:
                throw ConformanceClient.RequestError(description: "`input.script[\(index)].action` is `\(action.action)`; "
                    + "the actions are outcome, back, attributes, relaunch, publish and abandon")
            }
        }
    }

    /// `{"launches", "shown", "skipped", "refused", "path", "end", "events"}`.
    var answer: JSONValue {
        let end = state.isCompleted ? "completed" : abandoned ? "abandoned" : "in-flight"
        return .object([
            "launches": .array(launches), "shown": .array(shown), "skipped": .array(skipped), "refused": .array(refused),
            "path": .array(state.path.map { .string($0.stepID) }), "end": .string(end), "events": .array(events),
        ])
    }

    private var now: Date { MillisecondTimestamp.date(milliseconds: milliseconds) }

    /// The flow as the revision's document resolves it for the user now, a fresh state and the recorder of
    /// a new ``FlowAnalytics``: what an app builds at each launch.
    private static func resolve(
        _ input: ConformanceClient.NavigationInput, revision index: Int, attributes: Attributes
    ) throws -> (FlowDefinition<Attributes>, FlowState, FlowEventRecorder) {
        let revision = input.revisions[index]
        let validation = WaypointDocument.validate(try JSONEncoder().encode(revision.document), unknownKeys: .warning)
        guard var document = validation.document else {
            let problems = validation.diagnostics.filter { $0.severity == .error }.map(\.description)
            throw ConformanceClient.RequestError(description: "`input.revisions[\(index)].document` is not a valid document: "
                + problems.joined(separator: "; "))
        }
        document.revision = revision.revision
        let resolution = try document.resolve(attributes: attributes, preferredLanguages: input.preferredLanguages ?? [])
        guard let definition = resolution.flows[input.flow] else {
            throw ConformanceClient.RequestError(description: "`input.flow` is `\(input.flow)`, which revision \(index) has no flow of; "
                + "its flows are " + document.flowIDs.joined(separator: ", "))
        }
        // As FlowAnalytics attributes a navigator's events: the flow's experiment, revision and locale.
        let recorder = FlowEventRecorder(
            flowID: definition.id, flowVersion: definition.version,
            attribution: EventAttribution(userID: input.userId, platform: nil)
                .filling(definition.experiment, revision: definition.revision, locale: definition.locale))
        return (definition, FlowState(for: definition), recorder)
    }

    /// Starts the flow, or restores the progress saved at the last launch through its JSON.
    private mutating func launch() throws {
        let restored = try saved.map { try StableJSON.decoder().decode(FlowState.self, from: $0) }
        let launch = try FlowState.launching(restored, in: definition, context: attributes)
        state = launch.state
        var entry: [String: JSONValue] = ["revision": input.revisions[revisionIndex].revision.map { .number(Double($0)) } ?? .null]
        switch launch.result {
        case .fresh: entry["restored"] = "fresh"
        case .resumed(let visits): entry["restored"] = "resumed"; entry["visits"] = .number(Double(visits))
        case .truncated(let kept, let dropped):
            entry["restored"] = "truncated"; entry["kept"] = .number(Double(kept)); entry["dropped"] = .number(Double(dropped))
        case .alreadyCompleted: entry["restored"] = "completed"
        case .discarded: entry["restored"] = "discarded"
        }
        launches.append(.object(entry))
        try apply(launch.effects)
    }

    /// Applies one navigation; a move the step does not accept is recorded as refused and changes nothing.
    private mutating func move(
        _ index: Int, refusing outcome: String, _ navigate: (inout FlowState) throws(FlowError) -> [FlowEffect]
    ) throws {
        guard !abandoned else {
            throw ConformanceClient.RequestError(description: "`input.script[\(index)]` moves after `abandon`; relaunch first")
        }
        var next = state
        let effects: [FlowEffect]
        do {
            effects = try navigate(&next)
        } catch {
            refused.append(["step": state.current.map { .string($0.stepID) } ?? .null, "outcome": .string(outcome)])
            return
        }
        state = next
        try apply(effects)
    }

    /// Carries out effects as the navigator does: a save, the analytics' events, then the exposures kept.
    private mutating func apply(_ effects: [FlowEffect]) throws {
        for effect in effects {
            switch effect {
            case .persist:
                saved = try StableJSON.encoder().encode(state)
            case .entered(let visit):
                guard let step = definition.step(at: visit.path, context: attributes) else { break }
                var item: [String: JSONValue] = ["step": .string(visit.stepID), "screen": .string(step.screen)]
                if !step.content.isEmpty { item["content"] = .object(step.content.json) }
                shown.append(.object(item))
            case .skipped(let path):
                skipped.append(.string(path.rawValue))
            default:
                break
            }
            events += recorder.events(
                for: effect, in: definition, context: attributes, path: state.path, exposed: state.exposures, at: now,
                messageID: Self.messageID
            ).map(Self.normalised)
            state.recordExposures(of: [effect], in: definition, context: attributes)
        }
    }

    /// An event as the app sends it, without its `messageId`.
    private static func normalised(_ event: OnboardingEvent) -> JSONValue {
        guard var object = (try? JSONValue(parsing: event.jsonLine))?.objectValue else { return .null }
        object["messageId"] = nil
        return .object(object)
    }

    private static func messageID() -> String { UUID().uuidString.lowercased() }
}
