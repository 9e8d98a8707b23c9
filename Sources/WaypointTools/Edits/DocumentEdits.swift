import Foundation
import Waypoint

/// The one implementation of the edits a product person makes without writing JSON (docs/ARCHITECTURE.md,
/// "Editing documents"), used by the server's API, the dashboard and `waypoint edit` / `waypoint ship`.
///
/// Edits apply in order; the result is encoded by ``CanonicalDocument`` and read back, so it is a
/// document any reader accepts. An edit that names an unknown flow, walkthrough, step, field,
/// experiment or variation, has the wrong shape, or makes a document with a format error is refused
/// with a ``DocumentEditError`` naming it; nothing is applied then. Lint the result
/// (``DocumentEditResult/diagnostics``) before publishing it, as an upload is.
///
/// ```swift
/// let result = try DocumentEdits.apply(Data(#"{"edits": [{"op": "ship-variation", "experiment": "paywall-copy", "variation": "annual-first"}]}"#.utf8), to: document)
/// result.text                        // the new document, canonically encoded
/// result.edits.map(\.description)    // ["paywall-copy: annual-first shipped to everyone"]
/// ```
public enum DocumentEdits {
    /// Reads `{"edits": [EDIT, …]}`.
    ///
    /// - Throws: ``DocumentEditError`` for text that is not JSON, JSON without an `edits` array, or an
    ///   edit of the wrong shape (an unknown `op` or key, a missing or mistyped member).
    public static func decode(_ data: Data) throws(DocumentEditError) -> [DocumentEdit] {
        let value: OrderedJSON
        do {
            value = try OrderedJSON(parsing: [UInt8](data))
        } catch {
            throw .syntax(error.message, offset: error.offset)
        }
        guard case .object = value else { throw .notAnEditList(found: "this is \(value.kindDescription)") }
        for key in value.keys where key != "edits" {
            let hint = Spelling.suggestion(for: key, among: ["edits"]) != nil ? " (did you mean `edits`?)" : ""
            throw .notAnEditList(found: "it has the key `\(key)`\(hint)")
        }
        guard let list = value["edits"] else { throw .notAnEditList(found: "it has no `edits`") }
        guard case .array(let elements) = list else { throw .notAnEditList(found: "`edits` is \(list.kindDescription)") }
        var edits: [DocumentEdit] = []
        for (index, element) in elements.enumerated() {
            edits.append(try DocumentEdit.decode(element, index: index))
        }
        return edits
    }

    /// Reads `{"edits": [EDIT, …]}` and applies the edits to `document`.
    ///
    /// - Throws: ``DocumentEditError`` as ``decode(_:)`` and ``apply(_:to:)`` do.
    public static func apply(_ data: Data, to document: WaypointDocument) throws(DocumentEditError) -> DocumentEditResult {
        try apply(try decode(data), to: document)
    }

    /// Applies `edits` in order to `document`.
    ///
    /// - Throws: ``DocumentEditError`` naming the first edit refused: one that names something the
    ///   document does not have (with a did-you-mean), or that makes a document with a format error.
    public static func apply(_ edits: [DocumentEdit], to document: WaypointDocument) throws(DocumentEditError) -> DocumentEditResult {
        var session = EditSession(document: document)
        for (index, edit) in edits.enumerated() {
            try session.apply(edit, index: index)
        }
        let text = CanonicalDocument.text(session.document)
        return DocumentEditResult(document: session.document, text: text, edits: edits, validation: WaypointDocument.validate(text))
    }

    /// `document` with `variation` of `experiment` made what everyone gets (the `ship-variation` edit).
    ///
    /// - Throws: ``DocumentEditError`` for an unknown experiment or variation (with a did-you-mean).
    public static func ship(_ variation: String, of experiment: String, in document: WaypointDocument) throws(DocumentEditError) -> DocumentEditResult {
        try apply([.shipVariation(variation, of: experiment)], to: document)
    }
}

/// The document that edits made, canonically encoded, and the edits.
public struct DocumentEditResult: Sendable {
    /// The edited document.
    public let document: WaypointDocument
    /// The edited document as ``CanonicalDocument`` writes it.
    public let text: String
    /// The edits applied, in order.
    public let edits: [DocumentEdit]
    /// ``text`` read back, for diagnostics with lines and columns.
    public let validation: DocumentValidation

    /// The format and lint problems of the result, located in ``text``: an error refuses it.
    public var diagnostics: [Diagnostic] { validation.allDiagnostics }
}

