import Foundation
import Waypoint

/// The reports and previews of WaypointTools in the one JSON form (``Waypoint/StableJSON``): what
/// `--format json` prints and a server sends, byte for byte.
enum ReportJSON {
    /// `value` encoded; `fallback` when encoding fails, which values made of strings, integers,
    /// booleans and finite fractions never do.
    static func data(_ value: some Encodable, fallback: String = "{}") -> Data {
        (try? StableJSON.data(value)) ?? Data(fallback.utf8)
    }
}
