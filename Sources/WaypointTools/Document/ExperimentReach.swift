import Waypoint

/// The experiments that reach a run of each flow: those its entries vary by or whose `changes` change its
/// steps, and those that reach the subflows it runs (directly or through other subflows) in the same way.
///
/// Several experiments may reach one run, each exposed at its own point (docs/ARCHITECTURE.md, "The
/// document format"): `--variation NAME` of `graph`, `paths` and `play` finds the experiment it belongs
/// to among those reaching the flow, and the experiment report the flows an experiment decides. Computed once for every flow
/// id, without recursion, over the subflow graph's strongly connected components (the flows of a subflow
/// cycle, itself an error, share their experiments).
///
/// ```swift
/// let reach = ExperimentReach(document: document)
/// reach.experiments(reaching: "onboarding").map(\.key)   // ["paywall-test"], from its subflow `paywall`
/// ```
public struct ExperimentReach: Sendable {
    /// An experiment that decides which entry of a flow a run enters.
    public struct Experiment: Sendable, Hashable {
        /// The experiment's key.
        public let key: String
        /// The id of the first flow (the flow itself, else a subflow) whose entries vary by it or whose steps it changes.
        public let flowID: String
        /// The index in `flows` of the first entry of that flow that names it; for an experiment that only
        /// changes the flow's steps, the flow's first entry.
        public let entryIndex: Int
        /// The variations that have an entry, in document order, over every flow the experiment reaches the
        /// run through; for an experiment that changes steps, every variation it declares (those without
        /// changes see the flow as written).
        public let variations: [String]
        /// The index in `experiments` of the experiment when it reaches the run by changing steps of
        /// ``flowID`` (`changes`); `nil` when it reaches it by entries only.
        public let changesIndex: Int?
        /// The steps of ``flowID`` the experiment changes, in document order of its changes; empty when it
        /// varies by entries.
        public let changedSteps: [String]

        /// Creates an experiment reaching a run.
        public init(
            key: String, flowID: String, entryIndex: Int, variations: [String], changesIndex: Int? = nil, changedSteps: [String] = []
        ) {
            self.key = key
            self.flowID = flowID
            self.entryIndex = entryIndex
            self.variations = variations
            self.changesIndex = changesIndex
            self.changedSteps = changedSteps
        }

        /// Whether the experiment reaches the run by changing steps rather than by entries.
        public var changesSteps: Bool { changesIndex != nil }
    }

    private let reach: [String: [Experiment]]

    /// Works out the experiments reaching every flow of `document`.
    public init(document: WaypointDocument) {
        var indexOf: [String: Int] = [:]
        var names: [String] = []
        var entries: [[Int]] = []
        for (position, flow) in document.flows.enumerated() {
            if let index = indexOf[flow.id] {
                entries[index].append(position)
            } else {
                indexOf[flow.id] = names.count
                names.append(flow.id)
                entries.append([position])
            }
        }
        // Each flow id's own experiments (with the variations of its entries) and the flow ids it runs, in step order.
        var own = [[Experiment]](repeating: [], count: names.count)
        var links = [[Int]](repeating: [], count: names.count)
        for (index, positions) in entries.enumerated() {
            var found: [String: Int] = [:]
            var variations: [[String]] = []
            var firsts: [(key: String, position: Int)] = []
            for position in positions {
                let flow = document.flows[position]
                if let key = flow.experiment {
                    let slot: Int
                    if let existing = found[key] {
                        slot = existing
                    } else {
                        slot = firsts.count
                        found[key] = slot
                        firsts.append((key, position))
                        variations.append([])
                    }
                    if let variation = flow.variation, !variations[slot].contains(variation) { variations[slot].append(variation) }
                }
                for step in flow.steps {
                    guard let subflow = step.subflow, let target = indexOf[subflow] else { continue }
                    links[index].append(target)
                }
            }
            var list = firsts.enumerated().map { slot, first in
                Experiment(key: first.key, flowID: names[index], entryIndex: first.position, variations: variations[slot])
            }
            // Experiments whose changes name steps of this flow.
            for (experimentIndex, experiment) in document.experiments.enumerated() {
                var steps: [String] = []
                for variation in experiment.variations {
                    for change in experiment.changes(for: variation) where change.flow == names[index] && !steps.contains(change.step) {
                        steps.append(change.step)
                    }
                }
                guard !steps.isEmpty else { continue }
                if let existing = list.firstIndex(where: { $0.key == experiment.key }) {
                    let known = list[existing]
                    list[existing] = Experiment(
                        key: known.key, flowID: known.flowID, entryIndex: known.entryIndex,
                        variations: known.variations + experiment.uniqueVariations.filter { !known.variations.contains($0) },
                        changesIndex: experimentIndex, changedSteps: steps)
                } else {
                    list.append(Experiment(
                        key: experiment.key, flowID: names[index], entryIndex: positions[0], variations: experiment.uniqueVariations,
                        changesIndex: experimentIndex, changedSteps: steps))
                }
            }
            own[index] = list
        }
        // Components come out sinks first, so a component's successors are done before it.
        var offsets: [Int32] = [0]
        var targets: [Int32] = []
        for list in links {
            targets.append(contentsOf: list.map(Int32.init))
            offsets.append(Int32(targets.count))
        }
        let (component, _) = NavigationGraph.components(offsets: offsets, targets: targets)
        let componentCount = (component.max() ?? -1) + 1
        var members = [[Int]](repeating: [], count: componentCount)
        for index in names.indices { members[component[index]].append(index) }
        var byComponent = [[Experiment]](repeating: [], count: componentCount)
        for id in 0..<componentCount {
            var list: [Experiment] = []
            for index in members[id] { Self.merge(own[index], into: &list) }
            for index in members[id] {
                for target in links[index] where component[target] != id { Self.merge(byComponent[component[target]], into: &list) }
            }
            byComponent[id] = list
        }
        var reach: [String: [Experiment]] = [:]
        for (index, name) in names.enumerated() { reach[name] = byComponent[component[index]] }
        self.reach = reach
    }

    /// Adds experiments to a list, merging the variations of one already there.
    private static func merge(_ experiments: [Experiment], into list: inout [Experiment]) {
        for experiment in experiments {
            guard let existing = list.firstIndex(where: { $0.key == experiment.key }) else {
                list.append(experiment)
                continue
            }
            let known = list[existing]
            let added = experiment.variations.filter { !known.variations.contains($0) }
            guard !added.isEmpty else { continue }
            list[existing] = Experiment(
                key: known.key, flowID: known.flowID, entryIndex: known.entryIndex, variations: known.variations + added,
                changesIndex: known.changesIndex, changedSteps: known.changedSteps)
        }
    }

    /// The experiments reaching a run of the flow `flowID`: its own first, then those of its subflows in
    /// step order; empty for a flow the document does not have.
    public func experiments(reaching flowID: String) -> [Experiment] {
        reach[flowID] ?? []
    }
}
