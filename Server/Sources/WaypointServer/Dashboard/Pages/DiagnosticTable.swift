import Waypoint

/// The `diagnostics` partial: a document's findings of validation and lint.
struct DiagnosticTable: Sendable {
    struct Row: Sendable {
        /// "line L, column C" and the JSON path.
        let location: String
        let severity: String
        let message: String
        let code: String
    }

    let caption: String
    let rows: [Row]

    /// The table of `diagnostics`; nil when there are none (no table is shown).
    init?(_ diagnostics: [Diagnostic], caption: String) {
        guard !diagnostics.isEmpty else { return nil }
        self.caption = caption
        rows = diagnostics.map { diagnostic in
            Row(
                location: "line \(diagnostic.line), column \(diagnostic.column)" + (diagnostic.path.isEmpty ? "" : " (\(diagnostic.path))"),
                severity: diagnostic.severity.rawValue, message: diagnostic.message, code: "\(diagnostic.code)")
        }
    }
}
