import ArgumentParser
import Waypoint

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

    /// The forced variations for a flow: of its own experiment, else of the first subflow it runs that
    /// varies by one.
    static func forFlow(_ name: String?, id: String, in document: WaypointDocument) throws -> [String: String] {
        let own = document.flows.filter { $0.id == id }
        if name != nil, !own.contains(where: { $0.experiment != nil }), let subflow = document.varyingSubflows(runBy: id).first {
            return try forced(name, id: subflow, kind: "subflow", entries: document.flows.filter { $0.id == subflow }.map { ($0.experiment, $0.variation) })
        }
        return try forced(name, id: id, kind: "flow", entries: own.map { ($0.experiment, $0.variation) })
    }

    /// The forced variations for a walkthrough.
    static func forWalkthrough(_ name: String?, id: String, in document: WaypointDocument) throws -> [String: String] {
        try forced(name, id: id, kind: "walkthrough", entries: document.walkthroughs.filter { $0.id == id }.map { ($0.experiment, $0.variation) })
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

    /// A hash value as four decimals.
    static func hashText(_ value: Double) -> String {
        let scaled = Int((value * 10_000).rounded())
        let digits = String(scaled % 10_000)
        return "\(scaled / 10_000)." + String(repeating: "0", count: 4 - digits.count) + digits
    }
}
