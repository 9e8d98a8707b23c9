import Waypoint

/// A problem shown beside the field of a form it concerns, or above the form: a finding of the
/// document a save would make, or the form's own check of a value it cannot read.
struct FieldProblem: Sendable, Hashable {
    /// `error` or `warning`.
    let severity: String
    let message: String
    /// The lint or format code (`unknown-goal`); empty for the form's own checks.
    let code: String

    init(severity: String = "error", message: String, code: String = "") {
        self.severity = severity
        self.message = message
        self.code = code
    }

    init(_ diagnostic: Diagnostic) {
        self.init(severity: diagnostic.severity.rawValue, message: diagnostic.message, code: "\(diagnostic.code)")
    }

    var isError: Bool { severity == "error" }
}