/// Applies edits one after another to a document.
struct EditSession {
    var document: WaypointDocument

    mutating func apply(_ edit: DocumentEdit, index: Int) throws(DocumentEditError) {
        let op = edit.operation.rawValue
        func fail(_ problem: String) -> DocumentEditError { .edit(index, op: op, problem) }
        switch edit.kind {
        case .setText(let owner, let step, let field, let locale, let text):
            if let problem = DocumentFormat.localeTagProblem(locale, label: "locale") { throw fail(problem + ".") }
            switch owner {
            case .flow(let flow):
                let places = try flowSteps(flow, step: step, fail: fail)
                let defaultLocale = document.defaultLocale ?? locale
                for (entry, position) in places {
                    let current = document.flows[entry].steps[position]
                    guard current.subflow == nil else { throw fail("step `\(step)` of flow `\(flow)` runs a subflow, so it has no content; edit the subflow's own steps.") }
                    let field = field ?? ""
                    var content = current.content ?? [:]
                    let existing: LocalizedText?
                    switch content[field] {
                    case .none: existing = nil
                    case .text(let text)?: existing = text
                    case let other?:
                        throw fail("content field `\(field)` of step `\(step)` is \(Self.describe(other)), not a text; use `set-content` to change it.")
                    }
                    guard existing != nil || Self.sameLocale(locale, defaultLocale) else {
                        throw fail("step `\(step)` of flow `\(flow)` has no content field `\(field)`"
                            + (Spelling.suggestion(for: field, among: content.keys.sorted()).map { "; did you mean `\($0)`?" }
                                ?? "; create it with its text in the default locale `\(defaultLocale)` first."))
                    }
                    content[field] = .text(Self.setting(existing, locale: locale, text: text, defaultLocale: defaultLocale))
                    document.flows[entry].steps[position].content = content
                }
            case .walkthrough(let walkthrough):
                let places = try walkthroughSteps(walkthrough, step: step, fail: fail)
                let defaultLocale = document.defaultLocale ?? locale
                guard !text.isEmpty else { throw fail("a hint's text must not be empty; give the text to show.") }
                for (entry, position) in places {
                    let current = document.walkthroughs[entry].steps[position].tooltipText
                    document.walkthroughs[entry].steps[position].tooltipText = Self.setting(current, locale: locale, text: text, defaultLocale: defaultLocale)
                }
            }
            if document.defaultLocale == nil, Self.hasLocalizedText(document) { document.defaultLocale = locale }
            try reread(index: index, op: op)
        case .setContent(let flow, let step, let field, let value):
            let places = try flowSteps(flow, step: step, fail: fail)
            guard !field.hasPrefix("$"), !field.isEmpty else {
                throw fail("`\(field)` is not a content field: keys starting with `$` are reserved; rename it.")
            }
            for (entry, position) in places {
                guard document.flows[entry].steps[position].subflow == nil else {
                    throw fail("step `\(step)` of flow `\(flow)` runs a subflow, so it has no content; edit the subflow's own steps.")
                }
            }
            let (flowIndex, stepIndex) = places[0]
            var tree = CanonicalDocument.json(document)
            for (entry, position) in places {
                tree = tree.updating([.key("flows"), .index(entry), .key("steps"), .index(position)]) { step in
                    let content = step["content"] ?? OrderedJSON.emptyObject
                    let updated: OrderedJSON = if case .null = value { content.removing(field) } else { content.setting(field, to: value) }
                    return updated.keys.isEmpty ? step.removing("content") : step.setting("content", to: updated)
                }
            }
            try reread(tree, index: index, op: op,
                       from: "flows[\(flowIndex)].steps[\(stepIndex)].content.\(field)", to: "value")
        case .setStep(let owner, let step, let set):
            try setStep(owner, step: step, set: set, index: index, op: op, fail: fail)
        case .addExperiment(let experiment):
            guard let key = experiment["key"]?.stringValue else {
                throw fail("the experiment needs `key`, such as \"paywall-copy\".")
            }
            if document.experiment(key) != nil {
                throw fail("the document already has an experiment `\(key)`; choose another key, or change it with `update-experiment`.")
            }
            let position = document.experiments.count
            var tree = CanonicalDocument.json(document)
            tree = tree.updating([.key("experiments")]) { list in
                guard case .array(let elements) = list else { return list }
                return .array(elements + [experiment])
            }
            try reread(tree, index: index, op: op, from: "experiments[\(position)]", to: "experiment")
        case .updateExperiment(let key, let set):
            let position = try experimentIndex(key, fail: fail)
            let allowed = ["weights", "coverage", "condition", "goal", "guardrails", "minimumDetectableEffect", "hypothesis", "changes"]
            for field in set.keys where !allowed.contains(field) {
                let hint = Spelling.suggestion(for: field, among: allowed).map { "did you mean `\($0)`?" }
                    ?? "`set` may change \(Spelling.choices(allowed, conjunction: "and"))."
                throw fail("`\(field)` is not a field `update-experiment` changes; \(hint)")
            }
            guard !set.keys.isEmpty else { throw fail("`set` changes nothing; set at least one of \(Spelling.choices(allowed)).") }
            var tree = CanonicalDocument.json(document)
            tree = tree.updating([.key("experiments"), .index(position)]) { experiment in
                var result = experiment
                guard case .object(let members) = set else { return result }
                for member in members {
                    if case .null = member.value { result = result.removing(member.key) } else { result = result.setting(member.key, to: member.value) }
                }
                return result.reordered(by: DocumentEdits.experimentKeyOrder)
            }
            try reread(tree, index: index, op: op, from: "experiments[\(position)]", to: "set")
        case .stopExperiment(let key):
            let position = try experimentIndex(key, fail: fail)
            guard let control = document.experiments[position].variations.first else { throw fail("experiment `\(key)` has no variations.") }
            try ship(experiment: key, variation: control, index: index, op: op, fail: fail)
        case .shipVariation(let experiment, let variation):
            let position = try experimentIndex(experiment, fail: fail)
            let variations = document.experiments[position].variations
            guard variations.contains(variation) else {
                let hint = Spelling.suggestion(for: variation, among: variations).map { "did you mean `\($0)`?" }
                    ?? "its variations are \(Spelling.choices(variations, conjunction: "and"))."
                throw fail("experiment `\(experiment)` has no variation `\(variation)`; \(hint)")
            }
            try ship(experiment: experiment, variation: variation, index: index, op: op, fail: fail)
        }
    }

