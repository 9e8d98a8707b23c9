import Waypoint

extension ConformanceClient {
    /// A `text` case: the user's locales (most preferred first), the document's default locale and a
    /// text's translations.
    struct TextInput: ConformanceInput {
        static let keys: Set<String> = ["preferredLocales", "defaultLocale", "translations"]
        let preferredLocales: [String]
        let defaultLocale: String?
        let translations: [String: String]
    }

    /// The translation ``TextLocalization`` picks: `{"locale": KEY, "text": STRING}`, both `null`
    /// when there are no translations.
    static func text(_ input: TextInput) throws -> JSONValue {
        let localization = TextLocalization(preferredLocales: input.preferredLocales, defaultLocale: input.defaultLocale)
        guard let locale = localization.chosenLocale(in: input.translations) else { return ["locale": nil, "text": nil] }
        return ["locale": .string(locale), "text": .string(input.translations[locale] ?? "")]
    }
}
