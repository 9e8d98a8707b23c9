import Foundation

/// The one rule that picks the string of a ``LocalizedText`` a user sees.
///
/// The user's locales are the attribute `locale` when it is a string, otherwise the device's preferred
/// languages (`Locale.preferredLanguages` in an app). For each of them in order, the text's string for
/// that locale is taken, else for the locale truncated one subtag at a time (`pt-BR` → `pt`,
/// `zh-Hant-TW` → `zh-Hant` → `zh`); when none matches, the document's `defaultLocale`. Tags are
/// compared without regard to case, and `_` counts as `-` (`pt_BR` is `pt-BR`).
///
/// ```swift
/// let localization = TextLocalization(attributes: ["locale": "pt-BR"], defaultLocale: "en")
/// let text = LocalizedText.translations(["en": "Welcome", "pt": "Bem-vindo"])
/// text.text(in: localization) // "Bem-vindo"
/// ```
public struct TextLocalization: Sendable, Hashable {
    /// The user's locales, most preferred first.
    package var preferredLocales: [String]
    /// The document's `defaultLocale`, used when none of the preferred locales matches.
    package var defaultLocale: String?

    /// Creates a localization from the user's locales and the document's default locale.
    package init(preferredLocales: [String], defaultLocale: String?) {
        self.preferredLocales = preferredLocales
        self.defaultLocale = defaultLocale
    }

    /// The name of the attribute that gives the user's locale.
    public static let localeAttribute = "locale"

    /// The localization for a user: the attribute `locale` when it is a non-empty string, otherwise
    /// `preferredLanguages` (by default the device's, `Locale.preferredLanguages`).
    public init(attributes: Attributes, preferredLanguages: [String] = Locale.preferredLanguages, defaultLocale: String?) {
        if case .string(let locale)? = attributes[Self.localeAttribute], !locale.isEmpty {
            self.init(preferredLocales: [locale], defaultLocale: defaultLocale)
        } else {
            self.init(preferredLocales: preferredLanguages, defaultLocale: defaultLocale)
        }
    }

    /// The locale tags tried in order: each preferred locale and its truncations, then the default locale.
    package var candidates: [String] {
        var result: [String] = []
        var seen: Set<String> = []
        func add(_ tag: String) {
            if seen.insert(Self.normalized(tag)).inserted { result.append(tag) }
        }
        for locale in preferredLocales {
            var subtags = locale.replacingOccurrences(of: "_", with: "-").split(separator: "-", omittingEmptySubsequences: true)
            while !subtags.isEmpty {
                add(subtags.joined(separator: "-"))
                subtags.removeLast()
            }
        }
        if let defaultLocale { add(defaultLocale) }
        return result
    }

    /// The key of `translations` chosen for the user; `nil` only when `translations` is empty.
    ///
    /// When neither a preferred locale nor the default locale matches (a document that does not
    /// validate), the first key in sorted order is taken, so a text is never blank.
    package func chosenLocale<Value>(in translations: [String: Value]) -> String? {
        guard !translations.isEmpty else { return nil }
        var byTag: [String: String] = [:]
        for key in translations.keys.sorted() where byTag[Self.normalized(key)] == nil { byTag[Self.normalized(key)] = key }
        for candidate in candidates {
            if let key = byTag[Self.normalized(candidate)] { return key }
        }
        return translations.keys.min()
    }

    /// The string of `translations` chosen for the user (empty only when `translations` is empty).
    package func choose(_ translations: [String: String]) -> String {
        chosenLocale(in: translations).flatMap { translations[$0] } ?? ""
    }

    /// A tag for comparing: lowercased, with `_` as `-`.
    package static func normalized(_ tag: String) -> String {
        tag.lowercased().replacingOccurrences(of: "_", with: "-")
    }
}
