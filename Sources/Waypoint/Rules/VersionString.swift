/// GrowthBook's comparable form of a version string, used by `$veq`, `$vgt` and the other version operators.
///
/// A leading `v` and any build suffix (`+build.5`) are removed; the version is split at `.` and `-`; a version
/// with exactly three parts (no pre-release) gets a `~` part so that it sorts after its pre-releases; numeric
/// parts are left-padded with spaces to five characters; the parts are joined with `-`. Two forms compare as
/// strings, by UTF-16 code units, exactly as in GrowthBook's SDKs: `"1.0.0-beta.2" < "1.0.0-beta.11" < "1.0.0"`.
package enum VersionString {
    /// The padded form of a condition operand or attribute value: numbers are read as their JavaScript text,
    /// anything else that is not a non-empty string counts as `"0"`.
    static func padded(_ value: JSONValue) -> String {
        switch value {
        case .number(let number): padded(JavaScript.numberToString(number))
        case .string(let string) where !string.isEmpty: padded(string)
        default: padded("0")
        }
    }

    /// The padded form of a version string.
    package static func padded(_ version: String) -> String {
        var text = Substring(version)
        if text.hasPrefix("v") { text = text.dropFirst() }
        if let plus = text.firstIndex(of: "+") { text = text[..<plus] }
        var parts = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "." || $0 == "-" })
            .map(String.init)
        if parts.count == 3 { parts.append("~") }
        return parts.map { part in
            let numeric = !part.isEmpty && part.utf8.allSatisfy { (0x30...0x39).contains($0) }
            return numeric && part.count < 5 ? String(repeating: " ", count: 5 - part.count) + part : part
        }.joined(separator: "-")
    }

    /// Compares two padded forms by UTF-16 code units, as JavaScript compares strings.
    package static func less(_ lhs: String, _ rhs: String) -> Bool {
        lhs.utf16.lexicographicallyPrecedes(rhs.utf16)
    }
}
