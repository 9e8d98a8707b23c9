import ArgumentParser
import Foundation
import Waypoint
import WaypointTools

extension WaypointCommand {
    /// `waypoint funnel`: where users drop off in a flow or a walkthrough, from a JSON Lines file of events.
    struct Funnel: OutputCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show where users drop off in a flow or a walkthrough, from a JSON Lines file of analytics events.",
            discussion: """
                Without --steps: the flow report, right for flows with forks, conditional steps and \
                subflows. Per step: the users who viewed it, skipped it (its condition was false; not a \
                drop-off), dropped off there (their last viewed step, without completing the flow) and \
                the drop rate (dropped here of those who viewed the step, not of all who started), each \
                outcome they took, and the median time on the step; and the flow's started, completed, \
                abandoned and in-progress users (started, neither completed nor abandoned), completion \
                rate and median time to complete. Steps are listed in document order with --document \
                (every declared step, even at 0), otherwise in order of first appearance.

                With --steps a,b,c: the sequential funnel. Every `Step Viewed` of the first step starts \
                an attempt; an attempt reaches a step when the steps before it were viewed in order, all \
                within the window after the attempt's start. A user counts for the furthest step any \
                attempt reached. `$complete` stands for the flow's `Flow Completed`.

                With --walkthrough ID instead of --flow: the walkthrough report. Per hint: the users it \
                was shown to, who completed it (split by trigger), skipped it (split by trigger; \
                `condition` means its condition was false), whose target was not found, and who \
                stopped there (their last hint shown, without completing the walkthrough), with rates of \
                the users each hint was shown to; and the walkthrough's started and completed users and \
                completion rate. Hints are listed in document order with --document, otherwise in order \
                of first appearance.

                The flow and walkthrough reports count the users with a `Flow Started` (`Walkthrough \
                Started`), so that started = completed + abandoned + in progress; the users with events \
                but no start are left out of every figure, and counted as "withoutStart" in the JSON.

                When events carry the app's version (`appVersion`), the flow and walkthrough reports \
                also give every figure per app version: a user's is that of their last event with one. \
                When they carry the document revision (`revision`), the flow report does the same per \
                revision, unless --revision names one: a user's is that of their first `Flow Started`. \
                --by appVersion and --by revision show only those groups in the table (the JSON always \
                has them); --by locale and --by platform add every figure per locale (the locale the \
                run's text was shown in) or platform (iOS, iPadOS, macOS, …): a user's is that of their \
                last event of the flow with one, users with none are "(none)".

                Scope: --revision N counts only the users whose first `Flow Started` (`Walkthrough \
                Started` for a walkthrough) carries that revision, with all their events, whatever \
                revision the later ones carry: a run resumed after a publish stays with the revision it \
                started on. --since and --until count only the users whose first `Flow Started` \
                (`Walkthrough Started`) is in [since, until), with all their events; with --revision, \
                both hold on that same first start. A bare date is midnight UTC. With --by variation, a \
                user's variation is that of their first Experiment Viewed of the experiment, else (events \
                sent before that event existed) of their earliest event that carries it; when the \
                events carry more than one experiment, name the one that splits the users with \
                --experiment KEY. The JSON echoes the scope as "scope".

                Reports stay bounded whatever the events hold: with --document, the variations it does \
                not declare are reported together as "(other)", and the steps it does not declare beyond \
                the 50 with the most viewers as "(other steps)"; app \
                versions (and variations without --document) beyond the 20 with the most users are \
                "(other)"; each group lists only the steps its users reached. The JSON's "folded" \
                counts what was folded.

                Events are ordered by their timestamps, not by their place in the file; lines that are \
                not valid events are skipped and counted.

                Examples:
                  waypoint funnel events.jsonl --flow signup --document Examples/Documents/waypoint.json
                  waypoint funnel events.jsonl --flow signup --steps splash,login,'$complete' --window 7d
                  waypoint funnel events.jsonl --flow signup --by variation --format json
                  waypoint funnel events.jsonl --flow signup --by locale
                  waypoint funnel events.jsonl --flow signup --revision 3 --since 2026-11-17 --until 2026-11-24
                  waypoint funnel events.jsonl --flow onboarding --by variation --experiment paywall-copy
                  waypoint funnel events.jsonl --walkthrough layering --document Examples/Documents/waypoint.json
                """
        )

        /// How to print the report.
        enum Format: String, ExpressibleByArgument, CaseIterable {
            case table, json
            /// The same as ``table``.
            case text
        }

        /// What to split the figures by.
        enum Grouping: String, ExpressibleByArgument, CaseIterable {
            case variation, revision, appVersion, locale, platform

            /// The report's dimension of the same name.
            var dimension: ReportDimension { ReportDimension(rawValue: rawValue) ?? .variation }
        }

        @Argument(help: "The JSON Lines file of events (one event object per line).")
        var events: String

        @Option(help: "The id of the flow to measure.")
        var flow: String?

        @Option(help: "The id of the walkthrough to report on (instead of --flow).")
        var walkthrough: String?

        @Option(help: "The document the flow or walkthrough is declared in: lists its steps in document order.")
        var document: String?

        @Option(help: "A sequential funnel through these step ids, comma-separated (a subflow step as sub/inner; $complete for the flow's end).")
        var steps: String?

        @Option(help: "How long after an attempt's first step later steps still count: a number and ms, s, m, h, d or w.")
        var window: String = "14d"

        @Option(
            name: .customLong("by"),
            help: "Split every figure per variation, revision, appVersion, locale or platform (a walkthrough and --steps: variation only).")
        var grouping: Grouping?

        @OptionGroup var scopeOptions: ReportScopeOptions

        @Option(help: ArgumentHelp("With --by variation: the experiment whose variations split the users.", valueName: "key"))
        var experiment: String?

        @Option(help: "Output format: table (or text) or json.")
        var format: Format = .table

        /// The report's scope, from --revision, --since, --until and --experiment.
        func scope() throws -> ReportScope {
            try scopeOptions.scope(experiment: experiment)
        }

        func validate() throws {
            switch (flow, walkthrough) {
            case (nil, nil):
                throw ValidationError("Name what to report on: --flow ID for a flow, or --walkthrough ID for a walkthrough.")
            case (.some, .some):
                throw ValidationError("--flow and --walkthrough cannot be used together; report on one flow or one walkthrough at a time.")
            case (nil, .some):
                if steps != nil {
                    throw ValidationError("--steps measures a flow's sequential funnel and cannot be used with --walkthrough; "
                        + "use --flow ID --steps a,b,c, or drop --steps for the walkthrough report.")
                }
            case (.some, nil):
                break
            }
            guard FunnelWindow(window) != nil else {
                throw ValidationError("--window \"\(window)\" is not a duration; write a number and a unit, such as 14d, 36h or 90m.")
            }
            if let steps, stepList(steps).isEmpty {
                throw ValidationError("--steps is empty; list the step ids in order, such as --steps splash,login.")
            }
            _ = try scope()
            if let grouping, grouping != .variation, walkthrough != nil || steps != nil {
                throw ValidationError("--by \(grouping.rawValue) splits the flow report; "
                    + "\(walkthrough != nil ? "the walkthrough report" : "a sequential funnel (--steps)") splits by variation only. "
                    + "Use --by variation, or drop --by.")
            }
            if experiment != nil, grouping != .variation {
                throw ValidationError("--experiment chooses the experiment whose variations split the users, so it needs --by variation; "
                    + "add --by variation, or drop --experiment.")
            }
        }

        func run(output: Output) throws {
            output.write(try self.output(showProgress: isatty(STDERR_FILENO) == 1))
        }

        /// The report as it is printed.
        func output(showProgress: Bool = false) throws -> String {
            if let walkthrough { return try walkthroughOutput(walkthrough, showProgress: showProgress) }
            guard let flow else { throw ValidationError("Name what to report on: --flow ID or --walkthrough ID.") }
            var declared: [String]?
            var variations: [String]?
            if let document {
                let parsed = try DocumentFile.readValid(document)
                variations = parsed.reportedVariations(ofFlow: flow)
                guard let ids = parsed.reportedStepIDs(ofFlow: flow) else {
                    let flows = Array(Set(parsed.flows.map(\.id))).sorted()
                    let hint = Spelling.suggestion(for: flow, among: flows).map { " Did you mean \"\($0)\"?" } ?? ""
                    throw CLIError("\(document) has no flow \"\(flow)\".\(hint) Its flows: \(flows.joined(separator: ", ")).")
                }
                declared = ids
            }
            let query = FunnelQuery(
                flowID: flow, steps: steps.map(stepList), window: FunnelWindow(window) ?? .days(14),
                by: grouping?.dimension, declaredSteps: declared, declaredVariations: variations, scope: try scope())
            let indicator = showProgress ? ProgressIndicator(label: URL(fileURLWithPath: events).lastPathComponent) : nil
            defer { indicator?.clear() }
            let result = try WaypointTools.Funnel.compute(file: URL(fileURLWithPath: events), query: query, progress: indicator?.callback)
            indicator?.clear()
            switch (format, result) {
            case (.json, _):
                return String(decoding: result.jsonData(), as: UTF8.self) + "\n"
            case (.table, .flow(let report)), (.text, .flow(let report)):
                return FlowReportTable(report: report, by: grouping?.dimension).text
            case (.table, .funnel(let report)), (.text, .funnel(let report)):
                return FunnelTable(report: report).text
            }
        }

        /// The walkthrough report as it is printed.
        private func walkthroughOutput(_ walkthrough: String, showProgress: Bool) throws -> String {
            var declared: [String]?
            if let document {
                let parsed = try DocumentFile.readValid(document)
                guard let ids = parsed.reportedStepIDs(ofWalkthrough: walkthrough) else {
                    let known = Array(Set(parsed.walkthroughs.map(\.id))).sorted()
                    let hint = Spelling.suggestion(for: walkthrough, among: known).map { " Did you mean \"\($0)\"?" } ?? ""
                    let list = known.isEmpty ? " It has none." : " Its walkthroughs: \(known.joined(separator: ", "))."
                    throw CLIError("\(document) has no walkthrough \"\(walkthrough)\".\(hint)\(list)")
                }
                declared = ids
            }
            let query = WalkthroughQuery(
                walkthroughID: walkthrough, groupByVariation: grouping == .variation, declaredSteps: declared, scope: try scope())
            let indicator = showProgress ? ProgressIndicator(label: URL(fileURLWithPath: events).lastPathComponent) : nil
            defer { indicator?.clear() }
            let report = try WalkthroughReport.compute(file: URL(fileURLWithPath: events), query: query, progress: indicator?.callback)
            indicator?.clear()
            switch format {
            case .json: return String(decoding: report.jsonData(), as: UTF8.self) + "\n"
            case .table, .text: return WalkthroughReportTable(report: report).text
            }
        }

        private func stepList(_ text: String) -> [String] {
            text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
    }
}

/// A one-line progress display on standard error, for large files read at a terminal.
///
/// `@unchecked Sendable`: `lastPercent` and `shown` are read and written only while `lock` is held.
final class ProgressIndicator: @unchecked Sendable {
    private let label: String
    private let lock = NSLock()
    private var lastPercent = -1
    private var shown = false

    /// Files smaller than this are read too fast to need a progress display.
    static let threshold: Int64 = 32 << 20

    init(label: String) { self.label = label }

    /// ``update(_:)``, as a report's progress callback.
    var callback: @Sendable (WaypointTools.Funnel.Progress) -> Void {
        { [self] progress in update(progress) }
    }

    func update(_ progress: WaypointTools.Funnel.Progress) {
        guard progress.totalBytes >= Self.threshold else { return }
        let percent = Int(progress.bytesRead * 100 / max(progress.totalBytes, 1))
        lock.withLock {
            guard percent != lastPercent else { return }
            lastPercent = percent
            shown = true
            FileHandle.standardError.write(Data("\rReading \(label)… \(percent)%".utf8))
        }
    }

    func clear() {
        lock.withLock {
            guard shown else { return }
            shown = false
            FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8))
        }
    }
}
