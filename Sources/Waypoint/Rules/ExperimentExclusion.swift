/// Why a user is not in an experiment, for explanations (`waypoint resolve`).
package enum ExperimentExclusion: Sendable, Hashable {
    /// The experiment has fewer than two variations.
    case tooFewVariations
    /// Assignment is switched off, or only forced variations apply (QA mode).
    case disabled
    /// The experiment is inactive (`"active": false`).
    case inactive
    /// The user does not have the hash attribute (or it is empty, `0`, `false` or `null`).
    case missingHashAttribute(String)
    /// The user's hash of the hash attribute falls outside the namespace or the filters.
    case namespace
    /// The experiment's condition is false for the user.
    case condition(Condition)
    /// The user's hash is outside every variation's range (reduced coverage).
    case coverage(hash: Double, coverage: Double?)
    /// The experiment the entry names is not in the document.
    case unknownExperiment
}
