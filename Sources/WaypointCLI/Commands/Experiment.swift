import ArgumentParser
import Foundation
import Waypoint
import WaypointTools

extension WaypointCommand {
    /// `waypoint experiment`: whether an experiment's variations changed what users do, with gbstats' statistics.
    struct Experiment: OutputCommand {
        static let configuration = CommandConfiguration(
            abstract: "Compare an experiment's variations from a JSON Lines file of analytics events, with gbstats' statistics.",
            discussion: """
                Users per variation are the users exposed to the experiment: a user's variation is that \
                of their first Experiment Viewed of it, else (events sent before that event existed) of \
                their earliest event of the flow carrying the experiment (events carry it from \
                exposure on); users seen in two variations count in the first and are counted apart. \
                Users never exposed are not in the numbers.

                The goal (--goal) is what counts as a conversion, after exposure: $complete (the \
                flow's Flow Completed, or Walkthrough Completed for a walkthrough), STEP (a Step \
                Viewed of the step; sub/inner for a subflow's step) or STEP:OUTCOME (a Step \
                Completed of the step with that outcome). The default is the experiment's own \
                "goal" in the document, else $complete. The experiment's "guardrails" are reported \
                the same way beside it, with the variations that get worse on them, and each \
                variation's power: the users it needs to detect the experiment's \
                "minimumDetectableEffect" (default 0.1) and the days left at its last week's traffic.

                Each variation is compared with the control (--control, default the first variation): \
                the relative uplift with its 95% interval and p-value (gbstats' TwoSidedTTest; with \
                --sequential its SequentialTwoSidedTTest tuned for 5000 users, valid however often \
                the result is looked at), the chance to win and the risk (EffectBayesianABTest). \
                Where gbstats gives no figures (a control without conversions, a variation where \
                everyone or no one converted), they are null and "note" says why. The sample ratio \
                check compares the split with the experiment's weights; below p = 0.001 the report \
                warns that assignment is broken. Per step of the flow, the share of each variation's \
                users who viewed it after exposure, with the same statistics.

                The flow is the one the experiment reaches (--flow when it reaches several). Scope: \
                --revision N counts only the users whose first exposure carries that revision, with \
                all their events of the flow; --since and --until count only the users whose first \
                exposure is in [since, until).

                --by appVersion, --by locale or --by platform splits the users besides the variation \
                (gbstats' dimension analysis): per value, the variations side by side with the same \
                tests, without a sample ratio check per value. A user's value is that of their last \
                event of the flow with one; users with none are "(none)", values beyond the 20 with \
                the most users "(other)".

                Examples:
                  waypoint experiment events.jsonl --experiment short-signup --document waypoint.json
                  waypoint experiment events.jsonl --experiment paywall-copy --document app.json \\
                      --goal paywall:subscribe --sequential
                  waypoint experiment events.jsonl --experiment short-signup --document waypoint.json \\
                      --since 2026-11-17 --format json
                  waypoint experiment events.jsonl --experiment short-signup --document waypoint.json --by locale
                """
        )

        /// How to print the report.
        enum Format: String, ExpressibleByArgument, CaseIterable {
            case table, json
            /// The same as ``table``.
            case text
        }

        @Argument(help: "The JSON Lines file of events (one event object per line).")
        var events: String

        @Option(help: ArgumentHelp("The key of the experiment to report on.", valueName: "key"))
        var experiment: String

        @Option(help: "The document that declares the experiment and its flow.")
        var document: String

        @Option(help: "The flow (or walkthrough) to measure; default: the one the experiment reaches.")
        var flow: String?

        @Option(help: "What counts as a conversion after exposure: $complete, STEP or STEP:OUTCOME (default: the experiment's goal, else $complete).")
        var goal: String?

        @Option(help: ArgumentHelp("The variation the others are compared with (default: the first).", valueName: "name"))
        var control: String?

        @Flag(help: "Use the sequential test, valid however often the result is looked at.")
        var sequential = false

        @OptionGroup var scopeOptions: ReportScopeOptions

        /// What splits the users besides the variation.
        enum Split: String, ExpressibleByArgument, CaseIterable {
            case appVersion, locale, platform

            /// The report's dimension of the same name.
            var dimension: ReportDimension { ReportDimension(rawValue: rawValue) ?? .appVersion }
        }

        @Option(name: .customLong("by"), help: "Also compare the variations per appVersion, locale or platform (no sample ratio check per value).")
        var split: Split?

        @Option(help: "Output format: table (or text) or json.")
        var format: Format = .table

        func validate() throws {
            guard goal?.isEmpty != true else {
                throw ValidationError("--goal is empty; use $complete, a step id such as paywall, or STEP:OUTCOME such as paywall:subscribe.")
            }
            _ = try scopeOptions.scope()
        }

        func run(output: Output) throws {
            output.write(try self.output(showProgress: isatty(STDERR_FILENO) == 1))
        }

        /// The report as it is printed.
        func output(showProgress: Bool = false) throws -> String {
            let parsed = try DocumentFile.readValid(document)
            let query = ExperimentQuery(
                experiment: experiment, flowID: flow, goal: goal.map(ExperimentGoal.init), control: control, sequential: sequential,
                scope: try scopeOptions.scope(), by: split?.dimension)
            let indicator = showProgress ? ProgressIndicator(label: URL(fileURLWithPath: events).lastPathComponent) : nil
            defer { indicator?.clear() }
            let report = try ExperimentReport.compute(
                file: URL(fileURLWithPath: events), query: query, document: parsed, progress: indicator?.callback)
            indicator?.clear()
            switch format {
            case .json: return String(decoding: report.jsonData(), as: UTF8.self) + "\n"
            case .table, .text: return ExperimentReportTable(report: report).text
            }
        }
    }
}
