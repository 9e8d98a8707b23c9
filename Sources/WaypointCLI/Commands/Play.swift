import ArgumentParser
import Foundation
import Waypoint

extension WaypointCommand {
    /// `waypoint play FILE --flow ID`: clicks through a flow at a terminal, or runs a script of outcomes.
    struct Play: InteractiveCommand {
        static let configuration = CommandConfiguration(
            abstract: "Click through a flow at a terminal, or feed it a script of outcomes.",
            discussion: """
                Shows each step with its screen and the outcomes it accepts. Type an outcome (or its \
                number; an empty line means `next`), `back` to go back, or `quit`. With --script, the \
                outcomes are fed in order and the visited path is printed; an outcome the current step \
                does not accept stops the run with exit status 1. Conditions are evaluated against \
                --attributes (default {}); steps of a subflow show as subflowStep/innerStep. Without a \
                terminal, lines are read from standard input.

                --events writes, as JSON Lines, the analytics events an app would send for the run \
                (Flow Started, Step Viewed, Step Completed, Step Skipped, Flow Completed, or Flow \
                Abandoned when the run stops before the end), for user --user, with real timestamps.

                Examples:
                  waypoint play waypoint.json --flow signup
                  waypoint play waypoint.json --flow signup --script register,newUser,next,next,next
                  waypoint play waypoint.json --flow signup --attributes '{"country":"US"}' \\
                    --script register,newUser --format json --events run.jsonl
                """
        )

        @Argument(help: "The document file.")
        var file: String

        @Option(help: "The id of the flow to play.")
        var flow: String

        @Option(help: "The user's attributes, a JSON object such as '{\"country\":\"US\"}' (default {}).")
        var attributes: String?

        @Option(help: "Outcomes to feed in order, comma-separated (`back` goes back), instead of asking.")
        var script: String?

        @Option(help: "Write the analytics events of the run to this JSON Lines file.")
        var events: String?

        @Option(help: "The userId of the events.")
        var user: String = "play"

        @Option(help: "Output format: text, or json (with --script only).")
        var format: TextOrJSON = .text

        func validate() throws {
            if let attributes { _ = try AttributesOption.parse(attributes) }
            if format == .json && script == nil {
                throw ValidationError("--format json needs --script: give the outcomes in order, such as --script register,newUser.")
            }
            if let script, outcomes(script).isEmpty {
                throw ValidationError("--script is empty; list the outcomes in order, such as --script register,newUser.")
            }
        }

        func run(output: Output, input: Input) throws {
            let document = try DocumentFile.readValid(file)
            let attributes = try self.attributes.map(AttributesOption.parse) ?? Attributes()
            var player = try FlowPlayer(document: document, flowID: flow, attributes: attributes, userID: user)
            let text = format == .text
            defer { if let events { try? writeEvents(player.events, to: events) } }
            try player.start()
            if text { output.line("Flow \(flow) (version \(player.definition.version)), attributes \(attributes.json.jsonText)") }
            if text { show(player, output: output) }
            if let script {
                for (index, outcome) in outcomes(script).enumerated() {
                    guard !player.isCompleted else {
                        let remaining = outcomes(script).dropFirst(index)
                        player.abandon()
                        throw CLIError("The flow completed before the end of the script; remove the outcomes left over: \(remaining.joined(separator: ",")).")
                    }
                    if text { output.line("  > \(outcome)") }
                    do {
                        try player.send(outcome)
                    } catch let error as FlowError {
                        player.abandon()
                        throw CLIError(error.description)
                    }
                    if text { show(player, output: output) }
                }
            } else {
                while !player.isCompleted {
                    output.write("  outcome, number, back or quit> ")
                    output.flush()
                    guard let line = input.readLine() else { output.line(); break }
                    if !input.isTerminal { output.line(line) }
                    let answer = line.trimmingCharacters(in: .whitespaces)
                    if answer == "quit" || answer == "q" { break }
                    let accepted = player.current?.outcomes ?? []
                    var outcome = answer
                    if answer.isEmpty {
                        guard accepted.contains(Outcome.next) else {
                            output.line("  Type one of: \((accepted + (player.state.canGoBack ? [Outcome.back] : [])).joined(separator: ", ")).")
                            continue
                        }
                        outcome = Outcome.next
                    } else if let number = Int(answer), number >= 1, number <= accepted.count {
                        outcome = accepted[number - 1]
                    }
                    do {
                        try player.send(outcome)
                    } catch {
                        output.line("  \(error)")
                        continue
                    }
                    show(player, output: output)
                }
            }
            if !player.isCompleted { player.abandon() }
            if text {
                output.line((player.isCompleted ? "Completed: " : "Stopped before the end: ") + player.path.joined(separator: " → "))
                if let events { output.line("Wrote \(player.events.count) events to \(events)") }
            } else {
                output.line(try JSONOutput.text(Report(flowId: flow, path: player.path, completed: player.isCompleted)))
            }
        }

        /// Prints skipped steps and the current step with its numbered outcomes.
        private func show(_ player: FlowPlayer, output: Output) {
            for skipped in player.lastSkipped { output.line("  skipped \(skipped) (its condition is false)") }
            guard let path = player.currentPath, let step = player.current else { return }
            var outcomes = step.outcomes.enumerated().map { "\($0.offset + 1) \($0.element)" }
            if player.state.canGoBack { outcomes.append("back") }
            output.line("▸ \(path) [\(step.screen)]  accepts: \(outcomes.joined(separator: ", "))")
        }

        private func outcomes(_ script: String) -> [String] {
            script.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }

        private func writeEvents(_ events: [OnboardingEvent], to path: String) throws {
            let text = events.map(\.jsonLine).joined(separator: "\n") + (events.isEmpty ? "" : "\n")
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        }

        private struct Report: Encodable {
            let flowId: String
            let path: [String]
            let completed: Bool
        }
    }
}
