/// An experiment of a ``WaypointDocument``, in GrowthBook's form with variations named by strings:
/// `{"key": "short-signup", "variations": ["control", "short"], "weights": [0.5, 0.5], "coverage": 1.0,
/// "hashAttribute": "id", "hashVersion": 2}`.
///
/// Only `key` and `variations` are required. In a document, `hashAttribute` defaults to `id` and
/// `hashVersion` to 2 (GrowthBook's current hash; write `"hashVersion": 1` for an experiment created with
/// the old one). GrowthBook's `filters`, `ranges` and `force` are not part of the format.
///
/// What the experiment is for is part of it too (docs/ARCHITECTURE.md, "The document format"):
/// its `goal` (`$complete`, `STEP` or `STEP:OUTCOME`, the syntax of `waypoint experiment --goal`),
/// `guardrails` (goals that must not get worse), ``minimumDetectableEffect`` (relative, default 0.1)
/// and a free-text `hypothesis`.
public struct ExperimentEntry: Sendable, Hashable, Encodable {
    /// The experiment's key, also the seed of the hash unless `seed` is set.
    public var key: String
    /// The names of the variations; the first is the control, which users outside the experiment get.
    public var variations: [String]
    /// The share of each variation (default: equal); must add up to 1.
    public var weights: [Double]?
    /// The share of users who take part, from 0 to 1 (default 1).
    public var coverage: Double?
    /// The attribute whose value is hashed (default `id`).
    package var hashAttribute: String?
    /// The hash version, 1 or 2 (default 2).
    package var hashVersion: Int?
    /// The seed of the hash (default: ``key``).
    package var seed: String?
    /// The part of a namespace the experiment takes, `["namespace-id", lower, upper]`.
    package var namespace: ExperimentNamespace?
    /// Who may take part.
    public var condition: Condition?
    /// Whether the experiment runs (default `true`); when `false`, everyone gets the first variation.
    package var active: Bool?
    /// The primary goal, as `waypoint experiment --goal` writes it: `$complete`, a step id (`paywall`,
    /// `sub/inner` for a subflow's step) or `STEP:OUTCOME`; reports default to it, and to `$complete`
    /// without it.
    package var goal: String?
    /// Goals that must not get worse (such as `["$complete"]` on a paywall test), in the syntax of `goal`.
    package var guardrails: [String]?
    /// The smallest relative effect worth detecting (0.1 is 10%); `nil` means
    /// `defaultMinimumDetectableEffect`.
    public var minimumDetectableEffect: Double?
    /// What the team expects and why, in words.
    package var hypothesis: String?
    /// The changes each variation makes to steps, by variation name; a variation without changes sees
    /// the document as written.
    public var changes: [String: [ExperimentChange]]

    /// The hash version used when a document does not give one.
    package static let defaultHashVersion = 2
    /// The minimum detectable effect used when a document does not give one: 10%, relative.
    package static let defaultMinimumDetectableEffect = 0.1
    /// The goal used when a document does not give one: the flow (or walkthrough) completed.
    package static let defaultGoal = "$complete"

    /// The goal reports use: `goal`, else `defaultGoal`.
    package var effectiveGoal: String { goal ?? Self.defaultGoal }
    /// The minimum detectable effect reports use: ``minimumDetectableEffect``, else `defaultMinimumDetectableEffect`.
    package var effectiveMinimumDetectableEffect: Double { minimumDetectableEffect ?? Self.defaultMinimumDetectableEffect }

    /// Creates an experiment entry.
    package init(
        key: String, variations: [String], weights: [Double]? = nil, coverage: Double? = nil,
        hashAttribute: String? = nil, hashVersion: Int? = nil, seed: String? = nil, namespace: ExperimentNamespace? = nil,
        condition: Condition? = nil, active: Bool? = nil, goal: String? = nil, guardrails: [String]? = nil,
        minimumDetectableEffect: Double? = nil, hypothesis: String? = nil, changes: [String: [ExperimentChange]] = [:]
    ) {
        self.key = key
        self.variations = variations
        self.weights = weights
        self.coverage = coverage
        self.hashAttribute = hashAttribute
        self.hashVersion = hashVersion
        self.seed = seed
        self.namespace = namespace
        self.condition = condition
        self.active = active
        self.goal = goal
        self.guardrails = guardrails
        self.minimumDetectableEffect = minimumDetectableEffect
        self.hypothesis = hypothesis
        self.changes = changes
    }

    private enum CodingKeys: String, CodingKey {
        case key, variations, weights, coverage, hashAttribute, hashVersion, seed, namespace, condition, active, goal, guardrails, minimumDetectableEffect
        case hypothesis, changes
    }

    /// Encodes the document form (`changes` only when a variation has some).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(key, forKey: .key)
        try container.encode(variations, forKey: .variations)
        try container.encodeIfPresent(weights, forKey: .weights)
        try container.encodeIfPresent(coverage, forKey: .coverage)
        try container.encodeIfPresent(hashAttribute, forKey: .hashAttribute)
        try container.encodeIfPresent(hashVersion, forKey: .hashVersion)
        try container.encodeIfPresent(seed, forKey: .seed)
        try container.encodeIfPresent(namespace, forKey: .namespace)
        try container.encodeIfPresent(condition, forKey: .condition)
        try container.encodeIfPresent(active, forKey: .active)
        try container.encodeIfPresent(goal, forKey: .goal)
        try container.encodeIfPresent(guardrails, forKey: .guardrails)
        try container.encodeIfPresent(minimumDetectableEffect, forKey: .minimumDetectableEffect)
        try container.encodeIfPresent(hypothesis, forKey: .hypothesis)
        if !changes.isEmpty { try container.encode(changes, forKey: .changes) }
    }

    /// The experiment as the rules engine runs it, with the document's defaults applied.
    var experiment: Experiment {
        Experiment(
            key: key, variations: variations.map(JSONValue.string), weights: weights, coverage: coverage,
            hashAttribute: hashAttribute ?? "id", hashVersion: hashVersion ?? Self.defaultHashVersion, seed: seed,
            namespace: namespace, condition: condition, active: active
        )
    }
}
