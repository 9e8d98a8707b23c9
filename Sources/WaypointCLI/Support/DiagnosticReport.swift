import Foundation
import Waypoint

/// The diagnostics of one or more files, printed the way compilers print problems or as JSON.
struct DiagnosticReport {
    /// One file and its problems.
    struct FileResult {
        let path: String
        let diagnostics: [Diagnostic]
        /// What the file holds, for the summary of a clean file ("2 flows, 1 walkthrough").
        let contents: String?
    }

    let files: [FileResult]

    /// Whether any file has an error.
    var hasErrors: Bool { files.contains { $0.diagnostics.containsErrors } }

    /// `FILE:LINE:COLUMN: error: message [code]` lines, then one summary line per file.
    var text: String {
        var lines: [String] = []
        for file in files {
            lines += file.diagnostics.map { $0.formatted(file: file.path) }
        }
        for file in files {
            let errors = file.diagnostics.filter(\.isError).count
            let warnings = file.diagnostics.count - errors
            if errors == 0 && warnings == 0 {
                lines.append("\(file.path): no problems" + (file.contents.map { " (\($0))" } ?? ""))
            } else {
                var parts: [String] = []
                if errors > 0 { parts.append(Self.plural(errors, "error")) }
                if warnings > 0 { parts.append(Self.plural(warnings, "warning")) }
                lines.append("\(file.path): " + parts.joined(separator: ", "))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A JSON array of `{"severity","code","path","line","column","message","file"}` objects.
    func json() throws -> String {
        let items = files.flatMap { file in file.diagnostics.map { Item(diagnostic: $0, file: file.path) } }
        return try StableJSON.text(items) + "\n"
    }

    private struct Item: Encodable {
        let diagnostic: Diagnostic
        let file: String

        private enum CodingKeys: String, CodingKey { case severity, code, path, line, column, message, file }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(diagnostic.severity, forKey: .severity)
            try container.encode(diagnostic.code, forKey: .code)
            try container.encode(diagnostic.path, forKey: .path)
            try container.encode(diagnostic.line, forKey: .line)
            try container.encode(diagnostic.column, forKey: .column)
            try container.encode(diagnostic.message, forKey: .message)
            try container.encode(file, forKey: .file)
        }
    }

    static func plural(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    /// "2 flows, 1 walkthrough, 1 experiment".
    static func contents(of document: WaypointDocument) -> String {
        [plural(document.flowIDs.count, "flow"), plural(document.walkthroughIDs.count, "walkthrough"),
         plural(document.experiments.count, "experiment")].joined(separator: ", ")
    }
}
