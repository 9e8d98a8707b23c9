import Waypoint

extension WaypointDocument {
    /// The step ids events of a flow carry, in document order: a subflow step is replaced in place
    /// by its flow's steps as `subflowStepId/innerStepId` (recursively); `nil` when the document
    /// has no flow `id`.
    ///
    /// When several entries share the id (the variations of an experiment), the first entry's
    /// steps come first, then each other entry's steps not listed yet, in its order.
    ///
    /// ```swift
    /// let query = FunnelQuery(flowID: "signup", declaredSteps: document.reportedStepIDs(ofFlow: "signup"))
    /// ```
    public func reportedStepIDs(ofFlow id: String) -> [String]? {
        guard flows.contains(where: { $0.id == id }) else { return nil }
        var ids: [String] = []
        var listed: Set<String> = []
        expand(flow: id, prefix: "", open: [id], into: &ids, listed: &listed)
        return ids
    }

    /// The variations a flow's events may carry, as the document declares them: for each experiment
    /// reaching a run of the flow (``ExperimentReach``: its own entries' and those of the subflows it
    /// runs, whose events carry the experiment from exposure on), the `variation` of each entry, then
    /// every variation the experiment declares, in that order without repeats; `nil` when the document
    /// has no flow `id` (empty when no experiment reaches it).
    ///
    /// ```swift
    /// let query = FunnelQuery(flowID: "signup", groupByVariation: true, document: document)
    /// ```
    public func reportedVariations(ofFlow id: String) -> [String]? {
        guard flows.contains(where: { $0.id == id }) else { return nil }
        var names: [String] = []
        var listed: Set<String> = []
        for reached in ExperimentReach(document: self).experiments(reaching: id) {
            for variation in reached.variations where listed.insert(variation).inserted { names.append(variation) }
            for experiment in experiments where experiment.key == reached.key {
                for variation in experiment.variations where listed.insert(variation).inserted { names.append(variation) }
            }
        }
        return names
    }

    /// The step ids of a walkthrough, in document order; `nil` when the document has no
    /// walkthrough `id`.
    ///
    /// When several entries share the id (the variations of an experiment), the first entry's
    /// steps come first, then each other entry's steps not listed yet, in its order.
    ///
    /// ```swift
    /// let query = WalkthroughQuery(walkthroughID: "layering", declaredSteps: document.reportedStepIDs(ofWalkthrough: "layering"))
    /// ```
    public func reportedStepIDs(ofWalkthrough id: String) -> [String]? {
        let entries = walkthroughs.filter { $0.id == id }
        guard !entries.isEmpty else { return nil }
        var ids: [String] = []
        var listed: Set<String> = []
        for step in entries.flatMap(\.steps) where listed.insert(step.id).inserted {
            ids.append(step.id)
        }
        return ids
    }

    private func expand(flow id: String, prefix: String, open: Set<String>, into ids: inout [String], listed: inout Set<String>) {
        for entry in flows where entry.id == id {
            for step in entry.steps {
                let path = prefix + step.id
                if let subflow = step.subflow, !open.contains(subflow), flows.contains(where: { $0.id == subflow }) {
                    expand(flow: subflow, prefix: path + "/", open: open.union([subflow]), into: &ids, listed: &listed)
                } else if listed.insert(path).inserted {
                    ids.append(path)
                }
            }
        }
    }
}
