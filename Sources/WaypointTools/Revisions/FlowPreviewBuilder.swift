import Waypoint

/// Adds users of one flow to a ``FlowPreview``, one user's events at a time.
struct FlowPreviewBuilder {
    let flowID: String
    private var published: RevisionFlow
    private var candidate: RevisionFlow
    private var users = 0
    private var discarded = 0
    private var fresh = 0
    private var reassigned = 0
    private var resumed: [String: Int] = [:]
    private var truncated: [String: (users: Int, dropped: Int)] = [:]
    /// Lines that were not valid events.
    var invalidLines = 0

    init(flowID: String, published: WaypointDocument?, candidate: WaypointDocument) {
        self.flowID = flowID
        self.published = RevisionFlow(flowID: flowID, document: published)
        self.candidate = RevisionFlow(flowID: flowID, document: candidate)
    }

    /// Adds one user, given all their events of the flow (in any order).
    mutating func add(_ events: inout [PreviewEvent]) {
        guard let run = InFlightRun(events: &events) else { return }
        users += 1
        let context = Attributes()
        // What the app holds now: the events' path, as the published revision restored it.
        var saved = FlowState(flowID: flowID, flowVersion: 0, path: run.path)
        if let baseline = published.choice(experiment: run.experiment, variation: run.variation) {
            saved = FlowState.restoring(saved, in: baseline.definition, context: context).state
        }
        guard let target = candidate.choice(experiment: run.experiment, variation: run.variation) else {
            discarded += 1
            return
        }
        if target.reassigned { reassigned += 1 }
        let (state, result) = FlowState.restoring(saved, in: target.definition, context: context)
        switch result {
        case .fresh:
            fresh += 1
        case .resumed:
            resumed[state.path.last?.stepID ?? "", default: 0] += 1
        case .truncated(let kept, let dropped):
            guard kept > 0, let step = state.path.last?.stepID else {
                discarded += 1
                return
            }
            let previous = truncated[step] ?? (0, 0)
            truncated[step] = (previous.users + 1, previous.dropped + dropped)
        case .alreadyCompleted, .discarded:
            // Not reached: the state is of this flow and not completed.
            discarded += 1
        }
    }

    /// The preview of the flow, once every user is added.
    func finish(published publishedDocument: WaypointDocument?, candidate candidateDocument: WaypointDocument) -> FlowPreview {
        let order = candidateDocument.reportedStepIDs(ofFlow: flowID) ?? []
        var rank: [String: Int] = [:]
        for (index, step) in order.enumerated() where rank[step] == nil { rank[step] = index }
        func ordered(_ steps: some Sequence<String>) -> [String] {
            steps.sorted { lhs, rhs in
                switch (rank[lhs], rank[rhs]) {
                case (let left?, let right?): left < right
                case (.some, nil): true
                case (nil, .some): false
                case (nil, nil): lhs < rhs
                }
            }
        }
        let inFlight = InFlightUsers(
            users: users,
            resumed: ordered(resumed.keys).map { InFlightUsers.Resumed(step: $0, users: resumed[$0] ?? 0) },
            truncated: ordered(truncated.keys).map { step in
                let figures = truncated[step] ?? (0, 0)
                return InFlightUsers.Truncated(step: step, users: figures.users, droppedVisits: figures.dropped)
            },
            discarded: discarded, fresh: fresh, reassigned: reassigned)
        return FlowPreview(
            id: flowID,
            pathCount: FlowPreview.PathCounts(
                published: FlowPreview.PathTotal.of(flowID, in: publishedDocument),
                candidate: FlowPreview.PathTotal.of(flowID, in: candidateDocument)),
            inFlight: inFlight, invalidLines: invalidLines)
    }
}
