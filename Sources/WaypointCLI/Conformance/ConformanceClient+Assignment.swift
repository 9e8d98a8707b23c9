import Foundation
import Waypoint

extension ConformanceClient {
    /// An `assignment` case: a document (its experiments, flows and walkthroughs), a user's
    /// attributes and, optionally, variations forced by experiment key (as for QA).
    struct AssignmentInput: ConformanceInput {
        static let keys: Set<String> = ["document", "attributes", "forcedVariations"]
        let document: JSONValue
        let attributes: Attributes
        let forcedVariations: [String: String]?
    }

    /// Each experiment's assignment and each flow's and walkthrough's choice, as the core resolves them
    /// (docs/ARCHITECTURE.md, "The document format"):
    /// `{"experiments": {KEY: {"variation", "inExperiment", "hashValue"}}, "flows": {ID: {"experiment", "variation",
    /// "screens"}}, "walkthroughs": {ID: {"experiment", "variation", "eligible", "tooltipTexts"}}}`, where `screens`
    /// and `tooltipTexts` are the steps of the entry the user gets, with their variations' changes applied.
    static func assignment(_ input: AssignmentInput) throws -> JSONValue {
        let document = try conformanceDocument(input.document)
        let forced = input.forcedVariations ?? [:]
        let selector = EntrySelector(document: document, attributes: input.attributes, forcedVariations: forced)
        var experiments: [String: JSONValue] = [:]
        for entry in document.experiments {
            let assignment = selector.assign(entry.key)
            experiments[entry.key] = [
                "variation": assignment.variation.map(JSONValue.string) ?? .null,
                "inExperiment": .bool(assignment.inExperiment),
                "hashValue": assignment.hashValue.map(JSONValue.number) ?? .null,
            ]
        }
        let resolution = try document.resolve(attributes: input.attributes, forcedVariations: forced, preferredLanguages: [])
        let report = resolution.report
        var flows: [String: JSONValue] = [:]
        for (id, choice) in report.flows {
            flows[id] = [
                "experiment": choice.experiment.map(JSONValue.string) ?? .null,
                "variation": choice.variation.map(JSONValue.string) ?? .null,
                "screens": .array((selector.flowSelection(id)?.entry.steps ?? []).map { $0.screen.map(JSONValue.string) ?? .null }),
            ]
        }
        var walkthroughs: [String: JSONValue] = [:]
        for (id, choice) in report.walkthroughs {
            walkthroughs[id] = [
                "experiment": choice.experiment.map(JSONValue.string) ?? .null,
                "variation": choice.variation.map(JSONValue.string) ?? .null,
                "eligible": .bool(choice.eligible),
                "tooltipTexts": .array((resolution.walkthroughs[id]?.steps ?? []).map { .string($0.tooltipText) }),
            ]
        }
        return ["experiments": .object(experiments), "flows": .object(flows), "walkthroughs": .object(walkthroughs)]
    }

    /// A case's document, read as an app reads a downloaded one; a document with an error is the
    /// case's mistake, so the request is refused with its diagnostics.
    static func conformanceDocument(_ value: JSONValue) throws -> WaypointDocument {
        let validation = WaypointDocument.validate(try JSONEncoder().encode(value), unknownKeys: .warning)
        guard let document = validation.document else {
            throw RequestError(description: "the input's document has errors: "
                + validation.diagnostics.filter(\.isError).map { "\($0.path): \($0.message)" }.joined(separator: "; "))
        }
        return document
    }
}
