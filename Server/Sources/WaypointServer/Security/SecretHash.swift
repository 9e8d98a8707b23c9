import Crypto

/// SHA-256 for secrets (SDK keys, the admin token) and documents, and constant-time comparison.
public enum SecretHash {
    /// The SHA-256 of `bytes` as 64 lowercase hex digits.
    public static func sha256Hex(_ bytes: some Sequence<UInt8>) -> String {
        hex(SHA256.hash(data: Array(bytes)))
    }

    /// The SHA-256 of a string's UTF-8 bytes as 64 lowercase hex digits.
    public static func sha256Hex(_ text: String) -> String {
        sha256Hex(Array(text.utf8))
    }

    /// Whether two strings are equal, in a time that depends only on their lengths.
    public static func constantTimeEquals(_ lhs: String, _ rhs: String) -> Bool {
        let a = Array(lhs.utf8)
        let b = Array(rhs.utf8)
        var difference = UInt8(truncatingIfNeeded: a.count ^ b.count)
        for index in 0..<max(a.count, b.count) {
            let x = index < a.count ? a[index] : 0
            let y = index < b.count ? b[index] : 0
            difference |= x ^ y
        }
        return difference == 0 && a.count == b.count
    }

    private static func hex(_ digest: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(64)
        for byte in digest {
            bytes.append(digits[Int(byte >> 4)])
            bytes.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
