/// A text of the document: one string for everyone, or a localized text
/// `{"$text": {"en": "Welcome", "de": "Willkommen", "pt-BR": "Bem-vindo"}}` with one string per locale.
///
/// A step's `content` strings and a walkthrough step's `tooltipText` are texts. Which string a user
/// sees is decided by ``TextLocalization``, the one rule for every text (docs/ARCHITECTURE.md,
/// "Content and localized text").
public enum LocalizedText: Sendable, Hashable, Encodable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The same string in every locale.
    case plain(String)
    /// One string per locale tag (`en`, `pt-BR`).
    case translations([String: String])

    /// Creates a plain text from a literal.
    public init(stringLiteral value: String) { self = .plain(value) }

    /// The locale tags of a localized text, sorted; empty for a plain one.
    package var locales: [String] {
        if case .translations(let translations) = self { return translations.keys.sorted() }
        return []
    }

    /// Whether the text has one string per locale.
    package var isLocalized: Bool {
        if case .translations = self { return true }
        return false
    }

    /// The string shown under `localization`.
    public func text(in localization: TextLocalization) -> String {
        switch self {
        case .plain(let text): text
        case .translations(let translations): localization.choose(translations)
        }
    }

    /// The plain string, or the localized text as written (`{"$text": …}` with sorted keys).
    public var description: String {
        switch self {
        case .plain(let text): text
        case .translations(let translations):
            "{\"$text\": {" + translations.sorted { $0.key < $1.key }.map { "\"\($0.key)\": \"\($0.value)\"" }.joined(separator: ", ") + "}}"
        }
    }

    private struct TextKey: CodingKey {
        let stringValue: String
        init(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }

    /// Encodes the document form: a string, or `{"$text": {locale: string}}`.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .plain(let text):
            var container = encoder.singleValueContainer()
            try container.encode(text)
        case .translations(let translations):
            var container = encoder.container(keyedBy: TextKey.self)
            try container.encode(translations, forKey: TextKey(stringValue: "$text"))
        }
    }
}
