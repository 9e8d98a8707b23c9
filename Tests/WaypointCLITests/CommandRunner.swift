import ArgumentParser
import Foundation
import Testing
@testable import WaypointCLI

/// Runs `waypoint` commands in-process and captures what they print.
enum CommandRunner {
    /// The folder of the test documents.
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures").path
    /// The folder of the example documents.
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Examples/Documents").path

    /// A fixture's path.
    static func fixture(_ name: String) -> String { fixtures + "/" + name }
    /// An example document's path.
    static func example(_ name: String) -> String { examples + "/" + name }

    /// What a run printed, its exit status, the message of the error it stopped with, and the
    /// warnings it printed to standard error.
    struct Result: Sendable {
        let output: String
        let status: Int32
        let error: String?
        var warnings = ""
    }

    /// Parses and runs `arguments` (without `waypoint`); `input` feeds `play`. Folder prefixes of the test
    /// documents are removed from the output (unless `cleaned` is false) so that snapshots do not depend on
    /// where the package is.
    static func run(_ arguments: [String], input: [String] = [], cleaned: Bool = true) -> Result {
        func clean(_ text: String) -> String { cleaned ? Self.clean(text) : text }
        let captured = CapturedOutput()
        do {
            let command = try WaypointCommand.parseAsRoot(arguments)
            if let interactive = command as? any InteractiveCommand {
                try interactive.run(output: captured.output, input: .lines(input))
            } else if let command = command as? any OutputCommand {
                try command.run(output: captured.output)
            } else {
                Issue.record("\(type(of: command)) does not write to an Output")
            }
            return Result(output: clean(captured.text), status: 0, error: nil, warnings: clean(captured.warnings))
        } catch {
            let status = WaypointCommand.exitCode(for: error).rawValue
            let message = WaypointCommand.message(for: error)
            return Result(
                output: clean(captured.text), status: status, error: message.isEmpty ? nil : clean(message),
                warnings: clean(captured.warnings))
        }
    }

    static func clean(_ text: String) -> String {
        text.replacingOccurrences(of: fixtures + "/", with: "").replacingOccurrences(of: examples + "/", with: "")
    }

    /// The help of a subcommand, 100 columns wide.
    static func help(_ command: any ParsableCommand.Type) -> String {
        WaypointCommand.helpMessage(for: command, columns: 100) + "\n"
    }
}
