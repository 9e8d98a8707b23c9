/// An SDK key: `wps_` and 43 characters of base62 (256 random bits), shown once at app creation.
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

    /// Whether `text` has a key's shape (a cheap check before hashing).
    public static func isWellFormed(_ text: String) -> Bool {
        text.hasPrefix(prefix) && text.utf8.count <= 128
    }
}
