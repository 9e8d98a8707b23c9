/// One problem found in a document: how serious, which kind, where (JSON path, line, column) and what to do.
///
/// In JSON (`waypoint validate --format json`), exactly:
/// `{"severity":"error","code":"bad-value","path":"walkthroughs[0].steps[2].tooltipPosition","line":14,"column":30,"message":"…"}`.
/// As text, the way compilers print problems, so editors and CI annotate the line:
/// `waypoint.json:14:30: error: `left` is not a tooltip position; use `above`, `below` or `auto` [bad-value]`.
public struct Diagnostic: Sendable, Hashable, Codable, CustomStringConvertible {
    /// How serious a problem is.
    public enum Severity: String, Sendable, Hashable, Codable, Comparable {
        /// The document must not be used as it is.
        case error
        /// The document works, but probably not as intended.
        case warning

        public static func < (lhs: Severity, rhs: Severity) -> Bool {
            lhs == .error && rhs == .warning
        }
    }

    /// How serious the problem is.
    public var severity: Severity
    /// The kind of problem, stable across releases (tools may match on it).
    public var code: DiagnosticCode
    /// The JSON path of the value concerned, such as `flows[0].steps[3].on.next`; for a missing key, the path
    /// the key should have. Keys that are not plain names are quoted: `when["father.age"]`.
    public var path: String
    /// The line, from 1 (0 when the document was not read from text).
    public var line: Int
    /// The column, from 1, in Unicode scalars (0 when the document was not read from text).
    public var column: Int
    /// What is wrong and what is allowed instead.
    public var message: String

    /// Creates a diagnostic.
    public init(severity: Severity, code: DiagnosticCode, path: String, line: Int, column: Int, message: String) {
        self.severity = severity
        self.code = code
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    /// Creates a diagnostic at a location.
    package init(_ severity: Severity, _ code: DiagnosticCode, path: String, at location: SourcePosition, _ message: String) {
        self.init(severity: severity, code: code, path: path, line: location.line, column: location.column, message: message)
    }

    /// The line and column.
    package var location: SourcePosition { SourcePosition(line: line, column: column) }

    /// Whether the problem is an error.
    public var isError: Bool { severity == .error }

    /// The compiler-style line `FILE:LINE:COLUMN: error: message [code]` (without line and column when unknown).
    public func formatted(file: String) -> String {
        let place = line > 0 ? "\(file):\(line):\(column)" : file
        return "\(place): \(severity.rawValue): \(message) [\(code.rawValue)]"
    }

    /// `LINE:COLUMN: error: message [code] (at PATH)`.
    public var description: String {
        let place = line > 0 ? "\(line):\(column): " : ""
        return "\(place)\(severity.rawValue): \(message) [\(code.rawValue)] (at \(path.isEmpty ? "the top level" : path))"
    }
}

extension Array where Element == Diagnostic {
    /// Whether any of the diagnostics is an error.
    public var containsErrors: Bool { contains { $0.severity == .error } }

    /// Sorted by line and column, then errors before warnings, then by code and path; equal ones keep their order.
    package func sortedByLocation() -> [Diagnostic] {
        enumerated().sorted { lhs, rhs in
            let (l, r) = (lhs.element, rhs.element)
            if l.line != r.line { return l.line < r.line }
            if l.column != r.column { return l.column < r.column }
            if l.severity != r.severity { return l.severity < r.severity }
            if l.code != r.code { return l.code.rawValue < r.code.rawValue }
            if l.path != r.path { return l.path < r.path }
            return lhs.offset < rhs.offset
        }.map(\.element)
    }
}
