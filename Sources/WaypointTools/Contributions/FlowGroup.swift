import Foundation

/// A user's groups in a flow report, written as a ``ContributionRow/group``: canonical JSON with
/// sorted keys, so that users alike share a cell (docs/ARCHITECTURE.md, "Reports at scale").
struct FlowGroup: Codable, Hashable, CanonicalGroup {
    /// The app version of the user's last event with one (their `byAppVersion` group).
    var appVersion: String?
    /// The revision of the user's first `Flow Started` (their `byRevision` group).
    var revision: Int64?
    /// The locale of the user's last event with one (their `byLocale` group).
    var locale: String?
    /// The platform of the user's last event with one (their `byPlatform` group).
    var platform: String?
    /// The variation of the user's earliest event with one, whatever its experiment (their group
    /// split by variation when no experiment is named).
    var variation: String?
    /// The experiments the user's events carry, sorted.
    var experiments: [String] = []
    /// By experiment, the variation of the user's earliest event that carries it and has one
    /// (their group split by that experiment).
    var variations: [String: String] = [:]

    /// The canonical text.
    var text: String { ContributionGroup.text(self) }

    /// Reads a canonical text.
    init(text: String) throws(ContributionError) {
        do {
            self = try JSONDecoder().decode(FlowGroup.self, from: Data(text.utf8))
        } catch {
            throw .malformed("a flow group that is not one (\(text.prefix(80)))")
        }
    }

    init(
        appVersion: String?, revision: Int64?, locale: String? = nil, platform: String? = nil, variation: String?,
        experiments: [String], variations: [String: String]
    ) {
        self.appVersion = appVersion
        self.revision = revision
        self.locale = locale
        self.platform = platform
        self.variation = variation
        self.experiments = experiments
        self.variations = variations
    }
}

extension FlowGroup {
    /// The user's value of `dimension`, an attribute (app version, locale or platform).
    func value(of dimension: ReportDimension) -> String? {
        switch dimension {
        case .locale: locale
        case .platform: platform
        default: appVersion
        }
    }

    func write(to writer: inout ContributionGroup.Writer) {
        writer.member("appVersion", appVersion)
        writer.member("experiments", experiments)
        writer.member("locale", locale)
        writer.member("platform", platform)
        writer.member("revision", revision)
        writer.member("variation", variation)
        writer.member("variations", variations)
    }
}