    // MARK: Steps

    /// The entries of flow `id` that have step `step` (entry index, step index); at least one.
    func flowSteps(_ id: String, step: String, fail: (String) -> DocumentEditError) throws(DocumentEditError) -> [(Int, Int)] {
        let entries = document.flows.indices.filter { document.flows[$0].id == id }
        guard !entries.isEmpty else {
            throw fail(Self.unknown("flow", id, among: Self.distinct(document.flows.map(\.id))))
        }
        var places: [(Int, Int)] = []
        for entry in entries {
            if let position = document.flows[entry].steps.firstIndex(where: { $0.id == step }) { places.append((entry, position)) }
        }
        guard !places.isEmpty else {
            let steps = Self.distinct(entries.flatMap { document.flows[$0].steps.map(\.id) })
            var message = "flow `\(id)` has no step `\(step)`"
            if let suggestion = Spelling.suggestion(for: step, among: steps) {
                message += "; did you mean `\(suggestion)`?"
            } else if let other = document.flows.first(where: { $0.steps.contains { $0.id == step } }) {
                message += "; it is a step of flow `\(other.id)`: name a subflow's step under the subflow's own id, \"flow\": \"\(other.id)\"."
            } else {
                message += steps.isEmpty ? "; it has no steps." : "; its steps are \(Spelling.choices(steps, conjunction: "and"))."
            }
            throw fail(message)
        }
        return places
    }

    /// The entries of walkthrough `id` that have hint `step` (entry index, step index); at least one.
    func walkthroughSteps(_ id: String, step: String, fail: (String) -> DocumentEditError) throws(DocumentEditError) -> [(Int, Int)] {
        let entries = document.walkthroughs.indices.filter { document.walkthroughs[$0].id == id }
        guard !entries.isEmpty else {
            throw fail(Self.unknown("walkthrough", id, among: Self.distinct(document.walkthroughs.map(\.id))))
        }
        var places: [(Int, Int)] = []
        for entry in entries {
            if let position = document.walkthroughs[entry].steps.firstIndex(where: { $0.id == step }) { places.append((entry, position)) }
        }
        guard !places.isEmpty else {
            let steps = Self.distinct(entries.flatMap { document.walkthroughs[$0].steps.map(\.id) })
            let hint = Spelling.suggestion(for: step, among: steps).map { "did you mean `\($0)`?" }
                ?? (steps.isEmpty ? "it has no steps." : "its steps are \(Spelling.choices(steps, conjunction: "and")).")
            throw fail("walkthrough `\(id)` has no step `\(step)`; \(hint)")
        }
        return places
    }

