import WaypointTools

/// Which variations a report page shows a section for.
enum VariationGroups {
    /// The variations by name; none when no user was in a variation (a lone "(none)").
    static func shown<Figures>(_ groups: [String: Figures]?) -> [(key: String, value: Figures)] {
        guard let groups, groups.keys.contains(where: { $0 != FunnelReport.noVariation }) else { return [] }
        return groups.sorted { $0.key < $1.key }
    }
}
