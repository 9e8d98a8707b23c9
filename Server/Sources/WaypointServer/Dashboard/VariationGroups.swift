import WaypointTools

/// Which variations a report page shows a section for.
enum VariationGroups {
    /// The variations by name, then `(other)`, then the users not exposed (``ReportText/variationOrder(_:)``),
    /// each by its report key; none when no user was in a variation (a lone group of users not exposed).
    static func shown<Figures>(_ groups: [String: Figures]?) -> [(key: String, value: Figures)] {
        guard let groups, groups.keys.contains(where: { $0 != FunnelReport.noVariation }) else { return [] }
        return ReportText.variationOrder(groups.keys).compactMap { key in groups[key].map { (key, $0) } }
    }

    /// What a group's section says under its title: who the users not exposed are; nil for a variation.
    static func note(_ key: String) -> String? {
        key == FunnelReport.noVariation ? ReportText.notExposedMeaning : nil
    }
}
