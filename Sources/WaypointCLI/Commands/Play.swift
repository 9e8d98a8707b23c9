import ArgumentParser
import Foundation
import Waypoint

extension WaypointCommand {
    /// `waypoint play FILE --flow ID` (or `--walkthrough ID`): clicks through a flow or a walkthrough at a
    /// terminal, or runs a script of answers.
    struct Play: InteractiveCommand {
        static let configuration = CommandConfiguration(
            abstract: "Click through a flow or a walkthrough at a terminal, or feed it a script of answers.",
            discussion: """
                Shows each step with its screen and what it accepts, numbered. At the prompt and in --script \
                alike, an answer is an outcome, its number, an empty answer for `next` (when the step has \
                it), `back` (listed only when there is a step to go back to) or `quit`. A refused answer \
                is explained, with a suggestion for a typo; at the prompt you try again, in a script the run \
                stops with exit status 1. A script or input that ends before the flow completes exits 1 \
                too; end it with `quit` to stop on purpose. Conditions are evaluated against --attributes \
                (default {}); steps of a subflow show as subflowStep/innerStep. Without a terminal, lines \
                are read from standard input.

                --walkthrough plays a walkthrough instead: each hint is shown as its target appears; answer \
                with its trigger (`tap`, `swipe`, `timer`, `event`, or `next` for the tooltip's button) or \
                `skip` when the hint can be skipped.

                For a flow or walkthrough that varies by experiment, or a flow that runs a subflow that \
                does, the first line names the variation used: the one --variation names, else the one \
                the attributes are assigned. An experiment's `changes` vary a flow or walkthrough too: \
                the variation's changes are applied to the steps it names.

                A step with `content` shows it under the step, keys sorted, values as JSON \
                (`content: headline "Go premium", trialDays 7`), texts localized for the attribute \
                `locale` (--attributes '{"locale":"de"}'), falling back by truncation (`pt-BR` → `pt`) and \
                then to the document's `defaultLocale`; a hint's text likewise.

                --events writes, as JSON Lines, the analytics events an app would send for the run (Flow \
                Started, Step Viewed, Step Completed, Step Skipped, Flow Completed, or Flow Abandoned when \
                the run stops before the end; for walkthroughs Walkthrough Started, Hint Shown, Hint \
                Completed, Hint Skipped, Walkthrough Completed), carrying the experiment and variation when \
                the user is in the experiment, from the run's exposure on: its start, entering the \
                subflow that varies, or the first step an experiment's `changes` change. Each exposure \
                also writes one Experiment Viewed (the experiment, the variation and the step where it \
                happened); with several experiments each exposes the run at its own point, the events \
                carry the first, and the run's last line (JSON: `exposures`) lists them. The file is replaced, or extended with --append; either way \
                it is written to a temporary file and renamed. The user is --user, else the `id` of \
                --attributes, else `play`. Timestamps come from the real clock, or from --clock \
                start=ISO8601,step=DURATION: the run starts at `start` and each answer takes `step` \
                (ms, s or m; default 5s). Each event names the locale its text was shown in (`locale`: the \
                one chosen for the attribute `locale`, or that attribute itself for a document without \
                localized text) and, with --platform, the platform (`platform`, such as iOS); without \
                --platform the events name none.

                --in-flight simulates a user still in the flow: no Flow Abandoned is written, and when the \
                script ends, or says `quit`, before the flow completes, the run stops where it is and exits 0, \
                as an app does when it is closed mid-flow and resumed later (the publish preview counts such \
                users).

                Examples:
                  waypoint play waypoint.json --flow signup
                  waypoint play waypoint.json --flow signup --script register,newUser,next,next,next
                  waypoint play waypoint.json --flow signup --variation short --script continue,,
                  waypoint play waypoint.json --flow signup --attributes '{"id":"u-1","country":"US"}' \\
                    --script register,newUser,quit --format json --events run.jsonl --append \\
                    --clock start=2026-11-21T10:00:00Z,step=5s
                  waypoint play waypoint.json --flow signup --script register --in-flight --events run.jsonl
                  waypoint play waypoint.json --walkthrough layering --attributes '{"appLaunches":3}' --script tap,timer
                """
        )

        @Argument(help: "The document file.")
        var file: String

        @Option(help: "The id of the flow to play.")
        var flow: String?

        @Option(help: "The id of the walkthrough to play (instead of --flow).")
        var walkthrough: String?

        @Option(help: "The user's attributes, a JSON object such as '{\"country\":\"US\"}' (default {}).")
        var attributes: String?

