/// Ids of apps, like the ids of docs/ARCHITECTURE.md, "The document format".
///
/// Non-empty strings of ASCII letters, digits, `.`, `_`, `-`, at most 64 bytes, and not `.` or `..`.
enum Identifier {
    static func isValid(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty, bytes.count <= 64, text != ".", text != ".." else { return false }
        return bytes.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == 0x2E || byte == 0x5F || byte == 0x2D
        }
    }

    /// `text` as an app id; throws 400 unless it is a valid id.
    @discardableResult
    static func require(_ text: String, label: String) throws(APIError) -> AppID {
        guard let id = AppID(validating: text) else {
            throw APIError.badRequest(
                "\"\(label)\" must be 1 to 64 letters, digits, `.`, `_` or `-` (such as \"fitness\"), not \(String(reflecting: text)).",
                code: "bad-id")
        }
        return id
    }
}
