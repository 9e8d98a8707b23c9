/// A flow of a ``WaypointDocument``: `{"id": "signup", "version": 1, "start": "splash", "steps": [...]}`.
///
/// Two entries may share an id when each names an `experiment` and one of its `variation`s: a user gets
/// the entry of the variation they are assigned to, and a user outside the experiment gets the entry of
/// the experiment's first variation.
public struct FlowEntry: Sendable, Hashable, Encodable {
    /// The flow's id.
    public var id: String
    /// The flow's version (default 1).
    public var version: Int
    /// The id of the first step; `nil` means the first step in document order.
    public var start: String?
    /// The experiment this entry is a variation of.
    public var experiment: String?
    /// The variation of ``experiment`` this entry is used for.
    public var variation: String?
    /// The steps, in document order.
    public var steps: [FlowStepEntry]

    /// Creates a flow entry.
    public init(
        id: String, version: Int = 1, start: String? = nil,
        experiment: String? = nil, variation: String? = nil, steps: [FlowStepEntry]
    ) {
        self.id = id
        self.version = version
        self.start = start
        self.experiment = experiment
        self.variation = variation
        self.steps = steps
    }

    private enum CodingKeys: String, CodingKey { case id, version, start, experiment, variation, steps }

    /// Encodes the document form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(version, forKey: .version)
        try container.encodeIfPresent(start, forKey: .start)
        try container.encodeIfPresent(experiment, forKey: .experiment)
        try container.encodeIfPresent(variation, forKey: .variation)
        try container.encode(steps, forKey: .steps)
    }

    /// The id of the step the flow starts with: ``start``, or the first step's; `nil` for a flow without steps.
    public var startStepID: String? { start ?? steps.first?.id }
}

extension FlowEntry {
    /// Where each step leads, by the rules the runtime follows (``FlowDefinition`` builds the same
    /// table from its steps): what lint and the tools' graph of a flow are derived from.
    package var routes: StepRoutes {
        StepRoutes(steps.map {
            StepRoutes.Shape(id: $0.id, outcomes: ($0.declaredOutcomes ?? []).map { ($0.name, $0.target) }, runsSubflow: $0.subflow != nil)
        }, start: start)
    }
}
