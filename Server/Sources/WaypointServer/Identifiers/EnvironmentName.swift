/// The name of one of an app's environments: `production` or `staging`.
///
/// Every app has both (``all``); a request that names none means ``default``. Parsed once where it
/// enters (``init(validating:)``); past that point the server passes an `EnvironmentName`.
public struct EnvironmentName: Hashable, Comparable, Sendable, Codable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The name's text.
    public let rawValue: String

    /// A name read from the database or made by the server itself: it is not checked again.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// `text` when it names one of ``all``, else nil.
    public init?(validating text: String) {
        guard let name = Self.all.first(where: { $0.rawValue == text }) else { return nil }
        self = name
    }

    /// Where the app's users are.
    public static let production = EnvironmentName(rawValue: "production")
    /// Where the team tries a revision before its users see it.
    public static let staging = EnvironmentName(rawValue: "staging")
    /// The environments every app gets, in the order pages list them.
    public static let all: [EnvironmentName] = [.production, .staging]
    /// The environment a request means when it names none.
    public static let `default` = production

    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public static func < (lhs: EnvironmentName, rhs: EnvironmentName) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { rawValue }
    public var debugDescription: String { String(reflecting: rawValue) }
}
