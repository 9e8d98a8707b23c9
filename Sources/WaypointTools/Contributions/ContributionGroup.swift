import Foundation
import Waypoint

/// The canonical text of a row's groups: JSON with sorted keys, so that equal groups are equal
/// texts (docs/ARCHITECTURE.md, "Reports at scale").
enum ContributionGroup {
    /// The canonical text of `group`: the bytes `JSONEncoder` writes with `.sortedKeys` and
    /// `.withoutEscapingSlashes` (a test holds them equal), without an encoder per row.
    static func text(_ group: some CanonicalGroup) -> String {
        var writer = Writer()
        group.write(to: &writer)
        return writer.text
    }

    /// Writes one JSON object, its members given in key order: a `nil` member is left out, as
    /// `JSONEncoder` leaves out an absent optional.
    struct Writer {
        private var bytes: [UInt8] = [UInt8(ascii: "{")]

        private mutating func key(_ name: String) {
            if bytes.count > 1 { bytes.append(UInt8(ascii: ",")) }
            JSONString.append(name, to: &bytes)
            bytes.append(UInt8(ascii: ":"))
        }

        mutating func member(_ name: String, _ value: String?) {
            guard let value else { return }
            key(name)
            JSONString.append(value, to: &bytes)
        }

        mutating func member(_ name: String, _ value: Int64?) {
            guard let value else { return }
            key(name)
            bytes.append(contentsOf: String(value).utf8)
        }

        mutating func member(_ name: String, _ value: Bool?) {
            guard let value else { return }
            key(name)
            bytes.append(contentsOf: (value ? "true" : "false").utf8)
        }

        mutating func member(_ name: String, _ values: [String]) {
            key(name)
            bytes.append(UInt8(ascii: "["))
            for (index, value) in values.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                JSONString.append(value, to: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        }

        /// A map of texts, its keys in the order of their UTF-8 bytes, as `JSONEncoder` sorts them.
        mutating func member(_ name: String, _ values: [String: String]) {
            key(name)
            bytes.append(UInt8(ascii: "{"))
            for (index, mapKey) in values.keys.sorted(by: { ExactID($0) < ExactID($1) }).enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                JSONString.append(mapKey, to: &bytes)
                bytes.append(UInt8(ascii: ":"))
                JSONString.append(values[mapKey] ?? "", to: &bytes)
            }
            bytes.append(UInt8(ascii: "}"))
        }

        var text: String { String(decoding: bytes + [UInt8(ascii: "}")], as: UTF8.self) }
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
struct WalkthroughGroup: Codable, Hashable, CanonicalGroup {
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
/// they were seen in, whether the subject is a walkthrough, and the user's app version, locale and
/// platform (of their last event of the subject with one), which the report may split by.
struct ExperimentGroup: Codable, Hashable, CanonicalGroup {
    /// The experiment's key.
    var experiment: String
    /// The variation of the user's exposure (their earliest event carrying the experiment).
    var variation: String
    /// Every variation of the experiment the user's events carry, sorted.
    var seen: [String]
    /// `true` when the row's subject is a walkthrough (absent for a flow).
    var walkthrough: Bool?
    /// The `appVersion` of the user's last event of the subject that has one.
    var appVersion: String?
    /// The `locale` of the user's last event of the subject that has one.
    var locale: String?
    /// The `platform` of the user's last event of the subject that has one.
    var platform: String?

    /// The user's value of `dimension`, an attribute (app version, locale or platform).
    func value(of dimension: ReportDimension) -> String? {
        switch dimension {
        case .locale: locale
        case .platform: platform
        default: appVersion
        }
    }
}

/// A report group whose canonical text ``ContributionGroup/text(_:)`` writes: its members in the
/// order of their keys' names.
protocol CanonicalGroup: Encodable {
    func write(to writer: inout ContributionGroup.Writer)
}

extension WalkthroughGroup {
    func write(to writer: inout ContributionGroup.Writer) {
        writer.member("appVersion", appVersion)
        writer.member("experiments", experiments)
        writer.member("variation", variation)
        writer.member("variations", variations)
    }
}

extension ExperimentGroup {
    func write(to writer: inout ContributionGroup.Writer) {
        writer.member("appVersion", appVersion)
        writer.member("experiment", experiment)
        writer.member("locale", locale)
        writer.member("platform", platform)
        writer.member("seen", seen)
        writer.member("variation", variation)
        writer.member("walkthrough", walkthrough)
    }
}
