/// Why a test gave no figures: gbstats' reason for answering with its default output.
public enum StatisticsNote: String, Sendable, Hashable, Codable {
    /// The control's rate is zero, so a relative uplift has no meaning.
    case zeroBaseline = "ZERO_NEGATIVE_BASELINE_VARIATION"
    /// A variation's variance is zero or negative: every user converted, or none did, or one user only.
    case zeroVariance = "ZERO_NEGATIVE_VARIANCE"
    /// A variation has no users.
    case noUnits = "NO_UNITS_IN_VARIATION"
}
