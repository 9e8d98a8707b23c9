import Waypoint

extension DocumentLinter {
    /// Several experiments may reach one run, each exposed at its own point (docs/ARCHITECTURE.md,
    /// "Exposure"); two conflict only when they decide the same thing: two experiments that change
    /// one step of a flow or walkthrough, or two whose entries vary one flow or walkthrough id. Each
    /// is the error `overlapping-experiments`, naming both, once per pair and step (or id), at the
    /// first change (or entry) of the later one. Experiments that share a namespace with disjoint
    /// ranges never assign one user to both, so they do not conflict.
    mutating func lintOverlappingExperiments() {
        lintOverlappingEntries(ids: document.flows.map(\.id), experiments: document.flows.map(\.experiment), kind: "flow",
                               path: Self.flowPath)
        lintOverlappingEntries(
            ids: document.walkthroughs.map(\.id), experiments: document.walkthroughs.map(\.experiment), kind: "walkthrough",
            path: Self.walkthroughPath)
        lintOverlappingChanges()
    }

    /// Entries of one id that vary by two experiments.
    private mutating func lintOverlappingEntries(
        ids: [String], experiments: [String?], kind: String, path: (Int) -> DocumentPath
    ) {
        var seen: [String: [(key: String, index: Int)]] = [:]
        for (index, id) in ids.enumerated() {
            guard let key = experiments[index] else { continue }
            let earlier = seen[id] ?? []
            guard !earlier.contains(where: { $0.key == key }) else { continue }
            seen[id, default: []].append((key, index))
            guard let first = earlier.first(where: { !mutuallyExclusive($0.key, key) }) else { continue }
            add(.overlappingExperiments, .error, path(index).appending("experiment"),
                "two experiments vary the entries of \(kind) `\(id)`: `\(first.key)` (\(kind)s[\(first.index)]) and `\(key)` "
                    + "(\(kind)s[\(index)]); a run can take only one entry, so put them in one namespace with disjoint ranges, "
                    + "or make one experiment with more variations")
        }
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
