import Waypoint

/// The localized texts of a preview that the document does not have in the locale asked for, and the
/// locale each is shown in instead (`waypoint preview --locale`).
///
/// The core's ``TextLocalization`` picks each text's string. A text counts as in the locale when it
/// picks the locale itself or one of its truncations (`pt` for `pt-BR`), as lint's
/// `missing-translation` counts it; any other pick is a fallback, to the document's `defaultLocale`.
struct LocaleFallback {
    /// The locale asked for.
    let locale: String
    /// The document's default locale.
    let defaultLocale: String?
    /// The locale shown for the texts not in ``locale``, with those texts' names, in order of first appearance.
    let fallbacks: [(shown: String, names: [String])]

    /// The fallbacks of `texts` (each named, as `headline` or `badge.text`) for `locale`.
    init(locale: String, texts: [(name: String, text: LocalizedText)], defaultLocale: String?) {
        self.locale = locale
        self.defaultLocale = defaultLocale
        let localization = TextLocalization(preferredLocales: [locale], defaultLocale: defaultLocale)
        let covered = Set(TextLocalization(preferredLocales: [locale], defaultLocale: nil).candidates.map(TextLocalization.normalized))
        var fallbacks: [(shown: String, names: [String])] = []
        for (name, text) in texts {
            guard case .translations(let translations) = text, let chosen = localization.chosenLocale(in: translations),
                  !covered.contains(TextLocalization.normalized(chosen)) else { continue }
            if let index = fallbacks.firstIndex(where: { $0.shown == chosen }) {
                fallbacks[index].names.append(name)
            } else {
                fallbacks.append((chosen, [name]))
            }
        }
        self.fallbacks = fallbacks
    }

    /// "step `paywall` of flow `upgrade` has no `ja` text for `headline`; it is shown in `en`, the
    /// document's default locale", with `subject` in front; `nil` when every text is in the locale.
    func warning(subject: String) -> String? {
        guard !fallbacks.isEmpty else { return nil }
        let parts = fallbacks.map { fallback in
            let pronoun = fallback.names.count == 1 ? "it is" : "they are"
            let why = TextLocalization.normalized(fallback.shown) == defaultLocale.map(TextLocalization.normalized) ? ", the document's default locale" : ""
            return "for \(listed(fallback.names)); \(pronoun) shown in `\(fallback.shown)`\(why)"
        }
        let count = fallbacks.reduce(0) { $0 + $1.names.count }
        return "\(subject) has no `\(locale)` text " + parts.joined(separator: "; and ")
            + ". Add \"\(locale)\": \"…\" to \(count == 1 ? "it" : "them") to preview that locale."
    }

    /// The locale drawn, for a note on the picture: "de", or "ja (no text: en shown)".
    var note: String {
        guard !fallbacks.isEmpty else { return locale }
        return "\(locale) (no text: \(fallbacks.map(\.shown).joined(separator: ", ")) shown)"
    }

    /// Every localized text of a step's `content`, named by its path (`headline`, `badge.text`, `plans[0]`),
    /// keys sorted.
    static func texts(in content: [String: ContentValue]?) -> [(name: String, text: LocalizedText)] {
        var result: [(name: String, text: LocalizedText)] = []
        func visit(_ value: ContentValue, at path: String) {
            switch value {
            case .text(let text): if text.isLocalized { result.append((path, text)) }
            case .number, .bool: break
            case .array(let elements): for (index, element) in elements.enumerated() { visit(element, at: "\(path)[\(index)]") }
            case .object(let members): for key in members.keys.sorted() { if let member = members[key] { visit(member, at: "\(path).\(key)") } }
            }
        }
        for key in (content ?? [:]).keys.sorted() { if let value = content?[key] { visit(value, at: key) } }
        return result
    }
}