    /// The fields of a step a variation's `set` may change, replaced (content merged key by key).
    private mutating func setStep(
        _ owner: DocumentEdit.Owner, step: String, set: OrderedJSON, index: Int, op: String, fail: (String) -> DocumentEditError
    ) throws(DocumentEditError) {
        let allowed: [String]
        let places: [(Int, Int)]
        let section: String
        switch owner {
        case .flow(let flow):
            allowed = ["screen", "content", "when", "on"]
            places = try flowSteps(flow, step: step, fail: fail)
            section = "flows"
            if set["skip"] != nil {
                throw fail("a step of the document cannot be skipped for everyone; give it a `when`, or remove the step from the flow (`skip` is for a variation's changes).")
            }
        case .walkthrough(let walkthrough):
            allowed = ["tooltipText", "tooltipPosition", "highlightShape", "completionTrigger", "canSkip", "when", "targetElementId"]
            places = try walkthroughSteps(walkthrough, step: step, fail: fail)
            section = "walkthroughs"
        }
        for field in set.keys where !allowed.contains(field) {
            let hint = Spelling.suggestion(for: field, among: allowed).map { "did you mean `\($0)`?" }
                ?? "`set` may change \(Spelling.choices(allowed, conjunction: "and"))."
            throw fail("`\(field)` is not a field `set-step` changes; \(hint)")
        }
        guard !set.keys.isEmpty else { throw fail("`set` changes nothing; set at least one of \(Spelling.choices(allowed)).") }
        if case .flow(let flow) = owner, set["screen"] != nil || set["content"] != nil,
           places.contains(where: { document.flows[$0.0].steps[$0.1].subflow != nil }) {
            throw fail("step `\(step)` of flow `\(flow)` runs a subflow, so it has no `screen` or `content`; edit the subflow's own steps.")
        }
        guard case .object(let members) = set else { return }
        let order = owner.isFlow ? DocumentEdits.flowStepKeyOrder : DocumentEdits.walkthroughStepKeyOrder
        var tree = CanonicalDocument.json(document)
        for (entry, position) in places {
            tree = tree.updating([.key(section), .index(entry), .key("steps"), .index(position)]) { current in
                var result = current
                for member in members {
                    if member.key == "content", case .object(let patch) = member.value {
                        var content = current["content"] ?? OrderedJSON.emptyObject
                        for item in patch {
                            if case .null = item.value { content = content.removing(item.key) } else { content = content.setting(item.key, to: item.value) }
                        }
                        result = content.keys.isEmpty ? result.removing("content") : result.setting("content", to: content)
                    } else {
                        result = result.setting(member.key, to: member.value)
                    }
                }
                return result.reordered(by: order)
            }
        }
        let first = places[0]
        try reread(tree, index: index, op: op, from: "\(section)[\(first.0)].steps[\(first.1)]", to: "set")
    }

    // MARK: Experiments

    func experimentIndex(_ key: String, fail: (String) -> DocumentEditError) throws(DocumentEditError) -> Int {
        guard let position = document.experiments.firstIndex(where: { $0.key == key }) else {
            throw fail(Self.unknown("experiment", key, among: Self.distinct(document.experiments.map(\.key))))
        }
        return position
    }

    // MARK: Reading the result back

    /// Reads the document back through the format's reader, refusing an edit that made it invalid.
    mutating func reread(index: Int, op: String) throws(DocumentEditError) {
        try reread(CanonicalDocument.json(document), index: index, op: op, from: nil, to: nil)
    }

    /// Reads `tree` as the new document; the paths of its problems under `from` are shown under `to`
    /// (`experiments[2].weights` as `set.weights`).
    mutating func reread(_ tree: OrderedJSON, index: Int, op: String, from: String?, to: String?) throws(DocumentEditError) {
        let validation = WaypointDocument.validate(tree.text())
        guard let result = validation.document else {
            let diagnostics = validation.diagnostics.filter(\.isError)
            let paths = diagnostics.map { diagnostic -> String in
                guard let from, let to, diagnostic.path == from || diagnostic.path.hasPrefix(from + ".") || diagnostic.path.hasPrefix(from + "[")
                else { return diagnostic.path }
                return to + diagnostic.path.dropFirst(from.count)
            }
            throw .invalidResult(index, op: op, diagnostics: diagnostics, paths: paths)
        }
        document = result
    }

