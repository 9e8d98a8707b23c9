import Foundation

/// The overlay's built-in labels as the package ships them: one `Localizable.strings` table per
/// language in the `Waypoint` target's resources (`Sources/Waypoint/Resources/<language>.lproj`).
///
/// The tables are plain `.strings` files rather than a String Catalog (`.xcstrings`) because
/// SwiftPM compiles String Catalogs only with Xcode's tools; `.strings` files are copied as they
/// are and read the same way on Linux and on Apple platforms. The tables are read once, with
/// `PropertyListSerialization`, so that the language can be chosen per overlay rather than taken
/// from the process's preferred languages as `Bundle.localizedString` would.
package enum BundledOverlayStrings {
    /// The language whose table holds every label, used when no other language matches.
    package static let defaultLanguage = "en"

    /// The package's resource bundle.
    package static var bundle: Bundle { .module }

    /// Every bundled table, keyed by language (the `.lproj` folder's name: `en`, `de`, `pt-BR`, `zh-Hans`).
    package static let tables: [String: [String: String]] = tables(in: bundle)

    /// The `Localizable.strings` tables of every localization of `bundle` that has one, keyed by the
    /// language's tag in its usual case (``canonicalTag(_:)``).
    package static func tables(in bundle: Bundle) -> [String: [String: String]] {
        var tables: [String: [String: String]] = [:]
        for language in localizations(of: bundle) {
            guard let url = bundle.url(forResource: "Localizable", withExtension: "strings", subdirectory: nil, localization: language),
                  let data = try? Data(contentsOf: url),
                  let table = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: String]
            else { continue }
            tables[canonicalTag(language)] = table
        }
        return tables
    }

    /// `tag` in the case BCP 47 writes it, whatever case a build tool gave the `.lproj` folder
    /// (SwiftPM writes `pt-br.lproj` for `pt-BR.lproj`): the language in lower case, a script
    /// capitalized (`zh-Hans`), a region in upper case (`pt-BR`, `es-419`); `_` becomes `-`.
    package static func canonicalTag(_ tag: String) -> String {
        let subtags = tag.split(whereSeparator: { $0 == "-" || $0 == "_" })
        return subtags.enumerated().map { index, subtag in
            if index == 0 { return subtag.lowercased() }
            if subtag.count == 4, subtag.allSatisfy(\.isLetter) { return subtag.prefix(1).uppercased() + subtag.dropFirst().lowercased() }
            if subtag.count == 2 || (subtag.count == 3 && subtag.allSatisfy(\.isNumber)) { return subtag.uppercased() }
            return subtag.lowercased()
        }.joined(separator: "-")
    }

    /// The names of the `.lproj` folders in `bundle`'s resources.
    private static func localizations(of bundle: Bundle) -> [String] {
        guard let resources = bundle.resourceURL,
              let entries = try? FileManager.default.contentsOfDirectory(atPath: resources.path)
        else { return bundle.localizations }
        let found = entries.filter { $0.hasSuffix(".lproj") }.map { String($0.dropLast(".lproj".count)) }
        return Array(Set(found + bundle.localizations)).sorted()
    }

    /// The bundled language to use for `locale`: the first of its language with region, with
    /// script, and alone that has a table (`pt-BR`, `zh-Hans`, `de` for `de-AT`); otherwise a table
    /// of the same language written in the same script (`pt-BR` for `pt-PT`, `zh-Hans` for `zh-CN`,
    /// but not for `zh-TW`, which is written in Traditional characters); otherwise English.
    package static func language(for locale: Locale, among languages: some Collection<String>) -> String {
        guard let code = locale.language.languageCode?.identifier else { return defaultLanguage }
        var candidates: [String] = []
        if let region = locale.region?.identifier { candidates.append("\(code)-\(region)") }
        let script = locale.language.script?.identifier
        if let script { candidates.append("\(code)-\(script)") }
        candidates.append(code)
        func normalized(_ name: String) -> String { name.replacingOccurrences(of: "_", with: "-").lowercased() }
        for candidate in candidates {
            if let match = languages.first(where: { normalized($0) == normalized(candidate) }) { return match }
        }
        // The language's script, when the locale names none, is the one it is usually written in.
        let sameLanguage = languages.sorted().filter { name in
            let language = Locale.Language(identifier: name)
            return language.languageCode?.identifier == code && language.script?.identifier == script
        }
        return sameLanguage.first ?? defaultLanguage
    }

    /// The text of `key` in `language`, otherwise in English, otherwise the key itself.
    package static func text(_ key: String, language: String) -> String {
        tables[language]?[key] ?? tables[defaultLanguage]?[key] ?? key
    }
}
