import Foundation

/// The canonical text of a row's groups: JSON with sorted keys, so that equal groups are equal
/// texts (docs/ARCHITECTURE.md, "Reports at scale").
enum ContributionGroup {
    static func text<Group: Encodable>(_ group: Group) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // A struct of strings and arrays of strings always encodes.
        guard let data = try? encoder.encode(group) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    static func read<Group: Decodable>(_ type: Group.Type, from text: String, kind: ContributionKind) throws(ContributionError) -> Group {
        do {
            return try JSONDecoder().decode(type, from: Data(text.utf8))
        } catch {
            throw .malformed("a \(kind.rawValue) report group that is not one this server writes (\(text.prefix(80)))")
        }
    }

    /// ``read(_:from:kind:)`` for a report: damage is the report's error.
    static func reportRead<Group: Decodable>(_ type: Group.Type, from text: String, kind: ContributionKind) throws(ReportError) -> Group {
        do {
            return try read(type, from: text, kind: kind)
        } catch {
            throw .damagedContributions(error)
        }
    }
}

/// A walkthrough row's groups: what splits its users by variation (for any experiment the report
/// may choose) and by app version.
struct WalkthroughGroup: Codable, Hashable {
    /// The `variation` of the user's earliest event that has one (a split naming no experiment).
    var variation: String?
    /// Per experiment the user's events carry, the `variation` of their earliest event carrying
    /// it that has one (a split by that experiment); experiments whose events had none are absent.
    var variations: [String: String]
    /// The experiments the user's events carry, sorted.
    var experiments: [String]
    /// The `appVersion` of the user's last event that has one.
    var appVersion: String?
}

/// An experiment row's groups: the experiment, the user's variation in it and every variation
/// they were seen in, and whether the subject is a walkthrough.
struct ExperimentGroup: Codable, Hashable {
    /// The experiment's key.
    var experiment: String
    /// The variation of the user's exposure (their earliest event carrying the experiment).
    var variation: String
    /// Every variation of the experiment the user's events carry, sorted.
    var seen: [String]
    /// `true` when the row's subject is a walkthrough (absent for a flow).
    var walkthrough: Bool?
}