    // MARK: Texts

    /// `existing` with `text` in `locale`: a plain text in the default locale stays plain; otherwise it
    /// becomes a localized text that keeps the default locale's string.
    static func setting(_ existing: LocalizedText?, locale: String, text: String, defaultLocale: String) -> LocalizedText {
        switch existing {
        case .none, .plain?:
            if sameLocale(locale, defaultLocale) { return .plain(text) }
            guard case .plain(let original)? = existing else { return .translations([locale: text]) }
            return .translations([defaultLocale: original, locale: text])
        case .translations(var translations)?:
            let key = translations.keys.first { sameLocale($0, locale) } ?? locale
            translations[key] = text
            return .translations(translations)
        }
    }

    static func sameLocale(_ a: String, _ b: String) -> Bool {
        TextLocalization.normalized(a) == TextLocalization.normalized(b)
    }

    static func hasLocalizedText(_ document: WaypointDocument) -> Bool {
        document.flows.contains { $0.steps.contains { ($0.content ?? [:]).values.contains { !$0.localizedTexts.isEmpty } } }
            || document.walkthroughs.contains { $0.steps.contains { $0.tooltipText.isLocalized } }
    }

    static func describe(_ value: ContentValue) -> String {
        switch value {
        case .text: "a text"
        case .number: "a number"
        case .bool: "a boolean"
        case .array: "an array"
        case .object: "an object"
        }
    }

    static func unknown(_ kind: String, _ name: String, among known: [String]) -> String {
        var message = "the document has no \(kind) `\(name)`"
        if let suggestion = Spelling.suggestion(for: name, among: known) {
            message += "; did you mean `\(suggestion)`?"
        } else if known.isEmpty {
            message += "; it has no \(kind)s."
        } else {
            message += "; its \(kind)s are \(Spelling.choices(known, conjunction: "and"))."
        }
        return message
    }

    static func distinct(_ names: [String]) -> [String] {
        var seen: Set<String> = []
        return names.filter { seen.insert($0).inserted }
    }
}

extension DocumentEdits {
    /// The keys of a flow step, an experiment and a hint in the schema's order, for members an edit adds.
    static let flowStepKeyOrder = ["id", "screen", "on", "when", "subflow", "content"]
    static let walkthroughStepKeyOrder = [
        "id", "targetElementId", "highlightShape", "tooltipText", "tooltipPosition", "completionTrigger", "canSkip", "when", "targetTimeout",
    ]
    static let experimentKeyOrder = [
        "key", "variations", "weights", "coverage", "hashAttribute", "hashVersion", "seed", "namespace", "condition", "active",
        "goal", "guardrails", "minimumDetectableEffect", "hypothesis", "changes",
    ]
}

/// A step of a path into an ``OrderedJSON``.
enum JSONPathComponent {
    case key(String)
    case index(Int)
}

extension OrderedJSON {
    /// The value with the member at `path` replaced by `transform` of it; unchanged when there is none.
    func updating(_ path: [JSONPathComponent], _ transform: (OrderedJSON) -> OrderedJSON) -> OrderedJSON {
        guard let first = path.first else { return transform(self) }
        let rest = Array(path.dropFirst())
        switch (self, first) {
        case (.object(var members), .key(let key)):
            guard let index = members.firstIndex(where: { $0.key == key }) else { return self }
            members[index] = Member(key: key, value: members[index].value.updating(rest, transform))
            return .object(members)
        case (.array(var elements), .index(let index)):
            guard elements.indices.contains(index) else { return self }
            elements[index] = elements[index].updating(rest, transform)
            return .array(elements)
        default:
            return self
        }
    }

    /// The object without member `key`.
    func removing(_ key: String) -> OrderedJSON {
        guard case .object(let members) = self else { return self }
        return .object(members.filter { $0.key != key })
    }

    /// The object with its members in `order` (keys it does not list last, in their order).
    func reordered(by order: [String]) -> OrderedJSON {
        guard case .object(let members) = self else { return self }
        let rank = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($0.element, $0.offset) })
        return .object(members.enumerated().sorted { (rank[$0.element.key] ?? order.count + $0.offset, $0.offset) < (rank[$1.element.key] ?? order.count + $1.offset, $1.offset) }.map(\.element))
    }
}
