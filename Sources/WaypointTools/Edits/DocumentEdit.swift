import Foundation
import Waypoint

/// One edit of a document, as the console, the API and `waypoint edit` write it (docs/ARCHITECTURE.md,
/// "Editing documents"): `{"op": "set-text", "flow": "onboarding", "step": "paywall", "field": "headline",
/// "locale": "es", "text": "Hazte premium"}`.
///
/// Read edits with ``DocumentEdits/decode(_:)`` or make them with the factories (``setText(flow:step:field:locale:text:)``…);
/// apply them with ``DocumentEdits/apply(_:to:)``. An edit's ``description`` says what it does in words,
/// for the audit log and the revision page.
public struct DocumentEdit: Sendable, Hashable, CustomStringConvertible {
    /// What an edit does: the `op` of its JSON.
    public enum Operation: String, Sendable, Hashable, CaseIterable {
        /// A content field's text (or a hint's tooltip text) in one locale.
        case setText = "set-text"
        /// A content field's plain value; `null` removes it.
        case setContent = "set-content"
        /// Fields of a step, those a variation's `set` may change.
        case setStep = "set-step"
        /// A new experiment.
        case addExperiment = "add-experiment"
        /// Fields of an experiment: weights, coverage, condition, goal, guardrails, effect, hypothesis, changes.
        case updateExperiment = "update-experiment"
        /// The experiment removed: everyone gets the control.
        case stopExperiment = "stop-experiment"
        /// A variation made what everyone gets, and the experiment removed.
        case shipVariation = "ship-variation"
    }

    /// The flow or walkthrough an edit of a step names.
    enum Owner: Sendable, Hashable {
        case flow(String)
        case walkthrough(String)
    }

    enum Kind: Sendable, Hashable {
        case setText(owner: Owner, step: String, field: String?, locale: String, text: String)
        case setContent(flow: String, step: String, field: String, value: OrderedJSON)
        case setStep(owner: Owner, step: String, set: OrderedJSON)
        case addExperiment(OrderedJSON)
        case updateExperiment(key: String, set: OrderedJSON)
        case stopExperiment(key: String)
        case shipVariation(experiment: String, variation: String)
    }

    let kind: Kind

    init(_ kind: Kind) { self.kind = kind }

    /// What the edit does.
    public var operation: Operation {
        switch kind {
        case .setText: .setText
        case .setContent: .setContent
        case .setStep: .setStep
        case .addExperiment: .addExperiment
        case .updateExperiment: .updateExperiment
        case .stopExperiment: .stopExperiment
        case .shipVariation: .shipVariation
        }
    }

    // MARK: Factories

    /// The text of content field `field` of step `step` of flow `flow` in `locale`.
    public static func setText(flow: String, step: String, field: String, locale: String, text: String) -> DocumentEdit {
        DocumentEdit(.setText(owner: .flow(flow), step: step, field: field, locale: locale, text: text))
    }

    /// The tooltip text of hint `step` of walkthrough `walkthrough` in `locale`.
    public static func setText(walkthrough: String, step: String, locale: String, text: String) -> DocumentEdit {
        DocumentEdit(.setText(owner: .walkthrough(walkthrough), step: step, field: nil, locale: locale, text: text))
    }

    /// Content field `field` of step `step` of flow `flow` set to `value`; `nil` removes it.
    public static func setContent(flow: String, step: String, field: String, value: ContentValue?) -> DocumentEdit {
        DocumentEdit(.setContent(flow: flow, step: step, field: field, value: value.map(CanonicalDocument.json) ?? .null))
    }

    /// Experiment `key` removed: everyone gets its control.
    public static func stopExperiment(_ key: String) -> DocumentEdit {
        DocumentEdit(.stopExperiment(key: key))
    }

    /// Variation `variation` of experiment `experiment` made what everyone gets, and the experiment removed.
    public static func shipVariation(_ variation: String, of experiment: String) -> DocumentEdit {
        DocumentEdit(.shipVariation(experiment: experiment, variation: variation))
    }

