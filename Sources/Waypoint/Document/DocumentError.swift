/// A document that cannot be used, with everything wrong with it.
public struct DocumentError: Error, Sendable, Hashable, CustomStringConvertible {
    private enum Kind: Sendable, Hashable {
        case invalid([Diagnostic])
        case unknownFlow(String, known: [String])
        case subflowCycle([String])
        case unknownSubflow(step: String, flow: String, subflow: String)
        case unknownExperiment(String, known: [String])
        case unknownVariation(String, experiment: String, known: [String])
    }

    private let kind: Kind

    private init(_ kind: Kind) { self.kind = kind }

    /// The document has errors; `diagnostics` lists them all.
    static func invalid(_ diagnostics: [Diagnostic]) -> DocumentError { DocumentError(.invalid(diagnostics)) }
    /// No flow has the id asked for.
    package static func unknownFlow(_ id: String, known: [String]) -> DocumentError { DocumentError(.unknownFlow(id, known: known)) }
    /// Flows run each other as subflows in a circle.
    static func subflowCycle(_ ids: [String]) -> DocumentError { DocumentError(.subflowCycle(ids)) }

    /// A subflow step names a flow the document does not have.
    static func unknownSubflow(step: String, flow: String, subflow: String) -> DocumentError {
        DocumentError(.unknownSubflow(step: step, flow: flow, subflow: subflow))
    }

    /// No experiment has the key asked for.
    package static func unknownExperiment(_ key: String, known: [String]) -> DocumentError {
        DocumentError(.unknownExperiment(key, known: known))
    }

    /// The experiment has no variation with the name asked for.
    package static func unknownVariation(_ name: String, experiment: String, known: [String]) -> DocumentError {
        DocumentError(.unknownVariation(name, experiment: experiment, known: known))
    }

    /// The problems found, for a document that could not be read (empty otherwise).
    public var diagnostics: [Diagnostic] {
        if case .invalid(let diagnostics) = kind { return diagnostics }
        return []
    }

    public var description: String {
        switch kind {
        case .invalid(let diagnostics):
            let errors = diagnostics.filter(\.isError)
            let lines = errors.map { "  " + $0.formatted(file: "document") }
            return "The document has \(errors.count) error\(errors.count == 1 ? "" : "s"); fix \(errors.count == 1 ? "it" : "them") and read it again:\n"
                + lines.joined(separator: "\n")
        case .unknownFlow(let id, let known):
            let list = known.isEmpty ? "the document has no flows" : "its flows are " + Spelling.choices(known, conjunction: "and")
            return "The document has no flow `\(id)`; \(list)."
        case .subflowCycle(let ids):
            return "Flows run each other as subflows in a circle (\(ids.joined(separator: " → "))); a flow must not include itself. Run `waypoint lint` for details."
        case .unknownSubflow(let step, let flow, let subflow):
            return "Step `\(step)` of flow `\(flow)` runs the subflow `\(subflow)`, but the document has no flow with that id; add it or fix the id."
        case .unknownExperiment(let key, let known):
            let hint = Spelling.suggestion(for: key, among: known).map { "did you mean `\($0)`?" }
                ?? (known.isEmpty ? "it has no experiments." : "its experiments are " + Spelling.choices(known, conjunction: "and") + ".")
            return "The document has no experiment `\(key)`; \(hint)"
        case .unknownVariation(let name, let experiment, let known):
            let hint = Spelling.suggestion(for: name, among: known).map { "did you mean `\($0)`?" }
                ?? "its variations are " + Spelling.choices(known, conjunction: "and") + "."
            return "Experiment `\(experiment)` has no variation `\(name)`; \(hint)"
        }
    }
}