        @Option(help: "Play this variation of a flow or walkthrough that varies by experiment, whatever the attributes.")
        var variation: String?

        @Option(help: "Answers to feed in order, comma-separated (an outcome, its number, empty for `next`, `back`, `quit`), instead of asking.")
        var script: String?

        @Option(help: "Write the analytics events of the run to this JSON Lines file.")
        var events: String?

        @Flag(help: "With --events, add the events to the end of the file instead of replacing it.")
        var append = false

        @Flag(help: "With --script and --flow, leave the user in flight when the script ends (or says `quit`) before the flow completes: no Flow Abandoned, exit 0.")
        var inFlight = false

        @Option(help: "The userId of the events (default: the `id` of --attributes, else `play`).")
        var user: String?

        @Option(help: ArgumentHelp("The platform the events name, such as iOS, iPadOS or macOS (default: none).", valueName: "name"))
        var platform: String?

        @Option(help: "The time of the events: start=ISO8601,step=DURATION (such as start=2026-11-21T10:00:00Z,step=5s); default: now.")
        var clock: String?

        @Option(name: .customLong("send-to"), help: "Post the run's analytics events to this Waypoint server (SERVER/v1/events), with --key.")
        var sendTo: String?

        @Option(help: "With --send-to, the environment's SDK key (sent as Waypoint-Key).")
        var key: String?

        @Option(help: "Output format: text, or json (with --script only).")
        var format: TextOrJSON = .text

        func validate() throws {
            if let attributes { _ = try AttributesOption.parse(attributes) }
            switch (flow, walkthrough) {
            case (nil, nil): throw ValidationError("Name what to play: --flow ID or --walkthrough ID.")
            case (.some, .some): throw ValidationError("Play one thing at a time: give --flow or --walkthrough, not both.")
            default: break
            }
            if format == .json && script == nil {
                throw ValidationError("--format json needs --script: give the answers in order, such as --script register,newUser.")
            }
            if let script, script.trimmingCharacters(in: .whitespaces).isEmpty {
                throw ValidationError("--script is empty; list the answers in order, such as --script register,newUser.")
            }
            if append && events == nil { throw ValidationError("--append needs --events FILE.") }
            if inFlight && (script == nil || flow == nil) {
                throw ValidationError("--in-flight needs --flow and --script: it leaves a scripted flow run in flight when the script ends early.")
            }
            if let clock { _ = try PlayClock(parsing: clock) }
            switch (sendTo, key) {
            case (.some(let server), .some):
                try ServerURL.parse(server, option: "--send-to")
            case (.some, nil): throw ValidationError("--send-to needs --key: the SDK key of the environment the events belong to.")
            case (nil, .some): throw ValidationError("--key needs --send-to: the server to post the events to.")
            case (nil, nil): break
            }
        }

        /// The userId of the events: --user, else the attributes' `id`, else `play`.
        private func userID(_ attributes: Attributes) -> String {
            if let user { return user }
            switch attributes["id"] {
            case .string(let id)? where !id.isEmpty: return id
            case .number(let id)?: return id == id.rounded() && abs(id) < 1e15 ? String(Int(id)) : String(id)
            default: return "play"
            }
        }

        func run(output: Output, input: Input) throws {
            let document = try DocumentFile.readValid(file)
            let attributes = try self.attributes.map(AttributesOption.parse) ?? Attributes()
            var clock = try self.clock.map(PlayClock.init(parsing:)) ?? PlayClock()
            var session = Session(output: output, input: input, script: script.map(PlayAnswer.scriptItems), text: format == .text)
            var recorded: [OnboardingEvent] = []
            var outcome: Result<Void, any Error>
            if let walkthrough {
                let forced = try VariationOption.forWalkthrough(variation, id: walkthrough, in: document)
                var player = try WalkthroughPlayer(
                    document: document, walkthroughID: walkthrough, attributes: attributes, userID: userID(attributes),
                    forcedVariations: forced, platform: platform)
                outcome = Result { try playWalkthrough(&player, attributes: attributes, clock: &clock, session: &session) }
                recorded = player.events
            } else if let flow {
                let forced = try VariationOption.forFlow(variation, id: flow, in: document)
                var player = try FlowPlayer(
                    document: document, flowID: flow, attributes: attributes, userID: userID(attributes), forcedVariations: forced,
                    platform: platform)
                outcome = Result { try playFlow(&player, attributes: attributes, clock: &clock, session: &session) }
                recorded = player.events
            } else {
                return
            }
            if let events {
                do {
                    try EventsFile.write(recorded.map(\.jsonLine), to: events, append: append)
                    if format == .text {
                        output.line("\(append ? "Appended" : "Wrote") \(recorded.count) event\(recorded.count == 1 ? "" : "s") to \(events)")
                    }
                } catch let error as CLIError {
                    if case .failure(let runError) = outcome {
                        throw CLIError("\(runError)\n\(error.description)")
                    }
                    throw error
                }
            }
            if let sendTo, let key, let server = URL(string: sendTo) {
                try send(recorded, to: server, key: key, output: output)
            }
            try outcome.get()
        }

