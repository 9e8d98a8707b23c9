import Waypoint

/// One difference between two JSON documents, at a readable JSON path (see ``DocumentDiff``).
///
/// In JSON: `{"kind":"changed","path":"flows[signup].steps[registration].on.newUser","before":"\"personalization\"",
/// "after":"\"shared-end\""}`; `before` is absent for an added value and `after` for a removed one.
public struct DocumentChange: Sendable, Hashable, Codable {
    /// What happened at the path.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// The value exists only in the second document.
        case added
        /// The value exists only in the first document.
        case removed
        /// The value differs (or, for an array addressed by id, the order of its elements).
        case changed
    }

    /// What happened at ``path``.
    public var kind: Kind
    /// Where: `flows[signup].steps[registration].on.newUser`. Elements of arrays of objects with an `id` are
    /// addressed by it, other elements by index; keys that are not plain names are quoted (`when["father.age"]`);
    /// the empty string is the whole document.
    public var path: String
    /// The value in the first document as short JSON (compact, keys sorted, at most ``DocumentChange/textLimit``
    /// characters, cut with `…`); `nil` for an added value.
    public var before: String?
    /// The value in the second document, as ``before``; `nil` for a removed value.
    public var after: String?

    /// The longest ``before`` or ``after`` text, in characters.
    public static let textLimit = 120

    /// Creates a change.
    public init(kind: Kind, path: String, before: String? = nil, after: String? = nil) {
        self.kind = kind
        self.path = path
        self.before = before
        self.after = after
    }

    /// A value as short JSON text: compact, keys sorted, cut to ``textLimit`` characters with `…`.
    static func shortText(_ value: JSONValue) -> String {
        let text = value.jsonText
        guard text.count > textLimit else { return text }
        return String(text.prefix(textLimit - 1)) + "…"
    }
}
