import Waypoint

extension DocumentLinter {
    /// Several experiments may reach one run, each exposed at its own point (docs/ARCHITECTURE.md,
    /// "Exposure"); two conflict only when they decide the same thing: two experiments that change
    /// one step of a flow or walkthrough (checked here), or two whose entries vary one flow or
    /// walkthrough id (checked with the shared ids, by `lintEntries`). Each is the error
    /// `overlapping-experiments`, naming both: here once per pair and step, at the first change of
    /// the later one. Experiments that share a namespace with disjoint ranges never assign one user
    /// to both, so their changes do not conflict.
    mutating func lintOverlappingExperiments() {
        lintOverlappingChanges()
    }

    /// Steps that two experiments change.
    private mutating func lintOverlappingChanges() {
        struct Target: Hashable { let isFlow: Bool, id: String, step: String }
        var changers: [Target: [(key: String, index: Int)]] = [:]
        var reported: Set<[String]> = []
        for (experimentIndex, experiment) in document.experiments.enumerated() {
            var own: Set<Target> = []
            for variation in experiment.uniqueVariations {
                for (position, change) in experiment.changes(for: variation).enumerated() {
                    let target: Target
                    if let flow = change.flow {
                        target = Target(isFlow: true, id: flow, step: change.step)
                    } else if let walkthrough = change.walkthrough {
                        target = Target(isFlow: false, id: walkthrough, step: change.step)
                    } else {
                        continue
                    }
                    guard own.insert(target).inserted else { continue }
                    let earlier = changers[target] ?? []
                    changers[target, default: []].append((experiment.key, experimentIndex))
                    guard let first = earlier.first(where: { $0.key != experiment.key && !mutuallyExclusive($0.key, experiment.key) }),
                          reported.insert([target.isFlow ? "f" : "w", target.id, target.step, first.key, experiment.key]).inserted
                    else { continue }
                    let kind = target.isFlow ? "flow" : "walkthrough"
                    add(.overlappingExperiments, .error,
                        Self.experimentPath(experimentIndex).appending("changes").appending(variation).appending(position)
                            .appending(target.isFlow ? "flow" : "walkthrough"),
                        "two experiments change step `\(target.step)` of \(kind) `\(target.id)`: `\(first.key)` "
                            + "(experiments[\(first.index)]) and `\(experiment.key)` (experiments[\(experimentIndex)]); a step can be "
                            + "decided by only one experiment, so put them in one namespace with disjoint ranges, or make one "
                            + "experiment with more variations")
                }
            }
        }
    }

    /// Whether no user can be in both experiments: they take disjoint ranges of one namespace.
    private func mutuallyExclusive(_ first: String, _ second: String) -> Bool {
        guard let one = document.experiments.first(where: { $0.key == first })?.namespace,
              let other = document.experiments.first(where: { $0.key == second })?.namespace,
              one.id == other.id
        else { return false }
        return one.range.upperBound <= other.range.lowerBound || other.range.upperBound <= one.range.lowerBound
    }
}
