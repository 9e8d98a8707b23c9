/// An experiment: users are split between its variations by a hash of one of their attributes.
///
/// The JSON form is GrowthBook's: `{"key": "short-signup", "variations": ["control", "short"],
/// "weights": [0.5, 0.5], "coverage": 1, "hashAttribute": "id", "hashVersion": 2}`; only `key` and
/// `variations` are required. Assignment (``assign(attributes:savedGroups:)``) follows GrowthBook's `run`.
struct Experiment: Sendable, Hashable, Codable {
    /// The experiment's key; also the seed of the hash when ``seed`` is not set.
    var key: String
    /// The variations' values; in a Waypoint document, the variations' names.
    var variations: [JSONValue]
    /// The share of each variation (default: equal); must add up to 1.
    var weights: [Double]?
    /// The share of eligible users who take part, from 0 to 1 (default 1).
    var coverage: Double?
    /// The attribute whose value is hashed (default `id`); a dotted path reaches into nested attributes.
    var hashAttribute: String?
    /// The hash version, 1 or 2 (default 1, as in GrowthBook; Waypoint documents use 2).
    var hashVersion: Int?
    /// The seed of the hash (default: ``key``).
    var seed: String?
    /// The part of a namespace the experiment takes; ignored when there are ``filters``.
    var namespace: ExperimentNamespace?
    /// Filters on who may take part; replace ``namespace``.
    var filters: [ExperimentFilter]?
    /// Explicit ranges of hash values per variation; replace ``weights`` and ``coverage``.
    var ranges: [BucketRange]?
    /// Who may take part.
    var condition: Condition?
    /// A variation every included user gets, without being counted as hashed into it.
    var force: Int?
    /// Whether the experiment runs (default `true`).
    var active: Bool?

    /// Creates an experiment.
    init(
        key: String,
        variations: [JSONValue],
        weights: [Double]? = nil,
        coverage: Double? = nil,
        hashAttribute: String? = nil,
        hashVersion: Int? = nil,
        seed: String? = nil,
        namespace: ExperimentNamespace? = nil,
        filters: [ExperimentFilter]? = nil,
        ranges: [BucketRange]? = nil,
        condition: Condition? = nil,
        force: Int? = nil,
        active: Bool? = nil
    ) {
        self.key = key
        self.variations = variations
        self.weights = weights
        self.coverage = coverage
        self.hashAttribute = hashAttribute
        self.hashVersion = hashVersion
        self.seed = seed
        self.namespace = namespace
        self.filters = filters
        self.ranges = ranges
        self.condition = condition
        self.force = force
        self.active = active
    }
}

/// A filter on the users an experiment may include: those whose hash, under its own seed, falls in one of its ranges.
///
/// Filters replace namespaces in newer GrowthBook documents; when an experiment has filters, its namespace is ignored.
struct ExperimentFilter: Sendable, Hashable, Codable {
    /// The seed of the filter's hash.
    var seed: String
    /// The hash values that pass.
    var ranges: [BucketRange]
    /// The attribute to hash (default `id`).
    var attribute: String?
    /// The hash version (default 2).
    var hashVersion: Int?

    /// Creates a filter.
    init(seed: String, ranges: [BucketRange], attribute: String? = nil, hashVersion: Int? = nil) {
        self.seed = seed
        self.ranges = ranges
        self.attribute = attribute
        self.hashVersion = hashVersion
    }
}
