/// A personal API token: `wpt_` and 43 characters of base62 (256 random bits), shown once when it
/// is made and stored as its SHA-256; named, in lists and when revoked, by `wpt_` and its next 8
/// characters.
enum PersonalToken {
    /// The prefix every personal token starts with (SDK keys start with `wps_`).
    static let prefix = "wpt_"

    /// A new random token.
    static func generate() -> String {
        prefix + String(SDKKey.generate().dropFirst(SDKKey.prefix.count))
    }

    /// The prefix that names `token`.
    static func prefix(of token: String) -> String {
        String(token.prefix(prefix.count + SDKKey.prefixCharacters))
    }

    /// Whether `text` looks like a personal token (the prefix, then 43 of base62).
    static func isWellFormed(_ text: String) -> Bool {
        text.hasPrefix(prefix) && text.count == prefix.count + 43
            && text.dropFirst(prefix.count).allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    }
}
