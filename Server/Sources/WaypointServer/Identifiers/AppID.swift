/// The id of an app, such as `fitness`: what the API's `{app}` and the database's `app_id` hold.
///
/// Parsed once where it enters (``init(validating:)``: a request's path, a form, a body) by the
/// rules of ``Identifier``; past that point the server passes an `AppID`, never a string.
public struct AppID: Hashable, Comparable, Sendable, Codable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The id's text.
    public let rawValue: String

    /// An id read from the database or made by the server itself: it is not checked again.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// `text` when it is a valid id (1 to 64 letters, digits, `.`, `_` or `-`), else nil.
    public init?(validating text: String) {
        guard Identifier.isValid(text) else { return nil }
        self.init(rawValue: text)
    }

    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public static func < (lhs: AppID, rhs: AppID) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { rawValue }
    public var debugDescription: String { String(reflecting: rawValue) }
}
