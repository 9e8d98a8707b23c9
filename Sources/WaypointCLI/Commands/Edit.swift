import ArgumentParser
import Foundation
import Waypoint
import WaypointTools

extension WaypointCommand {
    /// `waypoint edit FILE --edits EDITS.json [--out FILE]`: the console's edits, on a file.
    struct Edit: OutputCommand {
        static let configuration = CommandConfiguration(
            abstract: "Apply edits to a document: texts, content, steps and experiments, without writing JSON by hand.",
            discussion: """
                EDITS.json is {"edits": [EDIT, …]}, the edits the dashboard makes, applied in order by the \
                same code: set-text (a content field's text, or a hint's, in one locale), set-content (a \
                content field's value; null removes it), set-step (the fields a variation's `set` may \
                change), add-experiment, update-experiment, stop-experiment and ship-variation. An edit \
                that names an unknown flow, walkthrough, step, field, experiment or variation, or has the \
                wrong shape, is refused with its index (from 0, as `edits[2]`) and a did-you-mean; nothing \
                is written then.

                The result is written canonically (2-space indentation, keys in the schema's order), so a \
                document kept in git gets the revision the dashboard would make. It is linted first: an \
                error refuses the write and prints the diagnostics (exit 1); warnings are printed. Without \
                --out, the document goes to standard output; with it, to a temporary file renamed over \
                FILE (it may be the input).

                Examples:
                  waypoint edit waypoint.json --edits spanish.json --out waypoint.json
                  waypoint edit waypoint.json --edits '{"edits":[{"op":"stop-experiment","key":"paywall-copy"}]}'
                """
        )

        @Argument(help: "The document file.")
        var file: String

        @Option(help: "The edits: a file of {\"edits\": [EDIT, …]}, or that JSON itself.")
        var edits: String

        @Option(help: "Where to write the edited document (default: standard output).")
        var out: String?

        func run(output: Output) throws {
            let document = try DocumentFile.readValid(file)
            let data = try Self.editsData(edits)
            let result: DocumentEditResult
            do {
                result = try DocumentEdits.apply(data, to: document)
            } catch {
                throw CLIError(error.description)
            }
            try EditedDocument.write(result, from: file, out: out, output: output)
        }

        /// The edits' bytes: the text itself when it starts with `{`, else the file it names.
        static func editsData(_ edits: String) throws -> Data {
            if edits.trimmingCharacters(in: .whitespaces).hasPrefix("{") { return Data(edits.utf8) }
            guard FileManager.default.fileExists(atPath: edits) else {
                throw CLIError("No edits at \(edits). Pass a file of {\"edits\": [EDIT, …]}, or that JSON itself.")
            }
            do {
                return try Data(contentsOf: URL(fileURLWithPath: edits))
            } catch {
                throw CLIError("Cannot read \(edits): \(error.reason). Check that the file is readable.")
            }
        }
    }

    /// `waypoint ship FILE --experiment K --variation V [--out FILE]`: a variation made what everyone gets.
    struct Ship: OutputCommand {
        static let configuration = CommandConfiguration(
            abstract: "Ship an experiment's variation: everyone gets it, and the experiment is removed.",
            discussion: """
                The `ship-variation` edit, on a file. A variation's `changes` are applied to the steps they \
                name (content merged key by key; a step it skips is taken out, the ways into it led where it \
                led); of flows and walkthroughs whose entries vary by the experiment, the variation's entry \
                becomes the only one, without `experiment` and `variation`. Then the experiment is removed. \
                Shipping the control is stopping the experiment.

                The result is linted and written as `waypoint edit` writes it: canonically, refused on a \
                lint error, to standard output without --out.

                Examples:
                  waypoint ship waypoint.json --experiment paywall-copy --variation annual-first --out waypoint.json
                """
        )

        @Argument(help: "The document file.")
        var file: String

        @Option(help: "The key of the experiment.")
        var experiment: String

        @Option(help: "The variation everyone gets.")
        var variation: String

        @Option(help: "Where to write the edited document (default: standard output).")
        var out: String?

        func run(output: Output) throws {
            let document = try DocumentFile.readValid(file)
            let result: DocumentEditResult
            do {
                result = try DocumentEdits.ship(variation, of: experiment, in: document)
            } catch {
                // One edit: say what is wrong without naming it.
                let prefix = "Edit 0 (`ship-variation`): "
                let text = error.description
                throw CLIError(text.hasPrefix(prefix) ? text.dropFirst(prefix.count).prefix(1).uppercased() + text.dropFirst(prefix.count + 1) : text)
            }
            try EditedDocument.write(result, from: file, out: out, output: output)
        }
    }
}

/// Writing what `edit` and `ship` made: linted, then to standard output or atomically to a file.
enum EditedDocument {
    static func write(_ result: DocumentEditResult, from file: String, out: String?, output: Output) throws {
        let diagnostics = result.diagnostics
        let shown = out ?? "(\(file) edited)"
        let report = DiagnosticReport(files: [DiagnosticReport.FileResult(path: shown, diagnostics: diagnostics, contents: nil)])
        if report.hasErrors {
            output.write(report.text)
            output.line("Nothing written: the edited document has errors; change the edits and run again.")
            throw ExitCode(1)
        }
        guard let out else {
            if !diagnostics.isEmpty { FileHandle.standardError.write(Data(report.text.utf8)) }
            output.write(result.text)
            return
        }
        try AtomicFile.replace(out, with: Data(result.text.utf8), what: "the document")
        if !diagnostics.isEmpty { output.write(report.text) }
        let count = result.edits.count
        output.line("Wrote \(out) (\(count) edit\(count == 1 ? "" : "s"))")
        for edit in result.edits { output.line("  " + edit.description) }
    }
}