        /// Posts the run's events with ``HTTPEventSink`` and reports what the server did with them.
        private func send(_ events: [OnboardingEvent], to server: URL, key: String, output: Output) throws {
            let sink = HTTPEventSink(configuration: .init(server: server, key: key))
            let report: HTTPEventSink.Report
            let failure: EventUploadError?
            do {
                (report, failure) = try AsyncWait.result { () async throws -> (HTTPEventSink.Report, EventUploadError?) in
                    do {
                        try await sink.send(events)
                        return (await sink.report, nil)
                    } catch let error as EventUploadError {
                        return (await sink.report, error)
                    }
                }
            } catch {
                throw CLIError("The \(Self.events(events.count)) of the run were not sent: \(error)")
            }
            if let failure { throw CLIError(Self.notSent(events.count, failure, report: report)) }
            let url = sink.configuration.eventsURL.absoluteString
            if format == .text {
                output.line("Sent \(Self.events(events.count)) to \(url): \(report.accepted) accepted, "
                    + "\(report.duplicates) duplicate\(report.duplicates == 1 ? "" : "s"), \(report.rejected) rejected")
            }
            for rejection in report.rejections {
                output.line("  rejected \(rejection.messageID): \(rejection.message)")
            }
        }

        /// "1 event", "4 events".
        private static func events(_ count: Int) -> String { "\(count) event\(count == 1 ? "" : "s")" }

        /// What the CLI did when the server refused the events: it keeps no queue, so nothing is
        /// kept and nothing more is sent (never the app queue's "the events stay queued").
        private static func notSent(_ count: Int, _ failure: EventUploadError, report: HTTPEventSink.Report) -> String {
            let stored = report.accepted + report.duplicates
            let before = stored == 0 ? "" : " (the server had taken \(stored) of them before)"
            let fix = failure.isPaused
                ? "Check --key: it must be the SDK key of the environment the events belong to"
                : "Check --send-to and that the server is running"
            return "The \(events(count)) of the run were not sent: \(failure.problem). The CLI kept nothing and sent nothing more"
                + "\(before). \(fix), then play the run again to send them."
        }

        /// The answers of a run: the script's items, or lines from the input.
        private struct Session {
            let output: Output
            let input: Input
            var script: [String]?
            let text: Bool
            var position = 0

            /// The next answer, or `nil` at the end of the script or input.
            mutating func next(prompt: String) -> String? {
                if var items = script {
                    guard !items.isEmpty else { return nil }
                    let item = items.removeFirst()
                    script = items
                    position += 1
                    if text { output.line("  > \(item)") }
                    return item
                }
                output.write("  \(prompt)> ")
                output.flush()
                guard let line = input.readLine() else { output.line(); return nil }
                if !input.isTerminal { output.line(line) }
                return line
            }

            var isScripted: Bool { script != nil }
            var remaining: [String] { script ?? [] }
        }

