import Foundation

/// Chooses, for each flow and walkthrough id, the entry a user gets, by experiment assignment.
///
/// Entries that share an id vary by experiment: the user gets the entry of their assigned variation; a user
/// outside the experiment (or without attributes) gets the entry of the experiment's first variation; when
/// that is missing too, the first entry with the id in document order.
package struct EntrySelector {
    /// A user's assignment to the experiment an id varies by.
    package struct Assignment: Sendable, Hashable {
        package let experiment: String
        package let variation: String?
        package let inExperiment: Bool
        package let hashValue: Double?
        /// Why the user is not in the experiment, in words; `nil` when they are.
        package var exclusionReason: String? = nil
        /// Whether the variation was forced (``EntrySelector/forcedVariations``) rather than assigned.
        package var isForced = false

        package init(
            experiment: String, variation: String?, inExperiment: Bool, hashValue: Double?,
            exclusionReason: String? = nil, isForced: Bool = false
        ) {
            self.experiment = experiment
            self.variation = variation
            self.inExperiment = inExperiment
            self.hashValue = hashValue
            self.exclusionReason = exclusionReason
            self.isForced = isForced
        }
    }

    let document: WaypointDocument
    let attributes: Attributes?
    let savedGroups: SavedGroups
    /// Variations chosen by experiment key instead of by assignment (`--variation` of the tool).
    package let forcedVariations: [String: String]
    private let flowPositions: [String: [Int]]
    private let walkthroughPositions: [String: [Int]]
    private let experiments: [String: ExperimentEntry]
    /// The distinct flow ids, in document order.
    package let flowIDs: [String]
    /// The distinct walkthrough ids, in document order.
    let walkthroughIDs: [String]

    package init(
        document: WaypointDocument, attributes: Attributes?, savedGroups: SavedGroups = [:], forcedVariations: [String: String] = [:]
    ) {
        self.document = document
        self.forcedVariations = forcedVariations
        self.attributes = attributes
        self.savedGroups = savedGroups
        (flowPositions, flowIDs) = Self.positions(document.flows.map(\.id))
        (walkthroughPositions, walkthroughIDs) = Self.positions(document.walkthroughs.map(\.id))
        var experiments: [String: ExperimentEntry] = [:]
        for experiment in document.experiments where experiments[experiment.key] == nil { experiments[experiment.key] = experiment }
        self.experiments = experiments
    }

    private static func positions(_ ids: [String]) -> ([String: [Int]], [String]) {
        var positions: [String: [Int]] = [:]
        var order: [String] = []
        for (index, id) in ids.enumerated() {
            if positions[id] == nil { order.append(id) }
            positions[id, default: []].append(index)
        }
        return (positions, order)
    }

    /// The flow entry for `id`, or `nil` when there is no flow with that id.
    package func flowEntry(_ id: String) -> FlowEntry? {
        flowSelection(id)?.entry
    }

    /// The flow entry for `id` as the user sees it, and the assignment that chose the entry (`nil` when
    /// the flow has one entry): the entry of the user's variation, with the `changes` of every
    /// experiment the user takes part in applied (``flowChanges(_:)``).
    package func flowSelection(_ id: String) -> (entry: FlowEntry, assignment: Assignment?)? {
        guard let positions = flowPositions[id] else { return nil }
        let entries = positions.map { document.flows[$0] }
        guard let (entry, assignment) = select(entries, experiment: \.experiment, variation: \.variation) else { return nil }
        return (entry.applying(flowChanges(id).flatMap(\.changes)), assignment)
    }

    /// The walkthrough entry for `id` as the user sees it (with the changes of the user's variations
    /// applied), and the assignment that chose the entry.
    package func walkthroughSelection(_ id: String) -> (entry: WalkthroughEntry, assignment: Assignment?)? {
        guard let positions = walkthroughPositions[id] else { return nil }
        let entries = positions.map { document.walkthroughs[$0] }
        guard let (entry, assignment) = select(entries, experiment: \.experiment, variation: \.variation) else { return nil }
        return (entry.applying(walkthroughChanges(id).flatMap(\.changes)), assignment)
    }

    private func select<Entry>(
        _ entries: [Entry], experiment: KeyPath<Entry, String?>, variation: KeyPath<Entry, String?>
    ) -> (entry: Entry, assignment: Assignment?)? {
        guard let first = entries.first else { return nil }
        guard let key = entries.lazy.compactMap({ $0[keyPath: experiment] }).first else { return (first, nil) }
        let assignment = assign(key)
        let chosen = assignment.variation.flatMap { name in entries.first { $0[keyPath: variation] == name } }
            ?? experiments[key]?.variations.first.flatMap { control in entries.first { $0[keyPath: variation] == control } }
            ?? first
        return (chosen, assignment)
    }

    /// The user's variation of the experiment `key`; without attributes, or for an unknown experiment,
    /// the first variation, not in the experiment.
    package func assign(_ key: String) -> Assignment {
        guard let entry = experiments[key] else {
            return Assignment(
                experiment: key, variation: nil, inExperiment: false, hashValue: nil,
                exclusionReason: "the document has no experiment `\(key)`")
        }
        if let forced = forcedVariations[key] {
            return Assignment(experiment: key, variation: forced, inExperiment: true, hashValue: nil, isForced: true)
        }
        guard let attributes else {
            return Assignment(
                experiment: key, variation: entry.variations.first, inExperiment: false, hashValue: nil,
                exclusionReason: "no attributes were given")
        }
        let experiment = entry.experiment
        let result = experiment.assign(attributes: attributes, savedGroups: savedGroups)
        var hash = result.bucket
        if hash == nil, JavaScript.isTruthy(result.hashAttributeValue) {
            let seed = (entry.seed?.isEmpty ?? true) ? entry.key : entry.seed ?? entry.key
            hash = Bucketing.hash(seed: seed, value: JavaScript.toString(result.hashAttributeValue), version: experiment.hashVersion ?? ExperimentEntry.defaultHashVersion)
        }
        let name = entry.variations.indices.contains(result.variationIndex) ? entry.variations[result.variationIndex] : entry.variations.first
        return Assignment(
            experiment: key, variation: name, inExperiment: result.inExperiment, hashValue: hash,
            exclusionReason: result.inExperiment ? nil : Self.explain(result.exclusion, attributes: attributes, savedGroups: savedGroups))
    }

    /// The reason a user is not in an experiment, in words.
    private static func explain(_ exclusion: ExperimentExclusion?, attributes: Attributes, savedGroups: SavedGroups) -> String {
        switch exclusion {
        case .tooFewVariations: "the experiment has fewer than two variations"
        case .disabled: "assignment is disabled"
        case .inactive: "the experiment is inactive"
        case .missingHashAttribute(let name): "no `\(name)` attribute to hash; give one, such as {\"\(name)\":\"u-123\"}"
        case .namespace: "the user's hash is outside the experiment's namespace"
        case .condition(let condition):
            "the experiment's condition is false: " + (condition.explainFailure(attributes, savedGroups: savedGroups) ?? condition.description)
        case .coverage(let hash, let coverage?):
            "hash \(String(format: "%.4f", hash)) is outside the coverage \(JavaScript.numberToString(coverage))"
        case .coverage(let hash, nil): "hash \(String(format: "%.4f", hash)) is outside every variation's range"
        case .unknownExperiment: "the document has no such experiment"
        case nil: "the forced variation does not exist"
        }
    }
}
