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

    /// Every bundled table, keyed by language (the `.lproj` folder's name: `en`, `de`, `fr`).
    package static let tables: [String: [String: String]] = tables(in: bundle)

    /// The `Localizable.strings` tables of every localization of `bundle` that has one.
    package static func tables(in bundle: Bundle) -> [String: [String: String]] {
        var tables: [String: [String: String]] = [:]
        for language in localizations(of: bundle) {
            guard let url = bundle.url(forResource: "Localizable", withExtension: "strings", subdirectory: nil, localization: language),
                  let data = try? Data(contentsOf: url),
                  let table = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: String]
            else { continue }
            tables[language] = table
        }
        return tables
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
    /// script, and alone that has a table (`pt-BR`, `zh-Hant`, `de` for `de-AT`), otherwise English.
    package static func language(for locale: Locale, among languages: some Collection<String>) -> String {
        guard let code = locale.language.languageCode?.identifier else { return defaultLanguage }
        var candidates: [String] = []
        if let region = locale.region?.identifier { candidates.append("\(code)-\(region)") }
        if let script = locale.language.script?.identifier { candidates.append("\(code)-\(script)") }
        candidates.append(code)
        func normalized(_ name: String) -> String { name.replacingOccurrences(of: "_", with: "-").lowercased() }
        for candidate in candidates {
            if let match = languages.first(where: { normalized($0) == normalized(candidate) }) { return match }
        }
        return defaultLanguage
    }

    /// The text of `key` in `language`, otherwise in English, otherwise the key itself.
    package static func text(_ key: String, language: String) -> String {
        tables[language]?[key] ?? tables[defaultLanguage]?[key] ?? key
    }
}
