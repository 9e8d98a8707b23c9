/// A walkthrough of a ``WaypointDocument``: `{"id": "layering", "version": 2, "maxDisplayCount": 3, "when": {...}, "steps": [...]}`.
///
/// Like flows, two entries may share an id when each names an `experiment` and one of its `variation`s.
public struct WalkthroughEntry: Sendable, Hashable, Encodable {
    /// The walkthrough's id.
    public var id: String
    /// The walkthrough's version (default 1); raising it restarts the walkthrough for everyone.
    public var version: Int
    /// How many times the walkthrough may be started; `nil` for no limit.
    public var maxDisplayCount: Int?
    /// The condition under which the walkthrough may start.
    public var when: Condition?
    /// The experiment this entry is a variation of.
    public var experiment: String?
    /// The variation of ``experiment`` this entry is used for.
    public var variation: String?
    /// The hints, in the order they are shown.
    public var steps: [WalkthroughStepEntry]

    /// Creates a walkthrough entry.
    package init(
        id: String, version: Int = 1, maxDisplayCount: Int? = nil, when: Condition? = nil,
        experiment: String? = nil, variation: String? = nil, steps: [WalkthroughStepEntry]
    ) {
        self.id = id
        self.version = version
        self.maxDisplayCount = maxDisplayCount
        self.when = when
        self.experiment = experiment
        self.variation = variation
        self.steps = steps
    }

    private enum CodingKeys: String, CodingKey { case id, version, maxDisplayCount, when, experiment, variation, steps }

    /// Encodes the document form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(version, forKey: .version)
        try container.encodeIfPresent(maxDisplayCount, forKey: .maxDisplayCount)
        try container.encodeIfPresent(when, forKey: .when)
        try container.encodeIfPresent(experiment, forKey: .experiment)
        try container.encodeIfPresent(variation, forKey: .variation)
        try container.encode(steps, forKey: .steps)
    }
}
