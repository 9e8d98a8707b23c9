import Waypoint

/// How reports list app versions.
public enum AppVersions {
    /// App versions from the oldest to the newest (as version conditions compare them: `2.10` after
    /// `2.9`), then `(none)`.
    public static func ordered(_ names: some Collection<String>) -> [String] {
        let padded = Dictionary(names.map { ($0, VersionString.padded($0)) }, uniquingKeysWith: { first, _ in first })
        return names.sorted { lhs, rhs in
            if (lhs == FunnelReport.noVariation) != (rhs == FunnelReport.noVariation) { return rhs == FunnelReport.noVariation }
            let left = padded[lhs] ?? lhs, right = padded[rhs] ?? rhs
            return left == right ? lhs < rhs : VersionString.less(left, right)
        }
    }
}
