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

    /// The variations a flow's events may carry, as the document declares them: the `variation` of
    /// each entry of the flow and every variation of the experiments those entries name, in that
    /// order without repeats; `nil` when the document has no flow `id` (empty when it does not vary).
    ///
    /// ```swift
    /// let query = FunnelQuery(flowID: "signup", groupByVariation: true, document: document)
    /// ```
    public func reportedVariations(ofFlow id: String) -> [String]? {
        let entries = flows.filter { $0.id == id }
        guard !entries.isEmpty else { return nil }
        var names: [String] = []
        var listed: Set<String> = []
        for entry in entries {
            if let variation = entry.variation, listed.insert(variation).inserted { names.append(variation) }
        }
        let named = Set(entries.compactMap(\.experiment))
        for experiment in experiments where named.contains(experiment.key) {
            for variation in experiment.variations where listed.insert(variation).inserted { names.append(variation) }
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
