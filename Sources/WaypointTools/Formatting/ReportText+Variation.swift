extension ReportText {
    /// How tables and pages name the group of users none of whose events carries a variation (the
    /// JSON's ``FunnelReport/noVariation`` key): they were never exposed to the experiment.
    ///
    /// Their events cannot tell users outside the experiment (its coverage or condition left them
    /// out) from users who were assigned but left before the step that exposes a run: before
    /// exposure no event carries a variation, and assignment is never sent. So one label says what
    /// both are, never a variation's name.
    public static let notExposed = "not exposed"

    /// The title of a variation group in a report split by variation: `Variation control`, or
    /// `Not exposed` for the ``FunnelReport/noVariation`` group.
    public static func variationTitle(_ name: String) -> String {
        name == FunnelReport.noVariation ? "Not exposed" : "Variation \(name)"
    }

    /// Who the ``notExposed`` group holds, in one sentence: the dashboard says it under the group's title.
    public static let notExposedMeaning = "Users none of whose events carries a variation: outside the experiment, "
        + "or gone before the step that exposes a run (their events cannot tell which)."

    /// The ``notExposedMeaning`` as a note under a table that has the group; `nil` when `groups`
    /// (a report's variation keys) do not have it.
    ///
    /// ```swift
    /// ReportText.notExposedNote(["control", "short", "(none)"])
    /// // "Not exposed: users none of whose events carries a variation: outside the experiment, …"
    /// ```
    public static func notExposedNote<Names: Sequence<String>>(_ groups: Names) -> String? {
        guard groups.contains(FunnelReport.noVariation) else { return nil }
        return "Not exposed: " + notExposedMeaning.prefix(1).lowercased() + notExposedMeaning.dropFirst()
    }

    /// The order tables and pages show variation groups in: the variations by name, then
    /// `(other)` (``ReportBounds/otherGroup``), then the ``notExposed`` group.
    public static func variationOrder<Names: Sequence<String>>(_ groups: Names) -> [String] {
        func rank(_ name: String) -> Int {
            name == FunnelReport.noVariation ? 2 : name == ReportBounds.otherGroup ? 1 : 0
        }
        return groups.sorted { (rank($0), $0) < (rank($1), $1) }
    }
}
