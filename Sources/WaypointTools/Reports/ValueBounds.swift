/// Which values of a split keep their names in a report that counts users per value
/// (``ReportBounds``): `(none)` for users without one, the ``ReportBounds/namedGroups`` values with
/// the most users (then by their bytes), and `(other)` for the rest. The experiment report's
/// dimension analysis names its values this way, as the flow report names app versions.
enum ValueBounds {
    /// The name each value is reported under (`nil`: users without a value), and how many
    /// distinct values are reported under `(other)`.
    ///
    /// - Parameter users: users per value.
    static func names(users: [ExactID?: Int]) -> (reported: [ExactID?: String], folded: Int) {
        var reported: [ExactID?: String] = [:]
        if users[nil] != nil { reported[nil] = FunnelReport.noVariation }
        let candidates = users.compactMap { value, count in value.map { ($0, count) } }
            .filter { $0.1 > 0 }
            .sorted { lhs, rhs in lhs.1 != rhs.1 ? lhs.1 > rhs.1 : lhs.0 < rhs.0 }
        var folded = 0
        for (rank, candidate) in candidates.enumerated() {
            let name = candidate.0.text
            if rank < ReportBounds.namedGroups, name != ReportBounds.otherGroup, name != FunnelReport.noVariation {
                reported[candidate.0] = name
            } else {
                reported[candidate.0] = ReportBounds.otherGroup
                if name != ReportBounds.otherGroup { folded += 1 }
            }
        }
        return (reported, folded)
    }
}
