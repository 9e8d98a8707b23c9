import Foundation
import Waypoint

/// The one check of a document where documents are written (docs/ARCHITECTURE.md, "A document, from
/// upload to app"): `waypoint validate`, `waypoint lint`, and the server's upload, edits and publish.
///
/// A document is refused when its format (``Waypoint/WaypointDocument/validate(_:)-(Data)``) or its
/// graph (``Waypoint/DocumentValidation/lint()``) has an error; warnings never refuse it. So
/// `waypoint validate` fails exactly on the documents the server refuses.
public enum DocumentCheck {
    /// Every format and graph problem of `data`, warnings included, sorted by line and column: what
    /// `waypoint lint` prints and what the server answers an upload with.
    public static func diagnostics(of data: Data) -> [Diagnostic] {
        WaypointDocument.validate(data).allDiagnostics
    }

    /// Whether the document in `data` is refused where documents are written: it has an error.
    public static func refuses(_ data: Data) -> Bool {
        diagnostics(of: data).containsErrors
    }
}

extension DocumentValidation {
    /// What `waypoint validate` lists: the format's problems and the graph's errors — every error
    /// ``DocumentCheck`` refuses the document for — sorted by line and column. The graph's warnings
    /// are left to `waypoint lint`.
    public var errorDiagnostics: [Diagnostic] {
        (diagnostics + lint().filter(\.isError)).sortedByLocation()
    }
}
