import Foundation

/// The one JSON form of the reports and previews of WaypointTools: keys sorted, slashes not
/// escaped, one line, no newline — what `--format json` prints and a server sends, byte for byte.
enum ReportJSON {
    /// `value` encoded; `fallback` when encoding fails, which values made of strings, integers,
    /// booleans and finite fractions never do.
    static func data(_ value: some Encodable, fallback: String = "{}") -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)) ?? Data(fallback.utf8)
    }
}
