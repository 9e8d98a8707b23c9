/// A value of a flow step's `content` as the document writes it: a text (plain or localized), a
/// number, a boolean, or an array or object of those.
///
/// ``StepContent`` is the same content for one user, with every text in the user's locale.
public indirect enum ContentValue: Sendable, Hashable, Encodable {
    /// A string, or a localized text `{"$text": {...}}`.
    case text(LocalizedText)
    /// A number.
    case number(Double)
    /// A boolean.
    case bool(Bool)
    /// An array.
    case array([ContentValue])
    /// An object.
    case object([String: ContentValue])

    /// The value with every text in `localization`'s locale, as JSON.
    package func localized(_ localization: TextLocalization) -> JSONValue {
        switch self {
        case .text(let text): .string(text.text(in: localization))
        case .number(let number): .number(number)
        case .bool(let bool): .bool(bool)
        case .array(let elements): .array(elements.map { $0.localized(localization) })
        case .object(let members): .object(members.mapValues { $0.localized(localization) })
        }
    }

    /// Every localized text in the value, depth first, objects in key order.
    package var localizedTexts: [LocalizedText] {
        switch self {
        case .text(let text): text.isLocalized ? [text] : []
        case .number, .bool: []
        case .array(let elements): elements.flatMap(\.localizedTexts)
        case .object(let members): members.sorted { $0.key < $1.key }.flatMap(\.value.localizedTexts)
        }
    }

    /// Encodes the document form.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .text(let text): try text.encode(to: encoder)
        case .number(let number): try JSONValue.number(number).encode(to: encoder)
        case .bool(let bool):
            var container = encoder.singleValueContainer()
            try container.encode(bool)
        case .array(let elements):
            var container = encoder.singleValueContainer()
            try container.encode(elements)
        case .object(let members):
            var container = encoder.singleValueContainer()
            try container.encode(members)
        }
    }
}
