import Waypoint

/// Diagnostics as the `diagnostics` partial shows them.
enum DiagnosticRows {
    static func context(_ diagnostics: [Diagnostic], caption: String) -> [String: Any] {
        [
            "hasDiagnostics": !diagnostics.isEmpty, "diagnosticsCaption": caption,
            "diagnostics": diagnostics.map { diagnostic -> [String: Any] in
                [
                    "location": "line \(diagnostic.line), column \(diagnostic.column)" + (diagnostic.path.isEmpty ? "" : " (\(diagnostic.path))"),
                    "severity": diagnostic.severity.rawValue, "message": diagnostic.message, "code": "\(diagnostic.code)",
                ]
            },
        ]
    }
}
