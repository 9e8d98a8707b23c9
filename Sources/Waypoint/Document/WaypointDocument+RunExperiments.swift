extension WaypointDocument {
    /// The ids of the flows that a run of `flowID` runs as subflows, directly or not, whose entries
    /// vary by experiment, in the order the flow's steps reach them (each id once).
    ///
    /// A run of the flow reaches those experiments where it enters the subflow's step
    /// (docs/ARCHITECTURE.md, "Exposure"); `waypoint play --variation` forces the variation of the
    /// first one when the flow does not vary itself.
    package func varyingSubflows(runBy flowID: String) -> [String] {
        var seen: Set<String> = [flowID]
        var queue = [flowID]
        var varying: [String] = []
        var next = 0
        while next < queue.count {
            let id = queue[next]
            next += 1
            for entry in flows where entry.id == id {
                for step in entry.steps {
                    guard let subflow = step.subflow, seen.insert(subflow).inserted else { continue }
                    queue.append(subflow)
                    if flows.contains(where: { $0.id == subflow && $0.experiment != nil }) { varying.append(subflow) }
                }
            }
        }
        return varying
    }
}
