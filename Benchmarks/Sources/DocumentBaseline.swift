import Foundation
import Waypoint

// The baseline of the document benchmark: plain `Decodable` structs of the same shape as the document
// model (flows, steps with outcomes and conditions, walkthroughs, experiments), filled by `JSONDecoder`
// with no checks at all. Waypoint reads documents only with `WaypointDocument.validate`; these structs
// exist so that its cost can be compared with what `JSONDecoder` alone costs for the same text.

/// A document as `JSONDecoder` reads it: absent lists and fields are `nil`, no default is applied.
struct BaselineDocument: Decodable {
    var schemaVersion: Int
    var flows: [BaselineFlow]?
    var walkthroughs: [BaselineWalkthrough]?
    var experiments: [BaselineExperiment]?
}

/// A flow as `JSONDecoder` reads it.
struct BaselineFlow: Decodable {
    var id: String
    var version: Int?
    var start: String?
    var experiment: String?
    var variation: String?
    var steps: [BaselineFlowStep]
}

/// A flow step as `JSONDecoder` reads it; the outcomes are a dictionary (it does not keep key order).
struct BaselineFlowStep: Decodable {
    var id: String
    var screen: String?
    var on: [String: String]?
    var when: Condition?
    var subflow: String?
}

/// A walkthrough as `JSONDecoder` reads it.
struct BaselineWalkthrough: Decodable {
    var id: String
    var version: Int?
    var maxDisplayCount: Int?
    var when: Condition?
    var experiment: String?
    var variation: String?
    var steps: [BaselineWalkthroughStep]
}

/// A walkthrough step as `JSONDecoder` reads it.
struct BaselineWalkthroughStep: Decodable {
    var id: String
    var targetElementId: String
    var highlightShape: HighlightShape?
    var tooltipText: String
    var tooltipPosition: TooltipPosition?
    var completionTrigger: CompletionTrigger?
    var canSkip: Bool?
    var when: Condition?
    var targetTimeout: Double?
}

/// An experiment as `JSONDecoder` reads it.
struct BaselineExperiment: Decodable {
    var key: String
    var variations: [String]
    var weights: [Double]?
    var coverage: Double?
    var hashAttribute: String?
    var hashVersion: Int?
    var seed: String?
    var namespace: ExperimentNamespace?
    var condition: Condition?
    var active: Bool?
}

extension BaselineDocument {
    /// Whether this holds the same flows, walkthroughs and experiments as `document`, once the format's
    /// defaults are applied (outcomes compared by name, as `JSONDecoder` does not keep their order).
    func matches(_ document: WaypointDocument) -> Bool {
        let flows = self.flows ?? [], walkthroughs = self.walkthroughs ?? [], experiments = self.experiments ?? []
        return schemaVersion == document.schemaVersion
            && flows.count == document.flows.count && zip(flows, document.flows).allSatisfy { $0.matches($1) }
            && walkthroughs.count == document.walkthroughs.count && zip(walkthroughs, document.walkthroughs).allSatisfy { $0.matches($1) }
            && experiments.count == document.experiments.count && zip(experiments, document.experiments).allSatisfy { $0.matches($1) }
    }
}

extension BaselineFlow {
    func matches(_ entry: FlowEntry) -> Bool {
        id == entry.id && (version ?? 1) == entry.version && start == entry.start && experiment == entry.experiment
            && variation == entry.variation && steps.count == entry.steps.count
            && zip(steps, entry.steps).allSatisfy { $0.matches($1) }
    }
}

extension BaselineFlowStep {
    func matches(_ entry: FlowStepEntry) -> Bool {
        let outcomes = entry.on.map { Dictionary(uniqueKeysWithValues: $0.map { ($0.name, $0.target.description) }) }
        return id == entry.id && screen == entry.screen && on == outcomes && when == entry.when && subflow == entry.subflow
    }
}

extension BaselineWalkthrough {
    func matches(_ entry: WalkthroughEntry) -> Bool {
        id == entry.id && (version ?? 1) == entry.version && maxDisplayCount == entry.maxDisplayCount && when == entry.when
            && experiment == entry.experiment && variation == entry.variation && steps.count == entry.steps.count
            && zip(steps, entry.steps).allSatisfy { $0.matches($1) }
    }
}

extension BaselineWalkthroughStep {
    func matches(_ entry: WalkthroughStepEntry) -> Bool {
        id == entry.id && targetElementId == entry.targetElementId && (highlightShape ?? .rectangle()) == entry.highlightShape
            && LocalizedText.plain(tooltipText) == entry.tooltipText && (tooltipPosition ?? .auto) == entry.tooltipPosition
            && (completionTrigger ?? .button) == entry.completionTrigger && (canSkip ?? true) == entry.canSkip
            && when == entry.when && targetTimeout == entry.targetTimeout
    }
}

extension BaselineExperiment {
    func matches(_ entry: ExperimentEntry) -> Bool {
        key == entry.key && variations == entry.variations && weights == entry.weights && coverage == entry.coverage
            && hashAttribute == entry.hashAttribute && hashVersion == entry.hashVersion && seed == entry.seed
            && namespace == entry.namespace && condition == entry.condition && active == entry.active
    }
}