    /// Reads one edit from its JSON text (`{"op": "stop-experiment", "key": "paywall-copy"}`).
    ///
    /// - Throws: ``DocumentEditError`` for text that is not one edit, as edit 0.
    public init(json data: Data) throws(DocumentEditError) {
        let value: OrderedJSON
        do {
            value = try OrderedJSON(parsing: [UInt8](data))
        } catch {
            throw .syntax(error.message, offset: error.offset)
        }
        self = try Self.decode(value, index: 0)
    }

    // MARK: Words

    /// The edit in words: `paywall · headline (es): "Hazte premium"`, `paywall-copy: annual-first shipped`.
    public var description: String {
        switch kind {
        case .setText(let owner, let step, let field, let locale, let text):
            let subject = owner.isFlow ? "\(step) · \(field ?? "")" : "\(step) · tooltip"
            return "\(subject) (\(locale)): \(Self.quoted(text))"
        case .setContent(_, let step, let field, let value):
            if case .null = value { return "\(step) · \(field) removed" }
            return "\(step) · \(field) = \(Self.shortened(value))"
        case .setStep(_, let step, let set):
            return "\(step) · \(Self.fields(set))"
        case .addExperiment(let experiment):
            let key = experiment["key"]?.stringValue ?? "?"
            if case .array(let variations)? = experiment["variations"] {
                return "experiment \(key) added (\(variations.compactMap(\.stringValue).joined(separator: ", ")))"
            }
            return "experiment \(key) added"
        case .updateExperiment(let key, let set):
            return "\(key): \(Self.fields(set))"
        case .stopExperiment(let key):
            return "\(key): stopped, everyone gets the control"
        case .shipVariation(let experiment, let variation):
            return "\(experiment): \(variation) shipped to everyone"
        }
    }

    /// `screen = "PaywallAnnual", trialDays = 14`: each field with its value where the value is a
    /// scalar or a list of scalars; structured values (a condition, `changes`) are only named.
    private static func fields(_ set: OrderedJSON) -> String {
        guard case .object(let members) = set else { return "changed" }
        return members.map { member in
            switch member.value {
            case .object: return "\(member.key) changed"
            case .array(let items) where items.contains(where: { if case .object = $0 { true } else if case .array = $0 { true } else { false } }):
                return "\(member.key) changed"
            case .array(let items): return "\(member.key) = [\(items.map(shortened).joined(separator: ", "))]"
            default: return "\(member.key) = \(shortened(member.value))"
            }
        }.joined(separator: ", ")
    }

    private static func quoted(_ text: String) -> String {
        let short = text.count > 60 ? String(text.prefix(57)) + "…" : text
        return "\"" + short + "\""
    }

    private static func shortened(_ value: OrderedJSON) -> String {
        if case .string(let text) = value { return quoted(text) }
        let compact = value.text().split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        return compact.count > 60 ? String(compact.prefix(57)) + "…" : compact
    }

    // MARK: Reading

    /// The keys each operation takes, flow form first.
    static let keys: [Operation: [String]] = [
        .setText: ["op", "flow", "walkthrough", "step", "field", "locale", "text"],
        .setContent: ["op", "flow", "step", "field", "value"],
        .setStep: ["op", "flow", "walkthrough", "step", "set"],
        .addExperiment: ["op", "experiment"],
        .updateExperiment: ["op", "key", "set"],
        .stopExperiment: ["op", "key"],
        .shipVariation: ["op", "experiment", "variation"],
    ]

