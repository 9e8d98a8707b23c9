/// An experiment of a ``WaypointDocument``, in GrowthBook's form with variations named by strings:
/// `{"key": "short-signup", "variations": ["control", "short"], "weights": [0.5, 0.5], "coverage": 1.0,
/// "hashAttribute": "id", "hashVersion": 2}`.
///
/// Only `key` and `variations` are required. In a document, `hashAttribute` defaults to `id` and
/// `hashVersion` to 2 (GrowthBook's current hash; write `"hashVersion": 1` for an experiment created with
/// the old one). GrowthBook's `filters`, `ranges` and `force` are not part of the format.
public struct ExperimentEntry: Sendable, Hashable, Encodable {
    /// The experiment's key, also the seed of the hash unless ``seed`` is set.
    public var key: String
    /// The names of the variations; the first is the control, which users outside the experiment get.
    public var variations: [String]
    /// The share of each variation (default: equal); must add up to 1.
    public var weights: [Double]?
    /// The share of users who take part, from 0 to 1 (default 1).
    public var coverage: Double?
    /// The attribute whose value is hashed (default `id`).
    public var hashAttribute: String?
    /// The hash version, 1 or 2 (default 2).
    public var hashVersion: Int?
    /// The seed of the hash (default: ``key``).
    public var seed: String?
    /// The part of a namespace the experiment takes, `["namespace-id", lower, upper]`.
    public var namespace: ExperimentNamespace?
    /// Who may take part.
    public var condition: Condition?
    /// Whether the experiment runs (default `true`); when `false`, everyone gets the first variation.
    public var active: Bool?
    /// The changes each variation makes to steps, by variation name; a variation without changes sees
    /// the document as written.
    public var changes: [String: [ExperimentChange]]

    /// The hash version used when a document does not give one.
    public static let defaultHashVersion = 2

    /// Creates an experiment entry.
    public init(
        key: String, variations: [String], weights: [Double]? = nil, coverage: Double? = nil,
        hashAttribute: String? = nil, hashVersion: Int? = nil, seed: String? = nil, namespace: ExperimentNamespace? = nil,
        condition: Condition? = nil, active: Bool? = nil, changes: [String: [ExperimentChange]] = [:]
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
        self.changes = changes
    }

    private enum CodingKeys: String, CodingKey {
        case key, variations, weights, coverage, hashAttribute, hashVersion, seed, namespace, condition, active, changes
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
