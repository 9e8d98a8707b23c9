import ArgumentParser
import Waypoint
import WaypointTools

extension WaypointCommand {
    /// `waypoint lint FILE`: graph problems of a document.
    struct Lint: OutputCommand {
        static let configuration = CommandConfiguration(
            abstract: "Find graph problems: unknown steps, unreachable steps, dead ends, cycles without exit.",
            discussion: """
                Checks what a schema cannot: outcomes and subflows that name nothing, flows that include \
                themselves, steps no navigation reaches, steps from which the flow cannot complete, cycles \
                without exit, experiments and variations that do not exist, weights that do not add up, \
                walkthrough steps on one element with the same trigger, empty flows, and more than one \
                experiment reaching one flow run (a flow and a subflow it runs varying by different \
                experiments, by their entries or by `changes` to their steps). Every variation's entry is \
                checked, those of subflows too, and so is the document as each variation's `changes` make \
                it; a problem of one variation names it ("in variation `annual-first` of `paywall-copy`: …") \
                and points at the change that causes it. Localized texts without a locale that other texts \
                have are warned about (missing-translation); a localized text without the default locale is \
                the format error missing-default-locale. A document that cannot be read is reported as \
                `waypoint validate` reports it. Exits 1 on any error.

                Codes: duplicate-id, unknown-target, unknown-subflow, subflow-cycle, unreachable-step, \
                dead-end, no-exit-cycle, unknown-experiment, unknown-variation, bad-weights, \
                duplicate-target, empty-flow, overlapping-experiments, missing-variation, \
                missing-translation, missing-default-locale.

                Examples:
                  waypoint lint waypoint.json
                  waypoint lint waypoint.json --format json
                """
        )

        @Argument(help: "The document file to check.")
        var file: String

        @Option(help: "Output format: text (FILE:LINE:COLUMN: error: message [code]) or json (an array of diagnostics).")
        var format: TextOrJSON = .text

        func run(output: Output) throws {
            let document = try DocumentFile.read(file)
            let report = DiagnosticReport(files: [DiagnosticReport.FileResult(
                path: file, diagnostics: document.validation.allDiagnostics,
                contents: document.validation.document.map(DiagnosticReport.contents))])
            output.write(format == .json ? try report.json() : report.text)
            if report.hasErrors { throw ExitCode(1) }
        }
    }
}
