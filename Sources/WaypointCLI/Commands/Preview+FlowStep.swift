import ArgumentParser
import Foundation
import Waypoint
import WaypointTools

extension WaypointCommand.Preview {
    /// Draws step --step of `flowID` as a content card: the entry and changes of the variation drawn,
    /// texts in the locale asked for, as the app's `resolve` builds them.
    func drawFlowStep(_ flowID: String, of document: WaypointDocument, output: Output) throws {
        let known = document.flowIDs
        guard known.contains(flowID) else {
            let hint = Spelling.suggestion(for: flowID, among: known).map { "Did you mean `\($0)`? " } ?? ""
            throw CLIError("The document has no flow `\(flowID)`. \(hint)" + (known.isEmpty ? "It has no flows." : "Its flows are \(listed(known))."))
        }
        let forced = try VariationOption.forFlow(variation, id: flowID, in: document)
        let attributes = try userAttributes()
        // Texts in --locale or the attribute `locale`, else the document's default locale (not the machine's languages).
        let resolution = try document.resolve(attributes: attributes, forcedVariations: forced, preferredLanguages: [])
        let steps = resolution.flows[flowID]?.fixedSteps ?? []
        guard let step = steps.first(where: { $0.id == self.step }) else {
            throw CLIError(Self.unknownStep(self.step, flowID: flowID, steps: steps.map(\.id), document: document))
        }
        if let subflow = step.subflow {
            let inner = (subflow.fixedSteps ?? []).map(\.id)
            throw CLIError(
                "Step `\(step.id)` of flow `\(flowID)` runs the subflow `\(subflow.id)` and has no content of its own; draw one of "
                    + "that flow's steps with --flow \(subflow.id)" + (inner.isEmpty ? "." : " --step \(inner[0]) (its steps are \(listed(inner)))."))
        }

        let report = try ResolveReport(document: document, attributes: attributes, forcedVariations: forced)
        let choice = report.flows[flowID]?.choice
        let variationNote = choice?.experiment.map { experiment in
            EntrySelector.Assignment(
                experiment: experiment, variation: choice?.variation, inExperiment: choice?.inExperiment ?? false,
                hashValue: choice?.hashValue, exclusionReason: choice?.exclusionReason, isForced: choice?.forced == true)
        }.flatMap { VariationOption.describe($0, attributesGiven: self.attributes != nil) }

        var notes: [String] = []
        if let variationNote { notes.append(variationNote) }
        if let locale = requestedLocale(in: attributes) {
            // The step as the user's variation makes it, before its texts are chosen: which of them lack the locale.
            let entry = EntrySelector(document: document, attributes: attributes, forcedVariations: forced).flowEntry(flowID)
            let content = entry?.steps.first { $0.id == step.id }?.content
            let fallback = LocaleFallback(locale: locale, texts: LocaleFallback.texts(in: content), defaultLocale: document.defaultLocale)
            if let warning = fallback.warning(subject: "step `\(step.id)` of flow `\(flowID)`") { output.warning(warning) }
            notes.append("locale " + fallback.note)
        } else if let defaultLocale = document.defaultLocale {
            notes.append("locale \(defaultLocale) (the document's default)")
        }

        let size = try screen.map(Self.size)
        let renderer = ContentCardSVG(width: size?.width ?? 390, minimumHeight: size?.height ?? 0)
        let svg = renderer.render(ContentCardSVG.Card(flowID: flowID, step: step, notes: notes))
        try write(svg, name: "\(flowID)/\(step.id)", note: variationNote, output: output)
    }

    /// Why `flowID` has no step `stepID`: a did-you-mean, the flow whose step it is when another flow (a
    /// subflow) has it, the variation whose entry has it, and the steps there are.
    static func unknownStep(_ stepID: String, flowID: String, steps: [String], document: WaypointDocument) -> String {
        var message = "Flow `\(flowID)` has no step `\(stepID)`."
        if let suggestion = Spelling.suggestion(for: stepID, among: steps) {
            message += " Did you mean `\(suggestion)`?"
        } else if let entry = document.flows.first(where: { $0.id == flowID && $0.variation != nil && $0.steps.contains { $0.id == stepID } }),
                  let variation = entry.variation {
            message += " The entry of variation `\(variation)` has it: add --variation \(variation)."
        } else if let other = document.flows.first(where: { $0.id != flowID && $0.steps.contains { $0.id == stepID } }) {
            message += " It is a step of flow `\(other.id)`: use --flow \(other.id)."
        }
        return message + (steps.isEmpty ? " It has no steps." : " Its steps are \(listed(steps)).")
    }
}
