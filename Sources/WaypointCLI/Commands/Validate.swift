import ArgumentParser
import Waypoint
import WaypointTools

extension WaypointCommand {
    /// `waypoint validate FILE...`: checks documents against the format.
    struct Validate: OutputCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check documents against the format and list every problem.",
            discussion: """
                Reports unknown keys, missing keys, values of the wrong type or outside their range, bad \
                ids and conditions GrowthBook cannot evaluate — every problem at once, each with its line \
                and column, like a compiler — and the graph errors `waypoint lint` finds (unknown steps, \
                cycles without exit, dead ends, weights that do not add up to 1): every error for which the \
                server refuses an upload. Exits 0 when no file has an error, 1 otherwise. Graph warnings \
                (unreachable steps, missing translations) are listed by `waypoint lint` only.

                Examples:
                  waypoint validate waypoint.json
                  waypoint validate flows/*.json --format json
                """
        )

        @Argument(help: "The document files to check.")
        var files: [String]

        @Option(help: "Output format: text (FILE:LINE:COLUMN: error: message [code]) or json (an array of diagnostics).")
        var format: TextOrJSON = .text

        func validate() throws {
            guard !files.isEmpty else {
                throw ValidationError("Give at least one document to check, such as `waypoint validate waypoint.json`.")
            }
        }

        func run(output: Output) throws {
            var results: [DiagnosticReport.FileResult] = []
            for path in files {
                let file = try DocumentFile.read(path)
                results.append(DiagnosticReport.FileResult(
                    path: path, diagnostics: file.validation.errorDiagnostics,
                    contents: file.validation.document.map(DiagnosticReport.contents)))
            }
            let report = DiagnosticReport(files: results)
            output.write(format == .json ? try report.json() : report.text)
            if report.hasErrors { throw ExitCode(1) }
        }
    }
}
