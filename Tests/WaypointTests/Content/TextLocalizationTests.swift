import Testing
@testable import Waypoint

/// The one rule that picks a localized text's string: the user's locales, truncation, then the default.
@Suite("Text localization")
struct TextLocalizationTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let preferred: [String]
        let defaultLocale: String?
        let translations: [String: String]
        let expected: String
        var testDescription: String { "\(preferred) with \(translations.keys.sorted()) → \(expected)" }
    }

    static let welcome = ["en": "Welcome", "de": "Willkommen", "pt": "Bem-vindo", "pt-BR": "Bem-vinda", "zh-Hant": "歡迎"]

    static let cases: [Case] = [
        Case(preferred: ["de"], defaultLocale: "en", translations: welcome, expected: "Willkommen"),
        Case(preferred: ["pt-BR"], defaultLocale: "en", translations: welcome, expected: "Bem-vinda"),
        // Truncation: pt-PT has no text of its own, pt has.
        Case(preferred: ["pt-PT"], defaultLocale: "en", translations: welcome, expected: "Bem-vindo"),
        Case(preferred: ["zh-Hant-TW"], defaultLocale: "en", translations: welcome, expected: "歡迎"),
        // A preferred locale and its truncations come before the next preferred locale.
        Case(preferred: ["de-AT", "pt-BR"], defaultLocale: "en", translations: welcome, expected: "Willkommen"),
        Case(preferred: ["fr", "pt-BR"], defaultLocale: "en", translations: welcome, expected: "Bem-vinda"),
        // Nothing matches: the default locale.
        Case(preferred: ["fr-CA", "ja"], defaultLocale: "en", translations: welcome, expected: "Welcome"),
        Case(preferred: [], defaultLocale: "de", translations: welcome, expected: "Willkommen"),
        // Case and `_` do not matter.
        Case(preferred: ["PT_br"], defaultLocale: "en", translations: welcome, expected: "Bem-vinda"),
        Case(preferred: ["de"], defaultLocale: "en", translations: ["EN": "Hello", "De-ch": "Grüezi"], expected: "Hello"),
        Case(preferred: ["de-CH"], defaultLocale: "en", translations: ["EN": "Hello", "De-ch": "Grüezi"], expected: "Grüezi"),
        // A text without the default locale (a document that does not validate) still shows something.
        Case(preferred: ["fr"], defaultLocale: "en", translations: ["es": "Hola", "de": "Hallo"], expected: "Hallo"),
        Case(preferred: ["fr"], defaultLocale: nil, translations: ["es": "Hola"], expected: "Hola"),
        Case(preferred: ["fr"], defaultLocale: "en", translations: [:], expected: ""),
    ]

    @Test("The user's locale, then its truncations, then the default locale", arguments: cases)
    func fallback(_ testCase: Case) {
        let localization = TextLocalization(preferredLocales: testCase.preferred, defaultLocale: testCase.defaultLocale)
        #expect(LocalizedText.translations(testCase.translations).text(in: localization) == testCase.expected)
    }

    @Test("A plain text is the same in every locale", arguments: [["de"], ["pt-BR"], []])
    func plain(_ preferred: [String]) {
        let localization = TextLocalization(preferredLocales: preferred, defaultLocale: "en")
        #expect(LocalizedText.plain("Hi").text(in: localization) == "Hi")
    }

    struct AttributeCase: Sendable, CustomTestStringConvertible {
        let attributes: Attributes
        let device: [String]
        let expected: String
        var testDescription: String { "\(attributes) on a device in \(device) → \(expected)" }
    }

    @Test("The attribute `locale` wins over the device's languages; without it the device's are used", arguments: [
        AttributeCase(attributes: ["locale": "de"], device: ["pt-BR"], expected: "Willkommen"),
        AttributeCase(attributes: ["locale": "pt-BR"], device: ["de"], expected: "Bem-vinda"),
        // The attribute replaces the device's list: no fallback to the device, straight to the default.
        AttributeCase(attributes: ["locale": "fr"], device: ["de"], expected: "Welcome"),
        AttributeCase(attributes: [:], device: ["de", "pt"], expected: "Willkommen"),
        AttributeCase(attributes: ["locale": ""], device: ["pt"], expected: "Bem-vindo"),
        AttributeCase(attributes: ["locale": 3], device: ["pt"], expected: "Bem-vindo"),
        AttributeCase(attributes: [:], device: [], expected: "Welcome"),
    ])
    func attributeOrDevice(_ testCase: AttributeCase) {
        let localization = TextLocalization(attributes: testCase.attributes, preferredLanguages: testCase.device, defaultLocale: "en")
        #expect(LocalizedText.translations(Self.welcome).text(in: localization) == testCase.expected)
    }

    @Test("The candidates are each preferred locale with its truncations, then the default, without repeats")
    func candidates() {
        let localization = TextLocalization(preferredLocales: ["zh-Hant-TW", "zh", "en-US"], defaultLocale: "en")
        #expect(localization.candidates == ["zh-Hant-TW", "zh-Hant", "zh", "en-US", "en"])
    }
}
