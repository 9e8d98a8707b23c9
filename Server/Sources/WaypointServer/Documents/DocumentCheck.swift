import Foundation
import Waypoint
import WaypointTools

/// Validation and lint of an uploaded document: the very calls `waypoint lint` makes, so codes,
/// lines and columns are the same.
enum DocumentCheck {
    /// Every format and graph problem of `data`, sorted by line and column.
    static func diagnostics(of data: Data) -> [Diagnostic] {
        WaypointDocument.validate(data).allDiagnostics
    }
}
