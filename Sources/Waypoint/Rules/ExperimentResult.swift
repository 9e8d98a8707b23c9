/// Which variation of an experiment a user gets, and why.
struct ExperimentResult: Sendable, Hashable {
    /// The index of the variation the user gets; 0 (the control) when they are not in the experiment.
    let variationIndex: Int
    /// The value of that variation; `null` when the experiment has no variations.
    let value: JSONValue
    /// Whether the user takes part in the experiment (and should be counted in its analysis).
    let inExperiment: Bool
    /// Whether the variation was chosen by hashing (not forced, not defaulted).
    let hashUsed: Bool
    /// The attribute that was hashed (or would have been).
    let hashAttribute: String
    /// That attribute's value; an empty string when the user does not have it. (GrowthBook calls it
    /// `hashValue`, a name Swift reserves for `Hashable`.)
    let hashAttributeValue: JSONValue
    /// The user's hash, in `[0, 1)`, when the variation was chosen by hashing.
    let bucket: Double?
    /// Why the user is not in the experiment; `nil` when they are, or when a forced variation is invalid.
    package let exclusion: ExperimentExclusion?

    /// The variation's name, when its value is a string (as in Waypoint documents).
    var variationName: String? { value.stringValue }

    /// The variation's key: its index as text, as GrowthBook reports it to analytics.
    var key: String { String(variationIndex) }

    init(experiment: Experiment, index: Int?, hashUsed: Bool, hashAttribute: String, hashAttributeValue: JSONValue, bucket: Double? = nil,
         exclusion: ExperimentExclusion? = nil) {
        let valid = index.map { experiment.variations.indices.contains($0) } ?? false
        let index = valid ? index ?? 0 : 0
        self.variationIndex = index
        self.value = experiment.variations.indices.contains(index) ? experiment.variations[index] : .null
        self.inExperiment = valid
        self.hashUsed = hashUsed
        self.hashAttribute = hashAttribute
        self.hashAttributeValue = hashAttributeValue
        self.bucket = bucket
        self.exclusion = valid ? nil : exclusion
    }
}