        private func playFlow(_ player: inout FlowPlayer, attributes: Attributes, clock: inout PlayClock, session: inout Session) throws {
            let text = format == .text
            try player.start(at: clock.now())
            if text {
                var header = "Flow \(player.definition.id) (version \(player.definition.version)), attributes \(attributes.json.jsonText)"
                if let note = Self.variationNote(player.choice.map(Self.assignment), attributes: self.attributes) { header += ", " + note }
                session.output.line(header)
                show(player, output: session.output)
            }
            var quit = false
            while !player.isCompleted {
                let choices = player.current?.outcomes ?? []
                guard let line = session.next(prompt: "outcome, number, back or quit") else { break }
                clock.advance()
                switch PlayAnswer.read(line, choices: choices, canGoBack: player.state.canGoBack) {
                case .failure(let refusal):
                    let message = "Step `\(player.currentPath ?? "?")` refuses \(Self.quoted(line)): \(refusal.message)"
                    if session.isScripted {
                        if !inFlight { player.abandon(at: clock.now()) }
                        if text { session.output.line("Stopped before the end: " + player.path.joined(separator: " → ")) }
                        throw CLIError(message)
                    }
                    session.output.line("  " + refusal.message)
                    continue
                case .success(.quit):
                    quit = true
                case .success(.back):
                    try player.send(Outcome.back, at: clock.now())
                case .success(.choice(let outcome)):
                    try player.send(outcome, at: clock.now())
                }
                if quit { break }
                if text { show(player, output: session.output) }
            }
            if player.isCompleted && !session.remaining.isEmpty {
                throw CLIError("The flow completed before the end of the script; remove the answers left over: \(session.remaining.joined(separator: ",")).")
            }
            if !player.isCompleted && !inFlight { player.abandon(at: clock.now()) }
            if text {
                let state = player.isCompleted ? "Completed: " : inFlight ? "In flight (no Flow Abandoned): " : "Stopped before the end: "
                session.output.line(state + player.path.joined(separator: " → "))
                // With several experiments, where each exposed the run (the header names the first).
                if player.exposures.count > 1 {
                    session.output.line("Exposed to " + player.exposures.map { event in
                        "\(event.experiment ?? "?") (\(event.variation ?? "?")) at \(event.stepID ?? "the start")"
                    }.joined(separator: ", then "))
                }
            } else {
                let exposures = player.exposures.map { ExposureSummary(experiment: $0.experiment, variation: $0.variation, stepId: $0.stepID) }
                session.output.line(try StableJSON.text(FlowRunSummary(
                    flowId: player.definition.id, path: player.path, completed: player.isCompleted,
                    experiment: player.choice?.experiment, variation: player.choice?.variation,
                    exposures: exposures.count > 1 ? exposures : nil)))
            }
            if !player.isCompleted && !quit && !inFlight {
                let step = player.currentPath ?? "?"
                let choices = player.current?.outcomes ?? []
                throw CLIError("The \(session.isScripted ? "script" : "input") ended before the flow completed, at step `\(step)`; "
                    + "add one of \(PlayAnswer.options(choices: choices, canGoBack: player.state.canGoBack)) (`quit` stops on purpose).")
            }
        }

        private func playWalkthrough(_ player: inout WalkthroughPlayer, attributes: Attributes, clock: inout PlayClock, session: inout Session) throws {
            let text = format == .text
            player.start(at: clock.now())
            if text {
                var header = "Walkthrough \(player.walkthrough.id) (version \(player.walkthrough.version)), attributes \(attributes.json.jsonText)"
                if let choice = player.choice, let note = Self.variationNote(Self.assignment(choice), attributes: self.attributes) { header += ", " + note }
                session.output.line(header)
            }
            guard player.isRunning || player.isCompleted else {
                let reason = player.choice?.ineligibilityReason ?? "its rules do not allow it to start"
                if text { session.output.line("Not shown: \(reason).") } else {
                    session.output.line(try StableJSON.text(WalkthroughRunSummary(
                        walkthroughId: player.walkthrough.id, shown: [], completed: false, eligible: false,
                        experiment: player.choice?.experiment, variation: player.choice?.variation)))
                }
                return
            }
            if text { show(player, output: session.output) }
            var quit = false
            while player.isRunning {
                guard let line = session.next(prompt: "action, number or quit") else { break }
                clock.advance()
                let actions = player.actions
                switch PlayAnswer.read(line, choices: actions, canGoBack: false, emptyMeans: actions.first) {
                case .failure(let refusal):
                    let message = "Hint `\(player.current?.step.id ?? "?")` refuses \(Self.quoted(line)): \(refusal.message)"
                    if session.isScripted {
                        if text { session.output.line("Stopped before the end: " + player.shown.joined(separator: " → ")) }
                        throw CLIError(message)
                    }
                    session.output.line("  " + refusal.message)
                    continue
                case .success(.quit), .success(.back):
                    quit = true
                case .success(.choice(let action)):
                    player.send(action, at: clock.now())
                }
                if quit { break }
                if text { show(player, output: session.output) }
            }
            if !player.isRunning && !session.remaining.isEmpty {
                throw CLIError("The walkthrough ended before the end of the script; remove the answers left over: \(session.remaining.joined(separator: ",")).")
            }
            if text {
                session.output.line((player.isCompleted ? "Completed: " : "Stopped before the end: ") + player.shown.joined(separator: " → "))
            } else {
                session.output.line(try StableJSON.text(WalkthroughRunSummary(
                    walkthroughId: player.walkthrough.id, shown: player.shown, completed: player.isCompleted, eligible: true,
                    experiment: player.choice?.experiment, variation: player.choice?.variation)))
            }
            if player.isRunning && !quit {
                throw CLIError("The \(session.isScripted ? "script" : "input") ended before the walkthrough completed, at hint "
                    + "`\(player.current?.step.id ?? "?")`; add one of \(PlayAnswer.options(choices: player.actions, canGoBack: false)) "
                    + "(`quit` stops on purpose).")
            }
        }

