import Foundation
import Waypoint

extension DocumentEdit {
    /// Fields of step `step` of flow `flow` (those a variation's `set` may change, `skip` aside):
    /// `screen`, `on` and `when` replaced, `content` merged key by key (a removal deletes the key).
    public static func setStep(flow: String, step: String, set: FlowStepChange) -> DocumentEdit {
        DocumentEdit(.setStep(owner: .flow(flow), step: step, set: CanonicalDocument.json(set)))
    }

    /// Fields of hint `step` of walkthrough `walkthrough`: its text, position, shape, trigger,
    /// `canSkip`, `when` or target, each replaced.
    public static func setStep(walkthrough: String, step: String, set: WalkthroughStepChange) -> DocumentEdit {
        DocumentEdit(.setStep(owner: .walkthrough(walkthrough), step: step, set: CanonicalDocument.json(set)))
    }

    /// The `changes` of experiment `key` replaced by `changes` (variation → its step changes); a
    /// variation without changes is left out, and no changes at all removes the member.
    public static func updateExperiment(_ key: String, changes: [String: [ExperimentChange]]) -> DocumentEdit {
        let kept = changes.filter { !$0.value.isEmpty }
        let value: OrderedJSON = kept.isEmpty
            ? .null
            : .object(kept.keys.sorted().map { ($0, OrderedJSON.array(kept[$0]!.map(CanonicalDocument.json))) })
        return DocumentEdit(.updateExperiment(key: key, set: .object([("changes", value)])))
    }
}

extension DocumentEdit {
    /// The edit as the JSON the API takes (`{"op": "set-text", …}`), on one line.
    ///
    /// ``DocumentEdits/decode(_:)`` reads it back as this edit.
    public var json: String { Self.oneLine(value) }

    /// The edit as an ``OrderedJSON`` object, its members in the order ``DocumentEdit/keys`` lists them.
    var value: OrderedJSON {
        var members: [(String, OrderedJSON)] = [("op", .string(operation.rawValue))]
        func owner(_ owner: Owner) {
            switch owner {
            case .flow(let flow): members.append(("flow", .string(flow)))
            case .walkthrough(let walkthrough): members.append(("walkthrough", .string(walkthrough)))
            }
        }
        switch kind {
        case .setText(let who, let step, let field, let locale, let text):
            owner(who)
            members.append(("step", .string(step)))
            if let field { members.append(("field", .string(field))) }
            members.append(("locale", .string(locale)))
            members.append(("text", .string(text)))
        case .setContent(let flow, let step, let field, let content):
            members += [("flow", .string(flow)), ("step", .string(step)), ("field", .string(field)), ("value", content)]
        case .setStep(let who, let step, let set):
            owner(who)
            members += [("step", .string(step)), ("set", set)]
        case .addExperiment(let experiment):
            members.append(("experiment", experiment))
        case .updateExperiment(let key, let set):
            members += [("key", .string(key)), ("set", set)]
        case .stopExperiment(let key):
            members.append(("key", .string(key)))
        case .shipVariation(let experiment, let variation):
            members += [("experiment", .string(experiment)), ("variation", .string(variation))]
        }
        return .object(members)
    }

    /// `value` on one line: the canonical text with its line breaks and indentation taken out
    /// (strings escape their own line breaks, so none is inside one).
    static func oneLine(_ value: OrderedJSON) -> String {
        value.text().split(separator: "\n").map { line -> String in
            let trimmed = line.drop { $0 == " " }
            return String(trimmed)
        }.joined(separator: " ")
    }
}

extension DocumentEdits {
    /// `{"edits": [EDIT, …]}`: what `POST /v1/apps/{app}/revisions/{base}/edits` and `waypoint edit`
    /// take, so a form that builds edits sends them through the same code as the API.
    public static func encode(_ edits: [DocumentEdit]) -> Data {
        Data(("{\"edits\": [" + edits.map(\.json).joined(separator: ", ") + "]}").utf8)
    }
}

extension DocumentEdits {
    /// `existing` with `text` in `locale`, as `set-text` makes it: a plain text in the default locale
    /// stays plain; otherwise it becomes a localized text that keeps the default locale's string.
    public static func text(_ existing: LocalizedText?, setting locale: String, to text: String, defaultLocale: String) -> LocalizedText {
        EditSession.setting(existing, locale: locale, text: text, defaultLocale: defaultLocale)
    }

    /// Every locale the texts of `document` use (steps' content, hints' text and the variations'
    /// changes of both), the `defaultLocale` first, then sorted: the columns of a text editor.
    ///
    /// A locale that differs from the default only in case is left out.
    public static func locales(of document: WaypointDocument) -> [String] {
        var used: Set<String> = []
        func visit(_ text: LocalizedText?) { if let text { used.formUnion(text.locales) } }
        func visit(_ value: ContentValue) { for text in value.localizedTexts { visit(text) } }
        for flow in document.flows { for step in flow.steps { for value in (step.content ?? [:]).values { visit(value) } } }
        for walkthrough in document.walkthroughs { for step in walkthrough.steps { visit(step.tooltipText) } }
        for experiment in document.experiments {
            for change in experiment.changes.values.joined() {
                switch change {
                case .flowStep(_, _, let set): for value in set.content?.values.values.map({ $0 }) ?? [] { visit(value) }
                case .walkthroughStep(_, _, let set): visit(set.tooltipText)
                }
            }
        }
        let first = document.defaultLocale
        return (first.map { [$0] } ?? []) + used.filter { $0.lowercased() != first?.lowercased() }.sorted()
    }

    /// The names of the fields `change` sets on its step, in the format's order (`screen`, `content`,
    /// `when`, `on`, `skip` for a flow step; `tooltipText` … `targetElementId` for a hint).
    public static func fieldNames(of change: ExperimentChange) -> [String] {
        switch change {
        case .flowStep(_, _, let set): set.fieldNames
        case .walkthroughStep(_, _, let set): set.fieldNames
        }
    }
}
