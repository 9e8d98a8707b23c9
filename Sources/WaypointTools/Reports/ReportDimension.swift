import Waypoint

/// What a report splits its users by (`--by`, the API's `by`; docs/ARCHITECTURE.md, "Reports").
///
/// The flow report takes every one: `variation` (``FunnelQuery/groupByVariation``), `revision` and
/// `appVersion` (whose groups it always gives when events carry them), `locale` and `platform`
/// (`byLocale`, `byPlatform`). The experiment report takes `appVersion`, `locale` and `platform`
/// (``experimentChoices``). A user's app version, locale and platform are those of their last
/// event of the flow (or walkthrough) that has one, in report order; the values with the most
/// users keep their names, the others are `(other)` (``ReportBounds``).
public enum ReportDimension: String, Sendable, Hashable, CaseIterable, Codable {
    /// The experiment variation.
    case variation
    /// The document revision of the user's first start.
    case revision
    /// The app's version (`appVersion`).
    case appVersion
    /// The locale the text was shown in (`locale`).
    case locale
    /// The platform the app ran on (`platform`).
    case platform

    /// The dimensions the experiment report splits by: the event fields that describe a user's app.
    public static let experimentChoices: [ReportDimension] = [.appVersion, .locale, .platform]

    /// The dimensions read, per user, from the last event that has one: an event field of the app.
    static let attributes: [ReportDimension] = [.appVersion, .locale, .platform]

    /// The key of the report's groups of this dimension, such as `byLocale`.
    public var groupsKey: String {
        "by" + rawValue.prefix(1).uppercased() + rawValue.dropFirst()
    }

    /// What the tables and pages call one value, such as `Locale`.
    public var title: String {
        switch self {
        case .variation: "Variation"
        case .revision: "Revision"
        case .appVersion: "App version"
        case .locale: "Locale"
        case .platform: "Platform"
        }
    }

    /// The dimension `by` names, for a report that takes `choices`; a ``ReportError`` that lists them otherwise.
    public static func parse(_ by: String, choices: [ReportDimension]) throws(ReportError) -> ReportDimension {
        guard let dimension = ReportDimension(rawValue: by), choices.contains(dimension) else {
            throw .unknownDimension(by, choices: choices.map(\.rawValue))
        }
        return dimension
    }

    /// This attribute's field of a scanned event line.
    @inline(__always)
    func field(of fields: EventLineScanner.Fields) -> EventLineScanner.Field {
        switch self {
        case .locale: fields.locale
        case .platform: fields.platform
        default: fields.appVersion
        }
    }

    /// This attribute's value on a decoded event.
    func value(of event: OnboardingEvent) -> String? {
        switch self {
        case .locale: event.locale
        case .platform: event.platform
        default: event.appVersion
        }
    }
}
