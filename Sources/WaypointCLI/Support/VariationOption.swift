import ArgumentParser
import Waypoint
import WaypointTools

/// `--variation NAME`: the entry of a flow or walkthrough that varies by experiment, chosen by name.
enum VariationOption {
    /// The forced variations (by experiment key) for `--variation name` on the entries of `kind` `id`;
    /// empty without a name. An error names the variations that exist.
    static func forced(
        _ name: String?, id: String, kind: String, entries: [(experiment: String?, variation: String?)]
    ) throws -> [String: String] {
        guard let name else { return [:] }
        guard let experiment = entries.lazy.compactMap(\.experiment).first else {
            throw ValidationError("\(kind) `\(id)` does not vary by experiment, so it has no variation `\(name)`; leave out --variation.")
        }
        let names = entries.compactMap(\.variation)
        guard names.contains(name) else {
            throw ValidationError(
                "\(kind) `\(id)` has no entry for variation `\(name)` of `\(experiment)`; use --variation with \(listed(names, conjunction: "or")).")
        }
        return [experiment: name]
    }

    /// The forced variations for a flow: `name` is a variation of an experiment that reaches a run of the
    /// flow, on its own entries or on those of a subflow it runs (directly or not).
    ///
    /// Every such experiment with a variation of that name is forced (two can only reach one run when lint
    /// reports `overlapping-experiments`). An unknown name is an error that lists the variations there are.
    static func forFlow(_ name: String?, id: String, in document: WaypointDocument) throws -> [String: String] {
        guard let name else { return [:] }
        let reaching = ExperimentReach(document: document).experiments(reaching: id)
        guard !reaching.isEmpty else {
            throw ValidationError(
                "flow `\(id)` does not vary by experiment, nor does any subflow it runs, so it has no variation `\(name)`; leave out --variation.")
        }
        let matching = reaching.filter { $0.variations.contains(name) }
        guard matching.isEmpty else { return Dictionary(matching.map { ($0.key, name) }, uniquingKeysWith: { first, _ in first }) }
        var names: [String] = []
        for experiment in reaching { names += experiment.variations.filter { !names.contains($0) } }
        let suggestion = Spelling.suggestion(for: name, among: names).map { " Did you mean `\($0)`?" } ?? ""
        let sources = reaching.map { experiment in
            "`\(experiment.key)`" + (experiment.flowID == id ? "" : " (on the subflow `\(experiment.flowID)`)")
        }
        throw ValidationError(
            "No experiment reaching flow `\(id)` has an entry for variation `\(name)`.\(suggestion) The flow's "
                + "experiment\(sources.count == 1 ? " is" : "s are") \(sources.joined(separator: " and ")): "
                + "use --variation with \(listed(names, conjunction: "or")).")
    }

    /// The forced variations for a walkthrough: `name` is a variation of the experiment its entries vary
    /// by, or of an experiment whose `changes` change its steps (every variation of that one, the
    /// variations without changes showing the walkthrough as written).
    static func forWalkthrough(_ name: String?, id: String, in document: WaypointDocument) throws -> [String: String] {
        guard let name else { return [:] }
        let entries = document.walkthroughs.filter { $0.id == id }.map { (experiment: $0.experiment, variation: $0.variation) }
        let changing = document.experiments.filter { $0.changesWalkthrough(id) }
        guard !changing.isEmpty else { return try forced(name, id: id, kind: "walkthrough", entries: entries) }
        var candidates: [(key: String, variations: [String])] = []
        if let key = entries.lazy.compactMap(\.experiment).first {
            candidates.append((key, entries.compactMap(\.variation)))
        }
        for experiment in changing where !candidates.contains(where: { $0.key == experiment.key }) {
            candidates.append((experiment.key, experiment.uniqueVariations))
        }
        let matching = candidates.filter { $0.variations.contains(name) }
        guard matching.isEmpty else { return Dictionary(matching.map { ($0.key, name) }, uniquingKeysWith: { first, _ in first }) }
        var names: [String] = []
        for candidate in candidates { names += candidate.variations.filter { !names.contains($0) } }
        let suggestion = Spelling.suggestion(for: name, among: names).map { " Did you mean `\($0)`?" } ?? ""
        throw ValidationError(
            "No experiment of walkthrough `\(id)` has a variation `\(name)`.\(suggestion) Its experiment"
                + "\(candidates.count == 1 ? " is" : "s are") \(listed(candidates.map(\.key))): "
                + "use --variation with \(listed(names, conjunction: "or")).")
    }

    /// "variation `short` of `short-signup` (in the experiment, hash 0.1234)": which entry was used and why,
    /// or `nil` when the entry does not vary.
    static func describe(_ assignment: EntrySelector.Assignment?, attributesGiven: Bool) -> String? {
        guard let assignment else { return nil }
        let head = "variation \(assignment.variation ?? "?") of \(assignment.experiment)"
        if assignment.isForced { return head + " (forced by --variation)" }
        if !attributesGiven { return head + " (the first variation: no --attributes; choose one with --variation)" }
        if assignment.inExperiment {
            return head + " (in the experiment" + (assignment.hashValue.map { ", hash " + hashText($0) } ?? "") + ")"
        }
        return head + " (not in the experiment: " + (assignment.exclusionReason ?? "excluded") + "; the first variation)"
    }

    /// Which entry was used for each flow of `graph` that varies by experiment, and why: the root first, then
    /// the subflows it runs in document order.
    static func assignments(of graph: FlowGraph, selector: EntrySelector) -> [(flow: String, assignment: EntrySelector.Assignment)] {
        let ids = [graph.root.id] + selector.flowIDs.filter { $0 != graph.root.id && graph.subflows[$0] != nil }
        return ids.compactMap { id in
            if let assignment = selector.flowSelection(id)?.assignment { return (id, assignment) }
            // A flow whose steps an experiment changes: the first such experiment the user is in, else the first.
            let changes = selector.flowChanges(id)
            return (changes.first { $0.assignment.inExperiment } ?? changes.first).map { (id, $0.assignment) }
        }
    }

    /// A hash value as four decimals.
    static func hashText(_ value: Double) -> String {
        let scaled = Int((value * 10_000).rounded())
        let digits = String(scaled % 10_000)
        return "\(scaled / 10_000)." + String(repeating: "0", count: 4 - digits.count) + digits
    }
}
