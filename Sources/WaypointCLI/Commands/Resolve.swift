import ArgumentParser
import Waypoint
import WaypointTools
import Foundation

extension WaypointCommand {
    /// `waypoint resolve FILE --attributes JSON`: what a document gives one user.
    struct Resolve: OutputCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show which variation of each flow a user gets and which walkthroughs they are eligible for.",
            discussion: """
                Assignment uses GrowthBook's hashing of the experiment's hash attribute (by default `id`), \
                so the answer is the one an app, the server and any GrowthBook SDK give for the same \
                attributes. A user outside an experiment gets its first variation; the reason is given (the \
                condition that failed with the attribute's value, coverage, a missing hash attribute), and so \
                is the part of a walkthrough's condition that makes it not eligible.

                Where an experiment's `changes` change steps of a flow or walkthrough, the line says which \
                steps change for the user and which fields (`paywall: screen, content`), or why none do \
                (outside the experiment, or a variation without changes); the JSON adds `changes` \
                ([{"step":"paywall","fields":["screen","content"]}], empty when none apply), `changedSteps` \
                (the steps any variation changes) and `noChangesReason`. Several experiments may change \
                one flow's steps: the others are listed after the first ("also …"; JSON `otherExperiments`), \
                each exposed at its own changed steps. When the attributes give a \
                `locale` and the document has localized text, a last line (JSON: `locales`) lists the \
                locales its texts are looked up in: the locale, its truncations, then the default. \
                An experiment that says what it is for is listed with its goal, guardrails, minimum \
                detectable effect and hypothesis; the JSON's `experiments` gives them for every \
                experiment shown, defaults applied (goal $complete, effect 0.1).

                Examples:
                  waypoint resolve waypoint.json --attributes '{"id":"u-123","country":"US"}'
                  waypoint resolve waypoint.json --attributes '{"id":"u-123","appLaunches":3}' --format json
                """
        )

        @Argument(help: "The document file.")
        var file: String

        @Option(help: "The user's attributes, a JSON object such as '{\"id\":\"u-123\",\"country\":\"US\"}'.")
        var attributes: String

        @Option(help: "Output format: text or json.")
        var format: TextOrJSON = .text

        func validate() throws {
            _ = try AttributesOption.parse(attributes)
        }

        func run(output: Output) throws {
            let document = try DocumentFile.readValid(file)
            let report = try ResolveReport(document: document, attributes: try AttributesOption.parse(attributes))
            if format == .json {
                output.line(try StableJSON.text(report))
                return
            }
            var lines: [String] = []
            let flowRows = document.flowIDs.compactMap { id in report.flows[id].map { [id] + Self.describe($0) } }
            lines.append(flowRows.isEmpty ? "Flows: none" : "Flows")
            lines += alignedColumns(flowRows)
            let walkthroughRows = document.walkthroughIDs.compactMap { id in report.walkthroughs[id].map { [id] + Self.describe($0) } }
            lines.append(walkthroughRows.isEmpty ? "Walkthroughs: none" : "Walkthroughs")
            lines += alignedColumns(walkthroughRows)
            // Experiments that say what they are for; JSON lists every experiment shown, defaults applied.
            let declared = (report.experiments ?? [:]).keys.sorted().filter { key in
                guard let entry = document.experiment(key) else { return false }
                return entry.goal != nil || entry.guardrails != nil || entry.minimumDetectableEffect != nil || entry.hypothesis != nil
            }
            if !declared.isEmpty, let experiments = report.experiments {
                lines.append("Experiments")
                lines += alignedColumns(declared.compactMap { key in experiments[key].map { [key] + Self.describe($0) } })
            }
            if let locales = report.locales {
                lines.append("Texts in " + locales.joined(separator: ", then ") + " (the document's default locale)")
            }
            output.line(lines.joined(separator: "\n"))
        }

        static func describe(_ flow: ResolveReport.FlowChoice) -> [String] {
            let choice = flow.choice
            guard let experiment = choice.experiment else { return ["same for everyone"] }
            return [Self.assignment(
                experiment: experiment, variation: choice.variation, inExperiment: choice.inExperiment, hash: choice.hashValue,
                reason: choice.exclusionReason)] + describe(flow.changes) + describe(flow.otherExperiments)
        }

        /// "also welcome-copy → friendly (in the experiment, hash 0.1234), exposed at welcome", one cell per experiment.
        static func describe(_ others: [ResolveReport.OtherExperiment]) -> [String] {
            others.map { other in
                "also " + Self.assignment(
                    experiment: other.experiment, variation: other.variation, inExperiment: other.inExperiment, hash: other.hashValue,
                    reason: other.exclusionReason) + ", exposed at " + other.changedSteps.joined(separator: ", ")
            }
        }

        static func describe(_ walkthrough: ResolveReport.WalkthroughChoice) -> [String] {
            let choice = walkthrough.choice
            var cells = [choice.eligible ? "eligible" : "not eligible" + (choice.ineligibilityReason.map { " (\($0))" } ?? "")]
            if let experiment = choice.experiment {
                cells.append(Self.assignment(
                    experiment: experiment, variation: choice.variation, inExperiment: choice.inExperiment ?? false, hash: choice.hashValue,
                    reason: choice.exclusionReason))
            }
            return cells + describe(walkthrough.changes) + describe(walkthrough.otherExperiments)
        }

        /// "goal paywall:subscribe, guardrails $complete, minimum detectable effect 10%", then the hypothesis.
        static func describe(_ purpose: ResolveReport.ExperimentPurpose) -> [String] {
            var text = "goal \(purpose.goal)"
            if !purpose.guardrails.isEmpty { text += ", guardrails " + purpose.guardrails.joined(separator: ", ") }
            text += ", minimum detectable effect " + JavaScript.numberToString((purpose.minimumDetectableEffect * 1_000_000).rounded() / 10_000) + "%"
            return [text] + (purpose.hypothesis.map { ["hypothesis: \($0)"] } ?? [])
        }

        /// "changes paywall: screen, content; notifications: skip", or "no changes: …".
        static func describe(_ changes: ResolveReport.Changes?) -> [String] {
            guard let changes else { return [] }
            guard changes.applied.isEmpty else {
                return ["changes " + changes.applied.map { "\($0.step): \($0.fields.joined(separator: ", "))" }.joined(separator: "; ")]
            }
            return ["no changes: " + (changes.noChangesReason ?? "none apply")]
        }

        static func assignment(experiment: String, variation: String?, inExperiment: Bool, hash: Double?, reason: String?) -> String {
            let variation = variation ?? "?"
            let hashText = hash.map { ", hash " + String(format: "%.4f", $0) } ?? ""
            return inExperiment
                ? "\(experiment) → \(variation) (in the experiment\(hashText))"
                : "\(experiment) → \(variation) (not in the experiment: \(reason ?? "excluded"); first variation\(hashText))"
        }
    }
}