        /// Prints skipped steps and the current step with its numbered outcomes.
        private func show(_ player: FlowPlayer, output: Output) {
            for skipped in player.lastSkipped {
                let reason = player.skippedByVariation.contains(skipped) ? "its variation skips it" : "its condition is false"
                output.line("  skipped \(skipped) (\(reason))")
            }
            guard let path = player.currentPath, let step = player.current else { return }
            var outcomes = step.outcomes.enumerated().map { "\($0.offset + 1) \($0.element)" }
            if player.state.canGoBack { outcomes.append("back") }
            output.line("▸ \(path) [\(step.screen)]  accepts: \(outcomes.joined(separator: ", "))")
            if !step.content.isEmpty { output.line("    content: " + Self.describe(step.content)) }
        }

        /// The content on one line, keys sorted, each value as JSON: `headline "Go premium", trialDays 7`.
        static func describe(_ content: StepContent) -> String {
            content.keys.compactMap { key in content[key].map { "\(key) \($0.jsonText)" } }.joined(separator: ", ")
        }

        /// Prints skipped hints and the hint on screen with its numbered actions.
        private func show(_ player: WalkthroughPlayer, output: Output) {
            for skipped in player.lastSkipped { output.line("  skipped \(skipped) (its condition is false)") }
            guard let (index, step) = player.current else { return }
            let actions = player.actions.enumerated().map { "\($0.offset + 1) \($0.element)" }
            output.line("▸ \(step.id) (\(index + 1) of \(player.walkthrough.steps.count)) on \(step.targetElementId): "
                + "\"\(step.tooltipText)\"  \(Self.describe(step.completionTrigger))  accepts: \(actions.joined(separator: ", "))")
        }

        private static func quoted(_ answer: String) -> String {
            let trimmed = answer.trimmingCharacters(in: .whitespaces)
            return trimmed.isEmpty ? "an empty answer" : "`\(trimmed)`"
        }

        private static func describe(_ trigger: CompletionTrigger) -> String {
            switch trigger {
            case .tap(let elementId): "[tap \(elementId)]"
            case .swipe(let direction): "[swipe \(direction.rawValue)]"
            case .timer(let seconds): "[timer \(seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds))s]"
            case .event(let name): "[event \(name)]"
            case .button: "[Next button]"
            }
        }

        private static func assignment(_ choice: ResolutionReport.FlowChoice) -> EntrySelector.Assignment {
            EntrySelector.Assignment(
                experiment: choice.experiment ?? "?", variation: choice.variation, inExperiment: choice.inExperiment,
                hashValue: choice.hashValue, exclusionReason: choice.exclusionReason, isForced: choice.forced == true)
        }

        private static func assignment(_ choice: ResolutionReport.WalkthroughChoice) -> EntrySelector.Assignment? {
            guard let experiment = choice.experiment else { return nil }
            return EntrySelector.Assignment(
                experiment: experiment, variation: choice.variation, inExperiment: choice.inExperiment ?? false,
                hashValue: choice.hashValue, exclusionReason: choice.exclusionReason, isForced: choice.forced == true)
        }

        private static func variationNote(_ assignment: EntrySelector.Assignment?, attributes: String?) -> String? {
            VariationOption.describe(assignment, attributesGiven: attributes != nil)
        }

        private struct FlowRunSummary: Encodable {
            let flowId: String
            let path: [String]
            let completed: Bool
            let experiment: String?
            let variation: String?
            /// With several experiments, each exposure of the run in order; absent otherwise.
            let exposures: [ExposureSummary]?
        }

        /// Where one experiment exposed the run (its `Experiment Viewed`).
        private struct ExposureSummary: Encodable {
            let experiment: String?
            let variation: String?
            let stepId: String?
        }

        private struct WalkthroughRunSummary: Encodable {
            let walkthroughId: String
            let shown: [String]
            let completed: Bool
            let eligible: Bool
            let experiment: String?
            let variation: String?
        }
    }
}
