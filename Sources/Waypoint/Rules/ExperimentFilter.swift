/// A filter on the users an experiment may include: those whose hash, under its own seed, falls in one of its ranges.
///
/// Filters replace namespaces in newer GrowthBook documents; when an experiment has filters, its namespace is ignored.
public struct ExperimentFilter: Sendable, Hashable, Codable {
    /// The seed of the filter's hash.
    public var seed: String
    /// The hash values that pass.
    public var ranges: [BucketRange]
    /// The attribute to hash (default `id`).
    public var attribute: String?
    /// The hash version (default 2).
    public var hashVersion: Int?

    /// Creates a filter.
    public init(seed: String, ranges: [BucketRange], attribute: String? = nil, hashVersion: Int? = nil) {
        self.seed = seed
        self.ranges = ranges
        self.attribute = attribute
        self.hashVersion = hashVersion
    }
}
