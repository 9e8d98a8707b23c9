import Foundation
import Testing
import TestSupport
import Waypoint
@testable import WaypointTools

/// The edits of the console (docs/ARCHITECTURE.md, "Editing documents"): each applied and its result
/// checked, each refusal's text, shipping and stopping, and the canonical text.
@Suite("Document edits")
struct DocumentEditsTests {
    /// A sign-up flow whose entries vary by `short-signup`, with a subflow and a walkthrough.
    static let wholeFlow = #"""
        {"schemaVersion": 1,
         "flows": [
           {"id": "signup", "experiment": "short-signup", "variation": "control", "steps": [
             {"id": "splash", "on": {"register": "registration"}}, {"id": "registration"}, {"id": "end", "subflow": "end-flow"}]},
           {"id": "signup", "experiment": "short-signup", "variation": "short", "steps": [
             {"id": "splash", "on": {"continue": "end"}}, {"id": "end", "subflow": "end-flow"}]},
           {"id": "end-flow", "steps": [{"id": "done", "content": {"title": "Done"}}]}],
         "experiments": [{"key": "short-signup", "variations": ["control", "short"], "weights": [0.5, 0.5], "goal": "$complete"}]}
        """#

    static func edits(_ list: String...) -> Data { Data(("{\"edits\": [" + list.joined(separator: ", ") + "]}").utf8) }

    static func apply(_ list: String..., to document: WaypointDocument? = nil) throws -> DocumentEditResult {
        try DocumentEdits.apply(Data(("{\"edits\": [" + list.joined(separator: ", ") + "]}").utf8), to: document ?? StepChangesFixture.document())
    }

    static func paywall(_ document: WaypointDocument) -> FlowStepEntry? {
        document.flows.first { $0.id == "onboarding" }?.steps.first { $0.id == "paywall" }
    }

    // MARK: Each edit

    @Test("set-text sets a field's text in a locale, keeping the others", arguments: [
        // A localized field gets a locale.
        (#"{"op": "set-text", "flow": "onboarding", "step": "paywall", "field": "headline", "locale": "es", "text": "Hazte premium"}"#,
         LocalizedText.translations(["en": "Go premium", "de": "Premium holen", "pt": "Seja premium", "es": "Hazte premium"])),
        // A locale written in another case replaces that locale's text.
        (#"{"op": "set-text", "flow": "onboarding", "step": "paywall", "field": "headline", "locale": "DE", "text": "Jetzt Premium"}"#,
         .translations(["en": "Go premium", "de": "Jetzt Premium", "pt": "Seja premium"])),
    ])
    func setText(_ edit: String, _ expected: LocalizedText) throws {
        let result = try Self.apply(edit)
        #expect(Self.paywall(result.document)?.content?["headline"] == .text(expected))
        #expect(Self.paywall(result.document)?.content?["trialDays"] == .number(7))
        #expect(result.diagnostics.allSatisfy { !$0.isError })
    }

    @Test("set-text turns a plain text into a localized one keeping its default text, and creates a field in the default locale")
    func setTextPlain() throws {
        let first = try Self.apply(
            #"{"op": "set-content", "flow": "onboarding", "step": "welcome", "field": "subtitle", "value": "Breathe"}"#,
            #"{"op": "set-text", "flow": "onboarding", "step": "welcome", "field": "subtitle", "locale": "de", "text": "Atme"}"#,
            #"{"op": "set-text", "flow": "onboarding", "step": "welcome", "field": "cta", "locale": "en", "text": "Start"}"#)
        let welcome = try #require(first.document.flows[0].steps.first { $0.id == "welcome" })
        #expect(welcome.content?["subtitle"] == .text(.translations(["en": "Breathe", "de": "Atme"])))
        #expect(welcome.content?["cta"] == .text("Start"))
        // A document without localized text gets the locale of its first one as default.
        let plain = try WaypointDocument(validating: Data(Self.wholeFlow.utf8))
        let spanish = try Self.apply(#"{"op": "set-text", "flow": "end-flow", "step": "done", "field": "title", "locale": "es", "text": "Listo"}"#, to: plain)
        #expect(spanish.document.flows[2].steps[0].content?["title"] == .text("Listo"))
        #expect(spanish.document.defaultLocale == nil)
    }

    @Test("set-text on a hint sets its tooltip text")
    func setTextHint() throws {
        let result = try Self.apply(#"{"op": "set-text", "walkthrough": "home-tour", "step": "timer", "locale": "de", "text": "Starte eine Sitzung"}"#)
        #expect(result.document.walkthroughs[0].steps[0].tooltipText == .translations(["en": "Start a session", "de": "Starte eine Sitzung"]))
    }

    @Test("set-content sets a plain value, and null removes the field", arguments: [
        (#"{"op": "set-content", "flow": "onboarding", "step": "paywall", "field": "trialDays", "value": 14}"#, "trialDays", ContentValue.number(14) as ContentValue?),
        (#"{"op": "set-content", "flow": "onboarding", "step": "paywall", "field": "badge", "value": null}"#, "badge", nil),
        (#"{"op": "set-content", "flow": "onboarding", "step": "paywall", "field": "plans", "value": ["annual"]}"#, "plans", .array([.text("annual")])),
    ])
    func setContent(_ edit: String, _ field: String, _ expected: ContentValue?) throws {
        let result = try Self.apply(edit)
        let content = try #require(Self.paywall(result.document)?.content)
        #expect(content[field] == expected)
        #expect(content["showsClose"] == .bool(true))
    }

    @Test("set-step replaces a flow step's fields and merges its content; a hint's fields too")
    func setStep() throws {
        let result = try Self.apply(
            #"{"op": "set-step", "flow": "onboarding", "step": "paywall", "set": {"screen": "Paywall2", "content": {"trialDays": 3, "badge": null}, "on": {"buy": "finish", "close": "$complete"}}}"#,
            #"{"op": "set-step", "walkthrough": "home-tour", "step": "timer", "set": {"tooltipPosition": "below", "canSkip": false}}"#)
        let paywall = try #require(Self.paywall(result.document))
        #expect(paywall.screen == "Paywall2")
        #expect(paywall.content?["trialDays"] == .number(3))
        #expect(paywall.content?["badge"] == nil)
        #expect(paywall.content?["plans"] != nil)
        #expect(paywall.on == [FlowOutcome(name: "buy", target: "finish"), FlowOutcome(name: "close", target: .complete)])
        #expect(result.document.walkthroughs[0].steps[0].tooltipPosition == .below)
        #expect(result.document.walkthroughs[0].steps[0].canSkip == false)
    }

    @Test("add-experiment and update-experiment, goal, guardrails and effect included; null removes a field")
    func experiments() throws {
        let result = try Self.apply(
            #"{"op": "add-experiment", "experiment": {"key": "welcome-copy", "variations": ["control", "warm"], "goal": "goals", "guardrails": ["$complete"], "minimumDetectableEffect": 0.05, "hypothesis": "Warmer words keep people", "changes": {"warm": [{"flow": "onboarding", "step": "welcome", "set": {"content": {"title": {"$text": {"en": "Hello", "de": "Hallo", "pt-BR": "Olá"}}}}}]}}}"#,
            #"{"op": "update-experiment", "key": "paywall-copy", "set": {"weights": [0.2, 0.8], "goal": "paywall", "minimumDetectableEffect": 0.2, "coverage": 0.5}}"#,
            #"{"op": "update-experiment", "key": "paywall-copy", "set": {"coverage": null}}"#)
        let added = try #require(result.document.experiment("welcome-copy"))
        #expect(added.goal == "goals" && added.guardrails == ["$complete"] && added.minimumDetectableEffect == 0.05)
        #expect(added.hypothesis == "Warmer words keep people")
        #expect(added.changes["warm"]?.count == 1)
        let updated = try #require(result.document.experiment("paywall-copy"))
        #expect(updated.weights == [0.2, 0.8] && updated.goal == "paywall" && updated.minimumDetectableEffect == 0.2 && updated.coverage == nil)
        let original = try StepChangesFixture.document()
        #expect(updated.changes == original.experiment("paywall-copy")?.changes)
    }

    // MARK: Shipping and stopping

    @Test("Shipping a variation with changes applies them, content merged and a skipped step taken out, and removes the experiment")
    func shipChanges() throws {
        let result = try DocumentEdits.ship("annual-first", of: "paywall-copy", in: StepChangesFixture.document())
        let document = result.document
        #expect(document.experiments.isEmpty)
        let paywall = try #require(Self.paywall(document))
        #expect(paywall.screen == "PaywallAnnual")
        #expect(paywall.content?["headline"] == .text(.translations(["en": "Save 40% with a year", "de": "Spare 40 % im Jahr"])))
        #expect(paywall.content?["plans"] == .array([.text("monthly"), .text("annual")]))
        #expect(document.flows.first { $0.id == "finish" }?.steps.map(\.id) == ["done"])
        #expect(document.walkthroughs[0].steps[1].tooltipPosition == .above)
        #expect(!result.diagnostics.contains { $0.isError })
        // What everyone now sees is what the variation's users saw.
        let before = try StepChangesFixture.document().resolve(
            attributes: ["id": "u", "locale": "de"], forcedVariations: ["paywall-copy": "annual-first"], preferredLanguages: [])
        let after = try document.resolve(attributes: ["id": "u", "locale": "de"], preferredLanguages: [])
        #expect(after.flows["onboarding"]?.fixedSteps?.first { $0.id == "paywall" }?.content
            == before.flows["onboarding"]?.fixedSteps?.first { $0.id == "paywall" }?.content)
    }

    @Test("Shipping a variation of whole-flow entries keeps its entry alone, without experiment and variation")
    func shipWholeFlow() throws {
        let document = try WaypointDocument(validating: Data(Self.wholeFlow.utf8))
        let shipped = try DocumentEdits.ship("short", of: "short-signup", in: document).document
        #expect(shipped.experiments.isEmpty)
        #expect(shipped.flows.map(\.id) == ["signup", "end-flow"])
        #expect(shipped.flows[0] == FlowEntry(id: "signup", steps: [
            FlowStepEntry(id: "splash", on: [FlowOutcome(name: "continue", target: "end")]), FlowStepEntry(id: "end", subflow: "end-flow"),
        ]))
    }

    @Test("Shipping the control equals stopping the experiment", arguments: [StepChangesFixture.text, wholeFlow])
    func controlIsStop(_ text: String) throws {
        let document = try WaypointDocument(validating: Data(text.utf8))
        let key = document.experiments[0].key
        let control = document.experiments[0].variations[0]
        let shipped = try DocumentEdits.ship(control, of: key, in: document)
        let stopped = try DocumentEdits.apply([.stopExperiment(key)], to: document)
        #expect(shipped.text == stopped.text)
        #expect(shipped.document == stopped.document)
        #expect(stopped.document.experiments.isEmpty)
        #expect(stopped.document.flows.allSatisfy { $0.experiment == nil })
    }

    // MARK: Refusals

    @Test("Each bad edit is refused with its index, what is wrong and a did-you-mean", arguments: [
        (#"{"op": "set-txt"}"#, "Edit 1: `set-txt` is not an edit; did you mean `set-text`?"),
        (#"{"op": "set-text", "flow": "onbording", "step": "paywall", "field": "headline", "locale": "es", "text": "x"}"#,
         "Edit 1 (`set-text`): the document has no flow `onbording`; did you mean `onboarding`?"),
        (#"{"op": "set-text", "walkthrough": "home-tur", "step": "timer", "locale": "es", "text": "x"}"#,
         "Edit 1 (`set-text`): the document has no walkthrough `home-tur`; did you mean `home-tour`?"),
        (#"{"op": "set-text", "flow": "onboarding", "step": "paywal", "field": "headline", "locale": "es", "text": "x"}"#,
         "Edit 1 (`set-text`): flow `onboarding` has no step `paywal`; did you mean `paywall`?"),
        (#"{"op": "set-text", "flow": "onboarding", "step": "notifications", "field": "x", "locale": "en", "text": "x"}"#,
         "Edit 1 (`set-text`): flow `onboarding` has no step `notifications`; it is a step of flow `finish`: name a subflow's step under the subflow's own id, \"flow\": \"finish\"."),
        (#"{"op": "set-text", "flow": "onboarding", "step": "paywall", "field": "headlin", "locale": "es", "text": "x"}"#,
         "Edit 1 (`set-text`): step `paywall` of flow `onboarding` has no content field `headlin`; did you mean `headline`?"),
        (#"{"op": "set-text", "flow": "onboarding", "step": "paywall", "field": "trialDays", "locale": "es", "text": "x"}"#,
         "Edit 1 (`set-text`): content field `trialDays` of step `paywall` is a number, not a text; use `set-content` to change it."),
        (#"{"op": "set-text", "flow": "onboarding", "step": "paywall", "field": "headline", "locale": "es_MX", "text": "x"}"#,
         "Edit 1 (`set-text`): `es_MX` is not a locale tag; use a BCP 47 tag such as `en`, `de` or `pt-BR` (did you mean `es-MX`?)."),
        (#"{"op": "set-text", "flow": "onboarding", "step": "paywall", "feld": "headline", "locale": "es", "text": "x"}"#,
         "Edit 1 (`set-text`): unknown key `feld`; did you mean `field`?"),
        (#"{"op": "set-content", "flow": "onboarding", "step": "paywall", "field": "x"}"#,
         "Edit 1 (`set-content`): the edit needs `value`: the field's new value, or null to remove the field."),
        (#"{"op": "set-step", "flow": "onboarding", "step": "paywall", "set": {"scren": "X"}}"#,
         "Edit 1 (`set-step`): `scren` is not a field `set-step` changes; did you mean `screen`?"),
        (#"{"op": "set-step", "flow": "onboarding", "step": "paywall", "set": {"skip": true}}"#,
         "Edit 1 (`set-step`): a step of the document cannot be skipped for everyone"),
        (#"{"op": "set-step", "flow": "onboarding", "step": "paywall", "set": {"screen": ""}}"#,
         "Edit 1 (`set-step`) makes a document that cannot be read (1 error); fix the edit:\n  set.screen: `screen` must not be empty [bad-value]"),
        (#"{"op": "update-experiment", "key": "paywall-cpy", "set": {"coverage": 0.5}}"#,
         "Edit 1 (`update-experiment`): the document has no experiment `paywall-cpy`; did you mean `paywall-copy`?"),
        (#"{"op": "update-experiment", "key": "paywall-copy", "set": {"wieghts": [1, 0]}}"#,
         "Edit 1 (`update-experiment`): `wieghts` is not a field `update-experiment` changes; did you mean `weights`?"),
        (#"{"op": "update-experiment", "key": "paywall-copy", "set": {"coverage": 2}}"#,
         "  set.coverage: `coverage` must be from 0 to 1, but this is `2` [bad-value]"),
        (#"{"op": "add-experiment", "experiment": {"key": "paywall-copy", "variations": ["a", "b"]}}"#,
         "Edit 1 (`add-experiment`): the document already has an experiment `paywall-copy`; choose another key"),
        (#"{"op": "add-experiment", "experiment": {"key": "x", "variations": ["a", "b"], "goal": "$complet"}}"#,
         "  experiment.goal: `goal` `$complet` is not a goal (did you mean `$complete`?); write $complete, a step id such as `paywall`, or STEP:OUTCOME such as `paywall:subscribe` [bad-value]"),
        (#"{"op": "stop-experiment", "key": "papwall-copy"}"#,
         "Edit 1 (`stop-experiment`): the document has no experiment `papwall-copy`; did you mean `paywall-copy`?"),
        (#"{"op": "ship-variation", "experiment": "paywall-copy", "variation": "anual-first"}"#,
         "Edit 1 (`ship-variation`): experiment `paywall-copy` has no variation `anual-first`; did you mean `annual-first`?"),
    ])
    func refusals(_ edit: String, _ expected: String) throws {
        // The bad edit comes second: the index is its place in the list, from 0.
        let fine = #"{"op": "set-content", "flow": "onboarding", "step": "paywall", "field": "trialDays", "value": 10}"#
        let document = try StepChangesFixture.document()
        do {
            _ = try DocumentEdits.apply(Self.edits(fine, edit), to: document)
            Issue.record("the edit was applied")
        } catch {
            #expect(error.editIndex == 1)
            #expect(error.description.hasPrefix(expected) || error.description.contains(expected), "\(error.description)")
        }
    }

    @Test("Edits that are not a list of edits are refused", arguments: [
        ("[1]", "The edits must be an object {\"edits\": [EDIT, …]}, but this is an array"),
        (#"{"edit": []}"#, "it has the key `edit` (did you mean `edits`?)"),
        (#"{"edits": [1"#, "The edits are not valid JSON"),
        (#"{"edits": [{"key": "x"}]}"#, "Edit 0: the edit has no `op`; give one of"),
    ])
    func notAList(_ text: String, _ expected: String) throws {
        #expect(throws: DocumentEditError.self) { try DocumentEdits.decode(Data(text.utf8)) }
        do {
            _ = try DocumentEdits.decode(Data(text.utf8))
        } catch {
            #expect(error.description.contains(expected), "\(error.description)")
        }
    }

    // MARK: Words and text

    @Test("Each edit says what it does in words", arguments: [
        (#"{"op": "set-text", "flow": "onboarding", "step": "paywall", "field": "headline", "locale": "es", "text": "Hazte premium"}"#,
         #"paywall · headline (es): "Hazte premium""#),
        (#"{"op": "set-text", "walkthrough": "home-tour", "step": "timer", "locale": "de", "text": "Los"}"#, #"timer · tooltip (de): "Los""#),
        (#"{"op": "set-content", "flow": "onboarding", "step": "paywall", "field": "trialDays", "value": 14}"#, "paywall · trialDays = 14"),
        (#"{"op": "set-content", "flow": "onboarding", "step": "paywall", "field": "badge", "value": null}"#, "paywall · badge removed"),
        (#"{"op": "set-step", "flow": "onboarding", "step": "paywall", "set": {"screen": "P", "when": {"a": 1}}}"#, #"paywall · screen = "P", when changed"#),
        (#"{"op": "add-experiment", "experiment": {"key": "k", "variations": ["a", "b"]}}"#, "experiment k added (a, b)"),
        (#"{"op": "update-experiment", "key": "k", "set": {"goal": "x"}}"#, #"k: goal = "x""#),
        (#"{"op": "update-experiment", "key": "k", "set": {"weights": [0.3, 0.7], "changes": {"b": []}, "guardrails": ["$complete"]}}"#,
         #"k: weights = [0.3, 0.7], changes changed, guardrails = ["$complete"]"#),
        (#"{"op": "stop-experiment", "key": "k"}"#, "k: stopped, everyone gets the control"),
        (#"{"op": "ship-variation", "experiment": "k", "variation": "b"}"#, "k: b shipped to everyone"),
    ])
    func words(_ edit: String, _ expected: String) throws {
        #expect(try DocumentEdits.decode(Self.edits(edit)).first?.description == expected)
        #expect(try DocumentEdit(json: Data(edit.utf8)).description == expected)
    }

    @Test("The result is written canonically: 2-space indentation, the schema's key order, and read back the same")
    func canonical() throws {
        let document = try StepChangesFixture.document()
        let text = CanonicalDocument.text(document)
        #expect(text.hasPrefix("{\n  \"schemaVersion\": 1,\n  \"defaultLocale\": \"en\",\n  \"flows\": [\n    {\n      \"id\": \"onboarding\",\n      \"version\": 3,\n"))
        #expect(text.contains("\"on\": {\n            \"later\": \"$complete\",\n            \"sleep\": \"paywall\"\n          }"))
        let reread = WaypointDocument.validate(text)
        #expect(reread.diagnostics.isEmpty)
        #expect(reread.document == document)
        #expect(CanonicalDocument.text(try #require(reread.document)) == text)
        // No edits: the document as the canonical text.
        #expect(try DocumentEdits.apply([], to: document).text == text)
        let whole = try WaypointDocument(validating: Data(Self.wholeFlow.utf8))
        #expect(WaypointDocument.validate(CanonicalDocument.text(whole)).document == whole)
    }

    @Test("Made with the factories, edits are those read from JSON")
    func factories() throws {
        let read = try DocumentEdits.decode(Self.edits(
            #"{"op": "set-text", "flow": "onboarding", "step": "paywall", "field": "headline", "locale": "es", "text": "Hazte premium"}"#,
            #"{"op": "set-content", "flow": "onboarding", "step": "paywall", "field": "trialDays", "value": 14}"#,
            #"{"op": "stop-experiment", "key": "paywall-copy"}"#))
        #expect(read == [
            .setText(flow: "onboarding", step: "paywall", field: "headline", locale: "es", text: "Hazte premium"),
            .setContent(flow: "onboarding", step: "paywall", field: "trialDays", value: .number(14)),
            .stopExperiment("paywall-copy"),
        ])
    }
}
