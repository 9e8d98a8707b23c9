/// An SDK key: `wps_` and 43 characters of base62 (256 random bits), shown once when it is made.
///
/// A key is named, in lists and when it is revoked, by its prefix: `wps_` and its next 8
/// characters (``prefix(of:)``), stored beside its SHA-256. Keys made before prefixes were stored
/// are named by their hash instead (``prefix(ofHash:)``).
public enum SDKKey {
    /// The prefix every key starts with.
    public static let prefix = "wps_"

    /// A new random key from the system's cryptographically secure generator.
    public static func generate() -> String {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
        var characters: [Character] = []
        characters.reserveCapacity(43)
        for _ in 0..<43 {
            // 62 values: rejection sampling keeps every character equally likely.
            var value: UInt8
            repeat { value = UInt8.random(in: 0...255, using: &generator) } while value >= 248
            characters.append(alphabet[Int(value % 62)])
        }
        return prefix + String(characters)
    }

    /// How many characters after `wps_` a key's prefix keeps: 8 of base62, about 47 bits, so prefixes
    /// within an environment do not repeat in practice (and the store refuses one that does).
    public static let prefixCharacters = 8

    /// The prefix that names `key`: `wps_` and its next ``prefixCharacters`` characters.
    public static func prefix(of key: String) -> String {
        String(key.prefix(prefix.count + prefixCharacters))
    }

    /// What names a key known only by its SHA-256 (made before prefixes were stored):
    /// ``hashPrefix`` and the hash's first ``prefixCharacters`` digits.
    public static func prefix(ofHash hash: String) -> String {
        hashPrefix + String(hash.prefix(prefixCharacters))
    }

    /// How the name of a key known only by its hash starts.
    public static let hashPrefix = "sha256-"

    /// Whether `text` has a key's shape (a cheap check before hashing).
    public static func isWellFormed(_ text: String) -> Bool {
        text.hasPrefix(prefix) && text.utf8.count <= 128
    }
}
