import Foundation

/// The reversible mapping from progress keys to file names used by ``FileProgressStore``.
///
/// A key's UTF-8 bytes are kept when they are `a`–`z`, `0`–`9`, `-`, `_` or `.` (except a leading
/// `.`), and written as `%XX` (upper-case hex) otherwise; `.json` is appended. So:
/// - a name never contains `/` and is never `.` or `..`, so no key escapes the directory;
/// - a name never starts with `.`, so it is never hidden and never looks like a temporary file;
/// - upper-case letters are escaped too, so two keys differing only in case get names that still
///   differ on case-insensitive file systems (the default on Apple platforms); non-ASCII characters
///   are escaped, so Unicode normalisation by the file system cannot merge two keys;
/// - quarantined files (`….json.corrupt-…`) and temporary files (`.waypoint-tmp-…`) never end in
///   `.json` after a key name, so they are never mistaken for a key's file.
enum ProgressFileName {
    /// The suffix of every key's file.
    static let suffix = ".json"
    /// The prefix of temporary files written before the atomic rename.
    static let temporaryPrefix = ".waypoint-tmp-"
    /// The longest file name a key may map to, leaving room for quarantine and temporary affixes
    /// within the usual 255-byte limit.
    static let maximumLength = 200

    /// The file name for `key`.
    ///
    /// - Throws: ``ProgressStoreError`` (``ProgressStoreError/Code/badKey``) when the key is empty or
    ///   its name would be longer than ``maximumLength`` bytes.
    static func fileName(forKey key: String) throws(ProgressStoreError) -> String {
        guard !key.isEmpty else { throw .emptyKey() }
        var name = ""
        name.reserveCapacity(key.utf8.count + suffix.utf8.count)
        for (offset, byte) in key.utf8.enumerated() {
            if isKept(byte), !(offset == 0 && byte == UInt8(ascii: ".")) {
                name.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                name += "%" + hex(byte >> 4) + hex(byte & 0x0F)
            }
        }
        name += suffix
        guard name.utf8.count <= maximumLength else {
            throw .keyTooLong(key, fileNameBytes: name.utf8.count, limit: maximumLength)
        }
        return name
    }

    /// The key whose file name is `name`, or `nil` when `name` is not one ``fileName(forKey:)`` makes.
    static func key(forFileName name: String) -> String? {
        guard name.hasSuffix(suffix) else { return nil }
        let bytes = Array(name.utf8.dropLast(suffix.utf8.count))
        guard !bytes.isEmpty else { return nil }
        var decoded: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, let high = value(ofHex: bytes[index + 1]),
                      let low = value(ofHex: bytes[index + 2])
                else { return nil }
                decoded.append(high << 4 | low)
                index += 3
            } else if isKept(byte), !(index == 0 && byte == UInt8(ascii: ".")) {
                decoded.append(byte)
                index += 1
            } else {
                return nil
            }
        }
        // Invalid UTF-8 decodes with replacement characters, which then map to a different name.
        let key = String(decoding: decoded, as: UTF8.self)
        guard (try? fileName(forKey: key)) == name else { return nil }
        return key
    }

    private static func isKept(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
            true
        default:
            false
        }
    }

    private static func hex(_ nibble: UInt8) -> String {
        String(UnicodeScalar(nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "A") + nibble - 10))
    }

    private static func value(ofHex byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
