/// Chooses, for each flow and walkthrough id, the entry a user gets, by experiment assignment.
///
/// Entries that share an id vary by experiment: the user gets the entry of their assigned variation; a user
/// outside the experiment (or without attributes) gets the entry of the experiment's first variation; when
/// that is missing too, the first entry with the id in document order.
package struct EntrySelector {
    /// A user's assignment to the experiment an id varies by.
    struct Assignment: Sendable, Hashable {
        let experiment: String
        let variation: String?
        let inExperiment: Bool
        let hashValue: Double?
    }

    let document: WaypointDocument
    let attributes: Attributes?
    let savedGroups: SavedGroups
    private let flowPositions: [String: [Int]]
    private let walkthroughPositions: [String: [Int]]
    private let experiments: [String: ExperimentEntry]
    /// The distinct flow ids, in document order.
    package let flowIDs: [String]
    /// The distinct walkthrough ids, in document order.
    let walkthroughIDs: [String]

    package init(document: WaypointDocument, attributes: Attributes?, savedGroups: SavedGroups = [:]) {
        self.document = document
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

    /// The flow entry for `id` and the assignment that chose it (`nil` when the flow does not vary).
    func flowSelection(_ id: String) -> (entry: FlowEntry, assignment: Assignment?)? {
        guard let positions = flowPositions[id] else { return nil }
        let entries = positions.map { document.flows[$0] }
        return select(entries, experiment: \.experiment, variation: \.variation)
    }

    /// The walkthrough entry for `id` and the assignment that chose it.
    func walkthroughSelection(_ id: String) -> (entry: WalkthroughEntry, assignment: Assignment?)? {
        guard let positions = walkthroughPositions[id] else { return nil }
        let entries = positions.map { document.walkthroughs[$0] }
        return select(entries, experiment: \.experiment, variation: \.variation)
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
    func assign(_ key: String) -> Assignment {
        guard let entry = experiments[key] else {
            return Assignment(experiment: key, variation: nil, inExperiment: false, hashValue: nil)
        }
        guard let attributes else {
            return Assignment(experiment: key, variation: entry.variations.first, inExperiment: false, hashValue: nil)
        }
        let experiment = entry.experiment
        let result = experiment.assign(attributes: attributes, savedGroups: savedGroups)
        var hash = result.bucket
        if hash == nil, JavaScript.isTruthy(result.hashAttributeValue) {
            let seed = (entry.seed?.isEmpty ?? true) ? entry.key : entry.seed ?? entry.key
            hash = Bucketing.hash(seed: seed, value: JavaScript.toString(result.hashAttributeValue), version: experiment.hashVersion ?? ExperimentEntry.defaultHashVersion)
        }
        let name = entry.variations.indices.contains(result.variationIndex) ? entry.variations[result.variationIndex] : entry.variations.first
        return Assignment(experiment: key, variation: name, inExperiment: result.inExperiment, hashValue: hash)
    }
}
