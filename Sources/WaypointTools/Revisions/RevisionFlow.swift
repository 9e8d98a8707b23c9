import Waypoint

/// One flow of one document revision, as the users of each experiment variation get it.
///
/// Definitions are built as the app builds them, with ``WaypointDocument/resolve(attributes:savedGroups:forcedVariations:preferredLanguages:)``
/// (subflows included), forcing the user's variation, and cached per variation.
struct RevisionFlow {
    /// The flow's definition for one user, and whether the user's variation had to be replaced.
    struct Choice {
        let definition: FlowDefinition<Attributes>
        /// The user has a variation, the flow varies by experiment in this revision, and no entry of
        /// the flow is for the user's experiment and variation: they get what a user outside the
        /// experiment gets (the entry of the experiment's first variation).
        let reassigned: Bool
    }

    let flowID: String
    let document: WaypointDocument?
    /// The flow's entries in the document (empty when the document lacks the flow).
    private let entries: [FlowEntry]
    private var cache: [String: Choice?] = [:]

    init(flowID: String, document: WaypointDocument?) {
        self.flowID = flowID
        self.document = document
        self.entries = document?.flows.filter { $0.id == flowID } ?? []
    }

    /// Whether the document has the flow.
    var exists: Bool { !entries.isEmpty }

    /// The flow as a user attributed to `experiment` and `variation` (both `nil` outside any experiment)
    /// gets it; `nil` when the document lacks the flow or cannot build it (a subflow that names no
    /// flow, flows that run each other in a circle: lint errors).
    mutating func choice(experiment: String?, variation: String?) -> Choice? {
        guard let document, exists else { return nil }
        let key = (experiment ?? "") + "\u{0}" + (variation ?? "")
        if let cached = cache[key] { return cached }
        var forced: [String: String] = [:]
        let flowExperiment = entries.lazy.compactMap(\.experiment).first
        if let variation, let key = experiment ?? flowExperiment { forced[key] = variation }
        var choice: Choice?
        if let definition = try? document.resolve(attributes: Attributes(), forcedVariations: forced).flows[flowID] {
            let reassigned = variation != nil && flowExperiment != nil
                && !entries.contains { $0.variation == variation && $0.experiment == (experiment ?? flowExperiment) }
            choice = Choice(definition: definition, reassigned: reassigned)
        }
        cache[key] = .some(choice)
        return choice
    }
}