    /// Reads edit `index` of a list.
    static func decode(_ value: OrderedJSON, index: Int) throws(DocumentEditError) -> DocumentEdit {
        guard case .object = value else {
            throw .edit(index, op: nil, "an edit must be an object such as {\"op\": \"stop-experiment\", \"key\": \"paywall-copy\"}, but this is \(value.kindDescription).")
        }
        let names = Operation.allCases.map(\.rawValue)
        guard let opValue = value["op"] else {
            throw .edit(index, op: nil, "the edit has no `op`; give one of \(Spelling.choices(names)).")
        }
        guard let opText = opValue.stringValue, let op = Operation(rawValue: opText) else {
            let shown = opValue.stringValue.map { "`\($0)`" } ?? opValue.kindDescription
            let hint = opValue.stringValue.flatMap { Spelling.suggestion(for: $0, among: names) }.map { "; did you mean `\($0)`?" }
                ?? "; use one of \(Spelling.choices(names))."
            throw .edit(index, op: nil, "\(shown) is not an edit\(hint)")
        }
        let reader = Reader(value: value, index: index, op: op)
        try reader.checkKeys()
        switch op {
        case .setText:
            let owner = try reader.owner()
            let field: String?
            if case .flow = owner {
                field = try reader.string("field", what: "the content field whose text it sets, such as \"headline\"")
            } else {
                if value["field"] != nil {
                    throw reader.fail("a hint has one text, its `tooltipText`; remove `field`.")
                }
                field = nil
            }
            return DocumentEdit(.setText(
                owner: owner, step: try reader.string("step", what: "the id of the step"), field: field,
                locale: try reader.string("locale", what: "the locale of the text, such as \"es\""),
                text: try reader.string("text", what: "the text", allowsEmpty: true)))
        case .setContent:
            guard let content = value["value"] else {
                throw reader.fail("the edit needs `value`: the field's new value, or null to remove the field.")
            }
            return DocumentEdit(.setContent(
                flow: try reader.string("flow", what: "the id of the flow"), step: try reader.string("step", what: "the id of the step"),
                field: try reader.string("field", what: "the content field it sets, such as \"trialDays\""), value: content))
        case .setStep:
            let owner = try reader.owner()
            return DocumentEdit(.setStep(owner: owner, step: try reader.string("step", what: "the id of the step"), set: try reader.object("set")))
        case .addExperiment:
            return DocumentEdit(.addExperiment(try reader.object("experiment")))
        case .updateExperiment:
            return DocumentEdit(.updateExperiment(key: try reader.string("key", what: "the key of the experiment"), set: try reader.object("set")))
        case .stopExperiment:
            return DocumentEdit(.stopExperiment(key: try reader.string("key", what: "the key of the experiment")))
        case .shipVariation:
            return DocumentEdit(.shipVariation(
                experiment: try reader.string("experiment", what: "the key of the experiment"),
                variation: try reader.string("variation", what: "the variation everyone gets")))
        }
    }

    /// Reads the members of one edit, refusing with its index.
    private struct Reader {
        let value: OrderedJSON
        let index: Int
        let op: Operation

        func fail(_ problem: String) -> DocumentEditError { .edit(index, op: op.rawValue, problem) }

        func checkKeys() throws(DocumentEditError) {
            let allowed = DocumentEdit.keys[op] ?? []
            for key in value.keys where !allowed.contains(key) {
                let hint = Spelling.suggestion(for: key, among: allowed).map { "did you mean `\($0)`?" }
                    ?? "`\(op.rawValue)` takes \(Spelling.choices(allowed, conjunction: "and"))."
                throw fail("unknown key `\(key)`; \(hint)")
            }
        }

        func string(_ key: String, what: String, allowsEmpty: Bool = false) throws(DocumentEditError) -> String {
            guard let member = value[key] else { throw fail("the edit needs `\(key)`: \(what).") }
            guard let text = member.stringValue else { throw fail("`\(key)` must be a string (\(what)), but this is \(member.kindDescription).") }
            guard allowsEmpty || !text.isEmpty else { throw fail("`\(key)` must not be empty; give \(what).") }
            return text
        }

        func object(_ key: String) throws(DocumentEditError) -> OrderedJSON {
            guard let member = value[key] else { throw fail("the edit needs `\(key)`, an object.") }
            guard case .object = member else { throw fail("`\(key)` must be an object, but this is \(member.kindDescription).") }
            return member
        }

        func owner() throws(DocumentEditError) -> Owner {
            switch (value["flow"], value["walkthrough"]) {
            case (.some, .some): throw fail("an edit names one `flow` or one `walkthrough`, not both; write one edit for each.")
            case (.none, .none): throw fail("the edit needs `flow` (or `walkthrough`): the flow or walkthrough whose step it changes.")
            case (.some, .none): return .flow(try string("flow", what: "the id of the flow"))
            case (.none, .some): return .walkthrough(try string("walkthrough", what: "the id of the walkthrough"))
            }
        }
    }
}

extension DocumentEdit.Owner {
    var isFlow: Bool {
        if case .flow = self { return true }
        return false
    }
}
