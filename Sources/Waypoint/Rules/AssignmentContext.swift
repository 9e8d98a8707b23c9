/// Everything besides the experiment that decides a user's variation.
struct AssignmentContext: Sendable, Hashable {
    /// The user's attributes.
    var attributes: Attributes
    /// The saved groups that conditions refer to with `$inGroup` and `$notInGroup`.
    var savedGroups: SavedGroups
    /// Variations forced by experiment key (for QA and previews); such a user is not counted as hashed.
    var forcedVariations: [String: Int]
    /// When `false`, no user is in any experiment.
    var isEnabled: Bool
    /// When `true`, only forced variations apply (QA mode).
    var isQAMode: Bool

    /// Creates a context.
    init(
        attributes: Attributes,
        savedGroups: SavedGroups = [:],
        forcedVariations: [String: Int] = [:],
        isEnabled: Bool = true,
        isQAMode: Bool = false
    ) {
        self.attributes = attributes
        self.savedGroups = savedGroups
        self.forcedVariations = forcedVariations
        self.isEnabled = isEnabled
        self.isQAMode = isQAMode
    }
}
